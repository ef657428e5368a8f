/**
 * The shop scope: the shops whose rows one request may read and write, as a typed value.
 *
 * The isolation rule itself lives in shops.service (`visibleShopIds`); this file turns its
 * answer into a `ShopScope`, a type no other module can build: its brand is a symbol that
 * is declared here and exported nowhere, so an object literal or a plain `number[]` does
 * not compile where a repository asks for a scope (db/scope.typetest.ts proves it). The
 * binder hands every handler `scope()`, computed once per request on first use.
 */
import { type SQL, sql } from 'drizzle-orm';
import { intSet } from '../../../db/sql';
import { isInternal, type RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { visibleShopIds } from './shops.service';

declare const sealed: unique symbol;

export interface ShopScope {
  /** The caller's account. */
  readonly accountId: number;
  /** The internal account: every live shop of its account is visible. */
  readonly internal: boolean;
  /** The visible shops (removed ones never), ascending. Empty: the caller sees no shop data. */
  readonly shopIds: readonly number[];
  readonly [sealed]: true;
}

const seal = (accountId: number, internal: boolean, shopIds: readonly number[]): ShopScope =>
  Object.freeze({ accountId, internal, shopIds: Object.freeze([...shopIds].sort((a, b) => a - b)) }) as unknown as ShopScope;

/** The one way to get a scope: the caller's visible shops. */
export async function shopScopeOf(ctx: AppContext, actor: RequestActor): Promise<ShopScope> {
  return seal(actor.accountId, isInternal(actor), await visibleShopIds(ctx, actor));
}

/**
 * The part of a scope a filter asks for (one shop or a list of shops), never wider than
 * the scope: a shop outside it simply drops out. Undefined keeps the whole scope.
 */
export function narrowScope(scope: ShopScope, wanted: number | readonly number[] | undefined): ShopScope {
  if (wanted === undefined) return scope;
  const keep = new Set(typeof wanted === 'number' ? [wanted] : wanted);
  return seal(
    scope.accountId,
    scope.internal,
    scope.shopIds.filter((id) => keep.has(id)),
  );
}

/** Whether the scope holds the shop. */
export const scopeHas = (scope: ShopScope, shopId: number): boolean => scope.shopIds.includes(shopId);

/** `column IN (the scope's shops)`: the filter every read of shop-owned rows carries. */
export const shopIn = (column: SQL, scope: ShopScope): SQL => sql`${column} IN ${intSet(scope.shopIds)}`;
