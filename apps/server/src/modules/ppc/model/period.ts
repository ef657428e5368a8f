/**
 * Figures over a period, read from a weekly rollup for the period's whole Monday-based weeks
 * and from the matching daily one for the days at its edges: entity level (keywords,
 * targets, product ads: `ppc_entity_week` + `ppc_entity_day`) and campaign, ad group and
 * SKU level (`ppc_*_week` + `ppc_*_day`). The week rows are sums of the day rows (the same
 * whole cents of the reporting currency), so a period read equals the daily rollup summed
 * over the period, and, for entities, the facts alone.
 */
import { type SQL, sql } from 'drizzle-orm';

const DAY = 86_400_000;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The whole weeks of a period (first Monday, last Monday) or null, and the edge day ranges outside them. */
export function splitPeriod(start: string, end: string): { weeks: [string, string] | null; edges: [string, string][] } {
  const s = at(start);
  const e = at(end);
  const dow = (ms: number) => (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const firstMonday = s + ((7 - dow(s)) % 7) * DAY;
  const latest = e - 6 * DAY; // the last week ending on or before `end` begins on or before this day
  const lastMonday = latest - dow(latest) * DAY;
  if (firstMonday > lastMonday) return { weeks: null, edges: [[start, end]] };
  const edges: [string, string][] = [];
  if (firstMonday > s) edges.push([start, iso(firstMonday - DAY)]);
  if (lastMonday + 6 * DAY < e) edges.push([iso(lastMonday + 7 * DAY), end]);
  return { weeks: [iso(firstMonday), iso(lastMonday)], edges };
}

const SUM_COLS = sql.raw('r.impressions, r.clicks, r.spend_cents, r.orders, r.sales_cents, r.units');

/**
 * One period read: `cols` and the base sums of the week table's rows for the whole weeks and
 * of the day table's rows for the edge days, both filtered by `where` (alias `r`, no day or
 * week), as a sub-select to use as `FROM (…) r` and sum with SUM_FIGURES.
 */
function periodUnion(
  weekTable: string,
  dayTable: string,
  cols: string,
  start: string,
  end: string,
  where: SQL,
  inline = false,
): SQL {
  const { weeks, edges } = splitPeriod(start, end);
  const select = sql.raw(
    cols
      .split(',')
      .map((c) => `r.${c.trim()}`)
      .join(', '),
  );
  const parts: SQL[] = [];
  if (weeks) {
    parts.push(sql`SELECT ${select}, ${SUM_COLS} FROM ${sql.identifier(weekTable)} r
                    WHERE r.week BETWEEN ${weeks[0]}::date AND ${weeks[1]}::date AND ${where}`);
  }
  if (edges.length) {
    const days = sql.join(
      edges.map(([a, b]) => sql`r.day BETWEEN ${a}::date AND ${b}::date`),
      sql` OR `,
    );
    parts.push(sql`SELECT ${select}, ${SUM_COLS} FROM ${sql.identifier(dayTable)} r WHERE (${days}) AND ${where}`);
  }
  // Materialised: a CTE scan is parallel-restricted, so the caller's GROUP BY runs as one hash
  // aggregate. Without it PostgreSQL, estimating 200 groups for a UNION, chose a parallel
  // partial aggregate with a sort and a gather merge that took twice as long on two cores.
  // Inline (for a statement run without parallel workers, see `serialRows`): the copy into
  // the CTE's store was a third of the read (20 of 60 ms for 70,000 rows).
  const union = sql.join(parts, sql` UNION ALL `);
  return inline ? union : sql`WITH pr AS MATERIALIZED (${union}) SELECT * FROM pr`;
}

/**
 * Rows (one per entity-week or entity-day) with entity_id, shop_id, market_id, campaign_id,
 * ad_group_id, campaign_type and the base sums (impressions, clicks, spend_cents, orders,
 * sales_cents, units) of one entity type over the period; `where` filters both sources on
 * those columns (alias `r`, no day or week). `inline`: a plain UNION ALL, for a statement run
 * by `serialRows`.
 */
export function entityPeriodRows(
  entityType: 'keyword' | 'target' | 'product_ad',
  start: string,
  end: string,
  where: SQL,
  opts: { inline?: boolean } = {},
): SQL {
  return periodUnion(
    'ppc_entity_week',
    'ppc_entity_day',
    'entity_id, shop_id, market_id, campaign_id, ad_group_id, campaign_type',
    start,
    end,
    sql`r.entity_type = ${entityType} AND ${where}`,
    opts.inline,
  );
}

const ROLLUPS = {
  campaign: { week: 'ppc_campaign_week', day: 'ppc_campaign_day', cols: 'campaign_id, shop_id, market_id, campaign_type' },
  adGroup: {
    week: 'ppc_ad_group_week',
    day: 'ppc_ad_group_day',
    cols: 'ad_group_id, campaign_id, shop_id, market_id, campaign_type',
  },
  sku: { week: 'ppc_sku_week', day: 'ppc_sku_day', cols: 'listing_id, campaign_type, shop_id, market_id' },
  searchTerm: {
    week: 'ppc_search_term_week',
    day: 'ppc_search_term_day',
    cols: 'search_term, shop_id, market_id, campaign_type',
  },
} as const;

export type RollupLevel = keyof typeof ROLLUPS;

/**
 * Rows of the campaign, ad-group, SKU or search-term rollup over the period (one per key-week
 * or key-day) with the level's columns (campaign: campaign_id, shop_id, market_id,
 * campaign_type; adGroup: ad_group_id and the same; sku: listing_id, campaign_type, shop_id,
 * market_id; searchTerm: search_term, shop_id, market_id, campaign_type) and the base
 * sums; `where` filters on those columns (alias `r`, no day or week). Only for sums over the
 * whole period: a read by day takes the day rollup itself.
 */
export function rollupPeriodRows(level: RollupLevel, start: string, end: string, where: SQL): SQL {
  const t = ROLLUPS[level];
  return periodUnion(t.week, t.day, t.cols, start, end, where);
}
