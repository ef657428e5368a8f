/**
 * Search terms of one shop (/searchTerm): the search-term report's rows summed per
 * campaign, ad group and term over a period, with whether the term is a keyword of the
 * shop already or excluded by a negative; and the harvest of terms as keywords or
 * negatives, created and recorded through the change path (source `harvest`, one batch).
 */

import type { ppcDiagnosis } from '@bo/contract';
import { adLimitsOf } from '@bo/contract/ppc/changes';
import type { HarvestItem } from '@bo/contract/ppc/diagnosis';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { poolOf, type Tx } from '../../../db/client';
import { likeContains, limitOffset } from '../../../db/sql';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { badRequest, codedFieldError, conflict, notFound } from '../../../platform/errors';
import * as salesProfit from '../../sales/profit/sales-profit.service';
import type { ShopScope } from '../../shops/shops/shop-scope';
import { type ApplyResult, recordCreates } from '../changes/changes.service';
import { FIGURES } from '../model/metrics';
import { streamCsv } from '../shared/csv-stream';
import { createNegatives, shopOf } from './diagnosis.service';

type Query = z.infer<typeof ppcDiagnosis.searchTermsQuery>;

const SORT: Record<Query['sortField'], SQL> = {
  impressions: sql`x.impressions`,
  clicks: sql`x.clicks`,
  spend: sql`x.spend`,
  orders: sql`x.orders`,
  sales: sql`x.sales`,
  acos: sql`x.acos`,
  cpc: sql`x.cpc`,
  cvr: sql`x.cvr`,
  searchTerm: sql`x.search_term`,
};

type Filter = Omit<Query, 'pageNum' | 'pageSize'>;

/** The shop and period of a search-term read (default: the 30 complete days before today). */
async function scopeOf(ctx: AppContext, scope: ShopScope, q: Filter) {
  const shop = await shopOf(ctx, scope, q.shopId);
  const def = salesProfit.defaultPeriod();
  let start = q.startDate ?? def.start;
  let end = q.endDate ?? def.end;
  if (end < start) [start, end] = [end, start];
  if (salesProfit.daysBetween(start, end) >= 366) throw badRequest('a period is at most 366 days');
  return { shop, start, end };
}

/** The rows of the filtered search terms in the list order, with `total_rows`; `window` pages. */
function termsSql(shopId: number, start: string, end: string, q: Filter, window: SQL): SQL {
  const where: SQL[] = [];
  if (q.hasOrders !== undefined) where.push(q.hasOrders ? sql`x.orders > 0` : sql`x.orders = 0`);
  if (q.minClicks !== undefined) where.push(sql`x.clicks >= ${q.minClicks}`);
  if (q.acosMin !== undefined) where.push(sql`x.acos >= ${q.acosMin}`);
  if (q.acosMax !== undefined) where.push(sql`x.acos <= ${q.acosMax}`);
  if (q.notKeyword) where.push(sql`kw.types IS NULL`);
  const order = q.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  return sql`
    WITH f AS (
      SELECT st.campaign_id, st.ad_group_id, st.search_term, string_agg(DISTINCT st.targeting, ', ') AS targeting,
             sum(st.impressions)::bigint AS impressions, sum(st.clicks)::bigint AS clicks,
             round(sum(st.spend) * 100)::bigint AS spend_cents, sum(st.orders)::bigint AS orders,
             round(sum(st.sales) * 100)::bigint AS sales_cents, sum(st.units)::bigint AS units
        FROM ppc_search_terms st
       WHERE st.shop_id = ${shopId} AND st.day BETWEEN ${start}::date AND ${end}::date
         ${q.campaignId ? sql`AND st.campaign_id = ${q.campaignId}` : sql``}
         ${q.keyword ? sql`AND st.search_term ILIKE ${likeContains(q.keyword.toLowerCase())}` : sql``}
       GROUP BY 1, 2, 3),
    x AS (SELECT f.campaign_id, f.ad_group_id, f.search_term, f.targeting, ${FIGURES(sql`f`)} FROM f),
    kw AS (
      SELECT k.keyword_text, array_agg(DISTINCT k.match_type ORDER BY k.match_type) AS types
        FROM ppc_keywords k WHERE k.shop_id = ${shopId} AND k.state <> 'archived' GROUP BY 1)
    SELECT x.*, c.name AS campaign_name, g.name AS ad_group_name, coalesce(kw.types, '{}') AS keyword_types,
           coalesce((SELECT array_agg(DISTINCT n.match_type ORDER BY n.match_type) FROM ppc_negative_keywords n
                      WHERE n.campaign_id = x.campaign_id AND (n.ad_group_id IS NULL OR n.ad_group_id = x.ad_group_id)
                        AND n.keyword_text = x.search_term AND n.state = 'enabled'), '{}') AS negative_types,
           count(*) OVER () AS total_rows
      FROM x JOIN ppc_campaigns c ON c.id = x.campaign_id JOIN ppc_ad_groups g ON g.id = x.ad_group_id
      LEFT JOIN kw ON kw.keyword_text = x.search_term
     ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
     ORDER BY ${SORT[q.sortField]} ${order} NULLS LAST, x.search_term, x.ad_group_id ${window}`;
}

export async function listSearchTerms(ctx: AppContext, scope: ShopScope, q: Query) {
  const { shop, start, end } = await scopeOf(ctx, scope, q);
  const r = await ctx.db.execute<Record<string, unknown>>(termsSql(shop.id, start, end, q, limitOffset(q)));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const arr = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  return {
    list: r.rows.map((x) => ({
      searchTerm: String(x.search_term),
      campaignId: Number(x.campaign_id),
      campaignName: String(x.campaign_name),
      adGroupId: Number(x.ad_group_id),
      adGroupName: String(x.ad_group_name),
      targeting: String(x.targeting ?? ''),
      impressions: Number(x.impressions),
      clicks: Number(x.clicks),
      spend: Number(x.spend),
      orders: Number(x.orders),
      sales: Number(x.sales),
      acos: num(x.acos),
      cpc: num(x.cpc),
      cvr: num(x.cvr),
      keywordMatchTypes: arr(x.keyword_types),
      negativeMatchTypes: arr(x.negative_types),
    })),
    total: Number(r.rows[0]?.total_rows ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    currency: shop.currency,
    startDate: start,
    endDate: end,
  };
}

/**
 * Harvests search terms, all or none, in one batch of source `harvest`: a keyword goes into
 * a visible, not archived ad group of a manual SP campaign with a bid within the
 * marketplace's limits; a negative into a campaign or an ad group. One that exists
 * already (in any state) is refused with 409 naming it.
 */
export async function harvest(tx: Tx, scope: ShopScope, actor: RequestActor, items: HarvestItem[]): Promise<ApplyResult> {
  const shops = scope.shopIds;
  const seen = new Set<string>();
  items.forEach((it, i) => {
    const text = it.searchTerm.trim().toLowerCase().replace(/\s+/g, ' ');
    const k =
      it.as === 'keyword'
        ? `k:${it.adGroupId}:${text}:${it.matchType}`
        : `n:${it.level}:${it.level === 'campaign' ? it.campaignId : it.adGroupId}:${text}:${it.matchType}`;
    if (seen.has(k)) throw codedFieldError(`items.${i}`, 'ppc.termHarvestedTwice');
    seen.add(k);
  });
  const created: { entityType: 'keyword' | 'negative_keyword'; entityId: number; snapshot: Record<string, unknown> }[] = [];
  for (const [i, it] of items.entries()) {
    if (it.as === 'negative') {
      const [n] = await createNegatives(
        tx,
        shops,
        [{ level: it.level, campaignId: it.campaignId, adGroupId: it.adGroupId, text: it.searchTerm, matchType: it.matchType }],
        `items.${i}`,
      );
      if (n) created.push({ entityType: 'negative_keyword', entityId: n.id, snapshot: n.snapshot });
      continue;
    }
    const [k] = await createKeywords(tx, shops, [it], i);
    if (k) created.push(k);
  }
  return recordCreates(tx, { source: 'harvest', actor, note: null }, created);
}

/**
 * Creates keywords from search terms (a harvest, a rule's harvest): each into a visible,
 * not archived ad group of a manual SP campaign with a bid within the marketplace's
 * limits; one that exists already (in any state) is a 409 naming it. `first`: the index of
 * the first item in the caller's list (error paths). Returns what `recordCreates` takes.
 */
export async function createKeywords(
  tx: Tx,
  shops: readonly number[],
  items: readonly { adGroupId: number; searchTerm: string; matchType: 'exact' | 'phrase' | 'broad'; bid: number }[],
  first = 0,
) {
  const created: { entityType: 'keyword'; entityId: number; snapshot: Record<string, unknown> }[] = [];
  for (const [j, it] of items.entries()) {
    const i = first + j;
    const text = it.searchTerm.trim().toLowerCase().replace(/\s+/g, ' ');
    const g = (
      await tx.execute<{
        id: number;
        name: string;
        state: string;
        campaign_id: number;
        campaign_name: string;
        campaign_state: string;
        campaign_type: string;
        targeting: string | null;
        shop_id: number;
        currency: string | null;
      }>(sql`
          SELECT g.id, g.name, g.state, c.id AS campaign_id, c.name AS campaign_name, c.state AS campaign_state, c.campaign_type,
                 c.targeting, g.shop_id, p.currency
            FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id LEFT JOIN ppc_profiles p ON p.shop_id = g.shop_id
           WHERE g.id = ${it.adGroupId} FOR UPDATE OF g`)
    ).rows[0];
    if (!g || !shops.includes(g.shop_id)) throw notFound('ad group not found');
    if (g.state === 'archived' || g.campaign_state === 'archived') throw conflict(`${g.campaign_name} › ${g.name} is archived`);
    if (g.campaign_type !== 'sp') throw codedFieldError(`items.${i}.adGroupId`, 'ppc.harvestIntoSp');
    if (g.targeting === 'auto') throw codedFieldError(`items.${i}.adGroupId`, 'ppc.autoTakesNoKeywords');
    const limits = adLimitsOf(g.currency ?? 'USD');
    const bid = Math.round(it.bid * 100) / 100;
    if (bid < limits.minBid || bid > limits.maxBid)
      throw codedFieldError(`items.${i}.bid`, 'ppc.amountRange', {
        min: limits.minBid,
        max: limits.maxBid,
        currency: g.currency ?? 'USD',
      });
    const r = await tx.execute<{ id: number }>(sql`
        INSERT INTO ppc_keywords (ad_group_id, campaign_id, shop_id, keyword_text, match_type, bid)
        VALUES (${g.id}, ${g.campaign_id}, ${g.shop_id}, ${text}, ${it.matchType}, ${bid})
        ON CONFLICT (ad_group_id, keyword_text, match_type) DO NOTHING RETURNING id`);
    const id = r.rows[0]?.id;
    if (!id)
      throw conflict(`"${text}" (${it.matchType}) is already a keyword of ${g.campaign_name} › ${g.name}`, {
        index: i,
        searchTerm: text,
        matchType: it.matchType,
      });
    created.push({
      entityType: 'keyword',
      entityId: id,
      snapshot: { campaignId: g.campaign_id, adGroupId: g.id, keywordText: text, matchType: it.matchType, bid, state: 'enabled' },
    });
  }
  return created;
}

/** The ad groups of the shop's manual SP campaigns that are not archived (where a keyword can be harvested to). */
export async function harvestAdGroups(ctx: AppContext, scope: ShopScope, shopId: number) {
  const shop = await shopOf(ctx, scope, shopId);
  const r = await ctx.db.execute<{
    id: number;
    name: string;
    campaign_id: number;
    campaign_name: string;
    default_bid: number;
  }>(sql`
    SELECT g.id, g.name, c.id AS campaign_id, c.name AS campaign_name, g.default_bid::float8 AS default_bid
      FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id
     WHERE c.shop_id = ${shop.id} AND c.campaign_type = 'sp' AND c.targeting = 'manual'
       AND c.state <> 'archived' AND g.state <> 'archived'
     ORDER BY c.name, g.name LIMIT 2000`);
  return r.rows.map((g) => ({
    adGroupId: g.id,
    adGroupName: g.name,
    campaignId: g.campaign_id,
    campaignName: g.campaign_name,
    defaultBid: Number(g.default_bid),
  }));
}

/** The filtered search terms as a streamed csv (money in the marketplace currency, ratios as fractions). */
export async function searchTermsCsv(ctx: AppContext, scope: ShopScope, q: Filter) {
  const { shop, start, end } = await scopeOf(ctx, scope, q);
  const num = (k: string) => (r: Record<string, unknown>) => (r[k] === null || r[k] === undefined ? null : Number(r[k]));
  return streamCsv(poolOf(ctx.db), {
    fileName: `search-terms-${shop.id}-${start}-${end}.csv`,
    columns: [
      { header: 'searchTerm', value: (r) => String(r.search_term) },
      { header: 'campaign', value: (r) => String(r.campaign_name) },
      { header: 'adGroup', value: (r) => String(r.ad_group_name) },
      { header: 'targeting', value: (r) => String(r.targeting ?? '') },
      { header: 'currency', value: () => shop.currency },
      ...['impressions', 'clicks', 'spend', 'orders', 'sales', 'acos', 'cpc', 'cvr'].map((k) => ({ header: k, value: num(k) })),
      { header: 'keywordMatchTypes', value: (r) => (Array.isArray(r.keyword_types) ? r.keyword_types.join(' ') : '') },
      { header: 'negativeMatchTypes', value: (r) => (Array.isArray(r.negative_types) ? r.negative_types.join(' ') : '') },
    ],
    query: termsSql(shop.id, start, end, q, sql``),
  });
}
