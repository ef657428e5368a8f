/**
 * PPC diagnosis (see ../README.md "Diagnosis"): findings over a settled window of one
 * shop's SP keywords, targets and search terms, each with a proposed fix; the fixes are
 * applied through the change path in one batch of source `diagnosis` (so one undo).
 * Figures are summed from `ppc_performance` / `ppc_search_terms` in the marketplace's
 * currency (bids are set in it) and turned into ratios by model/metrics.ts.
 */
import { adLimitsOf } from '@bo/contract/ppc/changes';
import type { DiagnosisQuery, Finding, FindingKind, Fix } from '@bo/contract/ppc/diagnosis';
import { FINDING_KINDS, SETTLE_DAYS } from '@bo/contract/ppc/diagnosis';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { anyInt } from '../../../db/sql';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { badRequest, codedFieldError, conflict, notFound } from '../../../platform/errors';
import { type ShopScope, scopeHas } from '../../shops/shops/shop-scope';
import { type ApplyResult, applyChanges, type ChangeInput, recordCreates } from '../changes/changes.service';
import { FIGURES } from '../model/metrics';

const DAY = 86_400_000;
const MAX_WINDOW_DAYS = 90;
/** Findings listed per kind (the biggest spend first); `counts` has them all. */
const MAX_PER_KIND = 500;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const today = (now: Date) => now.toISOString().slice(0, 10);

/** The settled window: ends at most 3 days ago (default: the 30 days ending then). */
export function settledWindow(q: { startDate?: string; endDate?: string }, now = new Date()): { start: string; end: string } {
  const last = addDays(today(now), -SETTLE_DAYS);
  let end = q.endDate && q.endDate < last ? q.endDate : last;
  let start = q.startDate ?? addDays(end, -29);
  if (start > end) [start, end] = [end, start];
  if ((Date.parse(end) - Date.parse(start)) / DAY >= MAX_WINDOW_DAYS)
    throw badRequest(`a diagnosis window is at most ${MAX_WINDOW_DAYS} days`);
  return { start, end };
}

/** The shop, when the caller sees it and it has an ad profile. */
export async function shopOf(ctx: AppContext | { db: AppContext['db'] }, scope: ShopScope, shopId: number) {
  if (!scopeHas(scope, shopId)) throw notFound('shop not found');
  const r = await ctx.db.execute<{ currency: string }>(sql`SELECT currency FROM ppc_profiles WHERE shop_id = ${shopId}`);
  const p = r.rows[0];
  if (!p) throw notFound('the shop has no advertising profile');
  return { id: shopId, currency: p.currency };
}

interface EntityRow extends Record<string, unknown> {
  entity_type: 'keyword' | 'target';
  entity_id: number;
  campaign_id: number;
  campaign_name: string;
  ad_group_id: number;
  ad_group_name: string;
  name: string;
  match_type: string | null;
  state: string;
  bid: number | null;
  own_bid: number | null;
  impressions: number;
  clicks: number;
  spend: number;
  orders: number;
  sales: number;
  acos: number | null;
  cpc: number | null;
  idle: boolean;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export async function diagnose(ctx: AppContext, scope: ShopScope, q: DiagnosisQuery, now = new Date()) {
  const shop = await shopOf(ctx, scope, q.shopId);
  const { start, end } = settledWindow(q, now);
  const idleStart = addDays(end, -(q.idleDays - 1));
  const limits = adLimitsOf(shop.currency);
  // Keywords and targets of enabled SP campaigns and ad groups, with their window sums and
  // whether they had no impression over the idle days while their campaign had some.
  const entities = (
    await ctx.db.execute<EntityRow>(sql`
      WITH e AS (
        SELECT 'keyword' AS entity_type, k.id AS entity_id, k.campaign_id, k.ad_group_id, k.keyword_text AS name, k.match_type,
               k.state, k.bid::float8 AS own_bid, coalesce(k.bid, g.default_bid)::float8 AS bid
          FROM ppc_keywords k JOIN ppc_ad_groups g ON g.id = k.ad_group_id
         WHERE k.shop_id = ${shop.id} AND k.state = 'enabled' AND g.state = 'enabled'
        UNION ALL
        SELECT 'target', t.id, t.campaign_id, t.ad_group_id, t.expression, NULL, t.state, t.bid::float8,
               coalesce(t.bid, g.default_bid)::float8
          FROM ppc_targets t JOIN ppc_ad_groups g ON g.id = t.ad_group_id
         WHERE t.shop_id = ${shop.id} AND t.state = 'enabled' AND g.state = 'enabled'),
      f AS (
        SELECT p.entity_type, p.entity_id, sum(p.impressions)::bigint AS impressions, sum(p.clicks)::bigint AS clicks,
               round(sum(p.spend) * 100)::bigint AS spend_cents, sum(p.orders)::bigint AS orders,
               round(sum(p.sales) * 100)::bigint AS sales_cents, sum(p.units)::bigint AS units,
               coalesce(sum(p.impressions) FILTER (WHERE p.day >= ${idleStart}::date), 0)::bigint AS idle_impressions
          FROM ppc_performance p
         WHERE p.shop_id = ${shop.id} AND p.day BETWEEN ${start}::date AND ${end}::date
           AND p.entity_type IN ('keyword', 'target') AND p.campaign_type = 'sp'
         GROUP BY 1, 2),
      live AS (
        SELECT r.campaign_id FROM ppc_campaign_day r
         WHERE r.shop_id = ${shop.id} AND r.day BETWEEN ${idleStart}::date AND ${end}::date
         GROUP BY 1 HAVING sum(r.impressions) > 0)
      SELECT e.entity_type, e.entity_id, e.campaign_id, c.name AS campaign_name, e.ad_group_id, g.name AS ad_group_name,
             e.name, e.match_type, e.state, e.bid, e.own_bid, ${FIGURES(sql`f`)},
             (coalesce(f.idle_impressions, 0) = 0 AND e.campaign_id IN (SELECT campaign_id FROM live)) AS idle
        FROM e
        JOIN ppc_campaigns c ON c.id = e.campaign_id AND c.state = 'enabled' AND c.campaign_type = 'sp'
        JOIN ppc_ad_groups g ON g.id = e.ad_group_id
        LEFT JOIN f ON f.entity_type = e.entity_type AND f.entity_id = e.entity_id`)
  ).rows;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  for (const e of entities) {
    for (const k of ['impressions', 'clicks', 'spend', 'orders', 'sales'] as const) e[k] = Number(e[k] ?? 0);
    e.acos = num(e.acos);
    e.cpc = num(e.cpc);
    e.bid = num(e.bid);
    e.own_bid = num(e.own_bid);
  }
  // Robust centre and spread of ACoS over the entities with sales: median and scaled MAD.
  const acosList = entities
    .filter((e) => e.sales > 0 && e.acos !== null)
    .map((e) => e.acos as number)
    .sort((a, b) => a - b);
  const median = (xs: number[]) => {
    if (!xs.length) return null;
    const m = xs.length >> 1;
    return xs.length % 2 ? (xs[m] as number) : ((xs[m - 1] as number) + (xs[m] as number)) / 2;
  };
  const rawMed = median(acosList);
  const med = rawMed === null ? null : Math.round(rawMed * 10_000) / 10_000;
  const mad = med === null ? null : median(acosList.map((a) => Math.abs(a - med)).sort((a, b) => a - b));
  const madScaled = mad === null ? null : Math.round(mad * 1.4826 * 10_000) / 10_000;
  const acosLimit = med === null || madScaled === null ? null : Math.max(med + 3 * madScaled, med * 1.5);

  const found: Finding[] = [];
  const base = (e: EntityRow) => ({
    entityType: e.entity_type,
    entityId: e.entity_id,
    campaignId: e.campaign_id,
    campaignName: e.campaign_name,
    adGroupId: e.ad_group_id,
    adGroupName: e.ad_group_name,
    name: e.name,
    matchType: e.match_type,
    state: e.state,
    bid: e.bid,
    impressions: e.impressions,
    clicks: e.clicks,
    spend: e.spend,
    orders: e.orders,
    sales: e.sales,
    acos: e.acos,
    cpc: e.cpc,
  });
  const clampBid = (v: number) => Math.min(limits.maxBid, Math.max(limits.minBid, round2(v)));
  const setBid = (e: EntityRow, value: number): Fix => ({
    action: 'set_bid',
    entityType: e.entity_type,
    entityId: e.entity_id,
    value,
    ...(e.own_bid !== null ? { expect: e.own_bid } : {}),
  });
  // One finding per keyword or target: wasted spend first, then ACoS, then the bid, then idleness.
  for (const e of entities) {
    const key = (kind: FindingKind) => `${kind}:${e.entity_type}:${e.entity_id}`;
    if (e.clicks >= q.minClicks && e.spend >= q.minSpend && e.orders === 0 && e.sales === 0) {
      found.push({
        key: key('wasted_keyword'),
        kind: 'wasted_keyword',
        ...base(e),
        reference: null,
        fix: { action: 'pause', entityType: e.entity_type, entityId: e.entity_id, expect: 'enabled' },
      });
    } else if (
      acosLimit !== null &&
      med !== null &&
      e.acos !== null &&
      e.clicks >= q.minClicks &&
      e.acos > acosLimit &&
      e.bid !== null &&
      clampBid((e.bid * med) / e.acos) < e.bid
    ) {
      found.push({
        key: key('acos_outlier'),
        kind: 'acos_outlier',
        ...base(e),
        reference: med,
        fix: setBid(e, clampBid((e.bid * med) / e.acos)),
      });
    } else if (
      e.cpc !== null &&
      e.cpc > 0 &&
      e.bid !== null &&
      e.clicks >= q.minClicks &&
      e.bid >= 2 * e.cpc &&
      clampBid(e.cpc * 1.25) < e.bid
    ) {
      found.push({
        key: key('bid_above_cpc'),
        kind: 'bid_above_cpc',
        ...base(e),
        reference: e.cpc,
        fix: setBid(e, clampBid(e.cpc * 1.25)),
      });
    } else if (e.idle && e.bid !== null && clampBid(e.bid * 1.2) > e.bid) {
      found.push({
        key: key('no_impressions'),
        kind: 'no_impressions',
        ...base(e),
        reference: q.idleDays,
        fix: setBid(e, clampBid(e.bid * 1.2)),
      });
    }
  }
  // Search terms that spent without an order and are not excluded yet in their ad group or campaign.
  const terms = (
    await ctx.db.execute<Record<string, unknown>>(sql`
      WITH f AS (
        SELECT st.campaign_id, st.ad_group_id, st.search_term, sum(st.impressions)::bigint AS impressions,
               sum(st.clicks)::bigint AS clicks, round(sum(st.spend) * 100)::bigint AS spend_cents, sum(st.orders)::bigint AS orders,
               round(sum(st.sales) * 100)::bigint AS sales_cents, sum(st.units)::bigint AS units
          FROM ppc_search_terms st
         WHERE st.shop_id = ${shop.id} AND st.day BETWEEN ${start}::date AND ${end}::date
         GROUP BY 1, 2, 3
        HAVING sum(st.clicks) >= ${q.minClicks} AND sum(st.spend) >= ${q.minSpend} AND sum(st.orders) = 0
           AND sum(st.sales) = 0)
      SELECT f.campaign_id, c.name AS campaign_name, f.ad_group_id, g.name AS ad_group_name, f.search_term, ${FIGURES(sql`f`)}
        FROM f JOIN ppc_campaigns c ON c.id = f.campaign_id JOIN ppc_ad_groups g ON g.id = f.ad_group_id
       WHERE c.state = 'enabled' AND g.state = 'enabled'
         AND NOT EXISTS (SELECT 1 FROM ppc_negative_keywords n
                          WHERE n.campaign_id = f.campaign_id AND (n.ad_group_id IS NULL OR n.ad_group_id = f.ad_group_id)
                            AND n.keyword_text = f.search_term AND n.match_type = 'negative_exact' AND n.state = 'enabled')`)
  ).rows;
  for (const t of terms) {
    found.push({
      key: `wasted_search_term:${t.ad_group_id}:${t.search_term}`,
      kind: 'wasted_search_term',
      entityType: 'search_term',
      entityId: Number(t.ad_group_id),
      campaignId: Number(t.campaign_id),
      campaignName: String(t.campaign_name),
      adGroupId: Number(t.ad_group_id),
      adGroupName: String(t.ad_group_name),
      name: String(t.search_term),
      matchType: null,
      state: null,
      bid: null,
      impressions: Number(t.impressions),
      clicks: Number(t.clicks),
      spend: Number(t.spend),
      orders: Number(t.orders),
      sales: Number(t.sales),
      acos: num(t.acos),
      cpc: num(t.cpc),
      reference: null,
      fix: {
        action: 'add_negative',
        entityType: 'search_term',
        entityId: Number(t.ad_group_id),
        searchTerm: String(t.search_term),
      },
    });
  }
  const counts = Object.fromEntries(FINDING_KINDS.map((k) => [k, found.filter((f) => f.kind === k).length]));
  const findings = FINDING_KINDS.filter((k) => !q.kind || q.kind === k).flatMap((k) =>
    found
      .filter((f) => f.kind === k)
      .sort((a, b) => b.spend - a.spend || a.key.localeCompare(b.key))
      .slice(0, MAX_PER_KIND),
  );
  return {
    shopId: shop.id,
    currency: shop.currency,
    startDate: start,
    endDate: end,
    medianAcos: med,
    madAcos: madScaled,
    counts,
    findings,
  };
}

/**
 * Applies fixes in one batch of source `diagnosis`: the negatives are created (recorded as
 * creates), then the pauses and bids go through `applyChanges` into the same batch, with
 * the value seen when diagnosed as `expect` (409 when it moved). All or none.
 */
export async function applyFixes(
  tx: Tx,
  scope: ShopScope,
  actor: RequestActor,
  body: { shopId: number; fixes: Fix[]; note?: string },
): Promise<ApplyResult> {
  if (!scopeHas(scope, body.shopId)) throw notFound('shop not found');
  const seen = new Set<string>();
  body.fixes.forEach((f, i) => {
    const k = f.action === 'add_negative' ? `neg:${f.entityId}:${f.searchTerm?.toLowerCase()}` : `${f.entityType}:${f.entityId}`;
    if (seen.has(k)) throw codedFieldError(`fixes.${i}`, 'ppc.fixedTwice');
    seen.add(k);
  });
  const origin = { source: 'diagnosis' as const, actor, note: body.note ?? null };
  const negatives = body.fixes.filter((f) => f.action === 'add_negative');
  let batchId: number | undefined;
  const created: number[] = [];
  if (negatives.length) {
    const ids = await createNegatives(
      tx,
      [body.shopId],
      negatives.map((f) => ({
        level: 'ad_group',
        adGroupId: f.entityId,
        text: String(f.searchTerm),
        matchType: 'negative_exact',
      })),
    );
    const r = await recordCreates(
      tx,
      origin,
      ids.map((n) => ({ entityType: 'negative_keyword' as const, entityId: n.id, snapshot: n.snapshot })),
    );
    batchId = r.batchId ?? undefined;
    created.push(...r.changeIds);
  }
  const requests: ChangeInput[] = body.fixes
    .filter((f) => f.action !== 'add_negative')
    .map((f) => ({
      entityType: f.entityType as 'keyword' | 'target',
      entityId: f.entityId,
      field: f.action === 'pause' ? 'state' : 'bid',
      value: f.action === 'pause' ? 'paused' : (f.value ?? null),
      ...(f.expect !== undefined ? { expect: f.expect } : {}),
    }));
  if (!requests.length) return { batchId: batchId ?? null, changeIds: created, unchanged: 0 };
  const r = await applyChanges(tx, [body.shopId], { ...origin, ...(batchId ? { batchId } : {}) }, requests);
  return { batchId: batchId ?? r.batchId, changeIds: [...created, ...r.changeIds].sort((a, b) => a - b), unchanged: r.unchanged };
}

export interface NegativeInput {
  level: 'campaign' | 'ad_group';
  campaignId?: number;
  adGroupId?: number;
  text: string;
  matchType: 'negative_exact' | 'negative_phrase';
}

/**
 * Creates negative keywords (campaign or ad-group level) of visible, not archived SP
 * campaigns; one that exists already (also archived) is a 409 naming it. Returns the ids
 * with the snapshot the history keeps.
 */
export async function createNegatives(tx: Tx, shops: readonly number[], list: readonly NegativeInput[], path = 'fixes') {
  const out: { id: number; snapshot: Record<string, unknown> }[] = [];
  for (const [i, n] of list.entries()) {
    const text = n.text.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!text) throw codedFieldError(`${path}.${i}.searchTerm`, 'required');
    const parent =
      n.level === 'ad_group'
        ? n.adGroupId
          ? sql`SELECT g.id AS ad_group_id, g.name AS ad_group_name, c.id AS campaign_id, c.name AS campaign_name, c.shop_id,
                       c.state AS campaign_state, g.state AS ad_group_state, c.campaign_type
                  FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id WHERE g.id = ${n.adGroupId} FOR UPDATE OF g`
          : null
        : n.campaignId
          ? sql`SELECT NULL::int AS ad_group_id, NULL AS ad_group_name, c.id AS campaign_id, c.name AS campaign_name, c.shop_id,
                       c.state AS campaign_state, 'enabled' AS ad_group_state, c.campaign_type
                  FROM ppc_campaigns c WHERE c.id = ${n.campaignId} FOR UPDATE OF c`
          : null;
    if (!parent) throw codedFieldError(`${path}.${i}`, n.level === 'ad_group' ? 'ppc.adGroupRequired' : 'ppc.campaignNeeded');
    const p = (
      await tx.execute<{
        ad_group_id: number | null;
        ad_group_name: string | null;
        campaign_id: number;
        campaign_name: string;
        shop_id: number;
        campaign_state: string;
        ad_group_state: string;
        campaign_type: string;
      }>(parent)
    ).rows[0];
    if (!p || !shops.includes(p.shop_id)) throw notFound(n.level === 'ad_group' ? 'ad group not found' : 'campaign not found');
    if (p.campaign_state === 'archived' || p.ad_group_state === 'archived')
      throw conflict(`${p.ad_group_name ?? p.campaign_name} is archived and cannot take a negative`);
    if (p.campaign_type !== 'sp') throw codedFieldError(`${path}.${i}`, 'ppc.negativesSpOnly');
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO ppc_negative_keywords (campaign_id, ad_group_id, shop_id, keyword_text, match_type)
      VALUES (${p.campaign_id}, ${p.ad_group_id}, ${p.shop_id}, ${text}, ${n.matchType})
      ON CONFLICT DO NOTHING RETURNING id`);
    const id = r.rows[0]?.id;
    if (!id) {
      const where = p.ad_group_name ? `${p.campaign_name} › ${p.ad_group_name}` : p.campaign_name;
      throw conflict(`"${text}" is already a ${n.matchType.replace('_', ' ')} of ${where}`, {
        index: i,
        searchTerm: text,
        matchType: n.matchType,
      });
    }
    out.push({
      id,
      snapshot: {
        campaignId: p.campaign_id,
        adGroupId: p.ad_group_id,
        keywordText: text,
        matchType: n.matchType,
        state: 'enabled',
      },
    });
  }
  return out;
}

/** The changes of ids, for the answer of a write. */
export const idsSql = (ids: number[]) => sql`ch.id = ${anyInt(ids)}`;
