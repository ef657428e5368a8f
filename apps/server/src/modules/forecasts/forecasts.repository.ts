/**
 * The forecasts' queries. Sales come through the sales area's published `dailyUnits`, stock-outs
 * through the stock area's `stockOutDays`, listings
 * through the catalogue's `listingProducts`, shop names through `shopDirectory`; every read of
 * forecast rows takes the caller's ShopScope.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, type SortOrder } from '../../db/sql';
import { listingProducts } from '../catalog/catalog.reads';
import { stockOutDays } from '../inventory/stock.reads';
import { dailyUnits } from '../sales/sales.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';
import { notExcludedOn } from './forecast-settings.service';

/**
 * One listing of a line: its days (day numbers) with sales and the units of each, in day order, as
 * comma-separated text (the compute worker splits them: text costs the API's thread no parsing).
 */
export type UnitRow = {
  listing_id: number;
  shop_id: number;
  market_id: number;
  product_line_id: number | null;
  dn: string;
  units: string;
};

/** The first and last day of sales (null without any). */
export async function salesSpan(db: DbOrTx): Promise<{ first: string; last: string } | null> {
  const [r] = (
    await db.execute<{ first: string | null; last: string | null }>(
      sql`SELECT to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last FROM ${dailyUnits} u`,
    )
  ).rows;
  return r?.first && r.last ? { first: r.first, last: r.last } : null;
}

/** The product lines (−1 for listings without one) with sales since `from`. */
export async function linesWithSales(db: DbOrTx, from: string): Promise<number[]> {
  const rows = (
    await db.execute<{ line: number }>(sql`
      SELECT DISTINCT coalesce(lp.product_line_id, -1) AS line
        FROM ${listingProducts} lp
       WHERE EXISTS (SELECT 1 FROM ${dailyUnits} u WHERE u.listing_id = lp.id AND u.day >= ${from}::date)
       ORDER BY 1`)
  ).rows;
  return rows.map((r) => Number(r.line));
}

/** Daily units of a line's listings in [from, to), ordered by listing and day; listings excluded on `to` (the origin) left out. */
export async function lineUnits(db: DbOrTx, line: number, from: string, to: string): Promise<UnitRow[]> {
  const lineFilter = line < 0 ? sql`lp.product_line_id IS NULL` : sql`lp.product_line_id = ${line}`;
  // One row per listing with its days and units as text: a line at the large size is up to a million days, and a
  // row per day (or an int[] the driver parses element by element) cost the API's thread more than the forecasting
  // costs its worker.
  return (
    await db.execute<UnitRow>(sql`
      SELECT u.listing_id, min(lp.shop_id) AS shop_id, min(lp.market_id)::int AS market_id, min(lp.product_line_id) AS product_line_id,
             string_agg((u.day - date '1970-01-01')::text, ',' ORDER BY u.day) AS dn,
             string_agg(u.units::int::text, ',' ORDER BY u.day) AS units
        FROM ${dailyUnits} u JOIN ${listingProducts} lp ON lp.id = u.listing_id
       WHERE ${lineFilter} AND u.day >= ${from}::date AND u.day < ${to}::date AND ${notExcludedOn(sql`u.listing_id`, to)}
       GROUP BY u.listing_id
       ORDER BY u.listing_id`)
  ).rows;
}

/** A day (day number) a listing was out of stock. */
export type StockOutRow = { listing_id: number; dn: number };

/** The days each listing of a line was out of stock (`stockOutDays`) within [from, to). */
export async function lineStockOuts(db: DbOrTx, line: number, from: string, to: string): Promise<StockOutRow[]> {
  const lineFilter = line < 0 ? sql`lp.product_line_id IS NULL` : sql`lp.product_line_id = ${line}`;
  return (
    await db.execute<StockOutRow>(sql`
      SELECT o.listing_id, (o.day - date '1970-01-01')::int AS dn
        FROM ${stockOutDays} o JOIN ${listingProducts} lp ON lp.id = o.listing_id
       WHERE ${lineFilter} AND o.day >= ${from}::date AND o.day < ${to}::date`)
  ).rows;
}

/** One listing's stock-out days within [from, to), as `YYYY-MM-DD`. */
export async function stockOutsOf(db: DbOrTx, listingId: number, from: string, to: string): Promise<string[]> {
  return (
    await db.execute<{ day: string }>(sql`
      SELECT to_char(o.day, 'YYYY-MM-DD') AS day FROM ${stockOutDays} o
       WHERE o.listing_id = ${listingId} AND o.day >= ${from}::date AND o.day < ${to}::date`)
  ).rows.map((r) => r.day);
}

export async function startRun(db: DbOrTx, runId: number, total: number, origin: string) {
  await db.execute(sql`
    UPDATE forecast_runs SET state = 'running', started_at = coalesce(started_at, now()), total = ${total}, done = 0, origin = ${origin}::date
     WHERE id = ${runId}`);
}

export async function lineDone(db: DbOrTx, runId: number) {
  await db.execute(sql`UPDATE forecast_runs SET done = done + 1 WHERE id = ${runId}`);
}

/**
 * Writes one chunk of a line's forecasts, as the compute worker serialised it (`forecastChunks`,
 * forecasts.line.ts: JSON of up to 500 rows), replacing each listing's row.
 */
export async function writeForecastChunk(db: DbOrTx, runId: number, origin: string, monthStart: string, chunk: string) {
  await db.execute(sql`
      INSERT INTO forecast_listings (listing_id, shop_id, market_id, product_line_id, run_id, origin, daily, month_start, months, units30,
                                     next7, next30, next90, method, level, trend, censored_days, bt_actual, bt_abs_error, bt_error,
                                     bt_naive_abs_error, bt_buckets, computed_at)
      SELECT x.listing_id, x.shop_id, x.market_id, x.product_line_id, ${runId}, ${origin}::date, x.daily, ${monthStart}::date, x.months,
             x.units30, x.next7, x.next30, x.next90, x.method, x.level, x.trend, x.censored_days, x.bt_actual, x.bt_abs_error,
             x.bt_error, x.bt_naive_abs_error, x.bt_buckets, now()
        FROM jsonb_to_recordset(${chunk}::jsonb) AS x(
             listing_id int, shop_id int, market_id smallint, product_line_id int, daily real[], months real[], units30 int,
             next7 real, next30 real, next90 real, method text, level real, trend real, censored_days int, bt_actual real,
             bt_abs_error real, bt_error real, bt_naive_abs_error real, bt_buckets jsonb)
      ON CONFLICT (listing_id) DO UPDATE SET
        shop_id = excluded.shop_id, market_id = excluded.market_id, product_line_id = excluded.product_line_id,
        run_id = excluded.run_id, origin = excluded.origin, daily = excluded.daily, month_start = excluded.month_start,
        months = excluded.months, units30 = excluded.units30, next7 = excluded.next7, next30 = excluded.next30,
        next90 = excluded.next90, method = excluded.method, level = excluded.level, trend = excluded.trend,
        censored_days = excluded.censored_days, bt_actual = excluded.bt_actual, bt_abs_error = excluded.bt_abs_error,
        bt_error = excluded.bt_error, bt_naive_abs_error = excluded.bt_naive_abs_error, bt_buckets = excluded.bt_buckets, computed_at = excluded.computed_at,
        -- A run replaces a manual override: the version moves on, so an override read before the run is refused.
        version = forecast_listings.version + 1, overridden_by = NULL, overridden_at = NULL, override_reason = NULL`);
}

/** Forecasts another run wrote are of listings this run no longer forecasts. */
export async function removeOtherRuns(db: DbOrTx, runId: number) {
  await db.execute(sql`DELETE FROM forecast_listings WHERE run_id <> ${runId}`);
}

// ---- runs ----

export async function createRun(db: DbOrTx, requestedBy: number | null): Promise<number> {
  const [r] = (
    await db.execute<{ id: number }>(sql`INSERT INTO forecast_runs (requested_by) VALUES (${requestedBy}) RETURNING id`)
  ).rows;
  return Number(r?.id);
}

export async function finishRun(db: DbOrTx, runId: number, outcome: { listings: number; accuracy: unknown } | { error: string }) {
  if ('error' in outcome)
    await db.execute(
      sql`UPDATE forecast_runs SET state = 'failed', finished_at = now(), error = ${outcome.error.slice(0, 500)} WHERE id = ${runId}`,
    );
  else
    await db.execute(sql`
      UPDATE forecast_runs SET state = 'done', finished_at = now(), listings = ${outcome.listings},
             accuracy = ${JSON.stringify(outcome.accuracy)}::jsonb, error = NULL
       WHERE id = ${runId}`);
}

const runColumns = sql`
  r.id, r.state, r.requested_at, r.started_at, r.finished_at, r.total, r.done, r.listings, to_char(r.origin, 'YYYY-MM-DD') AS origin,
  r.accuracy, r.error, ud.user_name AS requested_by`;

/** Runs newest first, with the requester's name. */
export function runsQuery(
  filter: { id?: number | undefined; state?: string | undefined; unfinished?: boolean },
  userDirectory: SQL,
): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.id !== undefined) parts.push(sql`r.id = ${filter.id}`);
  if (filter.state) parts.push(sql`r.state = ${filter.state}`);
  if (filter.unfinished) parts.push(sql`r.state IN ('queued', 'running')`);
  return sql`
    SELECT ${runColumns} FROM forecast_runs r LEFT JOIN ${userDirectory} ud ON ud.id = r.requested_by
     WHERE ${sql.join(parts, sql` AND `)} ORDER BY r.id DESC`;
}

// ---- forecast reads ----

export interface ForecastFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
  productLineId?: number | undefined;
  keyword?: string | undefined;
  method?: string | undefined;
}

function where(scope: ShopScope, f: ForecastFilter): SQL {
  const parts: SQL[] = [shopIn(sql`fl.shop_id`, narrowScope(scope, f.shopId))];
  if (f.marketId !== undefined) parts.push(sql`fl.market_id = ${f.marketId}`);
  if (f.productLineId !== undefined)
    parts.push(sql`(lp.product_line_id = ${f.productLineId} OR lp.line_parent_id = ${f.productLineId})`);
  if (f.method) parts.push(sql`fl.method = ${f.method}`);
  const like = likeContains(f.keyword);
  if (like)
    parts.push(sql`(lp.sku ILIKE ${like} OR lp.asin ILIKE ${like} OR lp.model ILIKE ${like}
                    OR lp.product_name ILIKE ${like} OR lp.product_name_en ILIKE ${like})`);
  return sql.join(parts, sql` AND `);
}

const wapeExpr = sql`CASE WHEN fl.bt_actual > 0 THEN fl.bt_abs_error / fl.bt_actual END`;

/** The forecast rows with their listing, filtered and ordered. */
export function forecastsQuery(scope: ShopScope, f: ForecastFilter & { sortField: string; sortOrder: SortOrder }): SQL {
  const order = orderBy(
    f.sortField,
    f.sortOrder,
    {
      sku: sql`lp.sku`,
      shopName: sql`s.name`,
      units30: sql`fl.units30`,
      next7: sql`fl.next7`,
      next30: sql`fl.next30`,
      next90: sql`fl.next90`,
      wape: wapeExpr,
    },
    sql`lp.sku, fl.listing_id`,
  );
  return sql`
    SELECT fl.listing_id, fl.shop_id, s.name AS shop_name, fl.market_id, lp.sku, lp.asin, lp.model, lp.product_name, lp.product_name_en,
           to_char(fl.origin, 'YYYY-MM-DD') AS origin, fl.units30, fl.next7, fl.next30, fl.next90, fl.method, fl.censored_days,
           fl.bt_actual, fl.bt_abs_error, fl.bt_error, fl.bt_naive_abs_error, fl.computed_at, fl.daily,
           lb.type AS label_type, lb.value AS label_value
      FROM forecast_listings fl
      LEFT JOIN forecast_labels lb ON lb.listing_id = fl.listing_id
      JOIN ${listingProducts} lp ON lp.id = fl.listing_id
      JOIN ${shopDirectory} s ON s.id = fl.shop_id
     WHERE ${where(scope, f)}
     ORDER BY ${order}`;
}

/** One listing's stored forecast and SKU, within the scope. */
export async function forecastOf(db: DbOrTx, scope: ShopScope, listingId: number) {
  return (
    await db.execute<{ listing_id: number; sku: string; origin: string | null; daily: number[] | null; shop_id: number }>(sql`
      SELECT lp.id AS listing_id, lp.sku, lp.shop_id, to_char(fl.origin, 'YYYY-MM-DD') AS origin, fl.daily
        FROM ${listingProducts} lp LEFT JOIN forecast_listings fl ON fl.listing_id = lp.id
       WHERE lp.id = ${listingId} AND ${shopIn(sql`lp.shop_id`, scope)}`)
  ).rows[0];
}

/** Units per day of one listing in [from, to). */
export async function unitsOf(db: DbOrTx, listingId: number, from: string, to: string) {
  return (
    await db.execute<{ day: string; units: number }>(sql`
      SELECT to_char(u.day, 'YYYY-MM-DD') AS day, u.units FROM ${dailyUnits} u
       WHERE u.listing_id = ${listingId} AND u.day >= ${from}::date AND u.day < ${to}::date ORDER BY u.day`)
  ).rows;
}

/** Sums per month of the stored forecasts, per marketplace, and the backtest's sums. */
export async function forecastSums(db: DbOrTx, scope: ShopScope, f: ForecastFilter) {
  const from = sql`FROM forecast_listings fl JOIN ${listingProducts} lp ON lp.id = fl.listing_id`;
  const base = sql`${from} WHERE ${where(scope, f)}`;
  const months = (
    await db.execute<{ month: string; units: number }>(sql`
      SELECT to_char(fl.month_start + make_interval(months => (t.i - 1)::int), 'YYYY-MM') AS month, sum(t.m)::float8 AS units
        ${from} CROSS JOIN LATERAL unnest(fl.months) WITH ORDINALITY AS t(m, i)
       WHERE ${where(scope, f)}
       GROUP BY 1 ORDER BY 1`)
  ).rows;
  const markets = (
    await db.execute<{ market_id: number; listings: number; units30: number; next30: number; next90: number }>(sql`
      SELECT fl.market_id::int AS market_id, count(*)::int AS listings, sum(fl.units30)::int AS units30,
             sum(fl.next30)::float8 AS next30, sum(fl.next90)::float8 AS next90
        ${base} GROUP BY 1 ORDER BY 1`)
  ).rows;
  const [acc] = (
    await db.execute<{ listings: number; actual: number; abs: number; err: number; naive: number; origin: string | null }>(sql`
      SELECT count(*) FILTER (WHERE fl.bt_actual > 0)::int AS listings, coalesce(sum(fl.bt_actual), 0)::float8 AS actual,
             coalesce(sum(fl.bt_abs_error), 0)::float8 AS abs, coalesce(sum(fl.bt_error), 0)::float8 AS err,
             coalesce(sum(fl.bt_naive_abs_error), 0)::float8 AS naive, to_char(max(fl.origin), 'YYYY-MM-DD') AS origin
        ${base}`)
  ).rows;
  return { months, markets, acc };
}

/** Units sold per month in [from, to) over the scope's listings matching the filter. */
export async function actualMonths(db: DbOrTx, scope: ShopScope, f: ForecastFilter, from: string, to: string) {
  const parts: SQL[] = [shopIn(sql`u.shop_id`, narrowScope(scope, f.shopId))];
  if (f.marketId !== undefined) parts.push(sql`lp.market_id = ${f.marketId}`);
  if (f.productLineId !== undefined)
    parts.push(sql`(lp.product_line_id = ${f.productLineId} OR lp.line_parent_id = ${f.productLineId})`);
  return (
    await db.execute<{ month: string; units: number }>(sql`
      SELECT to_char(u.day, 'YYYY-MM') AS month, sum(u.units)::float8 AS units
        FROM ${dailyUnits} u JOIN ${listingProducts} lp ON lp.id = u.listing_id
       WHERE ${sql.join(parts, sql` AND `)} AND u.day >= ${from}::date AND u.day < ${to}::date
       GROUP BY 1 ORDER BY 1`)
  ).rows;
}
