/** The import facility's calls as the wizard makes them: history, one import, commit, discard, revert. */
import { imports as ep } from '@bo/contract';
import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../http/http-client';

export type HistoryQuery = z.input<typeof ep.listImports.query>;

export const importKeys = {
  all: ['imports'] as const,
  list: (query: HistoryQuery) => [...importKeys.all, 'list', query] as const,
  one: (id: number) => [...importKeys.all, 'one', id] as const,
};

export const useImportHistory = (query: HistoryQuery) =>
  useQuery({
    queryKey: importKeys.list(query),
    queryFn: ({ signal }) => call(ep.listImports, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useImport = (id: number | null) =>
  useQuery({
    queryKey: importKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(ep.getImport, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });

/** Commit, discard and revert; each reloads the imports, and commit and revert what the screen says they change. */
export function useImportActions(invalidates: readonly QueryKey[] = []) {
  const client = useQueryClient();
  const settle = (changed: boolean) => {
    void client.invalidateQueries({ queryKey: importKeys.all });
    if (changed) for (const key of invalidates) void client.invalidateQueries({ queryKey: key });
  };
  const commit = useMutation({
    mutationFn: (v: { id: number; skipErrorRows: boolean; confirmLargeRemoval?: boolean }) =>
      call(ep.commitImport, {
        params: { id: v.id },
        body: { skipErrorRows: v.skipErrorRows, confirmLargeRemoval: v.confirmLargeRemoval ?? false },
      }),
    onSuccess: () => settle(true),
  });
  const revert = useMutation({
    mutationFn: (id: number) => call(ep.revertImport, { params: { id } }),
    onSuccess: () => settle(true),
  });
  const discard = useMutation({
    mutationFn: (id: number) => call(ep.discardImport, { params: { id } }),
    onSuccess: () => settle(false),
  });
  return { commit, discard, revert };
}
