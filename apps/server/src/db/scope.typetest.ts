/**
 * A type test, checked by `tsc -p apps/server` (never run): a repository that reads
 * shop-owned rows takes a `ShopScope`, and nothing but the shops module's `shopScopeOf`
 * (or `narrowScope` of a scope) makes one. Each `@ts-expect-error` line must fail to
 * compile; if one ever compiles, tsc reports the directive as unused and the check fails.
 * db/scope-typetest.test.ts proves tsc reads this file.
 */

import { findLink, pageOfLinks } from '../modules/catalog/links/links.repository';
import { findProduct } from '../modules/catalog/products/products.repository';
import { narrowScope, type ShopScope } from '../modules/shops/shops/shop-scope';
import type { DbOrTx } from './client';

declare const db: DbOrTx;
declare const scope: ShopScope;
const filter = { sortField: 'sku', sortOrder: 'asc' } as const;
const page = { pageNum: 1, pageSize: 20 };

export async function typeChecks(): Promise<void> {
  // A scope from the shops module passes, and so does a narrowed one.
  await findLink(db, 1, scope);
  await pageOfLinks(db, filter, narrowScope(scope, 3), page);

  // @ts-expect-error A plain list of shop ids is not a scope.
  await findLink(db, 1, [1, 2]);
  // @ts-expect-error Nor is an object of the same shape built by hand: the brand is the shops module's.
  await findProduct(db, 1, { accountId: 1, internal: true, shopIds: [1] });
  // @ts-expect-error Leaving the scope out does not compile either.
  await findProduct(db, 1);
  // @ts-expect-error A page of links needs the scope between the filter and the page.
  await pageOfLinks(db, filter, page);
}
