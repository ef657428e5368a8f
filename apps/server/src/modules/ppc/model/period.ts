/**
 * Entity-level figures over a period (keywords, targets, product ads), read from the
 * weekly rollup (`ppc_entity_week`) for the period's whole Monday-based weeks and from the
 * daily one (`ppc_entity_day`) for the days at its edges. Both hold every fact's money
 * converted exactly as the other rollups do (whole cents of the reporting currency per
 * fact), so the sums equal those of the facts alone.
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

/**
 * Rows (alias `r` inside, one per entity-week or entity-day) with entity_id, shop_id,
 * market_id, campaign_id, ad_group_id, campaign_type and the base sums (impressions,
 * clicks, spend_cents, orders, sales_cents, units) of one entity type over the period;
 * `where` filters both sources on those columns (alias `r`, no day or week). Use as a
 * sub-select (`FROM (…) r`) and sum per entity with SUM_FIGURES.
 */
export function entityPeriodRows(entityType: 'keyword' | 'target' | 'product_ad', start: string, end: string, where: SQL): SQL {
  const { weeks, edges } = splitPeriod(start, end);
  const parts: SQL[] = [];
  if (weeks) {
    parts.push(sql`SELECT r.entity_id, r.shop_id, r.market_id, r.campaign_id, r.ad_group_id, r.campaign_type, r.impressions,
                          r.clicks, r.spend_cents, r.orders, r.sales_cents, r.units
                     FROM ppc_entity_week r
                    WHERE r.entity_type = ${entityType} AND r.week BETWEEN ${weeks[0]}::date AND ${weeks[1]}::date AND ${where}`);
  }
  if (edges.length) {
    const days = sql.join(
      edges.map(([a, b]) => sql`r.day BETWEEN ${a}::date AND ${b}::date`),
      sql` OR `,
    );
    parts.push(sql`SELECT r.entity_id, r.shop_id, r.market_id, r.campaign_id, r.ad_group_id, r.campaign_type, r.impressions,
                          r.clicks, r.spend_cents, r.orders, r.sales_cents, r.units
                     FROM ppc_entity_day r
                    WHERE r.entity_type = ${entityType} AND (${days}) AND ${where}`);
  }
  // Materialised: a CTE scan is parallel-restricted, so the caller's GROUP BY runs as one hash
  // aggregate. Without it PostgreSQL, estimating 200 groups for a UNION, chose a parallel
  // partial aggregate with a sort and a gather merge that took twice as long on two cores.
  return sql`WITH pr AS MATERIALIZED (${sql.join(parts, sql` UNION ALL `)}) SELECT * FROM pr`;
}
