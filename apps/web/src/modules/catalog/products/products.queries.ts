/**
 * Products (/productMgr): the list, one product, its sales panel and every write. Each
 * mutation invalidates what it changes: product writes the product lists and the product;
 * SKU writes the product (its SKUs), the lists (SKU counts) and the link pickers.
 */
import { type EndpointBodyInput, catalogProducts as ep } from '@bo/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, type DownloadOptions, download } from '../../../shared/http/http-client';
import { catalogKeys } from '../catalog.keys';

const q = ep.listProducts.query.shape;

/** The list's query string, read leniently: a value the contract refuses falls back to its default. */
export const productListUrlSchema = z.object({
  keyword: q.keyword.catch(undefined),
  productLineId: q.productLineId.catch(undefined),
  positionId: q.positionId.catch(undefined),
  categoryCode: q.categoryCode.catch(undefined),
  lifecycle: q.lifecycle.catch(undefined),
  sortField: q.sortField.catch('model'),
  sortOrder: q.sortOrder.catch('asc'),
  pageNum: q.pageNum.catch(1),
  pageSize: q.pageSize.catch(20),
});
export type ProductListQuery = z.output<typeof productListUrlSchema>;
export type ProductSortField = ProductListQuery['sortField'];

export const useProductList = (query: ProductListQuery) =>
  useQuery({
    queryKey: catalogKeys.productList(query),
    queryFn: ({ signal }) => call(ep.listProducts, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => call(ep.getProduct, { params: { id } }, { signal, silent: true }),
  });

export const productSalesQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.productSales(id),
    queryFn: ({ signal }) => call(ep.productSales, { params: { id } }, { signal }),
  });

export function exportProducts(query: ProductListQuery, options: DownloadOptions) {
  const { pageNum: _p, pageSize: _s, ...filters } = query;
  return download(ep.exportProducts, { query: filters }, options);
}

/** The same export as a background job (ExportButton's "Run in background"). */
export function exportProductsJob(query: ProductListQuery) {
  const { pageNum: _p, pageSize: _s, ...filters } = query;
  return { endpoint: `${ep.exportProducts.method} ${ep.exportProducts.path}`, query: filters };
}

export type CreateProductBody = EndpointBodyInput<typeof ep.createProduct>;
export type UpdateProductBody = EndpointBodyInput<typeof ep.updateProduct>;

function useInvalidateProduct() {
  const client = useQueryClient();
  return (id?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: catalogKeys.productLists() }),
      // Model info lists products; links show models.
      client.invalidateQueries({ queryKey: catalogKeys.modelInfo() }),
      client.invalidateQueries({ queryKey: catalogKeys.links() }),
      id === undefined ? null : client.invalidateQueries({ queryKey: catalogKeys.product(id) }),
    ]);
}

export function useCreateProduct() {
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: (body: CreateProductBody) => call(ep.createProduct, { body }, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: (body: UpdateProductBody) => call(ep.updateProduct, { body }, { silent: true }),
    onSuccess: (p) => invalidate(p.id),
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  const invalidate = useInvalidateProduct();
  return useMutation({
    mutationFn: (id: number) => call(ep.deleteProduct, { params: { id } }, { silent: true }),
    onSuccess: (_d, id) => {
      client.removeQueries({ queryKey: catalogKeys.product(id) });
      return invalidate();
    },
  });
}

function useInvalidateSkus() {
  const client = useQueryClient();
  return (productId: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: catalogKeys.product(productId) }),
      client.invalidateQueries({ queryKey: catalogKeys.productLists() }),
      client.invalidateQueries({ queryKey: catalogKeys.links() }),
    ]);
}

export function useCreateSku(productId: number) {
  const invalidate = useInvalidateSkus();
  return useMutation({
    mutationFn: (body: { sku: string; variant: string }) =>
      call(ep.createSku, { params: { id: productId }, body }, { silent: true }),
    onSuccess: () => invalidate(productId),
  });
}

export function useUpdateSku(productId: number) {
  const invalidate = useInvalidateSkus();
  return useMutation({
    mutationFn: ({ skuId, variant, version }: { skuId: number; variant: string; version: number }) =>
      call(ep.updateSku, { params: { skuId }, body: { variant, version } }, { silent: true }),
    onSettled: () => invalidate(productId),
  });
}

export function useDeleteSku(productId: number) {
  const invalidate = useInvalidateSkus();
  return useMutation({
    mutationFn: (skuId: number) => call(ep.deleteSku, { params: { skuId } }, { silent: true }),
    onSettled: () => invalidate(productId),
  });
}
