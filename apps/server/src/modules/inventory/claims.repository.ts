/** The queries of FBA claims. Claims belong to a shop: every read starts from the caller's ShopScope. */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, type SortOrder } from '../../db/sql';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';

export type Raw = Record<string, unknown>;
const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

const SELECT = sql`
  SELECT c.id, c.shop_id, s.name AS shop_name, s.market_id, sp.id AS plan_id, sp.code AS plan_code, c.line_id,
         sh.code AS shipment_code, w.code AS warehouse_code, l.sku, c.quantity, c.state, c.case_id, c.reimbursed_units,
         c.reimbursed_amount::text AS reimbursed_amount, c.currency, c.reimbursement_id, c.remark, c.version,
         ${ts('c.created_at')} AS created_at, ${ts('c.updated_at')} AS updated_at`;
const FROM = sql`
  FROM fba_claims c
  JOIN shipment_plan_lines l ON l.id = c.line_id
  JOIN shipment_plans sp ON sp.id = l.plan_id
  JOIN shipments sh ON sh.plan_id = sp.id
  JOIN inventory_warehouses w ON w.id = sp.warehouse_id
  JOIN ${shopDirectory} s ON s.id = c.shop_id`;

export interface ClaimFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
  state?: string | undefined;
  keyword?: string | undefined;
  sortField: string;
  sortOrder: SortOrder;
}

export function claimsPage(scope: ShopScope, f: ClaimFilter) {
  const parts: SQL[] = [shopIn(sql`c.shop_id`, narrowScope(scope, f.shopId))];
  if (f.marketId !== undefined) parts.push(sql`s.market_id = ${f.marketId}`);
  if (f.state) parts.push(sql`c.state = ${f.state}`);
  const like = likeContains(f.keyword);
  if (like) parts.push(sql`(l.sku ILIKE ${like} OR sp.code ILIKE ${like} OR sh.code ILIKE ${like} OR c.case_id ILIKE ${like})`);
  return {
    select: SELECT,
    from: sql`${FROM} WHERE ${sql.join(parts, sql` AND `)}`,
    orderBy: orderBy(
      f.sortField,
      f.sortOrder,
      { createdAt: sql`c.created_at`, updatedAt: sql`c.updated_at`, quantity: sql`c.quantity` },
      sql`c.id DESC`,
    ),
  };
}

export async function claimRow(db: DbOrTx, scope: ShopScope, id: number, lock = false): Promise<Raw | null> {
  if (lock) await db.execute(sql`SELECT id FROM fba_claims WHERE id = ${id} FOR UPDATE`);
  const [row] = (await db.execute<Raw>(sql`${SELECT} ${FROM} WHERE c.id = ${id} AND ${shopIn(sql`c.shop_id`, scope)}`)).rows;
  return row ?? null;
}

/** A shipment line of the scope with its plan's state and shop, and its claim if any (locked). */
export async function lineForClaim(db: DbOrTx, scope: ShopScope, lineId: number) {
  const [row] = (
    await db.execute<{ shop_id: number; state: string; shipped: number; received: number; claim_id: number | null }>(sql`
      SELECT sp.shop_id, sp.state, l.shipped, l.received, c.id AS claim_id
        FROM shipment_plan_lines l JOIN shipment_plans sp ON sp.id = l.plan_id
        LEFT JOIN fba_claims c ON c.line_id = l.id
       WHERE l.id = ${lineId} AND ${shopIn(sql`sp.shop_id`, scope)}
       FOR UPDATE OF l`)
  ).rows;
  return row ?? null;
}

export async function insertClaim(
  db: DbOrTx,
  c: { shopId: number; lineId: number; quantity: number; createdBy: number | null },
): Promise<number> {
  const [row] = (
    await db.execute<{ id: number }>(sql`
      INSERT INTO fba_claims (shop_id, line_id, quantity, created_by)
      VALUES (${c.shopId}, ${c.lineId}, ${c.quantity}, ${c.createdBy}) RETURNING id`)
  ).rows;
  return Number(row?.id);
}

export interface ClaimChange {
  state: string;
  caseId?: string | undefined;
  units?: number | undefined;
  amount?: string | undefined;
  currency?: string | undefined;
  reimbursementId?: string | undefined;
  importId?: number | undefined;
  remark?: string | undefined;
}

export async function updateClaim(db: DbOrTx, id: number, c: ClaimChange): Promise<void> {
  await db.execute(sql`
    UPDATE fba_claims SET state = ${c.state},
           case_id = coalesce(${c.caseId ?? null}, case_id),
           reimbursed_units = coalesce(${c.units ?? null}, reimbursed_units),
           reimbursed_amount = coalesce(${c.amount ?? null}::numeric, reimbursed_amount),
           currency = coalesce(${c.currency ?? null}, currency),
           reimbursement_id = coalesce(${c.reimbursementId ?? null}, reimbursement_id),
           import_id = coalesce(${c.importId ?? null}::int, import_id),
           remark = coalesce(${c.remark ?? null}, remark),
           version = version + 1, updated_at = now()
     WHERE id = ${id}`);
}

/**
 * The claim a reimbursement row pays: the shop's submitted or approved claim with that case id,
 * else the oldest such claim of that SKU. Null when none waits.
 */
export async function claimToMatch(db: DbOrTx, shopId: number, caseId: string, sku: string): Promise<number | null> {
  const [row] = (
    await db.execute<{ id: number }>(sql`
      SELECT c.id FROM fba_claims c JOIN shipment_plan_lines l ON l.id = c.line_id
       WHERE c.shop_id = ${shopId} AND c.state IN ('submitted', 'approved')
         AND ((${caseId} <> '' AND c.case_id = ${caseId}) OR upper(l.sku) = ${sku.toUpperCase()})
       ORDER BY (${caseId} <> '' AND c.case_id = ${caseId}) DESC, c.created_at, c.id
       LIMIT 1
       FOR UPDATE OF c`)
  ).rows;
  return row ? Number(row.id) : null;
}

/** The shop of a claim (the history reader's check). */
export async function shopOfClaim(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = (await db.execute<{ shop_id: number }>(sql`SELECT shop_id FROM fba_claims WHERE id = ${id}`)).rows;
  return row ? Number(row.shop_id) : null;
}

export async function shopOfPlan(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = (await db.execute<{ shop_id: number }>(sql`SELECT shop_id FROM shipment_plans WHERE id = ${id}`)).rows;
  return row ? Number(row.shop_id) : null;
}
