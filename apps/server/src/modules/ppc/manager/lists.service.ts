/**
 * The /ppcMgr lists: the entities of one campaign type in the visible shops, each with
 * its settings and its figures over the period, sorted and paged in SQL, with the totals
 * of the filtered set. Figures: campaigns and ad groups from their rollups
 * (their week and day rollups, model/period.ts), keywords / targets / product ads from their
 * entity-level facts in ppc_performance (index ppc_performance_entity_day_idx: shop,
 * entity type, day, covering the sums). Money of figures is in the reporting currency
 * (converted once per fact as in the rollups); settings stay in the marketplace's.
 * Every list is an entity list: entities without facts in the period are rows with zeros.
 */

import type { ppcManager } from '@bo/contract';
import { REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import { type PLACEMENTS, PLACEMENTS_OF_TYPE, SD_NO_PLACEMENTS } from '@bo/contract/ppc/changes';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { anyInt, likeContains, limitOffset, serialRows } from '../../../db/sql';
import type { AppContext } from '../../../platform/context';
import { badRequest } from '../../../platform/errors';
import { rateAsOf } from '../../sales/facts/facts.service';
import type { ShopScope } from '../../shops/shops/shop-scope';
import { resolveScope, type Scope } from '../board/board.service';
import { FIGURES, type Figures, figuresOf, SUM_FIGURES } from '../model/metrics';
import { entityPeriodRows, rollupPeriodRows } from '../model/period';

type Type = 'sp' | 'sb' | 'sd';
type Q<E extends { query: z.ZodType }> = z.infer<E['query']>;
type Rec = Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

interface Common {
  shopId?: number;
  state?: string;
  keyword?: string;
  portfolioId?: number;
  campaignId?: number;
  adGroupId?: number;
  startDate?: string;
  endDate?: string;
  sortField: string;
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

function scopeOf(scope: ShopScope, type: Type, q: Common): Scope {
  return resolveScope(scope, {
    startDate: q.startDate,
    endDate: q.endDate,
    shopId: q.shopId ? [q.shopId] : undefined,
    campaignType: [type],
  });
}

const empty = (q: Common, s: Scope) => ({
  list: [],
  total: 0,
  pageNum: q.pageNum,
  pageSize: q.pageSize,
  sum: figuresOf({}),
  startDate: s.start,
  endDate: s.end,
  reportingCurrency: REPORTING_CURRENCY,
});

/**
 * Runs one list: `entities` (alias-free SELECT with camelCase columns, `id` among them),
 * `facts` (sums per `entity_id` over the period), sorted by the output column named as
 * the sort field, paged, with the sums of the filtered set.
 */
async function runList(
  ctx: AppContext,
  q: Common,
  entities: SQL,
  facts: SQL | null,
  extra: SQL = sql``,
): Promise<{ rows: Rec[]; total: number; sum: Figures }> {
  const figures = facts ? sql`, ${FIGURES()}` : sql``;
  const join = facts ? sql`LEFT JOIN x ON x.entity_id = e.id` : sql``;
  const dir = q.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  // One statement: the facts of the period are aggregated once (x, materialised) for the
  // page and for the totals (the sum row comes back with kind 'sum').
  const base = sql`WITH e AS (${entities})${facts ? sql`, x AS MATERIALIZED (${facts})` : sql``}`;
  const order = sql`z.${sql.identifier(q.sortField)} ${dir} NULLS LAST, z.id ${dir}`;
  const pageSql = sql`SELECT z.*, count(*) OVER () AS "totalRows", row_number() OVER (ORDER BY ${order}) AS "rowNo"
      FROM (SELECT e.* ${figures} ${extra} FROM e ${join}) z
     ORDER BY ${order}
     ${limitOffset(q)}`;
  // Without parallel workers: the entity facts read their period union inline (entityFacts).
  const all = await serialRows<{ kind: string; j: Rec }>(
    ctx.db,
    facts
      ? sql`${base}, page AS (${pageSql}),
              sums AS (SELECT ${FIGURES()} FROM (SELECT ${SUM_FIGURES} FROM x r JOIN e ON e.id = r.entity_id) x)
            SELECT 'row' AS kind, to_jsonb(page.*) AS j FROM page
            UNION ALL SELECT 'sum', to_jsonb(sums.*) FROM sums`
      : sql`${base} SELECT 'row' AS kind, to_jsonb(page.*) AS j FROM (${pageSql}) page`,
  );
  const rows = all
    .filter((r) => r.kind === 'row')
    .map((r) => r.j)
    .sort((a, b) => Number(a.rowNo) - Number(b.rowNo));
  const t = { rows: all.filter((r) => r.kind === 'sum').map((r) => r.j) };
  let total = Number(rows[0]?.totalRows ?? 0);
  if (rows.length === 0 && q.pageNum > 1) {
    const c = await ctx.db.execute<{ n: number }>(sql`${base} SELECT count(*)::int AS n FROM e`);
    total = Number(c.rows[0]?.n ?? 0);
  }
  return { rows, total, sum: figuresOf((t?.rows[0] as Rec | undefined) ?? {}) };
}

const answer = <T>(q: Common, s: Scope, r: { rows: Rec[]; total: number; sum: Figures }, map: (r: Rec) => T) => ({
  list: r.rows.map(map),
  total: r.total,
  pageNum: q.pageNum,
  pageSize: q.pageSize,
  sum: r.sum,
  startDate: s.start,
  endDate: s.end,
  reportingCurrency: REPORTING_CURRENCY,
});

/** The filters every entity list shares, on the campaign `c` (and ad group `g` when the list has one). */
function commonWhere(s: Scope, type: Type, q: Common, own: SQL, search: SQL | null, hasGroup: boolean): SQL {
  const parts: SQL[] = [sql`${own}.shop_id = ${anyInt(s.shopIds)}`, sql`c.campaign_type = ${type}`];
  if (q.state) parts.push(sql`${own}.state = ${q.state}`);
  if (q.portfolioId) parts.push(sql`c.portfolio_id = ${q.portfolioId}`);
  if (q.campaignId) parts.push(sql`c.id = ${q.campaignId}`);
  if (q.adGroupId && hasGroup) parts.push(sql`g.id = ${q.adGroupId}`);
  const kw = q.keyword?.trim();
  if (kw && search) parts.push(sql`${search} ILIKE ${likeContains(kw)}`);
  return sql.join(parts, sql` AND `);
}

const owner = sql`sh.name AS "shopName", c.market_id AS "marketId", pf.currency, c.campaign_type AS "campaignType"`;
const ownerJoin = sql`JOIN shops sh ON sh.id = c.shop_id JOIN ppc_profiles pf ON pf.shop_id = c.shop_id`;

const ownerOf = (r: Rec) => ({
  shopId: Number(r.shopId),
  shopName: String(r.shopName),
  marketId: Number(r.marketId),
  currency: String(r.currency),
  campaignType: String(r.campaignType) as Type,
});
const settingsOf = (r: Rec) => ({
  id: Number(r.id),
  state: String(r.state) as 'enabled' | 'paused' | 'archived',
  version: Number(r.version),
});

/** A filter on the entities themselves (text, state, match type, kind): only their facts are summed. */
const narrowed = (q: Common & { matchType?: string; kind?: string }) =>
  Boolean(q.keyword?.trim() || q.state || q.matchType || q.kind || q.portfolioId);

/** Entity-level facts of the period (keywords, targets, product ads) summed per entity. */
function entityFacts(
  s: Scope,
  type: Type,
  entityType: 'keyword' | 'target' | 'product_ad',
  q: Common & { matchType?: string; kind?: string },
): SQL {
  const where = sql`r.shop_id = ${anyInt(s.shopIds)} AND r.campaign_type = ${type}
                ${q.campaignId ? sql`AND r.campaign_id = ${q.campaignId}` : sql``}
                ${q.adGroupId ? sql`AND r.ad_group_id = ${q.adGroupId}` : sql``}
                ${narrowed(q) ? sql`AND r.entity_id IN (SELECT id FROM e)` : sql``}`;
  return sql`SELECT r.entity_id, ${SUM_FIGURES} FROM (${entityPeriodRows(entityType, s.start, s.end, where, { inline: true })}) r
              GROUP BY r.entity_id`;
}

// ---- campaigns ---------------------------------------------------------------------------------------

export async function campaigns(ctx: AppContext, scope: ShopScope, type: Type, q: Q<typeof ppcManager.campaigns>) {
  const s = scopeOf(scope, type, q);
  if (!s.shopIds.length) return empty(q, s);
  const days = sql`GREATEST(0, LEAST(${s.end}::date, coalesce(c.end_date, ${s.end}::date))
                              - GREATEST(${s.start}::date, coalesce(c.start_date, ${s.start}::date)) + 1)`;
  const entities = sql`
    SELECT c.id, c.shop_id AS "shopId", ${owner}, c.name, c.targeting, c.state, c.daily_budget::float8 AS "dailyBudget",
           c.bidding_strategy AS "biddingStrategy", to_char(c.start_date, 'YYYY-MM-DD') AS "startDate",
           to_char(c.end_date, 'YYYY-MM-DD') AS "endDate", c.portfolio_id AS "portfolioId", po.name AS "portfolioName",
           c.version, ${days}::int AS days,
           round(c.daily_budget * coalesce(rr.rate, 1), 2)::float8 AS "dailyBudgetReporting"
      FROM ppc_campaigns c ${ownerJoin} LEFT JOIN ppc_portfolios po ON po.id = c.portfolio_id
      -- The rate once per currency, not once per campaign.
      LEFT JOIN (SELECT cur.currency, ${rateAsOf(sql`cur.currency`, sql`${s.end}::date`)} AS rate
                   FROM (SELECT DISTINCT currency FROM ppc_profiles) cur) rr ON rr.currency = pf.currency
     WHERE ${commonWhere(s, type, q, sql`c`, sql`c.name`, false)}`;
  const where = sql`r.shop_id = ${anyInt(s.shopIds)} AND r.campaign_type = ${type}
                     ${q.campaignId ? sql`AND r.campaign_id = ${q.campaignId}` : sql``}`;
  const facts = sql`SELECT r.campaign_id AS entity_id, ${SUM_FIGURES} FROM (${rollupPeriodRows('campaign', s.start, s.end, where)}) r
                     GROUP BY r.campaign_id`;
  const utilization = sql`, round((coalesce(x.spend_cents, 0)::numeric / 100) / nullif(e."dailyBudgetReporting"::numeric * e.days, 0), 4)::float8
                           AS "budgetUtilization"`;
  const r = await runList(ctx, q, entities, facts, utilization);
  return answer(q, s, r, (x) => ({
    ...ownerOf(x),
    ...settingsOf(x),
    name: String(x.name),
    targeting: str(x.targeting),
    dailyBudget: Number(x.dailyBudget),
    biddingStrategy: str(x.biddingStrategy) as 'legacy' | 'down_only' | 'up_and_down' | 'fixed' | null,
    startDate: str(x.startDate),
    endDate: str(x.endDate),
    portfolioId: num(x.portfolioId),
    portfolioName: str(x.portfolioName),
    days: Number(x.days),
    dailyBudgetReporting: Number(x.dailyBudgetReporting),
    budgetUtilization: num(x.budgetUtilization),
    ...figuresOf(x),
  }));
}

// ---- placements ----------------------------------------------------------------------------------------

export async function placements(ctx: AppContext, scope: ShopScope, type: Type, q: Q<typeof ppcManager.placements>) {
  if (type === 'sd') throw badRequest(SD_NO_PLACEMENTS);
  const s = scopeOf(scope, type, q);
  if (!s.shopIds.length) return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
  // A row per placement of the type (SP three, SB two) and campaign; a placement never set is 0 %.
  const kinds = PLACEMENTS_OF_TYPE[type].placements;
  const entities = sql`
    SELECT c.id * 10 + pl.n AS id, c.shop_id AS "shopId", ${owner}, c.id AS "campaignId", c.name AS "campaignName",
           pl.placement, coalesce(p.bid_adjustment_pct, 0) AS "bidAdjustmentPct", c.state AS "campaignState",
           c.bidding_strategy AS "biddingStrategy", c.version
      FROM ppc_campaigns c ${ownerJoin}
     CROSS JOIN (SELECT placement, n::int FROM unnest(${`{${kinds.join(',')}}`}::text[]) WITH ORDINALITY AS u(placement, n)) pl
      LEFT JOIN ppc_placements p ON p.campaign_id = c.id AND p.placement = pl.placement
     WHERE ${commonWhere(s, type, q, sql`c`, sql`c.name`, false)}`;
  const r = await runList(ctx, q, entities, null);
  return {
    list: r.rows.map((x) => ({
      ...ownerOf(x),
      campaignId: Number(x.campaignId),
      campaignName: String(x.campaignName),
      placement: String(x.placement) as (typeof PLACEMENTS)[number],
      bidAdjustmentPct: Number(x.bidAdjustmentPct),
      campaignState: String(x.campaignState) as 'enabled' | 'paused' | 'archived',
      biddingStrategy: str(x.biddingStrategy) as 'legacy' | 'down_only' | 'up_and_down' | 'fixed' | null,
      version: Number(x.version),
    })),
    total: r.total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

// ---- ad groups -----------------------------------------------------------------------------------------

export async function adGroups(ctx: AppContext, scope: ShopScope, type: Type, q: Q<typeof ppcManager.adGroups>) {
  const s = scopeOf(scope, type, q);
  if (!s.shopIds.length) return empty(q, s);
  const entities = sql`
    SELECT g.id, g.shop_id AS "shopId", ${owner}, g.name, g.state, g.version, g.default_bid::float8 AS "defaultBid",
           c.id AS "campaignId", c.name AS "campaignName"
      FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id ${ownerJoin}
     WHERE ${commonWhere(s, type, q, sql`g`, sql`(g.name || ' ' || c.name)`, true)}`;
  const where = sql`r.shop_id = ${anyInt(s.shopIds)} AND r.campaign_type = ${type}
                     ${q.campaignId ? sql`AND r.campaign_id = ${q.campaignId}` : sql``}
                     ${q.adGroupId ? sql`AND r.ad_group_id = ${q.adGroupId}` : sql``}`;
  const facts = sql`SELECT r.ad_group_id AS entity_id, ${SUM_FIGURES} FROM (${rollupPeriodRows('adGroup', s.start, s.end, where)}) r
                     GROUP BY r.ad_group_id`;
  const r = await runList(ctx, q, entities, facts);
  return answer(q, s, r, (x) => ({
    ...ownerOf(x),
    ...settingsOf(x),
    campaignId: Number(x.campaignId),
    campaignName: String(x.campaignName),
    name: String(x.name),
    defaultBid: Number(x.defaultBid),
    ...figuresOf(x),
  }));
}

// ---- ads, keywords, targets ----------------------------------------------------------------------------------

const inGroup = sql`g.id AS "adGroupId", g.name AS "adGroupName", c.id AS "campaignId", c.name AS "campaignName",
                    g.default_bid::float8 AS "defaultBid"`;
const groupJoin = sql`JOIN ppc_ad_groups g ON g.id = e0.ad_group_id JOIN ppc_campaigns c ON c.id = e0.campaign_id`;
const inGroupOf = (x: Rec) => ({
  adGroupId: Number(x.adGroupId),
  adGroupName: String(x.adGroupName),
  campaignId: Number(x.campaignId),
  campaignName: String(x.campaignName),
});

export async function ads(ctx: AppContext, scope: ShopScope, type: Type, q: Q<typeof ppcManager.ads>) {
  const s = scopeOf(scope, type, q);
  if (!s.shopIds.length) return empty(q, s);
  const entities = sql`
    SELECT e0.id, e0.shop_id AS "shopId", ${owner}, e0.state, e0.version, e0.sku, e0.asin, e0.listing_id AS "listingId", ${inGroup}
      FROM ppc_product_ads e0 ${groupJoin} ${ownerJoin}
     WHERE ${commonWhere(s, type, q, sql`e0`, sql`(coalesce(e0.sku, '') || ' ' || coalesce(e0.asin, ''))`, true)}`;
  const r = await runList(ctx, q, entities, entityFacts(s, type, 'product_ad', q));
  return answer(q, s, r, (x) => ({
    ...ownerOf(x),
    ...settingsOf(x),
    ...inGroupOf(x),
    sku: str(x.sku),
    asin: str(x.asin),
    listingId: num(x.listingId),
    ...figuresOf(x),
  }));
}

export async function keywords(ctx: AppContext, scope: ShopScope, type: Type, q: Q<typeof ppcManager.keywords>) {
  const s = scopeOf(scope, type, q);
  if (!s.shopIds.length) return empty(q, s);
  const entities = sql`
    SELECT e0.id, e0.shop_id AS "shopId", ${owner}, e0.state, e0.version, e0.keyword_text AS "keywordText",
           e0.match_type AS "matchType", e0.bid::float8 AS bid, ${inGroup}
      FROM ppc_keywords e0 ${groupJoin} ${ownerJoin}
     WHERE ${commonWhere(s, type, q, sql`e0`, sql`e0.keyword_text`, true)}
       ${q.matchType ? sql`AND e0.match_type = ${q.matchType}` : sql``}`;
  const r = await runList(ctx, q, entities, entityFacts(s, type, 'keyword', q));
  return answer(q, s, r, (x) => ({
    ...ownerOf(x),
    ...settingsOf(x),
    ...inGroupOf(x),
    keywordText: String(x.keywordText),
    matchType: String(x.matchType),
    bid: num(x.bid),
    defaultBid: Number(x.defaultBid),
    ...figuresOf(x),
  }));
}

export async function targets(ctx: AppContext, scope: ShopScope, type: Type, q: Q<typeof ppcManager.targets>) {
  const s = scopeOf(scope, type, q);
  if (!s.shopIds.length) return empty(q, s);
  const entities = sql`
    SELECT e0.id, e0.shop_id AS "shopId", ${owner}, e0.state, e0.version, e0.kind, e0.expression, e0.bid::float8 AS bid, ${inGroup}
      FROM ppc_targets e0 ${groupJoin} ${ownerJoin}
     WHERE ${commonWhere(s, type, q, sql`e0`, sql`e0.expression`, true)}
       ${q.kind ? sql`AND e0.kind = ${q.kind}` : sql``}`;
  const r = await runList(ctx, q, entities, entityFacts(s, type, 'target', q));
  return answer(q, s, r, (x) => ({
    ...ownerOf(x),
    ...settingsOf(x),
    ...inGroupOf(x),
    kind: String(x.kind) as 'product' | 'category' | 'auto',
    expression: String(x.expression),
    bid: num(x.bid),
    defaultBid: Number(x.defaultBid),
    ...figuresOf(x),
  }));
}
