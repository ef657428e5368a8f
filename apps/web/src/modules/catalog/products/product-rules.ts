/** The lifecycle moves a product may make, from the contract (the server enforces the same). */
import { LIFECYCLE_MOVES, LIFECYCLES, type Lifecycle } from '@bo/contract/catalog/products';

/** The lifecycles a product at `current` may be given: itself and its moves; any for a new product. */
export function lifecycleChoices(current: number | null): Lifecycle[] {
  if (current === null) return [...LIFECYCLES];
  const from = current as Lifecycle;
  return LIFECYCLES.filter((l) => l === from || (LIFECYCLE_MOVES[from] ?? []).includes(l));
}

/** The product details address of a product (deep link from the list). */
export const productDetailsPath = (id: number) => `/productMgr/details?id=${id}`;

/** The cost screen filtered on a SKU (built by the cost screens). */
export const productCostPath = (sku: string) => `/productCost?keyword=${encodeURIComponent(sku)}`;
