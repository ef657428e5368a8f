/**
 * The queries of shipment plans, their lines, shipments and receipts. Plans belong to a shop:
 * every read starts from the caller's ShopScope.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, type SortOrder } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { listingProducts, listingSkus } from '../catalog/catalog.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';

export type Raw = Record<string, unknown>;

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const day = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD')`);

const HEAD = sql`
  SELECT sp.id, sp.code, sp.shop_id, s.name AS shop_name, s.market_id, sp.warehouse_id, w.code AS warehouse_code,
         sp.state, coalesce(sh.mode, sp.mode) AS mode, sp.batch_no, sp.batch_id, sp.remark, sp.version,
         coalesce(agg.skus, 0) AS skus, coalesce(agg.cartons, 0) AS cartons, coalesce(agg.quantity, 0) AS quantity,
         coalesce(agg.shipped, 0) AS shipped, coalesce(agg.received, 0) AS received,
         u.user_name AS created_by, ${ts('sp.created_at')} AS created_at, ${ts('sp.updated_at')} AS updated_at,
         sh.id AS sh_id, sh.code AS sh_code, sh.mode AS sh_mode, sh.carrier, sh.tracking, ${day('sh.etd')} AS etd,
         ${day('sh.eta')} AS eta, ${ts('sh.shipped_at')} AS shipped_at, ${day('sh.received_on')} AS received_on`;

const FROM = sql`
  FROM shipment_plans sp
  JOIN ${shopDirectory} s ON s.id = sp.shop_id
  JOIN inventory_warehouses w ON w.id = sp.warehouse_id
  LEFT JOIN shipments sh ON sh.plan_id = sp.id
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS skus, sum(l.cartons)::int AS cartons, sum(l.cartons * l.units_per_carton)::int AS quantity,
           sum(l.shipped)::int AS shipped, sum(l.received)::int AS received
      FROM shipment_plan_lines l WHERE l.plan_id = sp.id) agg ON true
  LEFT JOIN ${userDirectory} u ON u.id = sp.created_by`;

export interface PlanFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
  state?: string | undefined;
  mode?: string | undefined;
  keyword?: string | undefined;
}

function planWhere(scope: ShopScope, f: PlanFilter): SQL {
  const parts: SQL[] = [shopIn(sql`sp.shop_id`, narrowScope(scope, f.shopId))];
  if (f.marketId !== undefined) parts.push(sql`s.market_id = ${f.marketId}`);
  if (f.state) parts.push(sql`sp.state = ${f.state}`);
  if (f.mode) parts.push(sql`coalesce(sh.mode, sp.mode) = ${f.mode}`);
  const like = likeContains(f.keyword);
  if (like)
    parts.push(sql`(sp.code ILIKE ${like} OR sp.batch_no ILIKE ${like} OR sh.code ILIKE ${like} OR sh.carrier ILIKE ${like}
                    OR sh.tracking ILIKE ${like}
                    OR EXISTS (SELECT 1 FROM shipment_plan_lines l WHERE l.plan_id = sp.id AND l.sku ILIKE ${like}))`);
  return sql.join(parts, sql` AND `);
}

const PLAN_SORTS = {
  createdAt: sql`sp.created_at`,
  code: sql`sp.code`,
  quantity: sql`agg.quantity`,
  eta: sql`sh.eta`,
};

export function plansPage(scope: ShopScope, f: PlanFilter & { sortField: string; sortOrder: SortOrder }) {
  return {
    select: HEAD,
    from: sql`${FROM} WHERE ${planWhere(scope, f)}`,
    orderBy: orderBy(f.sortField, f.sortOrder, PLAN_SORTS, sql`sp.id DESC`),
  };
}

/** One plan of the scope (null when it does not exist or is another shop's); `lock` takes its row for update. */
export async function planHead(db: DbOrTx, scope: ShopScope, id: number, lock = false): Promise<Raw | null> {
  if (lock) await db.execute(sql`SELECT id FROM shipment_plans WHERE id = ${id} FOR UPDATE`);
  const [row] = (await db.execute<Raw>(sql`${HEAD} ${FROM} WHERE sp.id = ${id} AND ${shopIn(sql`sp.shop_id`, scope)}`)).rows;
  return row ?? null;
}

export async function planLines(db: DbOrTx, planId: number): Promise<Raw[]> {
  return (
    await db.execute<Raw>(sql`
      SELECT l.id, l.sku, l.listing_id, lp.model, lp.product_name, lp.product_name_en, l.units_per_carton, l.cartons,
             l.cartons * l.units_per_carton AS quantity, l.shipped, l.received
        FROM shipment_plan_lines l LEFT JOIN ${listingProducts} lp ON lp.id = l.listing_id
       WHERE l.plan_id = ${planId} ORDER BY l.sku`)
  ).rows;
}

/** The shop's listing of each SKU (upper-cased key); absent for a SKU the catalogue does not know. */
export async function listingsOf(db: DbOrTx, shopId: number, skus: string[]): Promise<Map<string, { id: number; sku: string }>> {
  if (skus.length === 0) return new Map();
  const res = await db.execute<{ id: number; sku: string }>(sql`
    SELECT DISTINCT ON (upper(l.sku)) l.id, l.sku FROM ${listingSkus} l
     WHERE l.shop_id = ${shopId} AND upper(l.sku) IN ${sql`(${sql.join(
       skus.map((s) => sql`${s.toUpperCase()}`),
       sql`, `,
     )})`}
     ORDER BY upper(l.sku), l.id`);
  return new Map(res.rows.map((r) => [r.sku.toUpperCase(), { id: Number(r.id), sku: r.sku }]));
}

export async function warehouses(db: DbOrTx) {
  return (
    await db.execute<Raw>(
      sql`SELECT id, code, kind, market_id, name, name_en FROM inventory_warehouses WHERE enabled ORDER BY kind, code`,
    )
  ).rows;
}

export async function warehouseExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.execute(sql`SELECT 1 FROM inventory_warehouses WHERE id = ${id} AND enabled`)).rows.length > 0;
}

export interface NewLine {
  sku: string;
  listingId: number | null;
  unitsPerCarton: number;
  cartons: number;
}

export async function insertPlan(
  db: DbOrTx,
  p: { shopId: number; warehouseId: number; mode: string; remark: string; createdBy: number | null },
): Promise<number> {
  const [row] = (
    await db.execute<{ id: number }>(sql`
      WITH n AS (SELECT nextval(pg_get_serial_sequence('shipment_plans', 'id')) AS id)
      INSERT INTO shipment_plans (id, code, shop_id, warehouse_id, mode, remark, created_by)
      SELECT n.id, 'SP' || lpad(n.id::text, 6, '0'), ${p.shopId}, ${p.warehouseId}, ${p.mode}, ${p.remark}, ${p.createdBy} FROM n
      RETURNING id`)
  ).rows;
  return Number(row?.id);
}

export async function replaceLines(db: DbOrTx, planId: number, lines: NewLine[]): Promise<void> {
  await db.execute(sql`DELETE FROM shipment_plan_lines WHERE plan_id = ${planId}`);
  await db.execute(sql`
    INSERT INTO shipment_plan_lines (plan_id, sku, listing_id, units_per_carton, cartons)
    VALUES ${sql.join(
      lines.map((l) => sql`(${planId}, ${l.sku}, ${l.listingId}, ${l.unitsPerCarton}, ${l.cartons})`),
      sql`, `,
    )}`);
}

export async function updatePlanHead(
  db: DbOrTx,
  id: number,
  p: { shopId: number; warehouseId: number; mode: string; remark: string },
): Promise<void> {
  await db.execute(sql`
    UPDATE shipment_plans SET shop_id = ${p.shopId}, warehouse_id = ${p.warehouseId}, mode = ${p.mode}, remark = ${p.remark},
           version = version + 1, updated_at = now()
     WHERE id = ${id}`);
}

export async function setState(db: DbOrTx, id: number, state: string): Promise<void> {
  await db.execute(sql`UPDATE shipment_plans SET state = ${state}, version = version + 1, updated_at = now() WHERE id = ${id}`);
}

export async function deletePlan(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM shipment_plans WHERE id = ${id}`);
}

export async function insertShipment(
  db: DbOrTx,
  planId: number,
  s: { code: string; mode: string; carrier: string; tracking: string; etd: string; eta: string },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO shipments (plan_id, code, mode, carrier, tracking, etd, eta)
    VALUES (${planId}, ${s.code}, ${s.mode}, ${s.carrier}, ${s.tracking}, ${s.etd}, ${s.eta})`);
  await db.execute(sql`UPDATE shipment_plan_lines SET shipped = cartons * units_per_carton WHERE plan_id = ${planId}`);
}

export async function addReceipt(
  db: DbOrTx,
  r: { planId: number; lineId: number; quantity: number; receivedOn: string; createdBy: number | null },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO shipment_receipts (line_id, received_on, quantity, created_by)
    VALUES (${r.lineId}, ${r.receivedOn}, ${r.quantity}, ${r.createdBy})`);
  await db.execute(sql`UPDATE shipment_plan_lines SET received = received + ${r.quantity} WHERE id = ${r.lineId}`);
  await db.execute(sql`
    UPDATE shipments SET received_on = greatest(coalesce(received_on, ${r.receivedOn}::date), ${r.receivedOn}::date)
     WHERE plan_id = ${r.planId}`);
}

// ---- shipments and their lines ----

export interface ShipmentFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
  state?: string | undefined;
  mode?: string | undefined;
  keyword?: string | undefined;
}

function shipmentWhere(scope: ShopScope, f: ShipmentFilter): SQL {
  const parts: SQL[] = [shopIn(sql`sp.shop_id`, narrowScope(scope, f.shopId))];
  if (f.marketId !== undefined) parts.push(sql`s.market_id = ${f.marketId}`);
  if (f.state) parts.push(sql`sp.state = ${f.state}`);
  if (f.mode) parts.push(sql`sh.mode = ${f.mode}`);
  const like = likeContains(f.keyword);
  if (like)
    parts.push(sql`(sp.code ILIKE ${like} OR sh.code ILIKE ${like} OR sh.carrier ILIKE ${like} OR sh.tracking ILIKE ${like}
                    OR sp.batch_no ILIKE ${like}
                    OR EXISTS (SELECT 1 FROM shipment_plan_lines l WHERE l.plan_id = sp.id AND l.sku ILIKE ${like}))`);
  return sql.join(parts, sql` AND `);
}

export function shipmentsPage(scope: ShopScope, f: ShipmentFilter & { sortField: string; sortOrder: SortOrder }) {
  return {
    select: sql`
      SELECT sp.id AS plan_id, sp.code AS plan_code, sp.state, sp.shop_id, s.name AS shop_name, s.market_id,
             w.code AS warehouse_code, sp.batch_no, sh.id, sh.code, sh.mode, sh.carrier, sh.tracking, ${day('sh.etd')} AS etd,
             ${day('sh.eta')} AS eta, ${ts('sh.shipped_at')} AS shipped_at, ${day('sh.received_on')} AS received_on,
             (SELECT count(*)::int FROM shipment_plan_lines l WHERE l.plan_id = sp.id) AS skus,
             (SELECT coalesce(sum(l.shipped), 0)::int FROM shipment_plan_lines l WHERE l.plan_id = sp.id) AS shipped,
             (SELECT coalesce(sum(l.received), 0)::int FROM shipment_plan_lines l WHERE l.plan_id = sp.id) AS received`,
    from: sql`
      FROM shipments sh JOIN shipment_plans sp ON sp.id = sh.plan_id
      JOIN ${shopDirectory} s ON s.id = sp.shop_id
      JOIN inventory_warehouses w ON w.id = sp.warehouse_id
     WHERE ${shipmentWhere(scope, f)}`,
    orderBy: orderBy(
      f.sortField,
      f.sortOrder,
      {
        etd: sql`sh.etd`,
        eta: sql`sh.eta`,
        shipped: sql`(SELECT sum(l.shipped) FROM shipment_plan_lines l WHERE l.plan_id = sp.id)`,
      },
      sql`sh.id DESC`,
    ),
  };
}

/** Shipment lines; `differences` keeps received plans' lines that arrived short, `claim` with or without a claim. */
export function shipmentLinesPage(
  scope: ShopScope,
  f: ShipmentFilter & { differences?: boolean; claim?: 'with' | 'without' | undefined },
) {
  const extra: SQL[] = [];
  if (f.differences) extra.push(sql`sp.state IN ('received', 'closed') AND l.shipped > l.received`);
  if (f.claim === 'with') extra.push(sql`c.id IS NOT NULL`);
  if (f.claim === 'without') extra.push(sql`c.id IS NULL`);
  return {
    select: sql`
      SELECT l.id AS line_id, sp.id AS plan_id, sp.code AS plan_code, sp.state, sp.shop_id, s.name AS shop_name, s.market_id,
             w.code AS warehouse_code, sh.code AS shipment_code, sh.mode, sh.carrier, sh.tracking, ${day('sh.etd')} AS etd,
             ${day('sh.eta')} AS eta, ${day('sh.received_on')} AS received_on, l.sku, lp.model, lp.product_name,
             lp.product_name_en, l.shipped, l.received, l.shipped - l.received AS difference, c.id AS claim_id`,
    from: sql`
      FROM shipment_plan_lines l JOIN shipment_plans sp ON sp.id = l.plan_id
      JOIN shipments sh ON sh.plan_id = sp.id
      JOIN ${shopDirectory} s ON s.id = sp.shop_id
      JOIN inventory_warehouses w ON w.id = sp.warehouse_id
      LEFT JOIN ${listingProducts} lp ON lp.id = l.listing_id
      LEFT JOIN fba_claims c ON c.line_id = l.id
     WHERE ${shipmentWhere(scope, f)} ${extra.length ? sql`AND ${sql.join(extra, sql` AND `)}` : sql``}`,
    orderBy: sql`sh.etd DESC, sp.id DESC, l.sku`,
  };
}

/** Units shipped and not yet received per SKU, shop and warehouse (plans shipped or partly received). */
export async function onWay(db: DbOrTx, scope: ShopScope, f: { sku?: string | undefined; shopId?: number | undefined }) {
  return (
    await db.execute<Raw>(sql`
      SELECT sp.shop_id, s.name AS shop_name, w.code AS warehouse_code, l.sku, sum(l.shipped - l.received)::int AS units,
             count(DISTINCT sh.id)::int AS shipments, ${day('min(sh.eta)')} AS eta
        FROM shipment_plan_lines l JOIN shipment_plans sp ON sp.id = l.plan_id
        JOIN shipments sh ON sh.plan_id = sp.id
        JOIN ${shopDirectory} s ON s.id = sp.shop_id
        JOIN inventory_warehouses w ON w.id = sp.warehouse_id
       WHERE ${shopIn(sql`sp.shop_id`, narrowScope(scope, f.shopId))} AND sp.state IN ('shipped', 'received')
         AND l.shipped > l.received ${f.sku ? sql`AND upper(l.sku) = ${f.sku.toUpperCase()}` : sql``}
       GROUP BY sp.shop_id, s.name, w.code, l.sku
       ORDER BY l.sku, s.name, w.code`)
  ).rows;
}

/** The latest position of each SKU in each overseas third-party warehouse. */
export async function overseaStock(db: DbOrTx, scope: ShopScope, f: { sku?: string | undefined; shopId?: number | undefined }) {
  return (
    await db.execute<Raw>(sql`
      SELECT p.shop_id, s.name AS shop_name, w.code AS warehouse_code, p.sku, ${day('p.day')} AS day, p.fulfillable,
             p.inbound_working + p.inbound_shipped + p.inbound_receiving AS inbound
        FROM (SELECT shop_id, warehouse_id, max(day) AS day FROM inventory_positions p
               WHERE ${shopIn(sql`p.shop_id`, narrowScope(scope, f.shopId))} GROUP BY shop_id, warehouse_id) last
        JOIN inventory_positions p ON p.shop_id = last.shop_id AND p.warehouse_id = last.warehouse_id AND p.day = last.day
        JOIN inventory_warehouses w ON w.id = p.warehouse_id AND w.kind = '3pl'
        JOIN ${shopDirectory} s ON s.id = p.shop_id
       WHERE true ${f.sku ? sql`AND upper(p.sku) = ${f.sku.toUpperCase()}` : sql``}
       ORDER BY p.sku, s.name, w.code
       LIMIT 1000`)
  ).rows;
}

// ---- shipment management (/shipmentManageNext) ----

/** A shipment's carrier, tracking, days and code changed; the plan's version moves with it (it guards the shipment). */
export async function updateShipment(
  db: DbOrTx,
  planId: number,
  s: { code: string; carrier: string; tracking: string; etd: string; eta: string },
): Promise<void> {
  await db.execute(sql`
    UPDATE shipments SET code = ${s.code}, carrier = ${s.carrier}, tracking = ${s.tracking}, etd = ${s.etd}, eta = ${s.eta}
     WHERE plan_id = ${planId}`);
  await db.execute(sql`UPDATE shipment_plans SET version = version + 1, updated_at = now() WHERE id = ${planId}`);
}

/** Whether any line of the plan has a receipt. */
export async function hasReceipts(db: DbOrTx, planId: number): Promise<boolean> {
  const res = await db.execute(sql`
    SELECT 1 FROM shipment_receipts r JOIN shipment_plan_lines l ON l.id = r.line_id WHERE l.plan_id = ${planId} LIMIT 1`);
  return res.rows.length > 0;
}

/** Undoes a ship: the shipment goes, nothing counts as shipped, and a batch number typed before batches is cleared. */
export async function deleteShipment(db: DbOrTx, planId: number): Promise<void> {
  await db.execute(sql`DELETE FROM shipments WHERE plan_id = ${planId}`);
  await db.execute(sql`UPDATE shipment_plan_lines SET shipped = 0 WHERE plan_id = ${planId}`);
  await db.execute(sql`UPDATE shipment_plans SET batch_no = NULL WHERE id = ${planId} AND batch_id IS NULL`);
}

/** The filtered shipments as one statement in the list's order (the export). */
export function shipmentsQuery(scope: ShopScope, f: ShipmentFilter & { sortField: string; sortOrder: SortOrder }): SQL {
  const p = shipmentsPage(scope, f);
  return sql`${p.select} ${p.from} ORDER BY ${p.orderBy}`;
}
