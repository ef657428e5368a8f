/**
 * Query keys of the product screens. A product's SKUs and links show on the product list
 * (counts), its details and the links list, so writes name exactly the keys they change.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  products: () => [...catalogKeys.all, 'products'] as const,
  productList: (query: object) => [...catalogKeys.products(), 'list', query] as const,
  productLists: () => [...catalogKeys.products(), 'list'] as const,
  product: (id: number) => [...catalogKeys.products(), 'detail', id] as const,
  productSales: (id: number) => [...catalogKeys.products(), 'sales', id] as const,
  modelInfo: () => [...catalogKeys.all, 'modelInfo'] as const,
  modelInfoList: (query: object) => [...catalogKeys.modelInfo(), query] as const,
  links: () => [...catalogKeys.all, 'links'] as const,
  skuOptions: (keyword: string) => [...catalogKeys.links(), 'skus', keyword] as const,
};
