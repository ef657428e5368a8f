/** H5 pages: keys (the kit's lists read under them), the page, the writes that invalidate them, the pickers and the preview. */
import type { EndpointBodyInput } from '@bo/contract';
import type { H5Action, H5Endpoints, H5Page } from '@bo/contract/h5pages/h5-pages';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const h5Keys = {
  all: ['h5Pages'] as const,
  list: (segment: string) => ['h5Pages', segment, 'list'] as const,
  page: (segment: string, id: number) => ['h5Pages', segment, 'page', id] as const,
  skus: (segment: string, keyword: string) => ['h5Pages', segment, 'skus', keyword] as const,
  choices: (segment: string) => ['h5Pages', segment, 'choices'] as const,
};

export type H5Body = EndpointBodyInput<H5Endpoints['create']>;

/** A write changes lists, pages and choices (child pages): every key of the area. */
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: h5Keys.all }) });
}

export const pageQuery = (ep: H5Endpoints, segment: string, id: number) =>
  queryOptions({ queryKey: h5Keys.page(segment, id), queryFn: () => call(ep.get, { params: { id } }) });

export const useSavePage = (ep: H5Endpoints) =>
  useWrite(({ id, body, version }: { id: number | null; body: H5Body; version?: number }) =>
    id === null
      ? call(ep.create, { body }, { silent: true })
      : call(ep.update, { params: { id }, body: { ...body, version: version ?? 0 } }, { silent: true }),
  );
export const usePageAction = (ep: H5Endpoints) =>
  useWrite(
    ({ id, action, version }: { id: number; action: H5Action; version: number }): Promise<H5Page> =>
      call(ep.act, { params: { id }, body: { action, version } }, { silent: true }),
  );
export const useDeletePage = (ep: H5Endpoints) => useWrite((id: number) => call(ep.remove, { params: { id } }, { silent: true }));

export const skuChoicesQuery = (ep: H5Endpoints, segment: string, keyword: string) =>
  queryOptions({
    queryKey: h5Keys.skus(segment, keyword),
    queryFn: () => call(ep.skus, { query: { keyword } }),
    staleTime: 60_000,
  });
export const pageChoicesQuery = (ep: H5Endpoints, segment: string) =>
  queryOptions({ queryKey: h5Keys.choices(segment), queryFn: () => call(ep.choices, {}), staleTime: 10_000 });
