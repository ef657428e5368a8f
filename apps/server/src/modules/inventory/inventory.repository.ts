/**
 * The stock boards' queries. Every one starts from the caller's ShopScope: positions and ages
 * are rows of shops. "Current" is the latest day each shop has for each warehouse.
 */
import { COVER_WINDOW_DAYS, HISTORY_DAYS } from '@bo/contract/inventory/inventory';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, type SortOrder } from '../../db/sql';
import { listingProducts } from '../catalog/catalog.reads';
import { dailyUnits } from '../sales/sales.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';

export interface BoardFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
  productLineId?: number | undefined;
  keyword?: string | undefined;
}

export interface PositionFilter extends BoardFilter {
  /** out: fulfillable 0; low: cover under coverDays or out. */
  stock?: 'out' | 'low' | undefined;
  coverDays: number;
  sortField: string;
  sortOrder: SortOrder;
}

const W = COVER_WINDOW_DAYS;

/** Filters on the joined row (p: stock row, s: shop, lp: listing with product). */
export function boardWhere(scope: ShopScope, f: BoardFilter): SQL {
  const parts: SQL[] = [shopIn(sql`p.shop_id`, narrowScope(scope, f.shopId))];
  if (f.marketId !== undefined) parts.push(sql`s.market_id = ${f.marketId}`);
  if (f.productLineId !== undefined)
    parts.push(sql`(lp.product_line_id = ${f.productLineId} OR lp.line_parent_id = ${f.productLineId})`);
  const like = likeContains(f.keyword);
  if (like)
    parts.push(sql`(p.sku ILIKE ${like} OR p.asin ILIKE ${like} OR p.fnsku ILIKE ${like} OR lp.model ILIKE ${like}
                    OR lp.product_name ILIKE ${like} OR lp.product_name_en ILIKE ${like})`);
  return sql.join(parts, sql` AND `);
}

/** The latest day per shop and warehouse of a stock table, within the scope. */
export const latest = (table: 'inventory_positions' | 'inventory_ages', scope: ShopScope, f: BoardFilter) => sql`
  SELECT shop_id, warehouse_id, max(day) AS day FROM ${sql.identifier(table)} p
   WHERE ${shopIn(sql`p.shop_id`, narrowScope(scope, f.shopId))} GROUP BY shop_id, warehouse_id`;

const coverExpr = sql`CASE WHEN x.units30 > 0 THEN round(x.fulfillable * ${W}::numeric / x.units30, 1) END`;

/**
 * The current positions with their units of the cover window and their cover, filtered; ordered by the caller.
 * `units: false`: units30 left null, for a caller that fills it from the kept sales windows (sales-windows.ts).
 */
export function positionsQuery(scope: ShopScope, f: PositionFilter, opts: { units?: boolean } = {}): SQL {
  const stock =
    f.stock === 'out'
      ? sql`AND x.fulfillable = 0`
      : f.stock === 'low'
        ? sql`AND (x.fulfillable = 0 OR (x.units30 > 0 AND x.fulfillable * ${W}::numeric / x.units30 < ${f.coverDays}))`
        : sql``;
  const order = orderBy(
    f.sortField,
    f.sortOrder,
    {
      sku: sql`x.sku`,
      shopName: sql`x.shop_name`,
      fulfillable: sql`x.fulfillable`,
      reserved: sql`x.reserved`,
      inbound: sql`(x.inbound_working + x.inbound_shipped + x.inbound_receiving)`,
      unfulfillable: sql`x.unfulfillable`,
      units30: sql`x.units30`,
      daysOfCover: coverExpr,
    },
    sql`x.sku, x.shop_id, x.warehouse_id`,
  );
  return sql`
    SELECT x.*, ${coverExpr} AS days_of_cover FROM (
      SELECT p.shop_id, s.name AS shop_name, s.market_id, p.warehouse_id, w.code AS warehouse_code, w.kind AS warehouse_kind,
             p.listing_id, p.sku, p.asin, p.fnsku, lp.model, lp.product_name, lp.product_name_en, to_char(p.day, 'YYYY-MM-DD') AS day,
             lp.product_line_id, lp.line_parent_id, p.fulfillable, p.reserved, p.inbound_working, p.inbound_shipped, p.inbound_receiving, p.unfulfillable, p.researching,
             ${
               opts.units === false
                 ? sql`NULL::int`
                 : sql`coalesce((SELECT sum(u.units) FROM ${dailyUnits} u
                        WHERE u.listing_id = p.listing_id AND u.day > p.day - ${W}::int AND u.day <= p.day), 0)::int`
             } AS units30
        FROM (${latest('inventory_positions', scope, f)}) l
        JOIN inventory_positions p ON p.shop_id = l.shop_id AND p.warehouse_id = l.warehouse_id AND p.day = l.day
        JOIN ${shopDirectory} s ON s.id = p.shop_id
        JOIN inventory_warehouses w ON w.id = p.warehouse_id
        LEFT JOIN ${listingProducts} lp ON lp.id = p.listing_id
       WHERE ${boardWhere(scope, f)}
    ) x
    WHERE true ${stock}
    ORDER BY ${order}`;
}

export interface AgeFilter extends BoardFilter {
  agedOnly?: 'true' | 'false' | undefined;
  sortField: string;
  sortOrder: SortOrder;
}

const agedShareExpr = sql`CASE WHEN x.total > 0 THEN round((x.age_181_270 + x.age_271_365 + x.age_365_plus)::numeric / x.total, 4) ELSE 0 END`;

/** The current age buckets, filtered, without ORDER BY. */
function agesBase(scope: ShopScope, f: AgeFilter): SQL {
  return sql`
    SELECT x.*, ${agedShareExpr} AS aged_share FROM (
      SELECT p.shop_id, s.name AS shop_name, s.market_id, p.warehouse_id, w.code AS warehouse_code, w.kind AS warehouse_kind,
             p.listing_id, p.sku, p.asin, p.fnsku, lp.model, lp.product_name, lp.product_name_en, to_char(p.day, 'YYYY-MM-DD') AS day,
             lp.product_line_id, lp.line_parent_id, p.age_0_90, p.age_91_180, p.age_181_270, p.age_271_365, p.age_365_plus,
             p.age_0_90 + p.age_91_180 + p.age_181_270 + p.age_271_365 + p.age_365_plus AS total
        FROM (${latest('inventory_ages', scope, f)}) l
        JOIN inventory_ages p ON p.shop_id = l.shop_id AND p.warehouse_id = l.warehouse_id AND p.day = l.day
        JOIN ${shopDirectory} s ON s.id = p.shop_id
        JOIN inventory_warehouses w ON w.id = p.warehouse_id
        LEFT JOIN ${listingProducts} lp ON lp.id = p.listing_id
       WHERE ${boardWhere(scope, f)}
    ) x
    WHERE ${f.agedOnly === 'true' ? sql`x.age_181_270 + x.age_271_365 + x.age_365_plus > 0` : sql`true`}`;
}

export function agesQuery(scope: ShopScope, f: AgeFilter): SQL {
  const order = orderBy(
    f.sortField,
    f.sortOrder,
    {
      sku: sql`x.sku`,
      shopName: sql`x.shop_name`,
      total: sql`x.total`,
      agedShare: sql`x.aged_share`,
      age0To90: sql`x.age_0_90`,
      age91To180: sql`x.age_91_180`,
      age181To270: sql`x.age_181_270`,
      age271To365: sql`x.age_271_365`,
      age365Plus: sql`x.age_365_plus`,
    },
    sql`x.sku, x.shop_id, x.warehouse_id`,
  );
  return sql`SELECT x.* FROM (${agesBase(scope, f)}) x ORDER BY ${order}`;
}

/** One SKU × warehouse of a shop: the last HISTORY_DAYS days up to its latest position, stock and units sold. */
export async function skuHistory(db: DbOrTx, scope: ShopScope, shopId: number, warehouseId: number, sku: string) {
  const res = await db.execute<{ day: string; fulfillable: number | null; inbound: number | null; units: number }>(sql`
    WITH last AS (
      SELECT max(day) AS day, max(listing_id) AS listing_id FROM inventory_positions p
       WHERE ${shopIn(sql`p.shop_id`, narrowScope(scope, shopId))} AND p.warehouse_id = ${warehouseId} AND p.sku = ${sku}
    ), days AS (
      SELECT d::date AS day FROM last, generate_series(last.day - ${HISTORY_DAYS - 1}::int, last.day, interval '1 day') d
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, p.fulfillable,
           p.inbound_working + p.inbound_shipped + p.inbound_receiving AS inbound,
           coalesce((SELECT sum(u.units) FROM ${dailyUnits} u, last WHERE u.listing_id = last.listing_id AND u.day = d.day), 0)::int AS units
      FROM days d
      LEFT JOIN inventory_positions p ON p.shop_id = ${shopId} AND p.warehouse_id = ${warehouseId} AND p.sku = ${sku} AND p.day = d.day
     ORDER BY d.day`);
  return res.rows;
}
