/** The import facility (/importTraffic): history, one import's preview, commit, discard, revert. */
import { type EndpointData, imports as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../shared/http/http-client';

export type ImportPreview = EndpointData<typeof ep.getImport>;
export type ImportRecord = EndpointData<typeof ep.listImports>['list'][number];

const q = ep.listImports.query.shape;
/** The history's query string, read leniently. */
export const historyUrlSchema = z.object({
  kind: q.kind.catch(undefined),
  scope: q.scope.catch(undefined),
  shopId: q.shopId.catch(undefined),
  status: q.status.catch(undefined),
  pending: q.pending.catch(undefined),
  pageNum: q.pageNum.catch(1),
  pageSize: q.pageSize.catch(20),
});
export type HistoryQuery = z.output<typeof historyUrlSchema>;

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

export function useImportActions() {
  const client = useQueryClient();
  const settle = (id: number) => {
    void client.invalidateQueries({ queryKey: importKeys.all });
    void client.invalidateQueries({ queryKey: importKeys.one(id) });
    // The facts changed: every sales figure on screen is stale.
    void client.invalidateQueries({ queryKey: ['sales'] });
  };
  const commit = useMutation({
    mutationFn: (v: { id: number; skipErrorRows: boolean; confirmLargeRemoval?: boolean }) =>
      call(ep.commitImport, {
        params: { id: v.id },
        body: { skipErrorRows: v.skipErrorRows, confirmLargeRemoval: v.confirmLargeRemoval ?? false },
      }),
    onSuccess: (_d, v) => settle(v.id),
  });
  const revert = useMutation({
    mutationFn: (id: number) => call(ep.revertImport, { params: { id } }),
    onSuccess: (_d, id) => settle(id),
  });
  const discard = useMutation({
    mutationFn: (id: number) => call(ep.discardImport, { params: { id } }),
    onSuccess: (_d, id) => settle(id),
  });
  return { commit, discard, revert };
}
