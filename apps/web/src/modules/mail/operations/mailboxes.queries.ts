/** Mailbox configuration (/mail/mailboxes): the list, writes, connection checks and user links. */
import { type EndpointBodyInput, mailboxes as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const mailboxKeys = {
  list: (q: object) => ['mail', 'mailboxes', q] as const,
  fetchFailures: (id: number) => ['mail', 'mailboxes', 'fetchFailures', id] as const,
};

export const useMailboxList = (q: { keyword?: string; pageNum: number; pageSize: number }) =>
  useQuery({
    queryKey: mailboxKeys.list(q),
    queryFn: ({ signal }) => call(ep.listMailboxes, { query: q }, { signal }),
    placeholderData: keepPreviousData,
  });

function useChanged() {
  const client = useQueryClient();
  // Mailboxes feed the mail pickers and the empty state of /mail as well.
  return () => client.invalidateQueries({ queryKey: ['mail'] });
}

export function useSaveMailbox() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (
      input:
        | { id: null; body: EndpointBodyInput<typeof ep.createMailbox> }
        | { id: number; body: EndpointBodyInput<typeof ep.updateMailbox> },
    ) =>
      input.id === null
        ? call(ep.createMailbox, { body: input.body as EndpointBodyInput<typeof ep.createMailbox> })
        : call(ep.updateMailbox, { body: input.body as EndpointBodyInput<typeof ep.updateMailbox> }),
    onSuccess: () => void changed(),
  });
}

export function useDeleteMailbox() {
  const changed = useChanged();
  return useMutation({ mutationFn: (id: number) => call(ep.deleteMailbox, { params: { id } }), onSuccess: () => void changed() });
}

export const useCheckSettings = () =>
  useMutation({ mutationFn: (body: EndpointBodyInput<typeof ep.checkMailBox>) => call(ep.checkMailBox, { body }) });

export function useCheckStored() {
  const changed = useChanged();
  return useMutation({ mutationFn: (id: number) => call(ep.checkAuth, { query: { id } }), onSuccess: () => void changed() });
}

/** "Fetch now": queues the mailbox's fetch job; the list shows the outcome when it lands (last fetch, fetch problem). */
export function useFetchNow() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: number) => call(ep.fetchMailboxNow, { params: { id } }),
    onSuccess: () => void changed(),
  });
}

export const useSendAuthMail = () => useMutation({ mutationFn: (id: number) => call(ep.sendAuthMail, { query: { id } }) });

export function useMailboxUserLink() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (input: { mailBoxId: number; userId: number; linked: boolean }) =>
      call(input.linked ? ep.addMailboxUser : ep.removeMailboxUser, {
        query: { mailBoxId: input.mailBoxId, userId: input.userId },
      }),
    onSuccess: () => void changed(),
  });
}

/** Mail of one mailbox the fetch could not store (set aside or waiting for the next try). */
export const useFetchFailures = (mailboxId: number) =>
  useQuery({
    queryKey: mailboxKeys.fetchFailures(mailboxId),
    queryFn: ({ signal }) => call(ep.listFetchFailures, { params: { id: mailboxId } }, { signal }),
  });

export function useRetryFetchFailure() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: number) => call(ep.retryFetchFailure, { params: { id } }),
    // The list row's set-aside count and the failures both change.
    onSuccess: () => void changed(),
  });
}
