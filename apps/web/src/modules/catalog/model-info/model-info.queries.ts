/**
 * Model info (/modelInfo): the list (every product, with or without its technical data)
 * and the writes; each invalidates the model-info lists only (nothing else shows them).
 */
import { type EndpointBodyInput, catalogModelInfo as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../../shared/http/http-client';
import { catalogKeys } from '../catalog.keys';

const q = ep.listModelInfo.query.shape;

export const modelInfoUrlSchema = z.object({
  keyword: q.keyword.catch(undefined),
  productLineId: q.productLineId.catch(undefined),
  categoryCode: q.categoryCode.catch(undefined),
  has: q.has.catch('all'),
  sortField: q.sortField.catch('model'),
  sortOrder: q.sortOrder.catch('ascend'),
  pageNum: q.pageNum.catch(1),
  pageSize: q.pageSize.catch(20),
});
export type ModelInfoQuery = z.output<typeof modelInfoUrlSchema>;
export type ModelInfoSortField = ModelInfoQuery['sortField'];

export const useModelInfoList = (query: ModelInfoQuery) =>
  useQuery({
    queryKey: catalogKeys.modelInfoList(query),
    queryFn: ({ signal }) => call(ep.listModelInfo, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

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

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: catalogKeys.modelInfo() });
}

export function useCreateModelInfo() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateModelInfoBody) => call(ep.createModelInfo, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateModelInfo() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UpdateModelInfoBody) => call(ep.updateModelInfo, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteModelInfo() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (productId: number) => call(ep.deleteModelInfo, { params: { productId } }, { silent: true }),
    onSettled: invalidate,
  });
}
