/**
 * PPC suggestions computed from the period's figures (see ../README.md "Suggestions"), and
 * their application through the one change path (`applyChanges`, source `diagnosis`) or,
 * for negatives, created and recorded with `recordCreates`. Reads the facts by their
 * (shop, day) index and the campaign rollup; nothing is stored.
 */

import type { PpcFilter } from '@bo/contract/ppc/board';
import type { SuggestionKind } from '@bo/contract/ppc/boards';
import { AD_LIMITS } from '@bo/contract/ppc/changes';
import { type SQL, sql } from 'drizzle-orm';
import { intSet, serialRows } from '../../../db/sql';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { demoDone } from '../../../platform/http/binder';
import { rateAsOf } from '../../sales/facts/facts.service';
import { type ShopScope, shopIn } from '../../shops/shops/shop-scope';
import { entityScope, period, resolveScope, rows, type Scope } from '../board/board.service';
import { applyChanges, type ChangeOrigin, recordCreates } from '../changes/changes.service';
import { FIGURES, figuresOf, SUM_FIGURES } from '../model/metrics';
import { entityPeriodRows } from '../model/period';
import { campaignDays } from './boards.service';

export interface SuggestionQuery extends PpcFilter {
  kind: SuggestionKind;
  targetAcos: number;
  minClicks: number;
  pageNum: number;
  pageSize: number;
}

/** The console's limits per currency as a joinable set (USD's for a currency not listed). */
const LIMITS = sql`(SELECT * FROM (VALUES ${sql.join(
  Object.entries(AD_LIMITS).map(
    ([c, l]) => sql`(${c}::text, ${l.minBid}::numeric, ${l.maxBid}::numeric, ${l.minBudget}::numeric, ${l.maxBudget}::numeric)`,
  ),
  sql`, `,
)}) v(currency, min_bid, max_bid, min_budget, max_budget))`;
/**
 * The bid limits of each shop's currency (USD's when not listed) as a joinable set of one row
 * a shop: hash-joined by shop, not looked up per row (20,000 VALUES scans on the large data).
 */
const SHOP_BID_LIMITS = sql`(SELECT pf.shop_id, pf.currency, coalesce(lc.min_bid, lu.min_bid) AS min_bid, coalesce(lc.max_bid, lu.max_bid) AS max_bid
    FROM ppc_profiles pf LEFT JOIN ${LIMITS} lc ON lc.currency = pf.currency
    CROSS JOIN (SELECT * FROM ${LIMITS} u WHERE u.currency = 'USD') lu)`;
const limitOf = (col: string, currency: SQL) =>
  sql`coalesce((SELECT l.${sql.raw(col)} FROM ${LIMITS} l WHERE l.currency = ${currency}), (SELECT l.${sql.raw(col)} FROM ${LIMITS} l WHERE l.currency = 'USD'))`;

/**
 * Bids: keywords and targets with at least `minClicks` clicks. With sales, bid × target ACoS
 * ÷ ACoS, held within ½× and 1½× of the bid; without sales, 70 % of the bid. Within the
 * marketplace's limits, to the cent; only a move of at least 5 % (and a cent) is suggested.
 */
function bidSuggestions(s: Scope, q: SuggestionQuery, type: 'keyword' | 'target'): SQL {
  const e = type === 'keyword' ? sql`ppc_keywords` : sql`ppc_targets`;
  const name = type === 'keyword' ? sql`e.keyword_text || ' [' || e.match_type || ']'` : sql`e.expression`;
  // The campaign's state as an anti-join with the few archived campaigns (its name is joined
  // to the page only), the limits by shop.
  const one = sql`
      SELECT ${type}::text AS entity_type, e.id AS entity_id, e.version, ${name} AS name, e.campaign_id,
             e.ad_group_id, e.shop_id, lim.currency, e.bid::numeric AS current, lim.min_bid, lim.max_bid, x.*
        FROM (SELECT r.entity_id AS fact_id, ${SUM_FIGURES}
                FROM (${entityPeriodRows(type, s.start, s.end, entityScope(s), { inline: true })}) r
               GROUP BY r.entity_id HAVING sum(r.clicks) >= ${q.minClicks}) x
        JOIN ${e} e ON e.id = x.fact_id AND e.state = 'enabled' AND e.bid IS NOT NULL
                   AND e.campaign_id NOT IN (SELECT c.id FROM ppc_campaigns c WHERE c.state = 'archived')
        JOIN ${SHOP_BID_LIMITS} lim ON lim.shop_id = e.shop_id`;
  return sql`
    SELECT 'bid' AS kind, b.entity_type, b.entity_id, b.version, b.name, b.campaign_id, b.ad_group_id,
           b.shop_id, b.currency, b.current, b.suggested, NULL::int AS days_out, b.reason,
           b.impressions, b.clicks, b.spend_cents, b.orders, b.sales_cents, b.units
      FROM (SELECT a.*,
                   least(greatest(round(CASE WHEN a.sales_cents = 0 THEN a.current * 0.7
                                             ELSE a.current * least(1.5, greatest(0.5, ${q.targetAcos}::numeric * a.sales_cents / nullif(a.spend_cents, 0)))
                                        END, 2), a.min_bid), a.max_bid) AS suggested,
                   CASE WHEN a.sales_cents = 0 THEN 'no_sales'
                        WHEN a.spend_cents::numeric / a.sales_cents > ${q.targetAcos} THEN 'acos_above_target'
                        ELSE 'acos_below_target' END AS reason
              FROM (${one}) a
             WHERE a.spend_cents > 0) b
     WHERE abs(b.suggested - b.current) >= greatest(0.01, b.current * 0.05)`;
}

/**
 * Budgets: campaigns that ran out of budget on some day of the period with an ACoS within
 * the target: budget × (1 + ½ × days out ÷ days with data), at least +10 %, to the cent,
 * within the marketplace's limits.
 */
function budgetSuggestions(s: Scope, q: SuggestionQuery): SQL {
  return sql`
    WITH d AS (${campaignDays(s, undefined)}),
    a AS (SELECT r.campaign_id, sum(r.impressions)::bigint AS impressions, sum(r.clicks)::bigint AS clicks,
                 sum(r.spend_cents)::bigint AS spend_cents, sum(r.orders)::bigint AS orders, sum(r.sales_cents)::bigint AS sales_cents,
                 sum(r.units)::bigint AS units, count(*) FILTER (WHERE r.out)::int AS days_out, count(*)::int AS days
            FROM d r GROUP BY r.campaign_id)
    SELECT 'budget' AS kind, 'campaign' AS entity_type, c.id AS entity_id, c.version, c.name, c.id AS campaign_id,
           c.name AS campaign_name, NULL::text AS ad_group_name, c.shop_id, sh.name AS shop_name, pf.currency,
           c.daily_budget::numeric AS current,
           least(round(c.daily_budget * greatest(1.1, 1 + 0.5 * a.days_out::numeric / a.days), 2),
                 ${limitOf('max_budget', sql`pf.currency`)}) AS suggested,
           a.days_out, 'out_of_budget' AS reason,
           a.impressions, a.clicks, a.spend_cents, a.orders, a.sales_cents, a.units
      FROM a JOIN ppc_campaigns c ON c.id = a.campaign_id AND c.state = 'enabled' JOIN shops sh ON sh.id = c.shop_id
      JOIN ppc_profiles pf ON pf.shop_id = c.shop_id
     WHERE a.days_out > 0 AND a.sales_cents > 0 AND a.spend_cents::numeric / a.sales_cents <= ${q.targetAcos}
       AND c.daily_budget < ${limitOf('max_budget', sql`pf.currency`)}`;
}

/**
 * Negatives: search terms of an ad group with at least `minClicks` clicks and no order in
 * the period, not yet a negative exact keyword of the ad group or its campaign.
 */
function negativeSuggestions(s: Scope, q: SuggestionQuery): SQL {
  return sql`
    WITH rt AS MATERIALIZED (
      SELECT cur.currency, d.day::date AS day, ${rateAsOf(sql`cur.currency`, sql`d.day::date`)} AS rate
        FROM (SELECT DISTINCT currency FROM ppc_profiles WHERE shop_id IN ${intSet(s.shopIds)}) cur,
             generate_series(${s.start}::date, ${s.end}::date, interval '1 day') d(day)),
    t AS (
      SELECT t.ad_group_id, lower(t.search_term) AS term, sum(t.impressions)::bigint AS impressions, sum(t.clicks)::bigint AS clicks,
             sum((round(t.spend * rt.rate, 2) * 100)::bigint)::bigint AS spend_cents, sum(t.orders)::bigint AS orders,
             sum((round(t.sales * rt.rate, 2) * 100)::bigint)::bigint AS sales_cents, sum(t.units)::bigint AS units
        FROM ppc_search_terms t JOIN ppc_campaigns c ON c.id = t.campaign_id
        JOIN rt ON rt.currency = t.currency AND rt.day = t.day
       WHERE t.shop_id IN ${intSet(s.shopIds)} AND t.day BETWEEN ${s.start}::date AND ${s.end}::date
         ${s.marketIds ? sql`AND c.market_id IN ${intSet(s.marketIds)}` : sql``}
         ${s.types ? sql`AND c.campaign_type IN (SELECT jsonb_array_elements_text(${JSON.stringify(s.types)}::jsonb))` : sql``}
       GROUP BY t.ad_group_id, lower(t.search_term)
      HAVING sum(t.clicks) >= ${q.minClicks} AND sum(t.orders) = 0)
    SELECT 'negative' AS kind, 'ad_group' AS entity_type, g.id AS entity_id, NULL::int AS version, t.term AS name,
           g.campaign_id, c.name AS campaign_name, g.name AS ad_group_name, g.shop_id, sh.name AS shop_name, pf.currency,
           NULL::numeric AS current, NULL::numeric AS suggested, NULL::int AS days_out, 'clicks_no_orders' AS reason,
           t.impressions, t.clicks, t.spend_cents, t.orders, t.sales_cents, t.units
      FROM t JOIN ppc_ad_groups g ON g.id = t.ad_group_id AND g.state <> 'archived'
      JOIN ppc_campaigns c ON c.id = g.campaign_id AND c.state <> 'archived'
      JOIN shops sh ON sh.id = g.shop_id JOIN ppc_profiles pf ON pf.shop_id = g.shop_id
     WHERE NOT EXISTS (SELECT 1 FROM ppc_negative_keywords n
                        WHERE n.campaign_id = g.campaign_id AND (n.ad_group_id = g.id OR n.ad_group_id IS NULL)
                          AND n.match_type = 'negative_exact' AND n.state <> 'archived' AND lower(n.keyword_text) = t.term)`;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function suggestions(ctx: AppContext, scope: ShopScope, q: SuggestionQuery) {
  const s = resolveScope(scope, q);
  const base = { ...period(s), targetAcos: q.targetAcos, minClicks: q.minClicks, pageNum: q.pageNum, pageSize: q.pageSize };
  if (s.shopIds.length === 0) return { list: [], total: 0, ...base };
  const offset = (q.pageNum - 1) * q.pageSize;
  let page: Record<string, unknown>[];
  let total: number;
  if (q.kind === 'bid') {
    // Keywords and targets are two aggregations of similar size: run side by side (one core
    // each, no parallel workers), each up to the end of the page, and merged here in the same
    // order; the figures and the campaign, ad-group and shop names are joined to those rows only.
    const upTo = sql`LIMIT ${offset + q.pageSize}`;
    const half = (type: 'keyword' | 'target') =>
      serialRows(
        ctx.db,
        sql`SELECT p.*, ${FIGURES(sql`p`)}, c.name AS campaign_name, g.name AS ad_group_name, sh.name AS shop_name
              FROM (SELECT x.*, count(*) OVER () AS total_rows FROM (${bidSuggestions(s, q, type)}) x
                     ORDER BY x.spend_cents DESC, x.entity_id, x.name ${upTo}) p
              JOIN ppc_campaigns c ON c.id = p.campaign_id JOIN ppc_ad_groups g ON g.id = p.ad_group_id
              JOIN shops sh ON sh.id = p.shop_id`,
      );
    const parts = await Promise.all([half('keyword'), half('target')]);
    total = parts.reduce((n, p) => n + Number(p[0]?.total_rows ?? 0), 0);
    page = parts
      .flat()
      .sort(
        (a, b) =>
          Number(b.spend_cents) - Number(a.spend_cents) ||
          Number(a.entity_id) - Number(b.entity_id) ||
          (String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0),
      )
      .slice(offset, offset + q.pageSize);
  } else {
    const source = q.kind === 'budget' ? budgetSuggestions(s, q) : negativeSuggestions(s, q);
    page = await rows(
      ctx,
      sql`SELECT x.*, ${FIGURES()}, count(*) OVER () AS total_rows FROM (${source}) x
           ORDER BY x.spend_cents DESC, x.entity_id, x.name LIMIT ${q.pageSize} OFFSET ${offset}`,
    );
    total = Number(page[0]?.total_rows ?? 0);
    if (page.length === 0 && q.pageNum > 1) {
      const [c] = await rows<{ n: number }>(ctx, sql`SELECT count(*)::int AS n FROM (${source}) x`);
      total = Number(c?.n ?? 0);
    }
  }
  return {
    list: page.map((r) => ({
      kind: q.kind,
      entityType: String(r.entity_type) as 'keyword' | 'target' | 'campaign' | 'ad_group',
      entityId: Number(r.entity_id),
      version: num(r.version),
      name: String(r.name),
      campaignId: Number(r.campaign_id),
      campaignName: String(r.campaign_name),
      adGroupName: r.ad_group_name === null ? null : String(r.ad_group_name),
      shopId: Number(r.shop_id),
      shopName: String(r.shop_name),
      currency: String(r.currency),
      current: num(r.current),
      suggested: num(r.suggested),
      figures: figuresOf(r),
      daysOut: num(r.days_out),
      reason: String(r.reason) as 'acos_above_target',
    })),
    total,
    ...base,
  };
}

export interface ApplyBody {
  changes: { entityType: 'keyword' | 'target' | 'campaign'; entityId: number; value: number; version?: number }[];
  negatives: { adGroupId: number; searchTerm: string }[];
}

/** All or none, in one transaction: bids and budgets through `applyChanges`, negatives created and recorded. */
export async function applySuggestions(ctx: AppContext, actor: RequestActor, scope: ShopScope, body: ApplyBody) {
  const origin: ChangeOrigin = { source: 'diagnosis', actor, note: 'PPC suggestion' };
  const result = await ctx.db.transaction(async (tx) => {
    const batchIds: number[] = [];
    let changed = 0;
    let unchanged = 0;
    if (body.changes.length) {
      const r = await applyChanges(
        tx,
        scope.shopIds,
        origin,
        body.changes.map((c) => ({
          entityType: c.entityType,
          entityId: c.entityId,
          field: c.entityType === 'campaign' ? 'daily_budget' : 'bid',
          value: c.value,
          ...(c.version !== undefined ? { version: c.version } : {}),
        })),
      );
      if (r.batchId) batchIds.push(r.batchId);
      changed = r.changeIds.length;
      unchanged = r.unchanged;
    }
    let created = 0;
    if (body.negatives.length) {
      const groupIds = [...new Set(body.negatives.map((n) => n.adGroupId))];
      const groups = (
        await tx.execute<{ id: number; campaign_id: number; shop_id: number }>(
          sql`SELECT g.id, g.campaign_id, g.shop_id FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id
               WHERE g.id IN ${intSet(groupIds)} AND ${shopIn(sql`g.shop_id`, scope)}
                 AND g.state <> 'archived' AND c.state <> 'archived' ORDER BY g.id FOR UPDATE OF g`,
        )
      ).rows;
      if (groups.length !== groupIds.length) throw notFound('ad group not found');
      const byId = new Map(groups.map((g) => [g.id, g]));
      const made: { entityType: 'negative_keyword'; entityId: number; snapshot: Record<string, unknown> }[] = [];
      for (const n of body.negatives) {
        const g = byId.get(n.adGroupId);
        if (!g) continue;
        const text = n.searchTerm.toLowerCase();
        const ins = await tx.execute<{ id: number }>(
          sql`INSERT INTO ppc_negative_keywords (campaign_id, ad_group_id, shop_id, keyword_text, match_type)
              VALUES (${g.campaign_id}, ${g.id}, ${g.shop_id}, ${text}, 'negative_exact') ON CONFLICT DO NOTHING RETURNING id`,
        );
        const id = ins.rows[0]?.id;
        if (id) {
          made.push({
            entityType: 'negative_keyword',
            entityId: id,
            snapshot: {
              keywordText: text,
              matchType: 'negative_exact',
              adGroupId: g.id,
              campaignId: g.campaign_id,
              state: 'enabled',
            },
          });
        }
      }
      const r = await recordCreates(tx, origin, made);
      if (r.batchId) batchIds.push(r.batchId);
      created = made.length;
      unchanged += body.negatives.length - made.length;
    }
    return { batchIds, changed, created, unchanged };
  });
  return ctx.config.DEMO_MODE && result.changed + result.created > 0 ? demoDone(result) : result;
}
