/**
 * The inputs of the replenishment advice, one row per listing × its marketplace's FBA warehouse
 * (the latest position of the shop), within the caller's ShopScope: stock, our shipments on the
 * way, units of the last 30 days and their variability, the stored forecast (forecasts' published
 * read), the lead time and EOL label of the forecast settings, the product's lifecycle, and the
 * units per carton of the SKU's last plan line. The advice itself is computed from these by the
 * contract's `planReplenishment` (replenish.service.ts). And the slow-moving stock of /dullBoard.
 */
import { COVER_WINDOW_DAYS } from '@bo/contract/inventory/inventory';
import { AGED_FEE_PER_CUFT, MM3_PER_CUFT, VARIABILITY_WINDOW_DAYS } from '@bo/contract/inventory/replenish';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { orderBy, type SortOrder } from '../../db/sql';
import { catalogModels, listingProducts, modelPackageVolumes } from '../catalog/catalog.reads';
import { listingForecasts, listingLabels, listingLeadTimes, shopLeadTimes } from '../forecasts/forecasts.reads';
import { dailyUnits } from '../sales/sales.reads';
import type { ShopScope } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';
import { type BoardFilter, boardWhere, latest } from './inventory.repository';
import { removalsInProcess } from './removals.repository';
import { fillWindowStats } from './sales-windows';

export type Raw = Record<string, unknown>;

const W = COVER_WINDOW_DAYS;
const V = VARIABILITY_WINDOW_DAYS;

/** The latest FBA position of each listing of the scope (p), its shop (s), warehouse (w) and listing with product (lp). */
const fbaListings = (scope: ShopScope, f: BoardFilter) => sql`(${latest('inventory_positions', scope, f)}) lt
      JOIN inventory_positions p ON p.shop_id = lt.shop_id AND p.warehouse_id = lt.warehouse_id AND p.day = lt.day
      JOIN inventory_warehouses w ON w.id = p.warehouse_id AND w.kind = 'fba'
      JOIN ${shopDirectory} s ON s.id = p.shop_id
      JOIN ${listingProducts} lp ON lp.id = p.listing_id`;

/** Every advice input of the filtered listings, in a stable order (the service sorts by the computed figures). */
export function adviceInputsQuery(
  scope: ShopScope,
  f: BoardFilter & { listingId?: number | undefined },
  opts: { units?: boolean } = {},
): SQL {
  const units = opts.units !== false;
  return sql`
    SELECT p.shop_id, s.name AS shop_name, s.market_id, p.warehouse_id, w.code AS warehouse_code, w.kind AS warehouse_kind,
           p.listing_id, p.sku, p.asin, p.fnsku, lp.model, lp.product_name, lp.product_name_en, to_char(p.day, 'YYYY-MM-DD') AS day,
           lp.product_line_id, lp.line_parent_id, p.fulfillable, greatest(0, p.reserved - coalesce(rm.units, 0)) AS reserved, p.inbound_working, p.inbound_shipped, p.inbound_receiving,
           (cm.lifecycle = 2 OR coalesce(lb.type = 'eol', false)) AS eol,
           ${units ? sql`coalesce(u.units30, 0)::int AS units30, coalesce(u.sum56, 0)::float8 AS sum56, coalesce(u.sq56, 0)::float8 AS sq56,` : sql``}
           fc.daily, (fc.origin - p.day)::int AS origin_offset,
           coalesce(llt.lead_time_days, slt.lead_time_days, glt.lead_time_days) AS prep_days,
           (SELECT l.units_per_carton FROM shipment_plan_lines l JOIN shipment_plans sp ON sp.id = l.plan_id
             WHERE l.listing_id = p.listing_id ORDER BY sp.created_at DESC, l.id DESC LIMIT 1) AS last_units_per_carton,
           (SELECT json_agg(json_build_object('inDays', sh.eta - p.day, 'units', l.shipped - l.received, 'eta', to_char(sh.eta, 'YYYY-MM-DD')))
              FROM shipment_plan_lines l JOIN shipment_plans sp ON sp.id = l.plan_id JOIN shipments sh ON sh.plan_id = sp.id
             WHERE l.listing_id = p.listing_id AND sp.shop_id = p.shop_id AND sp.warehouse_id = p.warehouse_id
               AND sp.state IN ('shipped', 'received') AND l.shipped > l.received) AS on_way
      FROM ${fbaListings(scope, f)}
      LEFT JOIN ${catalogModels} cm ON cm.id = lp.product_id
      LEFT JOIN ${listingForecasts} fc ON fc.listing_id = p.listing_id
      LEFT JOIN ${listingLeadTimes} llt ON llt.listing_id = p.listing_id
      LEFT JOIN ${shopLeadTimes} slt ON slt.shop_id = p.shop_id
      LEFT JOIN ${shopLeadTimes} glt ON glt.shop_id = 0
      LEFT JOIN ${listingLabels} lb ON lb.listing_id = p.listing_id
      -- Units of a removal in process sit in reserved until they leave: not stock to sell (docs/inventory.md "Removal orders").
      LEFT JOIN ${removalsInProcess} rm ON rm.shop_id = p.shop_id AND rm.sku = p.sku
      ${
        units
          ? sql`LEFT JOIN LATERAL (
        SELECT sum(d.units) FILTER (WHERE d.day > p.day - ${W}::int) AS units30,
               sum(d.units) AS sum56, sum(d.units::float8 * d.units) AS sq56
          FROM ${dailyUnits} d WHERE d.listing_id = p.listing_id AND d.day > p.day - ${V}::int AND d.day <= p.day
      ) u ON true`
          : sql``
      }
     WHERE ${boardWhere(scope, f)} ${f.listingId === undefined ? sql`` : sql`AND p.listing_id = ${f.listingId}`}
     ORDER BY p.sku, p.shop_id`;
}

export async function adviceInputs(db: DbOrTx, scope: ShopScope, f: BoardFilter & { listingId?: number | undefined }) {
  return (await db.execute<Raw>(adviceInputsQuery(scope, f))).rows;
}

/**
 * Every advice input of the scope, unfiltered, with the units of the sales windows kept per process
 * (sales-windows.ts) instead of read per listing: for the kept advice and shipment forecast (the pool only).
 */
export async function allAdviceInputs(db: Db, scope: ShopScope): Promise<Raw[]> {
  const rows = (await db.execute<Raw>(adviceInputsQuery(scope, {}, { units: false }))).rows;
  await fillWindowStats(db, rows);
  return rows;
}

export interface DullFilter extends BoardFilter {
  /** null: every FBA position with stock on hand (the kept rows, filtered by cover in memory). */
  coverDays: number | null;
  sortField: string;
  sortOrder: SortOrder;
}

const dullCover = sql`CASE WHEN x.daily_demand > 0 THEN round((x.on_hand / x.daily_demand)::numeric, 1) END`;
const agedFeeSql = sql`CASE WHEN x.package_mm3 IS NOT NULL THEN round(((x.age_181_270 * ${AGED_FEE_PER_CUFT.age181To270}::float8
  + x.age_271_365 * ${AGED_FEE_PER_CUFT.age271To365}::float8 + x.age_365_plus * ${AGED_FEE_PER_CUFT.age365Plus}::float8)
  * x.package_mm3 / ${MM3_PER_CUFT}::float8)::numeric, 2) END`;

/** /dullBoard: FBA positions with stock on hand whose on-hand stock covers more than `coverDays` (or meets no demand) or that hold units aged over 180 days. */
export function dullQuery(scope: ShopScope, f: DullFilter): SQL {
  const order = orderBy(
    f.sortField,
    f.sortOrder,
    {
      daysOfCover: dullCover,
      aged: sql`(x.age_181_270 + x.age_271_365 + x.age_365_plus)`,
      agedFee: agedFeeSql,
      onHand: sql`x.on_hand`,
      sku: sql`x.sku`,
      shopName: sql`x.shop_name`,
    },
    sql`x.sku, x.shop_id`,
  );
  return sql`
    SELECT x.*, ${dullCover} AS days_of_cover, ${agedFeeSql} AS aged_fee FROM (
      SELECT p.shop_id, s.name AS shop_name, s.market_id, p.warehouse_id, w.code AS warehouse_code, w.kind AS warehouse_kind,
             p.listing_id, p.sku, p.asin, p.fnsku, lp.model, lp.product_name, lp.product_name_en, to_char(p.day, 'YYYY-MM-DD') AS day,
             lp.product_line_id, lp.line_parent_id, p.fulfillable + p.reserved AS on_hand,
             coalesce(fc.next30 / 30.0, (SELECT sum(d.units) FROM ${dailyUnits} d
                WHERE d.listing_id = p.listing_id AND d.day > p.day - ${W}::int AND d.day <= p.day) / ${W}::float8, 0)::float8 AS daily_demand,
             fc.next30 IS NOT NULL AS has_forecast,
             coalesce(a.age_181_270, 0) AS age_181_270, coalesce(a.age_271_365, 0) AS age_271_365, coalesce(a.age_365_plus, 0) AS age_365_plus,
             mv.package_mm3::float8 AS package_mm3
        FROM ${fbaListings(scope, f)}
        LEFT JOIN ${modelPackageVolumes} mv ON mv.product_id = lp.product_id
        LEFT JOIN ${listingForecasts} fc ON fc.listing_id = p.listing_id
        LEFT JOIN LATERAL (
          SELECT ag.age_181_270, ag.age_271_365, ag.age_365_plus FROM inventory_ages ag
           WHERE ag.shop_id = p.shop_id AND ag.warehouse_id = p.warehouse_id AND ag.sku = p.sku ORDER BY ag.day DESC LIMIT 1
        ) a ON true
       WHERE ${boardWhere(scope, f)}
    ) x
    WHERE x.on_hand > 0 ${
      f.coverDays === null
        ? sql``
        : sql`AND (x.age_181_270 + x.age_271_365 + x.age_365_plus > 0
       OR x.daily_demand = 0 OR x.on_hand / x.daily_demand > ${f.coverDays}::int)`
    }
    ORDER BY ${order}`;
}
