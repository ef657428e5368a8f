/**
 * The one definition of the derived advertising metrics. Every read sums the rollups'
 * base figures (`SUM_FIGURES`) in a sub-select and turns the sums into figures with
 * `FIGURES`; nothing else computes ACoS, ROAS, CTR, CPC or CVR. A ratio whose
 * denominator is zero is null, never zero or infinity.
 *   ACoS = spend / sales      ROAS = sales / spend      CTR = clicks / impressions
 *   CPC  = spend / clicks     CVR  = orders / clicks
 */
import { type SQL, sql } from 'drizzle-orm';

export const BASE_METRICS = ['impressions', 'clicks', 'spend', 'orders', 'sales', 'units'] as const;
export const DERIVED_METRICS = ['acos', 'roas', 'ctr', 'cpc', 'cvr'] as const;
export type Metric = (typeof BASE_METRICS)[number] | (typeof DERIVED_METRICS)[number];

/** The sums of a rollup aliased `r` (cents stay cents), named as `FIGURES` expects. */
export const SUM_FIGURES = sql`sum(r.impressions)::bigint AS impressions, sum(r.clicks)::bigint AS clicks,
  sum(r.spend_cents)::bigint AS spend_cents, sum(r.orders)::bigint AS orders, sum(r.sales_cents)::bigint AS sales_cents,
  sum(r.units)::bigint AS units`;

/** The expression of one metric over the sums of a sub-select aliased `x`. */
export function metricExpr(metric: Metric, x = sql`x`): SQL {
  const spend = sql`(coalesce(${x}.spend_cents, 0)::numeric / 100)`;
  const sales = sql`(coalesce(${x}.sales_cents, 0)::numeric / 100)`;
  const n = (c: string) => sql`coalesce(${x}.${sql.identifier(c)}, 0)::numeric`;
  switch (metric) {
    case 'impressions':
    case 'clicks':
    case 'orders':
    case 'units':
      return sql`coalesce(${x}.${sql.identifier(metric)}, 0)::float8`;
    case 'spend':
      return sql`${spend}::float8`;
    case 'sales':
      return sql`${sales}::float8`;
    case 'acos':
      return sql`round(${spend} / nullif(${sales}, 0), 4)::float8`;
    case 'roas':
      return sql`round(${sales} / nullif(${spend}, 0), 4)::float8`;
    case 'ctr':
      return sql`round(${n('clicks')} / nullif(${n('impressions')}, 0), 4)::float8`;
    case 'cpc':
      return sql`round(${spend} / nullif(${n('clicks')}, 0), 2)::float8`;
    case 'cvr':
      return sql`round(${n('orders')} / nullif(${n('clicks')}, 0), 4)::float8`;
  }
}

/** Every figure of a row, from the sums of the sub-select aliased `x`. */
export const FIGURES = (x = sql`x`) =>
  sql.join(
    [...BASE_METRICS, ...DERIVED_METRICS].map((m) => sql`${metricExpr(m, x)} AS ${sql.identifier(m)}`),
    sql`, `,
  );

export interface Figures {
  impressions: number;
  clicks: number;
  spend: number;
  orders: number;
  sales: number;
  units: number;
  acos: number | null;
  roas: number | null;
  ctr: number | null;
  cpc: number | null;
  cvr: number | null;
}

/** The figures of a database row (numbers as they come, nulls kept). */
export const figuresOf = (r: Record<string, unknown>): Figures => {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    impressions: num(r.impressions) ?? 0,
    clicks: num(r.clicks) ?? 0,
    spend: num(r.spend) ?? 0,
    orders: num(r.orders) ?? 0,
    sales: num(r.sales) ?? 0,
    units: num(r.units) ?? 0,
    acos: num(r.acos),
    roas: num(r.roas),
    ctr: num(r.ctr),
    cpc: num(r.cpc),
    cvr: num(r.cvr),
  };
};
