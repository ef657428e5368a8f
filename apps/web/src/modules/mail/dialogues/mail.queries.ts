/**
 * Mail tree and sending calls with one key factory. An archive or a repair-order change
 * invalidate the list and that dialogue; draft saves touch only the draft. A reply is
 * shown at once (its bubble in the thread, the list row answered, the draft empty, as the
 * server has it after the call) and the lists are read again when it is sent or fails.
 */
import { type EndpointBodyInput, type EndpointData, mailSending, mailTree } from '@bo/contract';
import type { MailListBody, MailMessage } from '@bo/contract/mail/dialogues';
import type { MailDraft } from '@bo/contract/mail/sending';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call, uploadForm } from '../../../shared/http/http-client';

export const mailKeys = {
  all: () => ['mail'] as const,
  boxes: (type: number) => ['mail', 'boxes', type] as const,
  statuses: (type: number, box: number | null) => ['mail', 'statuses', type, box] as const,
  types: () => ['mail', 'dialogueTypes'] as const,
  list: (body: MailListBody) => ['mail', 'list', body] as const,
  dialogue: (id: number) => ['mail', 'dialogue', id] as const,
  draft: (id: number) => ['mail', 'draft', id] as const,
};

/** `enabled: false` for a screen whose user may not read the mailboxes (email:emails). */
export const useMailboxes = (type: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: mailKeys.boxes(type),
    queryFn: ({ signal }) => call(mailTree.mailTreeEmails, { query: type ? { type } : {} }, { signal }),
  });

export const useStatuses = (type: number, box: number | null, dialogueTypes?: readonly number[]) =>
  useQuery({
    queryKey: [...mailKeys.statuses(type, box), dialogueTypes ?? []],
    queryFn: ({ signal }) =>
      call(
        mailTree.mailStatuses,
        {
          query: {
            type,
            ...(box ? { mailBoxId: box } : {}),
            ...(dialogueTypes ? { dialogueTypes: [...dialogueTypes] } : {}),
          },
        },
        { signal },
      ),
  });

export const useDialogueTypes = () =>
  useQuery({
    queryKey: mailKeys.types(),
    queryFn: ({ signal }) => call(mailTree.dialogueTypes, {}, { signal }),
    staleTime: Infinity,
  });

export const useMailList = (body: MailListBody) =>
  useQuery({
    queryKey: mailKeys.list(body),
    queryFn: ({ signal }) => call(mailTree.mailList, { body }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useDialogue = (id: number | null) =>
  useQuery({
    queryKey: mailKeys.dialogue(id ?? 0),
    queryFn: ({ signal }) => call(mailTree.dialogueThread, { body: { dialogueId: id as number } }, { signal }),
    enabled: id !== null,
    // A queued reply changes state in the background: look again while one is on its way.
    refetchInterval: (q) => (q.state.data?.messages.some((m) => m.state === 'queued' || m.state === 'sending') ? 2000 : false),
  });

export const useDraft = (id: number | null) =>
  useQuery({
    queryKey: mailKeys.draft(id ?? 0),
    queryFn: ({ signal }) => call(mailSending.getDraft, { query: { dialogueId: id as number } }, { signal }),
    enabled: id !== null,
  });

export function useSaveDraft(dialogueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; files?: File[] }) => {
      if (!input.files?.length)
        return call(mailSending.saveDraft, { body: { dialogueId, content: input.content } as never }, { silent: true });
      const form = new FormData();
      form.append('dialogueId', String(dialogueId));
      form.append('content', input.content);
      for (const f of input.files) form.append('files', f, f.name);
      return uploadForm(mailSending.saveDraft, form, { silent: true });
    },
    onSuccess: (draft) => client.setQueryData(mailKeys.draft(dialogueId), draft),
  });
}

export function useDeleteDraftAttachment(dialogueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uri: string) => call(mailSending.deleteDraftAttachment, { query: { uri } }),
    onSuccess: (draft) => client.setQueryData(mailKeys.draft(dialogueId), draft),
  });
}

type Thread = EndpointData<typeof mailTree.dialogueThread>;
type ListPage = EndpointData<typeof mailTree.mailList>;

/** What the server holds after a reply call: no draft. */
const emptyDraft = (dialogueId: number): MailDraft => ({
  dialogueId,
  subject: '',
  content: '',
  attachments: [],
  updatedAt: null,
});

/** The lists, the status counts and the mailboxes' unreplied counts: what a sent (or failed) reply changes. */
const invalidateLists = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['mail', 'list'] }),
    client.invalidateQueries({ queryKey: ['mail', 'statuses'] }),
    client.invalidateQueries({ queryKey: ['mail', 'boxes'] }),
  ]);

/**
 * Sends the reply (silent: the caller shows the refusal, and asks again on a duplicate).
 * On success the draft is empty, the reply's bubble is in the thread and the dialogue's
 * list rows read "replied" at once; the thread is read again for the stored message.
 */
export function useReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof mailSending.reply>) => call(mailSending.reply, { body }, { silent: true }),
    onSuccess: (r, body) => {
      const id = body.dialogueId;
      client.setQueryData(mailKeys.draft(id), emptyDraft(id));
      if (r.id) {
        const bubble: MailMessage = {
          id: r.id,
          direction: 'out',
          messageId: r.messageId,
          fromEmail: '',
          fromName: '',
          to: [],
          subject: '',
          text: '',
          html: body.content,
          sentAt: new Date().toISOString(),
          state: r.state,
          error: null,
          attachments: [],
        };
        client.setQueryData<Thread>(mailKeys.dialogue(id), (d) =>
          d && !d.messages.some((m) => m.id === r.id) ? { ...d, status: 1, messages: [...d.messages, bubble] } : d,
        );
        client.setQueriesData<ListPage>({ queryKey: ['mail', 'list'] }, (page) =>
          page
            ? {
                ...page,
                list: page.list.map((d) =>
                  d.dialogueId === id ? { ...d, status: 1, awaitingSince: null, messageCount: d.messageCount + 1 } : d,
                ),
              }
            : page,
        );
      }
      void client.invalidateQueries({ queryKey: mailKeys.dialogue(id) });
    },
  });
}

/**
 * Reads the lists again when the dialogue's last reply on its way (queued or sending)
 * is settled: sent makes the dialogue answered on the server, a failure leaves it awaiting.
 */
export function useRepliesSettled(thread: Thread | undefined) {
  const client = useQueryClient();
  const onItsWay = thread?.messages.some((m) => m.state === 'queued' || m.state === 'sending') ?? false;
  const was = useRef(false);
  useEffect(() => {
    if (was.current && !onItsWay) void invalidateLists(client);
    was.current = onItsWay;
  }, [onItsWay, client]);
}

export function useArchive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { dialogueIds: number[]; archived: boolean }) => call(mailTree.archiveDialogues, { body }),
    onSuccess: (_r, body) => {
      for (const id of body.dialogueIds) void client.invalidateQueries({ queryKey: mailKeys.dialogue(id) });
      void client.invalidateQueries({ queryKey: ['mail', 'list'] });
      void client.invalidateQueries({ queryKey: ['mail', 'statuses'] });
    },
  });
}

export function useRepairStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { dialogueId: number; status: number; version: number }) =>
      call(mailTree.updateRepairOrderStatus, {
        params: { dialogueId: input.dialogueId },
        body: { status: input.status, version: input.version },
      }),
    onSuccess: (_r, input) => {
      void client.invalidateQueries({ queryKey: mailKeys.dialogue(input.dialogueId) });
      void client.invalidateQueries({ queryKey: ['mail', 'list'] });
    },
  });
}
