/**
 * Model info (/modelInfo): the product picker, a fresh read of one row and the writes (the
 * kit's list reads under `catalogKeys.modelInfo()`); each write invalidates the model-info
 * lists only (nothing else shows them).
 */
import { type EndpointBodyInput, catalogModelInfo as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { useInvalidate } from '../../../shared/http/use-invalidate';
import { catalogKeys } from '../catalog.keys';

/** Products still without model info matching a keyword (the create form's picker). */
export const useProductsWithoutInfo = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: catalogKeys.modelInfoList({ picker: keyword }),
    queryFn: ({ signal }) =>
      call(ep.listModelInfo, { query: { keyword: keyword || undefined, has: 'without', pageSize: 50 } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** One product's row as the server has it now (a stale edit reloads from here). */
export async function fetchModelInfo(productId: number, model: string) {
  const page = await call(ep.listModelInfo, { query: { keyword: model, pageSize: 500 } });
  return page.list.find((r) => r.productId === productId) ?? null;
}

export type CreateModelInfoBody = EndpointBodyInput<typeof ep.createModelInfo>;
export type UpdateModelInfoBody = EndpointBodyInput<typeof ep.updateModelInfo>;

export function useCreateModelInfo() {
  const invalidate = useInvalidate(catalogKeys.modelInfo());
  return useMutation({
    mutationFn: (body: CreateModelInfoBody) => call(ep.createModelInfo, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateModelInfo() {
  const invalidate = useInvalidate(catalogKeys.modelInfo());
  return useMutation({
    mutationFn: (body: UpdateModelInfoBody) => call(ep.updateModelInfo, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteModelInfo() {
  const invalidate = useInvalidate(catalogKeys.modelInfo());
  return useMutation({
    mutationFn: (productId: number) => call(ep.deleteModelInfo, { params: { productId } }, { silent: true }),
    onSettled: invalidate,
  });
}
