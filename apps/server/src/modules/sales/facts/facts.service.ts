/**
 * The write side of sales: daily facts per listing and the two rollups that answer every
 * read (see README.md). Rules:
 * - Money is converted to the reporting currency once per fact, `round(amount * rate, 2)`,
 *   by `usd()`; every rollup and every read sums those rounded figures, so a SKU list,
 *   a shop list and a KPI card add up to the same cent.
 * - Rollups are recomputed from the facts for exactly the (shop, days) a write touched,
 *   in the same transaction, under a per-shop lock: never adjusted by deltas, so they
 *   cannot drift, and two writers of one shop queue instead of interleaving.
 * - Each import kind owns some measures of a fact (`SALES_MEASURES` for the sales
 *   reports); a write replaces only those and recomputes COGS and fees from the cost
 *   tables, so other costs and ad spend recorded elsewhere survive a re-import.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet } from '../../../db/sql';

/**
 * The rate of a currency on a day: the latest recorded on or before it (1 for the
 * reporting currency itself); NULL when none is recorded. The one rate lookup of sales.
 */
export const rateAsOf = (currency: SQL, day: SQL) =>
  sql`coalesce((SELECT er.rate FROM exchange_rates er WHERE er.currency = ${currency} AND er.day <= ${day}
                ORDER BY er.day DESC LIMIT 1), CASE WHEN ${currency} = 'USD' THEN 1 END)`;

/** A fact's amount in the reporting currency: the one conversion of the module. */
export const usd = (column: SQL) => sql`round(${column} * f.rate, 2)`;

/** The reporting-currency sums a rollup row carries, computed from facts aliased `f`. */
const ROLLUP_SUMS = sql`
  sum(f.units)::bigint, sum(f.orders)::bigint,
  sum(${usd(sql`f.revenue`)}), sum(${usd(sql`f.refunds`)}),
  sum(${usd(sql`f.marketplace_fees`)} + ${usd(sql`f.fulfilment_fees`)}),
  sum(${usd(sql`f.ad_spend`)}), sum(${usd(sql`f.cogs`)}), sum(${usd(sql`f.other_costs`)})`;

const SUM_COLUMNS = sql`units, orders, revenue, refunds, fees, ad_spend, cogs, other_costs`;

export const dateSet = (days: readonly string[]): SQL =>
  sql`(SELECT (jsonb_array_elements_text(${JSON.stringify(days)}::jsonb))::date)`;

/** Serialises writers of one shop's facts (imports, cost inductions, the seed). */
export async function lockShopFacts(tx: DbOrTx, shopId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727274200, ${shopId})`);
}

/**
 * Locks, in shop-id order, every shop that lists one of these SKUs. A writer that goes on to
 * touch several SKUs one by one (a cost or fee import) takes them all first: taking each
 * SKU's shops as it comes would hold them out of order and deadlock against another writer.
 */
export async function lockShopsOfSkus(tx: DbOrTx, skuIds: readonly number[]): Promise<void> {
  if (skuIds.length === 0) return;
  const shops = await tx.execute<{ shop_id: number }>(sql`
    SELECT DISTINCT shop_id FROM listings WHERE sku_id IN ${intSet(skuIds)} ORDER BY shop_id`);
  for (const s of shops.rows) await lockShopFacts(tx, s.shop_id);
}

/** Cents of a fact's reporting-currency figure: exactly `usd()` × 100. */
const cents = (column: SQL) => sql`(${usd(column)} * 100)::bigint`;
const LISTING_KEYS = sql`listing_id, shop_id, market_id, product_line_id, position_id`;
/** The cent columns of every rollup row (units and orders first), in this order. */
export const ROLLUP_CENTS = [
  'units',
  'orders',
  'revenue_cents',
  'refunds_cents',
  'fees_cents',
  'ad_spend_cents',
  'cogs_cents',
  'other_costs_cents',
] as const;
const CENT_COLUMNS = sql.raw(ROLLUP_CENTS.join(', '));
/** The cent sums of sales_segment_day rows (aliased `s`, money in the reporting currency). */
const SEGMENT_CENT_SUMS = sql`sum(s.units)::bigint, sum(s.orders)::bigint, (sum(s.revenue) * 100)::bigint,
  (sum(s.refunds) * 100)::bigint, (sum(s.fees) * 100)::bigint, (sum(s.ad_spend) * 100)::bigint,
  (sum(s.cogs) * 100)::bigint, (sum(s.other_costs) * 100)::bigint`;
const CENT_SUMS = sql`sum(units)::bigint, sum(orders)::bigint, sum(revenue_cents)::bigint, sum(refunds_cents)::bigint,
  sum(fees_cents)::bigint, sum(ad_spend_cents)::bigint, sum(cogs_cents)::bigint, sum(other_costs_cents)::bigint`;

const mondayOf = (day: string) => {
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0
  return new Date(t - weekday * 86_400_000).toISOString().slice(0, 10);
};
const weeksOf = (days: readonly string[]) => [...new Set(days.map(mondayOf))];
const monthsOf = (days: readonly string[]) => [...new Set(days.map((d) => `${d.slice(0, 7)}-01`))];
const quarterOf = (day: string) => {
  const m = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-${String(m - ((m - 1) % 3)).padStart(2, '0')}-01`;
};
const quartersOf = (days: readonly string[]) => [...new Set(days.map(quarterOf))];
const yearsOf = (days: readonly string[]) => [...new Set(days.map((d) => `${d.slice(0, 4)}-01-01`))];

/**
 * Insert the rollup rows of the facts the condition selects (facts aliased `f`): the
 * segment and listing-day rows from the facts, then the week and month rows from the
 * listing-day rows `weekWhere` and `monthWhere` select (aliased `d`). Rows go in in
 * period order: the listing lists read one period for every listing, and a table laid
 * out by period reads a few pages for that instead of one page per row (5× faster here).
 */
async function insertRollups(
  tx: DbOrTx,
  factsWhere: SQL,
  weekWhere: SQL,
  monthWhere: SQL,
  quarterWhere: SQL,
  yearWhere: SQL,
  shopDayWhere: SQL,
  segmentMonthWhere: SQL,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO sales_segment_day (day, shop_id, market_id, product_line_id, position_id, ${SUM_COLUMNS}, settlement)
    SELECT f.day, f.shop_id, min(f.market_id), f.product_line_id, f.position_id, ${ROLLUP_SUMS}, min(f.settlement)
      FROM sales_facts f WHERE ${factsWhere}
     GROUP BY f.day, f.shop_id, f.product_line_id, f.position_id
     ORDER BY f.day`);
  // The shop-day and segment-month rows add up the segment-day rows just written, in cents.
  await tx.execute(sql`
    INSERT INTO sales_shop_day (shop_id, day, market_id, ${CENT_COLUMNS}, settlement)
    SELECT s.shop_id, s.day, min(s.market_id), ${SEGMENT_CENT_SUMS}, min(s.settlement)
      FROM sales_segment_day s WHERE ${shopDayWhere}
     GROUP BY s.shop_id, s.day
     ORDER BY s.day`);
  await tx.execute(sql`
    INSERT INTO sales_segment_month (month, shop_id, market_id, product_line_id, position_id, ${CENT_COLUMNS}, settlement)
    SELECT date_trunc('month', s.day)::date, s.shop_id, min(s.market_id), s.product_line_id, s.position_id,
           ${SEGMENT_CENT_SUMS}, min(s.settlement)
      FROM sales_segment_day s WHERE ${segmentMonthWhere}
     GROUP BY 1, s.shop_id, s.product_line_id, s.position_id
     ORDER BY 1`);
  await tx.execute(sql`
    INSERT INTO sales_listing_day (${LISTING_KEYS}, day, ${CENT_COLUMNS})
    SELECT f.listing_id, f.shop_id, f.market_id, f.product_line_id, f.position_id, f.day, f.units, f.orders,
           ${cents(sql`f.revenue`)}, ${cents(sql`f.refunds`)},
           ${cents(sql`f.marketplace_fees`)} + ${cents(sql`f.fulfilment_fees`)},
           ${cents(sql`f.ad_spend`)}, ${cents(sql`f.cogs`)}, ${cents(sql`f.other_costs`)}
      FROM sales_facts f WHERE ${factsWhere}
     ORDER BY f.day`);
  for (const [table, column, unit, where] of [
    ['sales_listing_week', 'week', 'week', weekWhere],
    ['sales_listing_month', 'month', 'month', monthWhere],
  ] as const) {
    await tx.execute(sql`
      INSERT INTO ${sql.raw(table)} (${LISTING_KEYS}, ${sql.raw(column)}, ${CENT_COLUMNS})
      SELECT listing_id, min(shop_id), min(market_id), min(product_line_id), min(position_id),
             date_trunc('${sql.raw(unit)}', day)::date, ${CENT_SUMS}
        FROM sales_listing_day d WHERE ${where}
       GROUP BY listing_id, date_trunc('${sql.raw(unit)}', day)::date
       ORDER BY 6`);
  }
  // Quarters and years add up the month rows just written (3 and 12 rows, not 90 and 365).
  for (const [table, column, unit, where] of [
    ['sales_listing_quarter', 'quarter', 'quarter', quarterWhere],
    ['sales_listing_year', 'year', 'year', yearWhere],
  ] as const) {
    await tx.execute(sql`
      INSERT INTO ${sql.raw(table)} (${LISTING_KEYS}, ${sql.raw(column)}, ${CENT_COLUMNS})
      SELECT listing_id, min(shop_id), min(market_id), min(product_line_id), min(position_id),
             date_trunc('${sql.raw(unit)}', month)::date, ${CENT_SUMS}
        FROM sales_listing_month m WHERE ${where}
       GROUP BY listing_id, date_trunc('${sql.raw(unit)}', month)::date
       ORDER BY 6`);
  }
}

/** Recompute every rollup of one shop for the given days (and the weeks and months they fall in). */
export async function refreshRollups(tx: DbOrTx, shopId: number, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const weeks = weeksOf(days);
  const months = monthsOf(days);
  const quarters = quartersOf(days);
  const years = yearsOf(days);
  await tx.execute(sql`DELETE FROM sales_segment_day WHERE shop_id = ${shopId} AND day IN ${dateSet(days)}`);
  await tx.execute(sql`DELETE FROM sales_listing_day WHERE shop_id = ${shopId} AND day IN ${dateSet(days)}`);
  await tx.execute(sql`DELETE FROM sales_listing_week WHERE shop_id = ${shopId} AND week IN ${dateSet(weeks)}`);
  await tx.execute(sql`DELETE FROM sales_listing_month WHERE shop_id = ${shopId} AND month IN ${dateSet(months)}`);
  await tx.execute(sql`DELETE FROM sales_listing_quarter WHERE shop_id = ${shopId} AND quarter IN ${dateSet(quarters)}`);
  await tx.execute(sql`DELETE FROM sales_listing_year WHERE shop_id = ${shopId} AND year IN ${dateSet(years)}`);
  await tx.execute(sql`DELETE FROM sales_shop_day WHERE shop_id = ${shopId} AND day IN ${dateSet(days)}`);
  await tx.execute(sql`DELETE FROM sales_segment_month WHERE shop_id = ${shopId} AND month IN ${dateSet(months)}`);
  await insertRollups(
    tx,
    sql`f.shop_id = ${shopId} AND f.day IN ${dateSet(days)}`,
    sql`d.shop_id = ${shopId} AND date_trunc('week', d.day)::date IN ${dateSet(weeks)}`,
    sql`d.shop_id = ${shopId} AND date_trunc('month', d.day)::date IN ${dateSet(months)}`,
    sql`m.shop_id = ${shopId} AND date_trunc('quarter', m.month)::date IN ${dateSet(quarters)}`,
    sql`m.shop_id = ${shopId} AND date_trunc('year', m.month)::date IN ${dateSet(years)}`,
    sql`s.shop_id = ${shopId} AND s.day IN ${dateSet(days)}`,
    sql`s.shop_id = ${shopId} AND date_trunc('month', s.day)::date IN ${dateSet(months)}`,
  );
}

export interface RerateResult {
  /** Facts whose rate changed. */
  facts: number;
  /** Distinct (shop, day) pairs whose rollups were recomputed. */
  days: number;
  shops: number;
}

/**
 * After a change of the rate table: give the facts of one currency on the days
 * [from, until) the rate now in force on them (`rateAsOf`), recompute their COGS from the
 * unit cost (USD) with that rate like `writeSalesFigures` does (so the USD cost of goods
 * stays what it is), and recompute the rollups of exactly the (shop, days) that changed.
 * The caller holds the transaction and makes sure a rate exists for every such day (or
 * that no fact needs one). Only the shops with rollup rows in the currency's marketplaces
 * and period are locked and touched, one after another in id order (the order every
 * writer that takes several shop locks uses).
 */
export async function rerateFacts(
  tx: DbOrTx,
  currency: string,
  marketIds: readonly number[],
  from: string,
  until: string | null,
): Promise<RerateResult> {
  const end = until === null ? sql`true` : sql`f.day < ${until}::date`;
  const segEnd = until === null ? sql`true` : sql`s.day < ${until}::date`;
  const shops = await tx.execute<{ shop_id: number }>(sql`
    SELECT DISTINCT s.shop_id FROM sales_segment_day s
     WHERE s.day >= ${from}::date AND ${segEnd}
       AND s.market_id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(marketIds)}::jsonb))::int)
     ORDER BY s.shop_id`);
  let facts = 0;
  let days = 0;
  let touched = 0;
  for (const { shop_id: shopId } of shops.rows) {
    await lockShopFacts(tx, shopId);
    const res = await tx.execute<{ day: string; n: number }>(sql`
      WITH changed AS (
        UPDATE sales_facts f
           SET rate = r.rate,
               cogs = round(f.units * coalesce((SELECT c.unit_cost FROM sku_costs c WHERE c.sku_id = f.sku_id AND c.effective_from <= f.day
                                                 ORDER BY c.effective_from DESC LIMIT 1), 0) / r.rate, 2),
               updated_at = now()
          FROM (SELECT d::date AS day, ${rateAsOf(sql`${currency}`, sql`d::date`)} AS rate
                  FROM generate_series(${from}::date, coalesce(${until}::date - 1, current_date + 1), interval '1 day') d) r
         WHERE f.shop_id = ${shopId} AND f.currency = ${currency} AND f.day >= ${from}::date AND ${end}
           AND f.day = r.day AND r.rate IS NOT NULL AND f.rate <> r.rate
        RETURNING f.day
      )
      SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM changed GROUP BY day ORDER BY day`);
    if (res.rows.length === 0) continue;
    touched++;
    days += res.rows.length;
    facts += res.rows.reduce((s, r) => s + Number(r.n), 0);
    await refreshRollups(
      tx,
      shopId,
      res.rows.map((r) => r.day),
    );
  }
  return { facts, days, shops: touched };
}

/** Rebuild every rollup from every fact (after a bulk load such as the demo generator). */
export async function rebuildAllRollups(tx: DbOrTx): Promise<void> {
  await tx.execute(
    sql`TRUNCATE sales_segment_day, sales_listing_day, sales_listing_week, sales_listing_month, sales_listing_quarter,
        sales_listing_year, sales_shop_day, sales_segment_month`,
  );
  await insertRollups(tx, sql`true`, sql`true`, sql`true`, sql`true`, sql`true`, sql`true`, sql`true`);
}

/** The sales figures an import owns for one listing and day, in the marketplace's currency. */
export interface SalesFigures {
  listingId: number;
  day: string;
  units: number;
  orders: number;
  /** Decimal string. */
  revenue: string;
  sessions: number | null;
  pageViews: number | null;
}

/**
 * How settled a day is when its figures were taken on `asOf`: marketplaces restate the
 * last few days (preliminary) and returns and fees for about a month (provisional).
 */
export function settlementOf(day: string, asOf: Date): 0 | 1 | 2 {
  const age = (asOf.getTime() - Date.parse(`${day}T00:00:00Z`)) / 86_400_000;
  return age < 3 ? 0 : age < 30 ? 1 : 2;
}

export interface WriteSalesResult {
  inserted: number;
  updated: number;
  unchanged: number;
  days: string[];
}

/**
 * Sessions and page views belong to the Business Report: a source that has no traffic (All
 * Orders) keeps what is stored instead of clearing it (docs/decisions.md).
 */
const TRAFFICLESS_SOURCES: readonly string[] = ['all-orders'];
const traffic = (written: SQL, stored: SQL, source: string) => (TRAFFICLESS_SOURCES.includes(source) ? stored : written);

/**
 * Replace the sales figures of one shop's listings on the given days (one transaction,
 * caller holds `lockShopFacts`). COGS and fees follow from the cost tables, the rate
 * from the rate table, both as of the fact's day. Returns what changed.
 */
export async function writeSalesFigures(
  tx: DbOrTx,
  shopId: number,
  figures: readonly SalesFigures[],
  /**
   * `trafficOnly`: the day's units, orders and revenue belong to another source (All Orders):
   * only sessions and page views are written; a new fact starts with no sales.
   */
  meta: { source: string; importId: number | null; asOf: Date; refresh?: boolean; trafficOnly?: boolean },
): Promise<WriteSalesResult> {
  if (figures.length === 0) return { inserted: 0, updated: 0, unchanged: 0, days: [] };
  const only = meta.trafficOnly === true;
  const payload = figures.map((f) => ({
    l: f.listingId,
    d: f.day,
    u: only ? 0 : f.units,
    o: only ? 0 : f.orders,
    r: only ? 0 : f.revenue,
    s: f.sessions,
    p: f.pageViews,
    st: settlementOf(f.day, meta.asOf),
  }));
  const res = await tx.execute<{ inserted: boolean; changed: boolean }>(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
        AS x(l int, d date, u int, o int, r numeric, s int, p int, st smallint)
    ), resolved AS (
      SELECT x.*, li.shop_id, li.market_id, li.sku_id, li.currency, pr.product_line_id, coalesce(pr.position_id, 0) AS position_id,
             ${rateAsOf(sql`li.currency`, sql`x.d`)} AS rate,
             (SELECT c.unit_cost FROM sku_costs c WHERE c.sku_id = li.sku_id AND c.effective_from <= x.d
               ORDER BY c.effective_from DESC LIMIT 1) AS unit_cost,
             fee.referral_rate, fee.fba_fee
        FROM input x
        JOIN listings li ON li.id = x.l AND li.shop_id = ${shopId}
        JOIN skus sk ON sk.id = li.sku_id
        JOIN products pr ON pr.id = sk.product_id
        LEFT JOIN LATERAL (SELECT fe.referral_rate, fe.fba_fee FROM sku_fees fe
                            WHERE fe.sku_id = li.sku_id AND fe.market_id = li.market_id AND fe.effective_from <= x.d
                            ORDER BY fe.effective_from DESC LIMIT 1) fee ON true
    ), before AS (
      SELECT f.listing_id, f.day, f.units, f.orders, f.revenue, f.sessions, f.page_views
        FROM sales_facts f JOIN resolved r ON r.l = f.listing_id AND r.d = f.day
    )
    INSERT INTO sales_facts AS f (listing_id, day, shop_id, market_id, sku_id, product_line_id, position_id, currency, rate,
                            units, orders, revenue, marketplace_fees, fulfilment_fees, cogs, sessions, page_views,
                            settlement, source, import_id, updated_at)
    SELECT r.l, r.d, r.shop_id, r.market_id, r.sku_id, r.product_line_id, r.position_id, r.currency, r.rate,
           r.u, r.o, r.r,
           round(r.r * coalesce(r.referral_rate, 0), 2), round(r.u * coalesce(r.fba_fee, 0), 2),
           round(r.u * coalesce(r.unit_cost, 0) / r.rate, 2), r.s, r.p, r.st, ${meta.source}, ${meta.importId}, now()
      FROM resolved r
    ON CONFLICT (listing_id, day) DO UPDATE SET ${
      only
        ? sql`sessions = EXCLUDED.sessions, page_views = EXCLUDED.page_views, updated_at = now()`
        : sql`
      units = EXCLUDED.units, orders = EXCLUDED.orders, revenue = EXCLUDED.revenue,
      marketplace_fees = EXCLUDED.marketplace_fees, fulfilment_fees = EXCLUDED.fulfilment_fees, cogs = EXCLUDED.cogs,
      sessions = ${traffic(sql`EXCLUDED.sessions`, sql`f.sessions`, meta.source)},
      page_views = ${traffic(sql`EXCLUDED.page_views`, sql`f.page_views`, meta.source)},
      settlement = EXCLUDED.settlement,
      source = EXCLUDED.source, import_id = EXCLUDED.import_id, rate = EXCLUDED.rate, updated_at = now()`
    }
    RETURNING (xmax = 0) AS inserted,
      NOT EXISTS (SELECT 1 FROM before b WHERE b.listing_id = f.listing_id AND b.day = f.day
                   AND b.units = f.units AND b.orders = f.orders AND b.revenue = f.revenue
                   AND b.sessions IS NOT DISTINCT FROM f.sessions AND b.page_views IS NOT DISTINCT FROM f.page_views) AS changed`);
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  for (const r of res.rows) {
    if (r.inserted) inserted++;
    else if (r.changed) updated++;
    else unchanged++;
  }
  const days = [...new Set(figures.map((f) => f.day))].sort();
  if (meta.refresh !== false) await refreshRollups(tx, shopId, days);
  return { inserted, updated, unchanged, days };
}

/**
 * A report that covers whole days replaces them: the shop's facts on those days that the
 * report no longer lists lose their sales figures (ad spend, refunds and other costs stay).
 * Answers how many facts were zeroed. The caller refreshes the rollups.
 */
export async function zeroSalesNotIn(
  tx: DbOrTx,
  shopId: number,
  days: readonly string[],
  keep: readonly { listingId: number; day: string }[],
  /** The writing report's kind: one without traffic (All Orders) leaves sessions and page views. */
  source = '',
): Promise<number> {
  if (days.length === 0) return 0;
  const res = await tx.execute(sql`
    UPDATE sales_facts f SET units = 0, orders = 0, revenue = 0, marketplace_fees = 0, fulfilment_fees = 0, cogs = 0,
           sessions = ${traffic(sql`NULL`, sql`f.sessions`, source)},
           page_views = ${traffic(sql`NULL`, sql`f.page_views`, source)}, updated_at = now()
     WHERE f.shop_id = ${shopId} AND f.day IN ${dateSet(days)}
       AND (f.units <> 0 OR f.orders <> 0 OR f.revenue <> 0)
       AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(keep.map((k) => ({ l: k.listingId, d: k.day })))}::jsonb)
                          AS k(l int, d date) WHERE k.l = f.listing_id AND k.d = f.day)`);
  return res.rowCount ?? 0;
}

/** Units and revenue (marketplace currency) of a shop per day, for showing what a write changed. */
export async function dayTotals(tx: DbOrTx, shopId: number, days: readonly string[]) {
  if (days.length === 0) return new Map<string, { units: number; revenue: number }>();
  const res = await tx.execute<{ day: string; units: string; revenue: string }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(units) AS units, sum(revenue) AS revenue
      FROM sales_facts WHERE shop_id = ${shopId} AND day IN ${dateSet(days)} GROUP BY day`);
  return new Map(res.rows.map((r) => [r.day, { units: Number(r.units), revenue: Number(r.revenue) }]));
}

/** Add an amount (marketplace currency) to a listing's other costs on a day, creating the fact when needed. */
export async function addOtherCost(tx: DbOrTx, listingId: number, day: string, amount: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO sales_facts (listing_id, day, shop_id, market_id, sku_id, product_line_id, position_id, currency, rate,
                             other_costs, settlement, source)
    SELECT li.id, ${day}::date, li.shop_id, li.market_id, li.sku_id, pr.product_line_id, coalesce(pr.position_id, 0), li.currency,
           ${rateAsOf(sql`li.currency`, sql`${day}::date`)},
           ${amount}::numeric, 2, 'cost-induction'
      FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN products pr ON pr.id = sk.product_id
     WHERE li.id = ${listingId}
    ON CONFLICT (listing_id, day) DO UPDATE SET other_costs = sales_facts.other_costs + EXCLUDED.other_costs, updated_at = now()`);
}

/** What `recomputeCostsAndFees` changed. */
export interface RecomputeResult {
  facts: number;
  shops: number;
  firstDay: string | null;
  lastDay: string | null;
}

/**
 * After a change of the cost tables (`sku_costs`, `sku_fees`): recompute COGS and fees of
 * one SKU's facts on the days [from, to) (to null: on) from those tables, with the same
 * formulas `writeSalesFigures` uses (cogs = round(units × unit cost / rate, 2), referral =
 * round(revenue × rate, 2), fulfilment = round(units × FBA fee, 2), a missing entry
 * counting 0), optionally in one marketplace only (a fee change). Only facts whose
 * figures change are written, and the rollups of exactly their (shop, days) are
 * refreshed, under each shop's lock, in the caller's transaction.
 */
export async function recomputeCostsAndFees(
  tx: DbOrTx,
  skuId: number,
  range: { from: string; to: string | null; marketId?: number },
): Promise<RecomputeResult> {
  const market = range.marketId === undefined ? sql`` : sql`AND f.market_id = ${range.marketId}`;
  const until = range.to === null ? sql`` : sql`AND f.day < ${range.to}::date`;
  // Lock the shops in id order before writing, as every writer of facts does, so writers queue instead of deadlocking.
  const shops = await tx.execute<{ shop_id: number }>(sql`
    SELECT DISTINCT li.shop_id FROM listings li
     WHERE li.sku_id = ${skuId} ${range.marketId === undefined ? sql`` : sql`AND li.market_id = ${range.marketId}`}
     ORDER BY li.shop_id`);
  for (const s of shops.rows) await lockShopFacts(tx, s.shop_id);
  const changed = await tx.execute<{ shop_id: number; day: string }>(sql`
    WITH computed AS (
      SELECT f.listing_id, f.day,
             round(f.units * coalesce(
               (SELECT c.unit_cost FROM sku_costs c WHERE c.sku_id = f.sku_id AND c.effective_from <= f.day
                 ORDER BY c.effective_from DESC LIMIT 1), 0) / f.rate, 2) AS cogs,
             round(f.revenue * coalesce(fee.referral_rate, 0), 2) AS marketplace_fees,
             round(f.units * coalesce(fee.fba_fee, 0), 2) AS fulfilment_fees
        FROM sales_facts f
        LEFT JOIN LATERAL (SELECT fe.referral_rate, fe.fba_fee FROM sku_fees fe
                            WHERE fe.sku_id = f.sku_id AND fe.market_id = f.market_id AND fe.effective_from <= f.day
                            ORDER BY fe.effective_from DESC LIMIT 1) fee ON true
       WHERE f.sku_id = ${skuId} AND f.day >= ${range.from}::date ${until} ${market}
    )
    UPDATE sales_facts f SET cogs = c.cogs, marketplace_fees = c.marketplace_fees, fulfilment_fees = c.fulfilment_fees,
           updated_at = now()
      FROM computed c
     WHERE f.listing_id = c.listing_id AND f.day = c.day
       AND (f.cogs, f.marketplace_fees, f.fulfilment_fees) IS DISTINCT FROM (c.cogs, c.marketplace_fees, c.fulfilment_fees)
    RETURNING f.shop_id, to_char(f.day, 'YYYY-MM-DD') AS day`);
  const byShop = new Map<number, Set<string>>();
  for (const r of changed.rows) {
    const days = byShop.get(r.shop_id) ?? new Set<string>();
    days.add(r.day);
    byShop.set(r.shop_id, days);
  }
  for (const [shopId, days] of byShop) await refreshRollups(tx, shopId, [...days].sort());
  const all = changed.rows.map((r) => r.day).sort();
  return { facts: changed.rows.length, shops: byShop.size, firstDay: all[0] ?? null, lastDay: all[all.length - 1] ?? null };
}
