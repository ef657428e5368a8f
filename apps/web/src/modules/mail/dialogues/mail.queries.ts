/**
 * Mail tree and sending calls with one key factory. A reply, an archive or a repair-order
 * change invalidate the list and that dialogue; draft saves touch only the draft.
 */
import { type EndpointBodyInput, mailSending, mailTree } from '@bo/contract';
import type { MailListBody } from '@bo/contract/mail/dialogues';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export const useMailboxes = (type: number) =>
  useQuery({
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

export function useReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof mailSending.reply>) => call(mailSending.reply, { body }),
    onSuccess: (_r, body) => {
      void client.invalidateQueries({ queryKey: mailKeys.dialogue(body.dialogueId) });
      void client.invalidateQueries({ queryKey: ['mail', 'list'] });
    },
  });
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
