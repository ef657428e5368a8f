/**
 * Ad spend as the ad reports give it, published for the other areas (sales profit reads its
 * ad spend here on the days the reports cover). The one source of an ad spend figure: the
 * shop-day rollup the PPC boards and dashboard sum, money converted once per fact (USD cents).
 */
import { type SQL, sql } from 'drizzle-orm';
import { anyInt } from '../../../db/sql';

export interface AdSpendScope {
  shopIds: readonly number[];
  marketIds: readonly number[] | null;
  start: string;
  end: string;
}

/** Rows (shop_id, first, last): the days from each shop's first to its last ad report day. */
export const adReportCover = (shopIds: readonly number[]): SQL =>
  sql`SELECT r.shop_id, min(r.day) AS first, max(r.day) AS last FROM ppc_shop_day r
       WHERE r.shop_id = ${anyInt(shopIds)} GROUP BY r.shop_id`;

/** Rows (shop_id, market_id, day, spend_cents): the reports' spend per shop and day of the scope, every campaign type. */
export const adReportSpend = (s: AdSpendScope): SQL =>
  sql`SELECT r.shop_id, r.market_id, r.day, sum(r.spend_cents)::bigint AS spend_cents FROM ppc_shop_day r
       WHERE r.shop_id = ${anyInt(s.shopIds)} AND r.day BETWEEN ${s.start}::date AND ${s.end}::date
         AND ${s.marketIds ? sql`r.market_id = ${anyInt(s.marketIds)}` : sql`true`}
       GROUP BY r.shop_id, r.market_id, r.day`;
