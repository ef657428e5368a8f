/** The audit rows of one record (served by the (entity, entity_id) index), newest first. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type HistoryRow = {
  id: number;
  at: string;
  actor: string | null;
  actorName: string | null;
  /** The acting user's account, to hide people of another account from an external caller. */
  actorAccountId: number | null;
  impersonator: string | null;
  action: string;
  before: unknown;
  after: unknown;
  total: number;
};

export async function pageOfHistory(db: DbOrTx, entity: string, entityId: string, pageNum: number, pageSize: number) {
  const res = await db.execute<HistoryRow>(sql`
    SELECT a.id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
           u.login_name AS actor, u.user_name AS "actorName", u.account_id AS "actorAccountId",
           iu.login_name AS impersonator, a.action, a.before, a.after, count(*) OVER ()::int AS total
      FROM audit_log a
      LEFT JOIN users u ON u.id = a.actor_user_id
      LEFT JOIN users iu ON iu.id = a.impersonator_user_id
     WHERE a.entity = ${entity} AND a.entity_id = ${entityId}
     ORDER BY a.id DESC
     LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Beyond the last page the window count is gone: counted on its own. */
export async function countHistory(db: DbOrTx, entity: string, entityId: string): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = ${entity} AND entity_id = ${entityId}`,
  );
  return res.rows[0]?.n ?? 0;
}

/**
 * The shop a record belonged to, as its own audit rows recorded it (`shopId` in after or
 * before): how a deleted shop-owned record is still attributed to its shop.
 */
export async function auditedShopId(db: DbOrTx, entity: string, entityId: string): Promise<number | null> {
  const res = await db.execute<{ shop: string | null }>(sql`
    SELECT coalesce(a.after ->> 'shopId', a.before ->> 'shopId') AS shop
      FROM audit_log a
     WHERE a.entity = ${entity} AND a.entity_id = ${entityId}
       AND coalesce(a.after ->> 'shopId', a.before ->> 'shopId') ~ '^[0-9]{1,10}$'
     ORDER BY a.id DESC
     LIMIT 1`);
  const shop = res.rows[0]?.shop;
  return shop == null ? null : Number(shop);
}

/** The account a record's first audit row was written under (its creator's): how a deleted record keeps its owner. */
export async function auditedAccountId(db: DbOrTx, entity: string, entityId: string): Promise<number | null> {
  const res = await db.execute<{ account: number | null }>(sql`
    SELECT a.account_id AS account FROM audit_log a
     WHERE a.entity = ${entity} AND a.entity_id = ${entityId} AND a.account_id IS NOT NULL
     ORDER BY a.id LIMIT 1`);
  const account = res.rows[0]?.account;
  return account == null ? null : Number(account);
}
