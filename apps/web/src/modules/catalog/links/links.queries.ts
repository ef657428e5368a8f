/**
 * Product links (/productLinkMgr): the list, the SKU picker and the writes. A link's
 * writes change the links lists, the product it belongs to (its SKUs' links) and the
 * product lists (link counts).
 */
import { type EndpointBodyInput, catalogLinks as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { catalogKeys } from '../catalog.keys';

export const useSkuOptions = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: catalogKeys.skuOptions(keyword),
    queryFn: ({ signal }) => call(ep.linkSkuOptions, { query: { keyword } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** The link as the server has it now (a stale edit reloads from here); null when gone. */
export async function fetchLink(id: number, asin: string) {
  const page = await call(ep.listLinks, { query: { keyword: asin, pageSize: 500 } });
  return page.list.find((l) => l.id === id) ?? null;
}

export type CreateLinkBody = EndpointBodyInput<typeof ep.createLink>;
export type UpdateLinkBody = EndpointBodyInput<typeof ep.updateLink>;

function useInvalidate() {
  const client = useQueryClient();
  return (productId?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: catalogKeys.links() }),
      client.invalidateQueries({ queryKey: catalogKeys.productLists() }),
      productId === undefined
        ? client.invalidateQueries({ queryKey: catalogKeys.products() })
        : client.invalidateQueries({ queryKey: catalogKeys.product(productId) }),
    ]);
}

export function useCreateLink() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateLinkBody) => call(ep.createLink, { body }, { silent: true }),
    onSuccess: (l) => invalidate(l.productId),
  });
}

export function useUpdateLink() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UpdateLinkBody) => call(ep.updateLink, { body }, { silent: true }),
    onSuccess: (l) => invalidate(l.productId),
  });
}

export function useDeleteLink() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id }: { id: number; productId: number }) => call(ep.deleteLink, { params: { id } }, { silent: true }),
    onSettled: (_d, _e, v) => invalidate(v.productId),
  });
}
