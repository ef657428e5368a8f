/**
 * Related problems, assignment and the CS board. Writes invalidate the mail list and the
 * agents' counts; a related-problem change answers the new list, set in place.
 */
import { mailOps } from '@bo/contract';
import type { BoardQuery, RelatedProblems } from '@bo/contract/mail/operations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const opsKeys = {
  related: (dialogueId: number) => ['mail', 'related', dialogueId] as const,
  agents: (type: number) => ['mail', 'agents', type] as const,
  board: (q: BoardQuery) => ['mail', 'board', q] as const,
};

export const useRelatedProblems = (dialogueId: number) =>
  useQuery({
    queryKey: opsKeys.related(dialogueId),
    queryFn: ({ signal }) => call(mailOps.listRelatedProblems, { query: { dialogueId } }, { signal }),
  });

export function useRelatedProblemWrites(dialogueId: number) {
  const client = useQueryClient();
  const set = (data: RelatedProblems) => client.setQueryData(opsKeys.related(dialogueId), data);
  const add = useMutation({
    mutationFn: (nodeIds: number[]) => call(mailOps.addRelatedProblems, { body: { dialogueId, nodeIds } }),
    onSuccess: set,
  });
  const remove = useMutation({
    mutationFn: (nodeId: number) => call(mailOps.removeRelatedProblem, { query: { dialogueId, nodeId } }),
    onSuccess: set,
  });
  return { add, remove };
}

export const useAgents = (type: number, enabled = true) =>
  useQuery({
    queryKey: opsKeys.agents(type),
    queryFn: ({ signal }) => call(mailOps.assignmentAgents, { query: { type } }, { signal }),
    enabled,
  });

export function useAssign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { items: { dialogueId: number; version: number }[]; assigneeId: number | null }) =>
      call(mailOps.assignDialogues, { body }),
    onSettled: (_r, _e, body) => {
      void client.invalidateQueries({ queryKey: ['mail', 'list'] });
      void client.invalidateQueries({ queryKey: ['mail', 'agents'] });
      for (const i of body.items) void client.invalidateQueries({ queryKey: ['mail', 'dialogue', i.dialogueId] });
    },
  });
}

export const useBoard = (q: BoardQuery) =>
  useQuery({
    queryKey: opsKeys.board(q),
    queryFn: ({ signal }) => call(mailOps.csBoard, { query: q }, { signal }),
    placeholderData: keepPreviousData,
    // The reply timer moves on its own: look again every minute.
    refetchInterval: 60_000,
  });
