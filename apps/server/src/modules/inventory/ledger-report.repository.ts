/**
 * The monthly inventory report's queries (/inventoryReport), within the caller's ShopScope: the
 * Inventory Ledger's SELLABLE rows summed per shop × warehouse × SKU × day (over locations), then per
 * month, with the opening and closing balances carried across months. The rule (docs/decisions.md
 * "Inventory report: opening and closing balances"):
 * - reported opening = the month's first reported starting balance less the movements of the
 *   month's days before it; reported closing = the month's last reported ending balance plus the
 *   movements of the days after it;
 * - opening = the reported opening, else the previous month's closing (as computed);
 * - closing = the reported closing, else opening + the month's net movements;
 * - difference = reported closing − (reported opening + net), only when both are reported.
 * Carrying is a running sum with resets: each month that reports a balance sets a base (reported
 * balance − the cumulative net up to that point), and a month's closing is the latest base plus the
 * cumulative net up to its end; so months without any balance follow the last one that had one.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderBy, type SortOrder } from '../../db/sql';
import { listingProducts } from '../catalog/catalog.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';
import { type BoardFilter, boardWhere } from './inventory.repository';

export interface ReportFilter extends BoardFilter {
  fromMonth: string;
  toMonth: string;
}

export interface ReportListFilter extends ReportFilter {
  sortField: string;
  sortOrder: SortOrder;
}

/** Movement columns of the ledger in the report (other = other events + unknown events). */
const MOVEMENTS = {
  receipts: sql`g.receipts`,
  customer_shipments: sql`g.customer_shipments`,
  customer_returns: sql`g.customer_returns`,
  vendor_returns: sql`g.vendor_returns`,
  transfers: sql`g.transfers`,
  found: sql`g.found`,
  lost: sql`g.lost`,
  damaged: sql`g.damaged`,
  disposed: sql`g.disposed`,
  other: sql`g.other_events + g.unknown_events`,
} as const;
export const REPORT_MOVEMENT_COLUMNS = Object.keys(MOVEMENTS) as (keyof typeof MOVEMENTS)[];

const col = (name: string) => sql.identifier(name);
const daySums = sql.join(
  Object.entries(MOVEMENTS).map(([k, e]) => sql`sum(${e})::int AS ${col(k)}`),
  sql`, `,
);
const netExpr = sql.join(
  Object.values(MOVEMENTS).map((e) => sql`${e}`),
  sql` + `,
);
const monthSums = sql.join(
  REPORT_MOVEMENT_COLUMNS.map((k) => sql`sum(d.${col(k)})::int AS ${col(k)}`),
  sql`, `,
);

/** First day of the month after `month` (yyyy-MM). */
const monthEnd = (month: string) => sql`(${`${month}-01`}::date + interval '1 month')::date`;

/**
 * The report's rows (p: one SKU × warehouse × month with shop, warehouse and listing), every month up
 * to `toMonth` computed so that the first month shown carries what came before it, then the filters
 * and the month range applied. Without ORDER BY.
 */
export function reportRows(scope: ShopScope, f: BoardFilter & { fromMonth?: string; toMonth?: string }): SQL {
  const upTo = f.toMonth ? sql`AND g.day < ${monthEnd(f.toMonth)}` : sql``;
  const range = sql.join(
    [
      sql`true`,
      ...(f.fromMonth ? [sql`p.month >= ${`${f.fromMonth}-01`}::date`] : []),
      ...(f.toMonth ? [sql`p.month <= ${`${f.toMonth}-01`}::date`] : []),
    ],
    sql` AND `,
  );
  const w = sql`PARTITION BY shop_id, warehouse_id, sku ORDER BY month`;
  return sql`
    WITH d0 AS (
      SELECT g.shop_id, g.warehouse_id, g.sku, g.day, date_trunc('month', g.day)::date AS month,
             max(g.listing_id) AS listing_id, max(g.asin) AS asin, max(g.fnsku) AS fnsku,
             CASE WHEN bool_and(g.starting_balance IS NOT NULL) THEN sum(g.starting_balance) END AS sb,
             CASE WHEN bool_and(g.ending_balance IS NOT NULL) THEN sum(g.ending_balance) END AS eb,
             ${daySums}, sum(${netExpr})::int AS net
        FROM inventory_ledger g
       WHERE ${shopIn(sql`g.shop_id`, narrowScope(scope, f.shopId))} AND g.disposition = 'SELLABLE' ${upTo}
       GROUP BY g.shop_id, g.warehouse_id, g.sku, g.day
    ), d AS (
      SELECT d0.*,
             min(day) FILTER (WHERE sb IS NOT NULL) OVER (PARTITION BY shop_id, warehouse_id, sku, month) AS first_sb_day,
             max(day) FILTER (WHERE eb IS NOT NULL) OVER (PARTITION BY shop_id, warehouse_id, sku, month) AS last_eb_day
        FROM d0
    ), m AS (
      SELECT d.shop_id, d.warehouse_id, d.sku, d.month, max(d.day) AS last_day, max(d.listing_id) AS listing_id,
             max(d.asin) AS asin, max(d.fnsku) AS fnsku, ${monthSums}, sum(d.net)::int AS net,
             ((array_agg(d.sb ORDER BY d.day) FILTER (WHERE d.sb IS NOT NULL))[1]
               - coalesce(sum(d.net) FILTER (WHERE d.day < d.first_sb_day), 0))::int AS opening_rep,
             ((array_agg(d.eb ORDER BY d.day DESC) FILTER (WHERE d.eb IS NOT NULL))[1]
               + coalesce(sum(d.net) FILTER (WHERE d.day > d.last_eb_day), 0))::int AS closing_rep
        FROM d
       GROUP BY d.shop_id, d.warehouse_id, d.sku, d.month
    ), c AS (
      SELECT m.*, sum(net) OVER (${w}) AS cum,
             CASE WHEN closing_rep IS NOT NULL THEN closing_rep - sum(net) OVER (${w})
                  WHEN opening_rep IS NOT NULL THEN opening_rep - (sum(net) OVER (${w}) - net) END AS base
        FROM m
    ), c2 AS (
      SELECT c.*, count(base) OVER (${w}) AS grp FROM c
    ), c3 AS (
      SELECT c2.*, (first_value(base) OVER (PARTITION BY shop_id, warehouse_id, sku, grp ORDER BY month) + cum)::int AS closing
        FROM c2
    ), r AS (
      SELECT c3.*, coalesce(opening_rep, lag(closing) OVER (${w}))::int AS opening,
             CASE WHEN opening_rep IS NOT NULL AND closing_rep IS NOT NULL THEN closing_rep - (opening_rep + net) END AS difference
        FROM c3
    )
    SELECT p.shop_id, s.name AS shop_name, s.market_id, p.warehouse_id, w.code AS warehouse_code, w.kind AS warehouse_kind,
           p.listing_id, p.sku, p.asin, p.fnsku, lp.model, lp.product_name, lp.product_name_en,
           to_char(p.last_day, 'YYYY-MM-DD') AS day, to_char(p.month, 'YYYY-MM') AS month, p.month AS month_start,
           p.opening_rep IS NOT NULL AS opening_reported, p.closing_rep IS NOT NULL AS closing_reported,
           p.opening, ${sql.join(
             REPORT_MOVEMENT_COLUMNS.map((k) => sql`p.${col(k)}`),
             sql`, `,
           )}, p.net, p.closing, p.difference
      FROM r p
      JOIN ${shopDirectory} s ON s.id = p.shop_id
      JOIN inventory_warehouses w ON w.id = p.warehouse_id
      LEFT JOIN ${listingProducts} lp ON lp.id = p.listing_id
     WHERE ${boardWhere(scope, f)} AND ${range}`;
}

const SORT_COLUMNS: Record<string, SQL> = {
  month: sql`x.month_start`,
  sku: sql`x.sku`,
  shopName: sql`x.shop_name`,
  opening: sql`x.opening`,
  receipts: sql`x.receipts`,
  customerShipments: sql`x.customer_shipments`,
  customerReturns: sql`x.customer_returns`,
  vendorReturns: sql`x.vendor_returns`,
  transfers: sql`x.transfers`,
  found: sql`x.found`,
  lost: sql`x.lost`,
  damaged: sql`x.damaged`,
  disposed: sql`x.disposed`,
  other: sql`x.other`,
  net: sql`x.net`,
  closing: sql`x.closing`,
  difference: sql`x.difference`,
};

/** The report's rows in the list order. */
export function reportQuery(scope: ShopScope, f: ReportListFilter): SQL {
  const order = orderBy(f.sortField, f.sortOrder, SORT_COLUMNS, sql`x.month_start DESC, x.sku, x.shop_id, x.warehouse_id`);
  return sql`SELECT x.* FROM (${reportRows(scope, f)}) x ORDER BY ${order}`;
}

/** The latest month with ledger data in the filters (yyyy-MM), or null. */
export async function latestMonth(db: DbOrTx, scope: ShopScope, f: BoardFilter & { toMonth?: string }): Promise<string | null> {
  const [row] = (
    await db.execute<{ month: string | null }>(
      sql`SELECT to_char(max(x.month_start), 'YYYY-MM') AS month FROM (${reportRows(scope, f)}) x`,
    )
  ).rows;
  return row?.month ?? null;
}

const totalsSelect = sql`count(*)::int AS rows, sum(x.opening)::int AS opening,
  ${sql.join(
    REPORT_MOVEMENT_COLUMNS.map((k) => sql`coalesce(sum(x.${col(k)}), 0)::int AS ${col(k)}`),
    sql`, `,
  )}, coalesce(sum(x.net), 0)::int AS net, sum(x.closing)::int AS closing, sum(x.difference)::int AS difference`;

/** Every filtered row summed, and summed per month (oldest first). */
export async function reportTotals(db: DbOrTx, scope: ShopScope, f: ReportFilter) {
  const rows = reportRows(scope, f);
  const [totals] = (await db.execute<Record<string, unknown>>(sql`SELECT ${totalsSelect} FROM (${rows}) x`)).rows;
  const months = (
    await db.execute<Record<string, unknown>>(
      sql`SELECT x.month, ${totalsSelect} FROM (${rows}) x GROUP BY x.month ORDER BY x.month`,
    )
  ).rows;
  return { totals: totals ?? {}, months };
}
