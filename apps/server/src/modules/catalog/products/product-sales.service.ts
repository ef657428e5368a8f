/**
 * The sales panel of one product: the last 90 complete days per marketplace and per ISO
 * week, from the listing rollups only (never the facts), in the caller's visible shops.
 * The period and scope come from the sales module's `resolveFilter` (narrowed to the
 * product's listings), the figures from its rollup helpers and its one profit formula.
 */
import { PRODUCT_SALES_DAYS, type ProductSales } from '@bo/contract/catalog/products';
import { REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { sql } from 'drizzle-orm';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { defaultPeriod, resolveFilter } from '../../sales/profit/sales-profit.service';
import { addDays, execRows, isEmptyFilter, listingCents, listingDayCents } from '../../sales/profit/sales-query';

interface CentRow extends Record<string, unknown> {
  units: string | number;
  revenue_cents: string | number;
  profit_cents: string | number;
}

const PROFIT_CENTS = sql`sum(revenue_cents - refunds_cents - fees_cents - ad_spend_cents - cogs_cents - other_costs_cents)`;
const figures = (r: CentRow | undefined) => ({
  units: Number(r?.units ?? 0),
  revenue: Number(r?.revenue_cents ?? 0) / 100,
  profit: Number(r?.profit_cents ?? 0) / 100,
});

export async function productSales(
  ctx: AppContext,
  actor: RequestActor,
  productId: number,
  now = new Date(),
): Promise<ProductSales> {
  const exists = await execRows(ctx.db, sql`SELECT 1 FROM products WHERE id = ${productId}`);
  if (exists.length === 0) throw notFound(`no product ${productId}`);
  const end = defaultPeriod(now).end;
  const start = addDays(end, -(PRODUCT_SALES_DAYS - 1));
  const f = await resolveFilter(ctx, actor, { startDate: start, endDate: end }, { productId });
  const empty: ProductSales = {
    startDate: start,
    endDate: end,
    currency: REPORTING_CURRENCY,
    total: figures(undefined),
    markets: [],
    weeks: [],
  };
  if (isEmptyFilter(f)) return empty;
  const markets = await execRows<CentRow & { market_id: number }>(
    ctx.db,
    sql`SELECT li.market_id, sum(c.units)::bigint AS units, sum(c.revenue_cents)::bigint AS revenue_cents, ${PROFIT_CENTS}::bigint AS profit_cents
          FROM (${listingCents(f)}) c JOIN listings li ON li.id = c.listing_id
         GROUP BY li.market_id ORDER BY sum(c.revenue_cents) DESC, li.market_id`,
  );
  const weeks = await execRows<CentRow & { week: string }>(
    ctx.db,
    sql`SELECT to_char(date_trunc('week', d.day), 'YYYY-MM-DD') AS week, sum(d.units)::bigint AS units,
               sum(d.revenue_cents)::bigint AS revenue_cents, ${PROFIT_CENTS}::bigint AS profit_cents
          FROM (${listingDayCents(f)}) d GROUP BY 1 ORDER BY 1`,
  );
  const marketRows = markets.map((r) => ({ marketId: Number(r.market_id), ...figures(r) }));
  const sumCents = (k: 'units' | 'revenue' | 'profit') =>
    marketRows.reduce((a, r) => a + Math.round(r[k] * (k === 'units' ? 1 : 100)), 0);
  return {
    ...empty,
    total: { units: sumCents('units'), revenue: sumCents('revenue') / 100, profit: sumCents('profit') / 100 },
    markets: marketRows,
    weeks: fillWeeks(
      start,
      end,
      weeks.map((r) => ({ week: r.week, ...figures(r) })),
    ),
  };
}

/** Every ISO week (its Monday) touching the period, with zeros where nothing sold. */
export function fillWeeks<T extends { week: string; units: number; revenue: number; profit: number }>(
  start: string,
  end: string,
  rows: readonly T[],
) {
  const byWeek = new Map(rows.map((r) => [r.week, r]));
  const first = new Date(`${start}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
  const out: Array<{ week: string; units: number; revenue: number; profit: number }> = [];
  for (let w = first.toISOString().slice(0, 10); w <= end; w = addDays(w, 7)) {
    const r = byWeek.get(w);
    out.push({ week: w, units: r?.units ?? 0, revenue: r?.revenue ?? 0, profit: r?.profit ?? 0 });
  }
  return out;
}
