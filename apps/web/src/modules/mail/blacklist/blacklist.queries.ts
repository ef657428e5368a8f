/** The customer blacklist: the list (filters from the URL), add and delete. */
import { type EndpointBodyInput, mailBlacklist } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../../shared/http/http-client';

export const blacklistKeys = {
  all: ['mailBlacklist'] as const,
  list: (query: object) => [...blacklistKeys.all, 'list', query] as const,
};

const q = mailBlacklist.list.query.shape;
export const blacklistUrlSchema = z.object({
  keyword: q.keyword.catch(undefined),
  source: q.source.catch(undefined),
  sortField: q.sortField.catch('createdAt'),
  sortOrder: z.enum(['ascend', 'descend']).catch('descend'),
  pageNum: q.pageNum.catch(1),
  pageSize: q.pageSize.catch(20),
});
export type BlacklistQuery = z.output<typeof blacklistUrlSchema>;
export type BlacklistSortField = BlacklistQuery['sortField'];

export const useBlacklist = (query: BlacklistQuery) =>
  useQuery({
    queryKey: blacklistKeys.list(query),
    queryFn: ({ signal }) => call(mailBlacklist.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export type BlacklistBody = EndpointBodyInput<typeof mailBlacklist.create>;

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: blacklistKeys.all }) });
}
export const useAddToBlacklist = () => useWrite((body: BlacklistBody) => call(mailBlacklist.create, { body }, { silent: true }));
export const useRemoveFromBlacklist = () =>
  useWrite((id: number) => call(mailBlacklist.remove, { params: { id } }, { silent: true }));
