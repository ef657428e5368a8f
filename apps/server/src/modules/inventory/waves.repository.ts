/**
 * The queries of shipment waves. A wave spans shops: the caller sees a wave only when every
 * line of it is of a shop of their ShopScope (`visible`), so a shop account never reads another
 * shop's lines through a wave they share.
 */
import { SHIPMENT_WAVE_FLOW } from '@bo/contract/inventory/waves';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intSet, likeContains, orderBy, type SortOrder } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { listingProducts } from '../catalog/catalog.reads';
import type { ShopScope } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';

export type Raw = Record<string, unknown>;

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const day = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD')`);

/** Every line of the wave is of a visible shop (a wave always has lines). */
export const visible = (scope: ShopScope): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM shipment_wave_lines vx WHERE vx.wave_id = w.id AND vx.shop_id NOT IN ${intSet(scope.shopIds)})`;

const waitsFor = (viewerId: number) => sql`EXISTS (
  SELECT 1 FROM approvals a JOIN approval_waits aw ON aw.approval_id = a.id
   WHERE a.flow = ${SHIPMENT_WAVE_FLOW.key} AND a.entity_id = w.id::text AND aw.user_id = ${viewerId})`;

const head = (viewerId: number) => sql`
  SELECT w.id, w.code, w.kind, ${day('w.ship_week')} AS ship_week, w.state, w.remark, w.owner_id, u.user_name AS owner_name,
         w.version, ${ts('w.created_at')} AS created_at, ${ts('w.updated_at')} AS updated_at,
         coalesce(agg.lines, 0) AS lines, coalesce(agg.shops, 0) AS shops, coalesce(agg.market_ids, '{}') AS market_ids,
         coalesce(agg.units, 0) AS units, coalesce(agg.cartons, 0) AS cartons,
         (w.state = 'review' AND w.owner_id <> ${viewerId} AND ${waitsFor(viewerId)}) AS can_decide`;

const FROM = sql`
  FROM shipment_waves w
  LEFT JOIN ${userDirectory} u ON u.id = w.owner_id
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS lines, count(DISTINCT l.shop_id)::int AS shops,
           array_agg(DISTINCT s.market_id ORDER BY s.market_id) AS market_ids,
           sum(l.units)::int AS units, coalesce(sum(l.cartons), 0)::int AS cartons
      FROM shipment_wave_lines l JOIN ${shopDirectory} s ON s.id = l.shop_id
     WHERE l.wave_id = w.id) agg ON true`;

export interface WaveFilter {
  state?: string | undefined;
  kind?: string | undefined;
  shopId?: number | undefined;
  marketId?: number | undefined;
  keyword?: string | undefined;
  awaitingMe?: 'true' | 'false' | undefined;
}

function waveWhere(scope: ShopScope, viewerId: number, f: WaveFilter, withState = true): SQL {
  const parts: SQL[] = [visible(scope)];
  if (withState && f.state) parts.push(sql`w.state = ${f.state}`);
  if (f.kind) parts.push(sql`w.kind = ${f.kind}`);
  if (f.shopId !== undefined)
    parts.push(sql`EXISTS (SELECT 1 FROM shipment_wave_lines fx WHERE fx.wave_id = w.id AND fx.shop_id = ${f.shopId})`);
  if (f.marketId !== undefined)
    parts.push(sql`EXISTS (SELECT 1 FROM shipment_wave_lines fx JOIN ${shopDirectory} fs ON fs.id = fx.shop_id
                            WHERE fx.wave_id = w.id AND fs.market_id = ${f.marketId})`);
  if (f.awaitingMe === 'true') parts.push(sql`w.state = 'review' AND w.owner_id <> ${viewerId} AND ${waitsFor(viewerId)}`);
  const like = likeContains(f.keyword);
  if (like)
    parts.push(sql`(w.code ILIKE ${like} OR w.remark ILIKE ${like}
                    OR EXISTS (SELECT 1 FROM shipment_wave_lines kx WHERE kx.wave_id = w.id AND kx.sku ILIKE ${like}))`);
  return sql.join(parts, sql` AND `);
}

const SORTS = { createdAt: sql`w.created_at`, code: sql`w.code`, shipWeek: sql`w.ship_week`, units: sql`agg.units` };

export function wavesPage(scope: ShopScope, viewerId: number, f: WaveFilter & { sortField: string; sortOrder: SortOrder }) {
  return {
    select: head(viewerId),
    from: sql`${FROM} WHERE ${waveWhere(scope, viewerId, f)}`,
    orderBy: orderBy(f.sortField, f.sortOrder, SORTS, sql`w.id DESC`),
  };
}

/** Waves per state over the filters other than the state (the list's tabs). */
export async function stateCounts(db: DbOrTx, scope: ShopScope, viewerId: number, f: WaveFilter) {
  return (
    await db.execute<{ state: string; n: number }>(sql`
      SELECT w.state, count(*)::int AS n FROM shipment_waves w WHERE ${waveWhere(scope, viewerId, f, false)} GROUP BY w.state`)
  ).rows;
}

export async function waveHead(db: DbOrTx, scope: ShopScope, viewerId: number, id: number, lock = false): Promise<Raw | null> {
  if (lock) {
    const locked = await db.execute(sql`SELECT id FROM shipment_waves w WHERE w.id = ${id} AND ${visible(scope)} FOR UPDATE`);
    if (locked.rows.length === 0) return null;
  }
  const [r] = (await db.execute<Raw>(sql`${head(viewerId)} ${FROM} WHERE w.id = ${id} AND ${visible(scope)}`)).rows;
  return r ?? null;
}

export async function waveLines(db: DbOrTx, waveId: number): Promise<Raw[]> {
  return (
    await db.execute<Raw>(sql`
      SELECT l.id, l.shop_id, s.name AS shop_name, s.market_id, l.listing_id, l.sku, lp.asin, lp.model, lp.product_name,
             lp.product_name_en, lp.product_id, l.warehouse_id, wh.code AS warehouse_code, wh.kind AS warehouse_kind, l.mode, l.units,
             l.units_per_carton, l.cartons, l.source, l.advice_state, ${day('l.stock_out_date')} AS stock_out_date, l.purpose, l.remark
        FROM shipment_wave_lines l
        JOIN ${shopDirectory} s ON s.id = l.shop_id
        JOIN inventory_warehouses wh ON wh.id = l.warehouse_id
        LEFT JOIN ${listingProducts} lp ON lp.id = l.listing_id
       WHERE l.wave_id = ${waveId}
       ORDER BY s.market_id, l.shop_id, l.mode, wh.code, l.sku, l.id`)
  ).rows;
}

/** The plans a wave's split made. */
export async function wavePlans(db: DbOrTx, waveId: number): Promise<Raw[]> {
  return (
    await db.execute<Raw>(sql`
      SELECT sp.id, sp.code, s.name AS shop_name, wh.code AS warehouse_code, sp.mode, sp.state,
             count(l.id)::int AS skus, coalesce(sum(l.cartons * l.units_per_carton), 0)::int AS units
        FROM shipment_plans sp
        JOIN ${shopDirectory} s ON s.id = sp.shop_id
        JOIN inventory_warehouses wh ON wh.id = sp.warehouse_id
        LEFT JOIN shipment_plan_lines l ON l.plan_id = sp.id
       WHERE sp.wave_id = ${waveId}
       GROUP BY sp.id, s.name, wh.code
       ORDER BY sp.id`)
  ).rows;
}

export async function userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const r = await db.execute<{ id: number; user_name: string }>(
    sql`SELECT id, user_name FROM ${userDirectory} u WHERE u.id IN ${intSet(ids)}`,
  );
  return new Map(r.rows.map((x) => [Number(x.id), x.user_name]));
}

/** The listings of the lines, within the scope: shop, marketplace, SKU. */
export async function listingsIn(db: DbOrTx, scope: ShopScope, ids: number[]) {
  if (ids.length === 0) return new Map<number, { shopId: number; marketId: number; sku: string }>();
  const r = await db.execute<{ id: number; shop_id: number; market_id: number; sku: string }>(sql`
    SELECT lp.id, lp.shop_id, s.market_id, lp.sku FROM ${listingProducts} lp JOIN ${shopDirectory} s ON s.id = lp.shop_id
     WHERE lp.id IN ${intSet(ids)} AND lp.shop_id IN ${intSet(scope.shopIds)}`);
  return new Map(r.rows.map((x) => [Number(x.id), { shopId: Number(x.shop_id), marketId: Number(x.market_id), sku: x.sku }]));
}

/** Enabled warehouses by id: kind and marketplace. */
export async function warehouseMap(db: DbOrTx) {
  const r = await db.execute<{ id: number; code: string; kind: string; market_id: number | null }>(
    sql`SELECT id, code, kind, market_id FROM inventory_warehouses WHERE enabled`,
  );
  return r.rows.map((x) => ({
    id: Number(x.id),
    code: x.code,
    kind: x.kind,
    marketId: x.market_id === null ? null : Number(x.market_id),
  }));
}

/** Each listing's units per carton of its SKU's last plan line (as the replenishment advice reads it). */
export async function lastUnitsPerCarton(db: DbOrTx, listingIds: number[]): Promise<Map<number, number>> {
  if (listingIds.length === 0) return new Map();
  const r = await db.execute<{ listing_id: number; upc: number }>(sql`
    SELECT DISTINCT ON (l.listing_id) l.listing_id, l.units_per_carton AS upc FROM shipment_plan_lines l
     WHERE l.listing_id IN ${intSet(listingIds)} ORDER BY l.listing_id, l.id DESC`);
  return new Map(r.rows.map((x) => [Number(x.listing_id), Number(x.upc)]));
}

export interface NewWaveLine {
  shopId: number;
  listingId: number;
  sku: string;
  warehouseId: number;
  mode: string;
  units: number;
  unitsPerCarton: number;
  cartons: number | null;
  source: string;
  adviceState: string | null;
  stockOutDate: string | null;
  purpose: string | null;
  remark: string;
}

export async function insertWave(
  db: DbOrTx,
  w: { accountId: number; kind: string; shipWeek: string; remark: string; ownerId: number },
): Promise<number> {
  const [row] = (
    await db.execute<{ id: number }>(sql`
      WITH n AS (SELECT nextval(pg_get_serial_sequence('shipment_waves', 'id')) AS id)
      INSERT INTO shipment_waves (id, code, account_id, kind, ship_week, remark, owner_id)
      SELECT n.id, 'SW' || lpad(n.id::text, 6, '0'), ${w.accountId}, ${w.kind}, ${w.shipWeek}::date, ${w.remark}, ${w.ownerId} FROM n
      RETURNING id`)
  ).rows;
  return Number(row?.id);
}

export async function updateWaveHead(
  db: DbOrTx,
  id: number,
  w: { kind: string; shipWeek: string; remark: string; state: string },
) {
  await db.execute(sql`
    UPDATE shipment_waves SET kind = ${w.kind}, ship_week = ${w.shipWeek}::date, remark = ${w.remark}, state = ${w.state},
           version = version + 1, updated_at = now()
     WHERE id = ${id}`);
}

export async function replaceWaveLines(db: DbOrTx, waveId: number, lines: NewWaveLine[]) {
  await db.execute(sql`DELETE FROM shipment_wave_lines WHERE wave_id = ${waveId}`);
  for (const l of lines)
    await db.execute(sql`
      INSERT INTO shipment_wave_lines (wave_id, shop_id, listing_id, sku, warehouse_id, mode, units, units_per_carton, cartons,
                                       source, advice_state, stock_out_date, purpose, remark)
      VALUES (${waveId}, ${l.shopId}, ${l.listingId}, ${l.sku}, ${l.warehouseId}, ${l.mode}, ${l.units}, ${l.unitsPerCarton},
              ${l.cartons}, ${l.source}, ${l.adviceState}, ${l.stockOutDate}::date, ${l.purpose}, ${l.remark})`);
}

export async function setWaveState(db: DbOrTx, id: number, state: string) {
  await db.execute(sql`
    UPDATE shipment_waves SET state = ${state}, version = version + 1, updated_at = now(),
           split_at = CASE WHEN ${state} = 'split' THEN now() ELSE split_at END
     WHERE id = ${id}`);
}

export async function deleteWave(db: DbOrTx, id: number) {
  await db.execute(sql`DELETE FROM shipment_waves WHERE id = ${id}`);
}

export async function linkPlanToWave(db: DbOrTx, planId: number, waveId: number) {
  await db.execute(sql`UPDATE shipment_plans SET wave_id = ${waveId} WHERE id = ${planId}`);
}

/** The listings of the scope matching a keyword (SKU, ASIN, model, product), at most 30. */
export async function searchListings(db: DbOrTx, scope: ShopScope, keyword: string, shopId: number | undefined) {
  const like = likeContains(keyword);
  return (
    await db.execute<Raw>(sql`
      SELECT lp.id AS listing_id, lp.shop_id, s.name AS shop_name, s.market_id, lp.sku, lp.asin, lp.model, lp.product_name,
             lp.product_name_en,
             (SELECT pl.units_per_carton FROM shipment_plan_lines pl WHERE pl.listing_id = lp.id ORDER BY pl.id DESC LIMIT 1) AS upc
        FROM ${listingProducts} lp JOIN ${shopDirectory} s ON s.id = lp.shop_id
       WHERE lp.shop_id IN ${intSet(scope.shopIds)} ${shopId === undefined ? sql`` : sql`AND lp.shop_id = ${shopId}`}
         AND (lp.sku ILIKE ${like} OR lp.asin ILIKE ${like} OR lp.model ILIKE ${like} OR lp.product_name ILIKE ${like}
              OR lp.product_name_en ILIKE ${like})
       ORDER BY lp.sku, s.name LIMIT 30`)
  ).rows;
}

/** The shop whose scope decides a wave's history: its first line's shop (every line's shop is checked by `shopsOfWave`). */
export async function shopsOfWave(db: DbOrTx, id: number): Promise<number[]> {
  return (
    await db.execute<{ shop_id: number }>(sql`SELECT DISTINCT shop_id FROM shipment_wave_lines WHERE wave_id = ${id}`)
  ).rows.map((r) => Number(r.shop_id));
}
