/**
 * The queries of shipment batches and delivery lists. A batch belongs to one shop: every read
 * starts from the caller's ShopScope. Weight and volume come from the models' package info
 * through the catalogue's published `modelPackages` read.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intSet, likeContains, orderBy, type SortOrder } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { listingProducts, modelPackages } from '../catalog/catalog.reads';
import { customsDeclarationsFor } from '../customs/customs.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';

export type Raw = Record<string, unknown>;

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const day = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD')`);

const HEAD = sql`
  SELECT b.id, b.code, b.shop_id, s.name AS shop_name, s.market_id, b.warehouse_id, w.code AS warehouse_code, b.mode, b.state,
         ${day('b.ship_on')} AS ship_on, b.carrier, b.remark, b.tracking, ${day('b.etd')} AS etd, ${day('b.eta')} AS eta,
         coalesce(agg.plans, 0) AS plans, coalesce(agg.skus, 0) AS skus, coalesce(agg.cartons, 0) AS cartons,
         coalesce(agg.units, 0) AS units, agg.weight_kg, agg.volume_m3, coalesce(agg.units_without_info, 0) AS units_without_info,
         (SELECT count(*)::int FROM shipment_delivery_lists d WHERE b.id = ANY (d.batch_ids)) AS delivery_lists,
         b.version, u.user_name AS created_by, ${ts('b.created_at')} AS created_at, ${ts('b.updated_at')} AS updated_at`;

/** The batch's plans, lines and their package figures; a plan cancelled or shipped alone is no longer in it. */
const FROM = sql`
  FROM shipment_batches b
  JOIN ${shopDirectory} s ON s.id = b.shop_id
  JOIN inventory_warehouses w ON w.id = b.warehouse_id
  LEFT JOIN LATERAL (
    SELECT count(DISTINCT sp.id)::int AS plans, count(DISTINCT upper(l.sku))::int AS skus, sum(l.cartons)::int AS cartons,
           sum(l.cartons * l.units_per_carton)::int AS units,
           round(sum(l.cartons * l.units_per_carton * mp.gross_weight_g) / 1000.0, 1)::float8 AS weight_kg,
           round(sum(l.cartons * l.units_per_carton * mp.package_length_mm::numeric * mp.package_width_mm * mp.package_height_mm)
                 / 1e9, 3)::float8 AS volume_m3,
           coalesce(sum(l.cartons * l.units_per_carton) FILTER (WHERE mp.gross_weight_g IS NULL), 0)::int AS units_without_info
      FROM shipment_plans sp JOIN shipment_plan_lines l ON l.plan_id = sp.id
      LEFT JOIN ${listingProducts} lp ON lp.id = l.listing_id
      LEFT JOIN ${modelPackages} mp ON mp.product_id = lp.product_id
     WHERE sp.batch_id = b.id) agg ON true
  LEFT JOIN ${userDirectory} u ON u.id = b.created_by`;

export interface BatchFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
  warehouseId?: number | undefined;
  state?: string | undefined;
  mode?: string | undefined;
  keyword?: string | undefined;
}

function batchWhere(scope: ShopScope, f: BatchFilter): SQL {
  const parts: SQL[] = [shopIn(sql`b.shop_id`, narrowScope(scope, f.shopId))];
  if (f.marketId !== undefined) parts.push(sql`s.market_id = ${f.marketId}`);
  if (f.warehouseId !== undefined) parts.push(sql`b.warehouse_id = ${f.warehouseId}`);
  if (f.state) parts.push(sql`b.state = ${f.state}`);
  if (f.mode) parts.push(sql`b.mode = ${f.mode}`);
  const like = likeContains(f.keyword);
  if (like)
    parts.push(sql`(b.code ILIKE ${like} OR b.carrier ILIKE ${like} OR b.tracking ILIKE ${like}
                    OR EXISTS (SELECT 1 FROM shipment_plans sp LEFT JOIN shipment_plan_lines l ON l.plan_id = sp.id
                                WHERE sp.batch_id = b.id AND (sp.code ILIKE ${like} OR l.sku ILIKE ${like})))`);
  return sql.join(parts, sql` AND `);
}

const SORTS = { createdAt: sql`b.created_at`, code: sql`b.code`, shipOn: sql`b.ship_on`, units: sql`agg.units` };

export function batchesPage(scope: ShopScope, f: BatchFilter & { sortField: string; sortOrder: SortOrder }) {
  return {
    select: HEAD,
    from: sql`${FROM} WHERE ${batchWhere(scope, f)}`,
    orderBy: orderBy(f.sortField, f.sortOrder, SORTS, sql`b.id DESC`),
  };
}

/** The export's query: the list's rows in its order. */
export function batchesQuery(scope: ShopScope, f: BatchFilter & { sortField: string; sortOrder: SortOrder }): SQL {
  return sql`${HEAD} ${FROM} WHERE ${batchWhere(scope, f)} ORDER BY ${orderBy(f.sortField, f.sortOrder, SORTS, sql`b.id DESC`)}`;
}

/** One batch of the scope (null when it does not exist or is another shop's); `lock` takes its row for update. */
export async function batchHead(db: DbOrTx, scope: ShopScope, id: number, lock = false): Promise<Raw | null> {
  if (lock) await db.execute(sql`SELECT id FROM shipment_batches WHERE id = ${id} FOR UPDATE`);
  const [row] = (await db.execute<Raw>(sql`${HEAD} ${FROM} WHERE b.id = ${id} AND ${shopIn(sql`b.shop_id`, scope)}`)).rows;
  return row ?? null;
}

/** Open batches of a shop, warehouse and mode (the ones a confirmed plan may join). */
export async function openBatchesFor(db: DbOrTx, scope: ShopScope, p: { shopId: number; warehouseId: number; mode: string }) {
  return (
    await db.execute<Raw>(sql`${HEAD} ${FROM}
      WHERE ${shopIn(sql`b.shop_id`, scope)} AND b.shop_id = ${p.shopId} AND b.warehouse_id = ${p.warehouseId}
        AND b.mode = ${p.mode} AND b.state = 'open'
      ORDER BY b.ship_on NULLS LAST, b.id`)
  ).rows;
}

export async function batchPlans(db: DbOrTx, batchId: number): Promise<Raw[]> {
  return (
    await db.execute<Raw>(sql`
      SELECT sp.id, sp.code, sp.state, sp.version, sh.code AS shipment_code,
             (SELECT count(*)::int FROM shipment_plan_lines l WHERE l.plan_id = sp.id) AS skus,
             (SELECT coalesce(sum(l.cartons), 0)::int FROM shipment_plan_lines l WHERE l.plan_id = sp.id) AS cartons,
             (SELECT coalesce(sum(l.cartons * l.units_per_carton), 0)::int FROM shipment_plan_lines l WHERE l.plan_id = sp.id) AS units
        FROM shipment_plans sp LEFT JOIN shipments sh ON sh.plan_id = sp.id
       WHERE sp.batch_id = ${batchId} ORDER BY sp.code`)
  ).rows;
}

/** Confirmed plans in no batch with the batch's shop, warehouse and mode. */
export async function candidatePlans(db: DbOrTx, b: { shopId: number; warehouseId: number; mode: string }): Promise<Raw[]> {
  return (
    await db.execute<Raw>(sql`
      SELECT sp.id, sp.code, sp.state, sp.version, NULL AS shipment_code,
             (SELECT count(*)::int FROM shipment_plan_lines l WHERE l.plan_id = sp.id) AS skus,
             (SELECT coalesce(sum(l.cartons), 0)::int FROM shipment_plan_lines l WHERE l.plan_id = sp.id) AS cartons,
             (SELECT coalesce(sum(l.cartons * l.units_per_carton), 0)::int FROM shipment_plan_lines l WHERE l.plan_id = sp.id) AS units
        FROM shipment_plans sp
       WHERE sp.state = 'confirmed' AND sp.batch_id IS NULL AND sp.shop_id = ${b.shopId}
         AND sp.warehouse_id = ${b.warehouseId} AND sp.mode = ${b.mode}
       ORDER BY sp.code`)
  ).rows;
}

/**
 * The lines of the batches' plans in loading order (batch, plan, SKU), with the FNSKU of the
 * SKU's latest stock position at the destination and the listing's ASIN.
 */
export async function batchLines(db: DbOrTx, batchIds: readonly number[]): Promise<Raw[]> {
  if (batchIds.length === 0) return [];
  return (
    await db.execute<Raw>(sql`
      SELECT b.code AS batch_code, sp.id AS plan_id, sp.code AS plan_code, l.sku, lp.asin, lp.model, lp.product_name,
             lp.product_name_en, l.units_per_carton, l.cartons, l.cartons * l.units_per_carton AS units, w.code AS destination,
             (SELECT p.fnsku FROM inventory_positions p
               WHERE p.shop_id = sp.shop_id AND p.warehouse_id = sp.warehouse_id AND p.sku = l.sku AND p.fnsku IS NOT NULL
               ORDER BY p.day DESC LIMIT 1) AS fnsku
        FROM shipment_batches b JOIN shipment_plans sp ON sp.batch_id = b.id
        JOIN shipment_plan_lines l ON l.plan_id = sp.id
        JOIN inventory_warehouses w ON w.id = sp.warehouse_id
        LEFT JOIN ${listingProducts} lp ON lp.id = l.listing_id
       WHERE b.id IN ${intSet(batchIds)}
       ORDER BY array_position(${sql`ARRAY[${sql.join(
         batchIds.map((id) => sql`${id}::int`),
         sql`, `,
       )}]`}, b.id), sp.code, l.sku`)
  ).rows;
}

export async function insertBatch(
  db: DbOrTx,
  b: {
    shopId: number;
    warehouseId: number;
    mode: string;
    shipOn: string | null;
    carrier: string;
    remark: string;
    createdBy: number | null;
  },
): Promise<number> {
  const [row] = (
    await db.execute<{ id: number }>(sql`
      WITH n AS (SELECT nextval(pg_get_serial_sequence('shipment_batches', 'id')) AS id)
      INSERT INTO shipment_batches (id, code, shop_id, warehouse_id, mode, ship_on, carrier, remark, created_by)
      SELECT n.id, 'SB' || lpad(n.id::text, 6, '0'), ${b.shopId}, ${b.warehouseId}, ${b.mode}, ${b.shipOn}, ${b.carrier},
             ${b.remark}, ${b.createdBy} FROM n
      RETURNING id`)
  ).rows;
  return Number(row?.id);
}

export async function updateBatchHead(db: DbOrTx, id: number, b: { shipOn: string | null; carrier: string; remark: string }) {
  await db.execute(sql`
    UPDATE shipment_batches SET ship_on = ${b.shipOn}, carrier = ${b.carrier}, remark = ${b.remark},
           version = version + 1, updated_at = now()
     WHERE id = ${id}`);
}

/** A new state (and the shipment's figures when it ships); every change bumps the version. */
export async function setBatchState(
  db: DbOrTx,
  id: number,
  state: string,
  shipped?: { carrier: string; tracking: string; etd: string; eta: string },
) {
  await db.execute(sql`
    UPDATE shipment_batches SET state = ${state}, version = version + 1, updated_at = now()
           ${shipped ? sql`, carrier = ${shipped.carrier}, tracking = ${shipped.tracking}, etd = ${shipped.etd}, eta = ${shipped.eta}` : sql``}
     WHERE id = ${id}`);
}

/** A change of the batch's plans is a change of the batch: its version moves too. */
export async function touchBatch(db: DbOrTx, id: number) {
  await db.execute(sql`UPDATE shipment_batches SET version = version + 1, updated_at = now() WHERE id = ${id}`);
}

export async function deleteBatch(db: DbOrTx, id: number) {
  await db.execute(sql`DELETE FROM shipment_batches WHERE id = ${id}`);
}

export async function shopOfBatch(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = (await db.execute<{ shop_id: number }>(sql`SELECT shop_id FROM shipment_batches WHERE id = ${id}`)).rows;
  return row ? Number(row.shop_id) : null;
}

// ---- delivery lists ----

const LIST_HEAD = sql`
  SELECT d.id, d.code, d.shop_id, s.name AS shop_name, s.market_id, w.code AS warehouse_code, d.batch_codes, d.cartons, d.units,
         u.user_name AS created_by, ${ts('d.created_at')} AS created_at`;
const LIST_FROM = sql`
  FROM shipment_delivery_lists d
  JOIN ${shopDirectory} s ON s.id = d.shop_id
  JOIN inventory_warehouses w ON w.id = d.warehouse_id
  LEFT JOIN ${userDirectory} u ON u.id = d.created_by`;

export function deliveryListsPage(scope: ShopScope, f: { shopId?: number | undefined; keyword?: string | undefined }) {
  const parts: SQL[] = [shopIn(sql`d.shop_id`, narrowScope(scope, f.shopId))];
  const like = likeContains(f.keyword);
  if (like) parts.push(sql`(d.code ILIKE ${like} OR array_to_string(d.batch_codes, ' ') ILIKE ${like})`);
  return { select: LIST_HEAD, from: sql`${LIST_FROM} WHERE ${sql.join(parts, sql` AND `)}`, orderBy: sql`d.id DESC` };
}

export async function deliveryList(db: DbOrTx, scope: ShopScope, id: number): Promise<Raw | null> {
  const [row] = (await db.execute<Raw>(sql`${LIST_HEAD} ${LIST_FROM} WHERE d.id = ${id} AND ${shopIn(sql`d.shop_id`, scope)}`))
    .rows;
  return row ?? null;
}

/** The lines with the customs declaration of their model for `country` (customs.reads.ts; null when it has none). */
export function deliveryLinesQuery(listId: number, country: string): SQL {
  return sql`
    SELECT l.batch_code, l.plan_code, l.carton_from, l.carton_to, l.sku, l.fnsku, l.asin, l.model, l.product_name,
           l.product_name_en, l.units_per_carton, l.cartons, l.cartons * l.units_per_carton AS units, l.destination,
           c.hs_code, c.unit_value, c.currency
      FROM shipment_delivery_lines l LEFT JOIN ${customsDeclarationsFor(country)} c ON c.model = l.model
     WHERE l.list_id = ${listId} ORDER BY l.carton_from`;
}

export interface NewDeliveryLine {
  batchCode: string;
  planCode: string;
  cartonFrom: number;
  cartonTo: number;
  sku: string;
  fnsku: string | null;
  asin: string | null;
  model: string | null;
  productName: string | null;
  productNameEn: string | null;
  unitsPerCarton: number;
  cartons: number;
  destination: string;
}

export async function insertDeliveryList(
  db: DbOrTx,
  d: {
    shopId: number;
    warehouseId: number;
    batchIds: number[];
    batchCodes: string[];
    cartons: number;
    units: number;
    createdBy: number | null;
  },
  lines: NewDeliveryLine[],
): Promise<number> {
  const [row] = (
    await db.execute<{ id: number }>(sql`
      WITH n AS (SELECT nextval(pg_get_serial_sequence('shipment_delivery_lists', 'id')) AS id)
      INSERT INTO shipment_delivery_lists (id, code, shop_id, warehouse_id, batch_ids, batch_codes, cartons, units, created_by)
      SELECT n.id, 'DL' || lpad(n.id::text, 6, '0'), ${d.shopId}, ${d.warehouseId},
             ${sql`ARRAY[${sql.join(
               d.batchIds.map((x) => sql`${x}::int`),
               sql`, `,
             )}]`}, ${sql`ARRAY[${sql.join(
               d.batchCodes.map((x) => sql`${x}::text`),
               sql`, `,
             )}]`}, ${d.cartons}, ${d.units}, ${d.createdBy} FROM n
      RETURNING id`)
  ).rows;
  const id = Number(row?.id);
  await db.execute(sql`
    INSERT INTO shipment_delivery_lines (list_id, batch_code, plan_code, carton_from, carton_to, sku, fnsku, asin, model, product_name,
                                         product_name_en, units_per_carton, cartons, destination)
    VALUES ${sql.join(
      lines.map(
        (
          l,
        ) => sql`(${id}, ${l.batchCode}, ${l.planCode}, ${l.cartonFrom}, ${l.cartonTo}, ${l.sku}, ${l.fnsku}, ${l.asin}, ${l.model},
                    ${l.productName}, ${l.productNameEn}, ${l.unitsPerCarton}, ${l.cartons}, ${l.destination})`,
      ),
      sql`, `,
    )}`);
  return id;
}

export async function shopOfDeliveryList(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = (await db.execute<{ shop_id: number }>(sql`SELECT shop_id FROM shipment_delivery_lists WHERE id = ${id}`)).rows;
  return row ? Number(row.shop_id) : null;
}

/** Plans: join or leave a batch (the plan's state moves through its machine in the service). */
export async function setPlanBatch(db: DbOrTx, planId: number, batch: { id: number; code: string } | null) {
  await db.execute(sql`
    UPDATE shipment_plans SET batch_id = ${batch?.id ?? null}, batch_no = ${batch?.code ?? null} WHERE id = ${planId}`);
}

/** What a plan's move needs of its batch: state, shop, warehouse and mode (null outside the scope). */
export async function batchRef(
  db: DbOrTx,
  scope: ShopScope,
  id: number,
  lock = false,
): Promise<{ id: number; code: string; state: string; shopId: number; warehouseId: number; mode: string } | null> {
  const [row] = (
    await db.execute<Raw>(sql`
      SELECT id, code, state, shop_id, warehouse_id, mode FROM shipment_batches
       WHERE id = ${id} AND ${shopIn(sql`shop_id`, scope)} ${lock ? sql`FOR UPDATE` : sql``}`)
  ).rows;
  return row
    ? {
        id: Number(row.id),
        code: String(row.code),
        state: String(row.state),
        shopId: Number(row.shop_id),
        warehouseId: Number(row.warehouse_id),
        mode: String(row.mode),
      }
    : null;
}
