/**
 * The queries of /forecastAccuracy (docs/forecasts.md "Forecast accuracy"): the backtest's
 * sums per horizon bucket stored with each listing's forecast (`bt_buckets`), grouped; and the
 * approved estimates against the actual units of their passed days. Listings come through the
 * catalogue's `listingProducts`, shop names through `shopDirectory`, users through
 * `userDirectory`, units through the sales area's day rollup (`listingDaySales`); every query
 * takes the caller's ShopScope.
 */

import { APPROVAL_STATUS } from '@bo/contract/approvals/approval-flow';
import { ACCURACY_BUCKET_KEYS, type AccuracyBucket, type AccuracyDimension } from '@bo/contract/forecasts/accuracy';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, type SortOrder } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { listingProducts } from '../catalog/catalog.reads';
import { listingDaySales } from '../sales/sales.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';

export interface AccuracyFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
  keyword?: string | undefined;
  horizon?: AccuracyBucket | undefined;
}

/** The bucket's number in `bt_buckets` (1-based, as WITH ORDINALITY counts). */
const bucketNo = (b: AccuracyBucket) => ACCURACY_BUCKET_KEYS.indexOf(b) + 1;

function where(scope: ShopScope, f: AccuracyFilter): SQL {
  const parts: SQL[] = [shopIn(sql`fl.shop_id`, narrowScope(scope, f.shopId)), sql`fl.bt_buckets IS NOT NULL`];
  if (f.marketId !== undefined) parts.push(sql`fl.market_id = ${f.marketId}`);
  if (f.horizon) parts.push(sql`b.i = ${bucketNo(f.horizon)}`);
  const like = likeContains(f.keyword);
  if (like)
    parts.push(sql`(lp.sku ILIKE ${like} OR lp.asin ILIKE ${like} OR lp.model ILIKE ${like}
                    OR lp.product_name ILIKE ${like} OR lp.product_name_en ILIKE ${like})`);
  return sql.join(parts, sql` AND `);
}

/** One row per listing and bucket of the scope's stored backtests. */
const bucketRows = sql`
  FROM forecast_listings fl
  JOIN ${listingProducts} lp ON lp.id = fl.listing_id
  JOIN ${shopDirectory} s ON s.id = fl.shop_id
  CROSS JOIN LATERAL jsonb_array_elements(fl.bt_buckets) WITH ORDINALITY AS b(v, i)`;

const sums = sql`
  count(DISTINCT fl.listing_id)::int AS listings,
  coalesce(sum((b.v->>'actual')::float8), 0)::float8 AS actual,
  coalesce(sum((b.v->>'absError')::float8), 0)::float8 AS abs_error,
  coalesce(sum((b.v->>'error')::float8), 0)::float8 AS error,
  coalesce(sum((b.v->>'naiveAbsError')::float8), 0)::float8 AS naive_abs_error,
  coalesce(sum((b.v->>'days')::int), 0)::int AS days`;

const GROUPS: Record<AccuracyDimension, { key: SQL; label: SQL; market: SQL; shop: SQL; group: SQL }> = {
  sku: { key: sql`lp.sku`, label: sql`lp.sku`, market: sql`NULL::int`, shop: sql`NULL::int`, group: sql`lp.sku` },
  market: {
    key: sql`fl.market_id::text`,
    label: sql`fl.market_id::text`,
    market: sql`fl.market_id::int`,
    shop: sql`NULL::int`,
    group: sql`fl.market_id`,
  },
  shop: {
    key: sql`fl.shop_id::text`,
    label: sql`s.name`,
    market: sql`s.market_id::int`,
    shop: sql`fl.shop_id`,
    group: sql`fl.shop_id, s.name, s.market_id`,
  },
};

const ratio = (num: SQL) => sql`CASE WHEN g.actual > 0 THEN ${num} / g.actual END`;

/** The groups of the chosen dimension with their sums, filtered and ordered (groups without a scored day left out). */
export function accuracyQuery(
  scope: ShopScope,
  f: AccuracyFilter & { by: AccuracyDimension; sortField: string; sortOrder: SortOrder },
): SQL {
  const g = GROUPS[f.by];
  const wape = ratio(sql`g.abs_error`);
  const naive = ratio(sql`g.naive_abs_error`);
  const order = orderBy(
    f.sortField,
    f.sortOrder,
    {
      key: f.by === 'sku' || f.by === 'shop' ? sql`g.label` : sql`g.market_id`,
      actual: sql`g.actual`,
      wape,
      naiveWape: naive,
      gain: sql`${naive} - ${wape}`,
      bias: ratio(sql`g.error`),
      days: sql`g.days`,
    },
    sql`g.key`,
  );
  return sql`
    SELECT g.* FROM (
      SELECT ${g.key} AS key, ${g.label} AS label, ${g.market} AS market_id, ${g.shop} AS shop_id, ${sums}
        ${bucketRows}
       WHERE ${where(scope, f)}
       GROUP BY ${g.group}
    ) g
     WHERE g.days > 0
     ORDER BY ${order}`;
}

export type SumRow = {
  listings: number;
  actual: number;
  abs_error: number;
  error: number;
  naive_abs_error: number;
  days: number;
};

/** The filtered set's sums over the chosen horizon, per bucket (over all buckets), and the run's origin. */
export async function accuracySums(db: DbOrTx, scope: ShopScope, f: AccuracyFilter) {
  const [total] = (
    await db.execute<SumRow & { origin: string | null }>(sql`
      SELECT ${sums}, to_char(max(fl.origin), 'YYYY-MM-DD') AS origin ${bucketRows} WHERE ${where(scope, f)}`)
  ).rows;
  const buckets = (
    await db.execute<SumRow & { i: number }>(sql`
      SELECT b.i::int AS i, ${sums} ${bucketRows} WHERE ${where(scope, { ...f, horizon: undefined })} GROUP BY b.i ORDER BY b.i`)
  ).rows;
  return { total, buckets };
}

// ---- the overrides ----

export interface OverrideFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
}

/**
 * Per approved estimate and period with days before `until` (the first day without sales): the
 * passed days, the period's length, its estimate and stored system units, and the actual units
 * of the passed days. Estimate and system units are taken pro rata over the passed days.
 */
function periodRows(scope: ShopScope, f: OverrideFilter, until: string): SQL {
  const parts: SQL[] = [shopIn(sql`e.shop_id`, narrowScope(scope, f.shopId)), sql`e.status = ${APPROVAL_STATUS.approved}`];
  if (f.marketId !== undefined) parts.push(sql`e.market_id = ${f.marketId}`);
  return sql`
    SELECT p.id, p.submitter_id, p.reviewer_id, p.est, p.sys,
           (least(p.pto, ${until}::date) - p.pfrom)::float8 / (p.pto - p.pfrom) AS share,
           (SELECT coalesce(sum(u.units), 0) FROM ${listingDaySales} u
             WHERE u.listing_id = p.listing_id AND u.day >= p.pfrom AND u.day < least(p.pto, ${until}::date))::float8 AS actual
      FROM (
        SELECT e.id, e.listing_id, e.submitter_id, e.reviewer_id, t.u::float8 AS est, e.system_periods[t.i]::float8 AS sys,
               CASE WHEN e.granularity = 'week' THEN e.start_day + 7 * (t.i::int - 1)
                    ELSE (e.start_day + make_interval(months => t.i::int - 1))::date END AS pfrom,
               CASE WHEN e.granularity = 'week' THEN e.start_day + 7 * t.i::int
                    ELSE (e.start_day + make_interval(months => t.i::int))::date END AS pto
          FROM forecast_estimates e CROSS JOIN LATERAL unnest(e.periods) WITH ORDINALITY AS t(u, i)
         WHERE ${sql.join(parts, sql` AND `)}
      ) p
     WHERE p.pfrom < ${until}::date`;
}

/** Per planner (submitter) or approver (reviewer): the sums of the compared and the other estimates' passed days. */
export function overridesQuery(
  scope: ShopScope,
  f: OverrideFilter & { role: 'planner' | 'approver'; sortField: string; sortOrder: SortOrder },
  until: string,
): SQL {
  const who = f.role === 'planner' ? sql`r.submitter_id` : sql`r.reviewer_id`;
  const wape = sql`CASE WHEN g.actual > 0 THEN g.abs_error / g.actual END`;
  const systemWape = sql`CASE WHEN g.actual > 0 THEN g.system_abs_error / g.actual END`;
  const order = orderBy(
    f.sortField,
    f.sortOrder,
    {
      userName: sql`g.user_name`,
      estimates: sql`g.estimates`,
      actual: sql`g.actual`,
      wape,
      systemWape,
      gain: sql`${systemWape} - ${wape}`,
    },
    sql`g.user_id`,
  );
  // An estimate is compared when every passed period has its stored system forecast.
  return sql`
    WITH r AS (${periodRows(scope, f, until)}),
    c AS (SELECT id, bool_and(sys IS NOT NULL) AS compared FROM r GROUP BY id)
    SELECT g.* FROM (
      SELECT ${who} AS user_id, ud.user_name,
             count(DISTINCT r.id)::int AS estimates,
             count(DISTINCT r.id) FILTER (WHERE c.compared)::int AS compared,
             coalesce(sum(r.actual) FILTER (WHERE c.compared), 0)::float8 AS actual,
             coalesce(sum(r.est * r.share) FILTER (WHERE c.compared), 0)::float8 AS estimate_units,
             coalesce(sum(r.sys * r.share) FILTER (WHERE c.compared), 0)::float8 AS system_units,
             coalesce(sum(abs(r.est * r.share - r.actual)) FILTER (WHERE c.compared), 0)::float8 AS abs_error,
             coalesce(sum(abs(r.sys * r.share - r.actual)) FILTER (WHERE c.compared), 0)::float8 AS system_abs_error,
             coalesce(sum(r.actual) FILTER (WHERE NOT c.compared), 0)::float8 AS uncompared_actual,
             coalesce(sum(abs(r.est * r.share - r.actual)) FILTER (WHERE NOT c.compared), 0)::float8 AS uncompared_abs_error
        FROM r JOIN c ON c.id = r.id JOIN ${userDirectory} ud ON ud.id = ${who}
       WHERE ${who} IS NOT NULL
       GROUP BY ${who}, ud.user_name
    ) g
    ORDER BY ${order}`;
}
