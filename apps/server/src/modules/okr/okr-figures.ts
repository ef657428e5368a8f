/**
 * The figures measurable key results bind to: units, sales, ad spend and ACoS of a project's
 * SKUs (a SKU named exactly, or a model and all its SKUs, as the project's data view reads
 * them) over a quarter's days up to yesterday (today is incomplete), in the caller's shops.
 * Read through the sales area's published day rollup (`listingDaySales`, the rollup
 * /salesProfit sums), joined to the catalog's `listingProducts`. Queries only.
 */
import { type KrFigure, quarterDays } from '@bo/contract/okr/okr';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyInt } from '../../db/sql';
import { listingProducts } from '../catalog/catalog.reads';
import { listingDaySales } from '../sales/sales.reads';
import type { ShopScope } from '../shops/shops/shop-scope';

/** A JS list of texts as one text[] parameter. */
export const textArray = (xs: readonly string[]) =>
  sql`${`{${xs.map((x) => `"${x.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** The quarter's first day and the earlier of its last day and yesterday. */
async function period(db: DbOrTx, quarter: string): Promise<{ from: string; to: string }> {
  const q = quarterDays(quarter);
  const r = await db.execute<{ to: string }>(sql`SELECT least(${q.to}::date, current_date - 1)::text AS "to"`);
  return { from: q.from, to: r.rows[0]?.to ?? q.to };
}

/** The figure of `skus` over `quarter` in the scope's shops (zeros for no sales; ACoS null without sales). */
export async function skuFigure(db: DbOrTx, scope: ShopScope, skus: readonly string[], quarter: string): Promise<KrFigure> {
  const { from, to } = await period(db, quarter);
  const r = await db.execute<{ units: string | null; cents: string | null; ad: string | null }>(sql`
    SELECT sum(s.units) AS units, sum(s.revenue_cents) AS cents, sum(s.ad_spend_cents) AS ad
      FROM ${listingDaySales} s
      JOIN ${listingProducts} ls ON ls.id = s.listing_id
     WHERE s.shop_id = ${anyInt(scope.shopIds)}
       AND (ls.sku = ANY (${textArray(skus)}) OR ls.model = ANY (${textArray(skus)}))
       AND s.day BETWEEN ${from}::date AND ${to}::date`);
  const row = r.rows[0];
  const cents = Number(row?.cents ?? 0);
  const ad = Number(row?.ad ?? 0);
  return {
    from,
    to,
    units: Number(row?.units ?? 0),
    sales: cents / 100,
    adSpend: ad / 100,
    acos: cents > 0 ? Math.round((ad / cents) * 10000) / 100 : null,
  };
}

/** Figures per (SKU list, quarter), each computed once however many key results share it. */
export function figureCache(db: DbOrTx, scope: ShopScope) {
  const seen = new Map<string, Promise<KrFigure>>();
  return (skus: readonly string[], quarter: string): Promise<KrFigure> => {
    const key = `${quarter}|${[...skus].sort().join(',')}`;
    let f = seen.get(key);
    if (!f) {
      f = skuFigure(db, scope, skus, quarter);
      seen.set(key, f);
    }
    return f;
  };
}
