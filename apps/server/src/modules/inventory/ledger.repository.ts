/**
 * The Inventory Ledger's queries, each within the caller's ShopScope: one SKU's days (ledger and
 * snapshot side by side) and the differences list. The ledger is summed over locations per
 * shop × warehouse × day × SKU; its balance and lost / found / damaged units are the SELLABLE
 * disposition's (the other dispositions are units already out of the sellable stock).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderBy, type SortOrder } from '../../db/sql';
import { listingProducts } from '../catalog/catalog.reads';
import { dailyUnits } from '../sales/sales.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';
import { type BoardFilter, boardWhere } from './inventory.repository';

const SELLABLE = sql`disposition = 'SELLABLE'`;

/** The ledger per shop × warehouse × day × SKU (g), within the scope and the extra condition. */
const ledgerByDay = (scope: ShopScope, shopId: number | undefined, where: SQL) => sql`
  SELECT g.shop_id, g.warehouse_id, g.day, g.sku, max(g.listing_id) AS listing_id, max(g.asin) AS asin, max(g.fnsku) AS fnsku,
         CASE WHEN bool_or(g.view = 'detailed') THEN 'detailed' ELSE 'summary' END AS view,
         CASE WHEN bool_and(g.starting_balance IS NOT NULL) FILTER (WHERE ${SELLABLE})
              THEN coalesce(sum(g.starting_balance) FILTER (WHERE ${SELLABLE}), 0) END AS starting_balance,
         CASE WHEN bool_and(g.ending_balance IS NOT NULL) FILTER (WHERE ${SELLABLE})
              THEN coalesce(sum(g.ending_balance) FILTER (WHERE ${SELLABLE}), 0) END AS ending_balance,
         CASE WHEN bool_and(g.ending_balance IS NOT NULL) FILTER (WHERE NOT ${SELLABLE})
              THEN sum(g.ending_balance) FILTER (WHERE NOT ${SELLABLE}) END AS unsellable_ending,
         coalesce(sum(g.in_transit) FILTER (WHERE ${SELLABLE}), 0)::int AS in_transit,
         coalesce(sum(g.receipts) FILTER (WHERE ${SELLABLE}), 0)::int AS receipts,
         coalesce(sum(g.customer_shipments) FILTER (WHERE ${SELLABLE}), 0)::int AS customer_shipments,
         coalesce(sum(g.customer_returns) FILTER (WHERE ${SELLABLE}), 0)::int AS customer_returns,
         coalesce(sum(g.vendor_returns) FILTER (WHERE ${SELLABLE}), 0)::int AS vendor_returns,
         coalesce(sum(g.transfers) FILTER (WHERE ${SELLABLE}), 0)::int AS transfers,
         coalesce(sum(g.found) FILTER (WHERE ${SELLABLE}), 0)::int AS found,
         coalesce(sum(g.lost) FILTER (WHERE ${SELLABLE}), 0)::int AS lost,
         coalesce(sum(g.damaged) FILTER (WHERE ${SELLABLE}), 0)::int AS damaged,
         coalesce(sum(g.disposed) FILTER (WHERE ${SELLABLE}), 0)::int AS disposed,
         coalesce(sum(g.other_events) FILTER (WHERE ${SELLABLE}), 0)::int AS other_events,
         coalesce(sum(g.unknown_events) FILTER (WHERE ${SELLABLE}), 0)::int AS unknown_events
    FROM inventory_ledger g
   WHERE ${shopIn(sql`g.shop_id`, narrowScope(scope, shopId))} AND ${where}
   GROUP BY g.shop_id, g.warehouse_id, g.day, g.sku`;

export interface DetailKey {
  shopId: number;
  warehouseId: number;
  sku: string;
}

/** The FBA warehouse of a shop's marketplace, when the shop is in the scope. */
export async function fbaWarehouseOfShop(db: DbOrTx, scope: ShopScope, shopId: number): Promise<number | null> {
  const [row] = (
    await db.execute<{ id: number }>(sql`
      SELECT w.id FROM ${shopDirectory} s JOIN inventory_warehouses w ON w.market_id = s.market_id AND w.kind = 'fba'
       WHERE s.id = ${shopId} AND ${shopIn(sql`s.id`, scope)}`)
  ).rows;
  return row ? Number(row.id) : null;
}

/** The SKU's latest day (snapshot or ledger) and what it names; none outside the scope. */
export async function detailHead(db: DbOrTx, scope: ShopScope, k: DetailKey) {
  const res = await db.execute<Record<string, unknown>>(sql`
    WITH x AS (
      SELECT p.day, p.listing_id, p.asin, p.fnsku FROM inventory_positions p
       WHERE ${shopIn(sql`p.shop_id`, narrowScope(scope, k.shopId))} AND p.warehouse_id = ${k.warehouseId} AND p.sku = ${k.sku}
      UNION ALL
      SELECT g.day, g.listing_id, g.asin, g.fnsku FROM inventory_ledger g
       WHERE ${shopIn(sql`g.shop_id`, narrowScope(scope, k.shopId))} AND g.warehouse_id = ${k.warehouseId} AND g.sku = ${k.sku}
    ), last AS (SELECT * FROM x ORDER BY day DESC, listing_id NULLS LAST LIMIT 1)
    SELECT s.id AS shop_id, s.name AS shop_name, s.market_id, w.id AS warehouse_id, w.code AS warehouse_code, w.kind AS warehouse_kind,
           last.listing_id, ${k.sku}::text AS sku, last.asin, last.fnsku, lp.model, lp.product_name, lp.product_name_en,
           to_char(last.day, 'YYYY-MM-DD') AS day
      FROM last
      JOIN ${shopDirectory} s ON s.id = ${k.shopId}
      JOIN inventory_warehouses w ON w.id = ${k.warehouseId}
      LEFT JOIN ${listingProducts} lp ON lp.id = last.listing_id`);
  return res.rows[0];
}

/** Every day of the span: the snapshot, the ledger (summed) and the units sold. */
export async function detailDays(db: DbOrTx, scope: ShopScope, k: DetailKey, from: string, to: string, listingId: number | null) {
  const res = await db.execute<Record<string, unknown>>(sql`
    WITH days AS (SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') d),
    lg AS (${ledgerByDay(scope, k.shopId, sql`g.warehouse_id = ${k.warehouseId} AND g.sku = ${k.sku} AND g.day BETWEEN ${from}::date AND ${to}::date`)})
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, p.fulfillable, p.reserved, p.unfulfillable,
           p.inbound_working + p.inbound_shipped + p.inbound_receiving AS inbound,
           coalesce((SELECT sum(u.units) FROM ${dailyUnits} u WHERE u.listing_id = ${listingId} AND u.day = d.day), 0)::int AS units_sold,
           lg.shop_id IS NOT NULL AS has_ledger, lg.view, lg.starting_balance, lg.ending_balance, lg.unsellable_ending, lg.in_transit,
           lg.receipts, lg.customer_shipments, lg.customer_returns, lg.vendor_returns, lg.transfers, lg.found, lg.lost, lg.damaged,
           lg.disposed, lg.other_events, lg.unknown_events
      FROM days d
      LEFT JOIN inventory_positions p
        ON ${shopIn(sql`p.shop_id`, narrowScope(scope, k.shopId))} AND p.warehouse_id = ${k.warehouseId} AND p.sku = ${k.sku} AND p.day = d.day
      LEFT JOIN lg ON lg.day = d.day
     ORDER BY d.day`);
  return res.rows;
}

export interface DifferenceFilter extends BoardFilter {
  from?: string | undefined;
  to?: string | undefined;
  type?: 'balance' | 'lost' | 'damaged' | undefined;
  sortField: string;
  sortOrder: SortOrder;
}

const stakeExpr = sql`(greatest(0, x.lost_units - x.found_units) + x.damaged_units + greatest(0, -coalesce(x.difference, 0)))`;

/** The differences: a day whose ledger balance and snapshot disagree, or with lost or damaged units; ordered. */
export function differencesQuery(scope: ShopScope, f: DifferenceFilter): SQL {
  const span = sql.join(
    [sql`true`, ...(f.from ? [sql`g.day >= ${f.from}::date`] : []), ...(f.to ? [sql`g.day <= ${f.to}::date`] : [])],
    sql` AND `,
  );
  const type =
    f.type === 'balance'
      ? sql`x.difference <> 0`
      : f.type === 'lost'
        ? sql`x.lost_units > 0`
        : f.type === 'damaged'
          ? sql`x.damaged_units > 0`
          : sql`(x.difference <> 0 OR x.lost_units > 0 OR x.damaged_units > 0)`;
  const order = orderBy(
    f.sortField,
    f.sortOrder,
    {
      day: sql`x.day`,
      sku: sql`x.sku`,
      shopName: sql`x.shop_name`,
      difference: sql`x.difference`,
      lost: sql`x.lost_units`,
      damaged: sql`x.damaged_units`,
      unitsAtStake: stakeExpr,
      amount: sql`${stakeExpr} * x.unit_price`,
    },
    sql`x.day DESC, x.sku, x.shop_id, x.warehouse_id`,
  );
  return sql`
    SELECT x.*, ${stakeExpr} AS units_at_stake, round(${stakeExpr} * x.unit_price, 2) AS amount FROM (
      SELECT p.shop_id, s.name AS shop_name, s.market_id, p.warehouse_id, w.code AS warehouse_code, w.kind AS warehouse_kind,
             p.listing_id, p.sku, p.asin, p.fnsku, lp.model, lp.product_name, lp.product_name_en, to_char(p.day, 'YYYY-MM-DD') AS day,
             p.ending_balance AS ledger_ending, pos.fulfillable, pos.reserved, pos.fulfillable + pos.reserved AS on_hand,
             pos.fulfillable + pos.reserved - p.ending_balance AS difference,
             -least(p.lost, 0) AS lost_units, greatest(p.found, 0) AS found_units, -least(p.damaged, 0) AS damaged_units,
             lp.price AS unit_price, lp.currency
        FROM (${ledgerByDay(scope, f.shopId, span)}) p
        JOIN ${shopDirectory} s ON s.id = p.shop_id
        JOIN inventory_warehouses w ON w.id = p.warehouse_id
        LEFT JOIN ${listingProducts} lp ON lp.id = p.listing_id
        LEFT JOIN inventory_positions pos ON pos.shop_id = p.shop_id AND pos.warehouse_id = p.warehouse_id AND pos.day = p.day AND pos.sku = p.sku
       WHERE ${boardWhere(scope, f)}
    ) x
    WHERE ${type}
    ORDER BY ${order}`;
}
