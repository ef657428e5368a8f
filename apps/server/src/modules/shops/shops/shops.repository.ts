import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet } from '../../../db/sql';

/**
 * The shops a caller may reach, as decided by the service (`scopeOf`): the rows of one
 * account, narrowed to the listed shop ids when `shopIds` is set. Removed shops
 * (mws_auth_state 2) are never in a scope.
 */
export interface ShopAccess {
  accountId: number;
  shopIds: readonly number[] | null;
}

export interface ShopRow extends Record<string, unknown> {
  id: number;
  accountId: number;
  name: string;
  sellerId: string | null;
  marketId: number;
  mwsUrl: string | null;
  mwsAuthState: number;
  ppcState: number;
  spAuthState: number;
  version: number;
}

/** The switches a caller may set on one shop, by their column. */
export const STATE_COLUMNS = {
  mwsAuthState: sql`mws_auth_state`,
  ppcState: sql`ppc_state`,
  spAuthState: sql`sp_auth_state`,
} as const;
export type StateField = keyof typeof STATE_COLUMNS;

const COLUMNS = sql`
  s.id, s.account_id AS "accountId", s.name, s.seller_id AS "sellerId", s.market_id AS "marketId",
  s.mws_url AS "mwsUrl", s.mws_auth_state AS "mwsAuthState", s.ppc_state AS "ppcState",
  s.sp_auth_state AS "spAuthState", s.version`;

function inScope(scope: ShopAccess): SQL {
  const narrowed = scope.shopIds === null ? sql`` : sql`AND s.id IN ${intSet(scope.shopIds)}`;
  return sql`s.account_id = ${scope.accountId} AND s.mws_auth_state <> 2 ${narrowed}`;
}

export async function listShops(db: DbOrTx, scope: ShopAccess) {
  const res = await db.execute<ShopRow>(sql`
    SELECT ${COLUMNS} FROM shops s WHERE ${inScope(scope)} ORDER BY s.market_id, lower(s.name), s.id`);
  return res.rows;
}

export async function findShop(db: DbOrTx, scope: ShopAccess, shopId: number, forUpdate = false) {
  const res = await db.execute<ShopRow>(sql`
    SELECT ${COLUMNS} FROM shops s WHERE s.id = ${shopId} AND ${inScope(scope)} ${forUpdate ? sql`FOR UPDATE` : sql``}`);
  return res.rows[0];
}

export async function sellerShops(db: DbOrTx, scope: ShopAccess, sellerId: string, forUpdate = false) {
  const res = await db.execute<ShopRow>(sql`
    SELECT ${COLUMNS} FROM shops s WHERE s.seller_id = ${sellerId} AND ${inScope(scope)}
     ORDER BY s.market_id, s.id ${forUpdate ? sql`FOR UPDATE` : sql``}`);
  return res.rows;
}

/**
 * Every row of a seller, in any account and any state. Only for the service's checks:
 * account ids never leave the server.
 */
export async function sellerRowsEverywhere(db: DbOrTx, sellerId: string) {
  const res = await db.execute<ShopRow>(sql`
    SELECT ${COLUMNS} FROM shops s WHERE s.seller_id = ${sellerId} ORDER BY s.id FOR UPDATE`);
  return res.rows;
}

/** Serialises every write that touches one seller's shops, across accounts and processes. */
export async function lockSeller(db: DbOrTx, sellerId: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727274100, hashtext(${sellerId}))`);
}

/** The highest version among an account's shops of a seller, removed ones included. */
export async function maxSellerVersion(db: DbOrTx, accountId: number, sellerId: string) {
  const res = await db.execute<{ v: number }>(sql`
    SELECT COALESCE(max(version), 0)::int AS v FROM shops WHERE account_id = ${accountId} AND seller_id = ${sellerId}`);
  return res.rows[0]?.v ?? 0;
}

export async function insertShop(
  db: DbOrTx,
  s: { accountId: number; sellerId: string; marketId: number; name: string; mwsUrl: string | null; version: number },
) {
  const res = await db.execute<{ id: number }>(sql`
    INSERT INTO shops (account_id, name, seller_id, market_id, mws_url, mws_auth_state, ppc_state, sp_auth_state, version)
    VALUES (${s.accountId}, ${s.name}, ${s.sellerId}, ${s.marketId}, ${s.mwsUrl}, 0, 0, 0, ${s.version})
    ON CONFLICT (seller_id, market_id) DO NOTHING RETURNING id`);
  return res.rows[0]?.id;
}

/** Brings a removed shop back as newly registered: not authorised until confirmed. */
export async function reviveShop(db: DbOrTx, id: number, name: string, mwsUrl: string | null, version: number) {
  await db.execute(sql`
    UPDATE shops SET name = ${name}, mws_url = COALESCE(${mwsUrl}::text, mws_url), mws_auth_state = 0, ppc_state = 0,
           sp_auth_state = 0, version = ${version}
     WHERE id = ${id}`);
}

export async function linkShopsToUser(db: DbOrTx, userId: number, shopIds: readonly number[]) {
  if (shopIds.length === 0) return;
  await db.execute(sql`
    INSERT INTO user_shops (user_id, shop_id) SELECT ${userId}, x FROM ${intSet(shopIds)} AS t(x) ON CONFLICT DO NOTHING`);
}

export async function renameShops(db: DbOrTx, names: readonly { id: number; name: string }[], version: number) {
  if (names.length === 0) return;
  await db.execute(sql`
    UPDATE shops s SET name = x.name, version = ${version}
      FROM jsonb_to_recordset(${JSON.stringify(names)}::jsonb) AS x(id int, name text)
     WHERE s.id = x.id`);
}

export async function hideShops(db: DbOrTx, shopIds: readonly number[], version: number) {
  if (shopIds.length === 0) return;
  await db.execute(sql`UPDATE shops SET mws_auth_state = 2, version = ${version} WHERE id IN ${intSet(shopIds)}`);
}

export async function setShopState(db: DbOrTx, shopId: number, field: StateField, state: number, version: number) {
  await db.execute(sql`UPDATE shops SET ${STATE_COLUMNS[field]} = ${state}, version = ${version} WHERE id = ${shopId}`);
}
