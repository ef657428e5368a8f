/**
 * The rule actions that create entities (see ../README.md "Rules"): `add_negative` (a search
 * term, or a keyword's text, becomes a negative keyword of its ad group or campaign) and
 * `harvest` (a search term becomes a keyword of a chosen ad group of a manual SP campaign,
 * and optionally a negative exact of its source ad group). Planned like the other actions —
 * one query over the window, duplicates (stored in any state, or earlier in the same plan)
 * skipped, the cap applied — and made by the run through the same code as /searchTerm and
 * /ppcDiag (`createNegatives`, `createKeywords`), recorded with `recordCreates` into the
 * run's batch, so they are in the run's history and an undo archives them.
 */
import { PPC_METRICS } from '@bo/contract/ppc/board';
import { adLimitsOf } from '@bo/contract/ppc/changes';
import type { RuleActionSpec } from '@bo/contract/ppc/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { anyInt } from '../../../db/sql';
import { codedFieldError } from '../../../platform/errors';
import { rateAsOf } from '../../sales/facts/facts.service';
import { type ApplyResult, type ChangeOrigin, recordCreates } from '../changes/changes.service';
import { createNegatives } from '../diagnosis/diagnosis.service';
import { createKeywords } from '../diagnosis/search-terms.service';
import { FIGURES, type Metric } from '../model/metrics';
import type { PlannedChange, RuleDef } from './engine';

/** What a planned create makes (the preview's `create`). */
export interface CreateSpec {
  entityType: 'keyword' | 'negative_keyword';
  campaignId: number;
  campaignName: string;
  /** null: a campaign-level negative. */
  adGroupId: number | null;
  adGroupName: string | null;
  keywordText: string;
  matchType: string;
  bid: number | null;
}

export const normalTerm = (t: string) => t.trim().toLowerCase().replace(/\s+/g, ' ');
const NORMAL = (col: SQL) => sql`lower(regexp_replace(btrim(${col}), '\\s+', ' ', 'g'))`;

interface Source extends Record<string, unknown> {
  id: number;
  shop_id: number;
  shop_name: string;
  currency: string;
  campaign_id: number;
  campaign_name: string;
  ad_group_id: number;
  ad_group_name: string;
  term: string;
  spend_local: number | null;
  clicks_local: number | null;
}

interface Target extends Record<string, unknown> {
  id: number;
  name: string;
  campaign_id: number;
  campaign_name: string;
  shop_id: number;
  currency: string;
  default_bid: number;
}

/** The harvest's target ad group: visible, of a manual SP campaign, neither archived (else 400). */
async function targetOf(db: DbOrTx, a: RuleActionSpec, shops: readonly number[]): Promise<Target> {
  const t = (
    await db.execute<Target & { state: string; campaign_state: string; campaign_type: string; targeting: string | null }>(sql`
      SELECT g.id, g.name, g.state, c.id AS campaign_id, c.name AS campaign_name, c.state AS campaign_state, c.campaign_type,
             c.targeting, g.shop_id, coalesce(p.currency, 'USD') AS currency, g.default_bid::float8 AS default_bid
        FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id LEFT JOIN ppc_profiles p ON p.shop_id = g.shop_id
       WHERE g.id = ${a.adGroupId ?? 0}`)
  ).rows[0];
  if (!t || !shops.includes(t.shop_id)) throw codedFieldError('action.adGroupId', 'ppc.adGroupNotInShops');
  if (t.campaign_type !== 'sp' || t.targeting === 'auto') throw codedFieldError('action.adGroupId', 'ppc.harvestManualSp');
  if (t.state === 'archived' || t.campaign_state === 'archived')
    throw codedFieldError('action.adGroupId', 'ppc.archived', { name: `${t.campaign_name} › ${t.name}` });
  return { ...t, default_bid: Number(t.default_bid) };
}

/** Checks a rule's create action against the shops of its scope (create/update of a rule). */
export async function checkCreateAction(db: DbOrTx, a: RuleActionSpec, shops: readonly number[]): Promise<void> {
  if (a.type === 'harvest') await targetOf(db, a, shops);
}

/** The SP search terms of the window per campaign, ad group and (normalised) term, money in USD cents as the rollups hold it. */
const searchTermSql = (shops: readonly number[], start: string, end: string, scope: SQL, conditions: SQL) => sql`
  WITH t AS (
    SELECT st.campaign_id, st.ad_group_id, ${NORMAL(sql`st.search_term`)} AS term, st.currency, st.day,
           sum(st.impressions) AS impressions, sum(st.clicks) AS clicks, sum(st.spend) AS spend, sum(st.orders) AS orders,
           sum(st.sales) AS sales, sum(st.units) AS units
      FROM ppc_search_terms st
     WHERE st.shop_id = ${anyInt(shops)} AND st.day BETWEEN ${start}::date AND ${end}::date
     GROUP BY 1, 2, 3, 4, 5),
  rt AS (SELECT DISTINCT t.currency, t.day, ${rateAsOf(sql`t.currency`, sql`t.day`)} AS rate FROM t),
  x AS (
    SELECT t.campaign_id, t.ad_group_id, t.term, sum(t.impressions)::bigint AS impressions, sum(t.clicks)::bigint AS clicks,
           sum((round(t.spend * rt.rate, 2) * 100)::bigint)::bigint AS spend_cents, sum(t.orders)::bigint AS orders,
           sum((round(t.sales * rt.rate, 2) * 100)::bigint)::bigint AS sales_cents, sum(t.units)::bigint AS units,
           sum(t.spend)::float8 AS spend_local
      FROM t JOIN rt ON rt.currency = t.currency AND rt.day = t.day
     GROUP BY 1, 2, 3)
  SELECT g.id, c.shop_id, s.name AS shop_name, coalesce(pf.currency, 'USD') AS currency, c.id AS campaign_id,
         c.name AS campaign_name, g.id AS ad_group_id, g.name AS ad_group_name, x.term, x.spend_local,
         x.clicks::float8 AS clicks_local, ${FIGURES(sql`x`)}
    FROM x JOIN ppc_campaigns c ON c.id = x.campaign_id JOIN ppc_ad_groups g ON g.id = x.ad_group_id
    JOIN shops s ON s.id = c.shop_id LEFT JOIN ppc_profiles pf ON pf.shop_id = c.shop_id
   WHERE c.campaign_type = 'sp' AND g.state <> 'archived' AND ${scope} AND ${conditions}
   ORDER BY g.id, x.term`;

/** Enabled SP keywords with their sums over the window (USD cents, converted at each day's rate). */
const keywordSql = (shops: readonly number[], start: string, end: string, scope: SQL, conditions: SQL) => sql`
  SELECT e.id, e.shop_id, s.name AS shop_name, coalesce(pf.currency, 'USD') AS currency, c.id AS campaign_id,
         c.name AS campaign_name, g.id AS ad_group_id, g.name AS ad_group_name, ${NORMAL(sql`e.keyword_text`)} AS term,
         NULL::float8 AS spend_local, NULL::float8 AS clicks_local, ${FIGURES(sql`x`)}
    FROM ppc_keywords e JOIN ppc_campaigns c ON c.id = e.campaign_id
    JOIN ppc_ad_groups g ON g.id = e.ad_group_id AND g.state <> 'archived'
    JOIN shops s ON s.id = e.shop_id LEFT JOIN ppc_profiles pf ON pf.shop_id = e.shop_id
    LEFT JOIN (
      SELECT p.entity_id AS id, sum(p.impressions)::bigint AS impressions, sum(p.clicks)::bigint AS clicks,
             round(sum(p.spend * p.rate) * 100)::bigint AS spend_cents, sum(p.orders)::bigint AS orders,
             round(sum(p.sales * p.rate) * 100)::bigint AS sales_cents, sum(p.units)::bigint AS units
        FROM ppc_performance p
       WHERE p.shop_id = ${anyInt(shops)} AND p.day BETWEEN ${start}::date AND ${end}::date AND p.entity_type = 'keyword'
       GROUP BY p.entity_id) x ON x.id = e.id
   WHERE e.shop_id = ${anyInt(shops)} AND e.state = 'enabled' AND c.campaign_type = 'sp' AND ${scope} AND ${conditions}
   ORDER BY e.id`;

const negKey = (campaignId: number, adGroupId: number | null, text: string, matchType: string) =>
  `n:${campaignId}:${adGroupId ?? 0}:${text}:${matchType}`;
const kwKey = (adGroupId: number, text: string, matchType: string) => `k:${adGroupId}:${text}:${matchType}`;

/**
 * Plans the creates of an add_negative or harvest rule: every matching source in id/term
 * order, each create once (`duplicate` when stored already in any state, or planned before
 * in this plan). Returns the matched count and the proposals (the cap is the caller's).
 */
export async function planCreates(
  db: DbOrTx,
  rule: RuleDef,
  shops: readonly number[],
  w: { start: string; end: string },
  scope: SQL,
  conditions: SQL,
): Promise<{ matched: number; proposed: PlannedChange[] }> {
  const a = rule.action;
  const target = a.type === 'harvest' ? await targetOf(db, a, shops) : null;
  const inShops = target ? [target.shop_id] : shops;
  const rows = (
    await db.execute<Source>(
      rule.level === 'search_term'
        ? searchTermSql(inShops, w.start, w.end, scope, conditions)
        : keywordSql(inShops, w.start, w.end, scope, conditions),
    )
  ).rows.filter((r) => r.term);
  if (!rows.length) return { matched: 0, proposed: [] };

  // What is stored already (in any state: the unique indexes would refuse it).
  const campaigns = [...new Set(rows.map((r) => r.campaign_id))];
  const stored = new Set<string>();
  for (const n of (
    await db.execute<{ campaign_id: number; ad_group_id: number | null; keyword_text: string; match_type: string }>(sql`
      SELECT campaign_id, ad_group_id, keyword_text, match_type FROM ppc_negative_keywords WHERE campaign_id = ${anyInt(campaigns)}`)
  ).rows)
    stored.add(negKey(n.campaign_id, n.ad_group_id, normalTerm(n.keyword_text), n.match_type));
  if (target)
    for (const k of (
      await db.execute<{ keyword_text: string; match_type: string }>(sql`
        SELECT keyword_text, match_type FROM ppc_keywords WHERE ad_group_id = ${target.id}`)
    ).rows)
      stored.add(kwKey(target.id, normalTerm(k.keyword_text), k.match_type));

  const planned = new Set<string>();
  const proposed: PlannedChange[] = [];
  const push = (base: Omit<PlannedChange, 'after' | 'skipped' | 'create'>, spec: CreateSpec, key: string) => {
    const dup = stored.has(key) || planned.has(key);
    planned.add(key);
    const where = spec.adGroupName ? `${spec.campaignName} › ${spec.adGroupName}` : spec.campaignName;
    const bid = spec.bid === null ? '' : ` @ ${spec.bid}`;
    proposed.push({
      ...base,
      after: `${spec.keywordText} (${spec.matchType})${bid} → ${where}`,
      skipped: dup ? 'duplicate' : null,
      create: spec,
    });
  };
  for (const r of rows) {
    const metrics = Object.fromEntries(
      PPC_METRICS.map((k) => [k, r[k] === null || r[k] === undefined ? null : Number(r[k])]),
    ) as Record<Metric, number | null>;
    const source =
      rule.level === 'search_term'
        ? `${r.campaign_name} › ${r.ad_group_name} › "${r.term}"`
        : `${r.campaign_name} › ${r.ad_group_name} › ${r.term}`;
    const base = {
      entityType: rule.level,
      entityId: r.id,
      entityName: source,
      shopId: r.shop_id,
      shopName: r.shop_name,
      currency: r.currency,
      field: 'create',
      before: null,
      metrics,
    };
    if (a.type === 'add_negative') {
      const matchType = a.negativeMatchType ?? 'negative_exact';
      const onGroup = a.negativeLevel !== 'campaign';
      push(
        base,
        {
          entityType: 'negative_keyword',
          campaignId: r.campaign_id,
          campaignName: r.campaign_name,
          adGroupId: onGroup ? r.ad_group_id : null,
          adGroupName: onGroup ? r.ad_group_name : null,
          keywordText: r.term,
          matchType,
          bid: null,
        },
        negKey(r.campaign_id, onGroup ? r.ad_group_id : null, r.term, matchType),
      );
      continue;
    }
    if (!target) continue;
    // The bid: fixed, or the term's CPC (marketplace currency) × the factor; no click: the ad group's default.
    const cpc = r.clicks_local ? Number(r.spend_local ?? 0) / Number(r.clicks_local) : null;
    let bid = a.bidMode === 'cpc_factor' ? (cpc === null ? target.default_bid : cpc * (a.value ?? 1)) : (a.value ?? 0);
    const lim = adLimitsOf(target.currency);
    if (a.floor != null) bid = Math.max(bid, a.floor);
    if (a.ceiling != null) bid = Math.min(bid, a.ceiling);
    bid = Math.round(Math.min(lim.maxBid, Math.max(lim.minBid, bid)) * 100) / 100;
    const matchType = a.matchType ?? 'exact';
    push(
      base,
      {
        entityType: 'keyword',
        campaignId: target.campaign_id,
        campaignName: target.campaign_name,
        adGroupId: target.id,
        adGroupName: target.name,
        keywordText: r.term,
        matchType,
        bid,
      },
      kwKey(target.id, r.term, matchType),
    );
    if (a.negateSource && r.ad_group_id !== target.id)
      push(
        base,
        {
          entityType: 'negative_keyword',
          campaignId: r.campaign_id,
          campaignName: r.campaign_name,
          adGroupId: r.ad_group_id,
          adGroupName: r.ad_group_name,
          keywordText: r.term,
          matchType: 'negative_exact',
          bid: null,
        },
        negKey(r.campaign_id, r.ad_group_id, r.term, 'negative_exact'),
      );
  }
  return { matched: rows.length, proposed };
}

/** Makes the planned creates, in plan order, and records them into one batch of the run. */
export async function applyCreates(
  tx: Tx,
  shops: readonly number[],
  origin: ChangeOrigin,
  changes: readonly PlannedChange[],
): Promise<ApplyResult> {
  const created: { entityType: 'keyword' | 'negative_keyword'; entityId: number; snapshot: Record<string, unknown> }[] = [];
  for (const [i, c] of changes.entries()) {
    const s = c.create;
    if (!s) continue;
    if (s.entityType === 'negative_keyword') {
      const [n] = await createNegatives(
        tx,
        shops,
        [
          {
            level: s.adGroupId === null ? 'campaign' : 'ad_group',
            campaignId: s.campaignId,
            adGroupId: s.adGroupId ?? undefined,
            text: s.keywordText,
            matchType: s.matchType as 'negative_exact' | 'negative_phrase',
          },
        ],
        `changes.${i}`,
      );
      if (n) created.push({ entityType: 'negative_keyword', entityId: n.id, snapshot: n.snapshot });
    } else {
      const [k] = await createKeywords(tx, shops, [
        {
          adGroupId: s.adGroupId ?? 0,
          searchTerm: s.keywordText,
          matchType: s.matchType as 'exact' | 'phrase' | 'broad',
          bid: s.bid ?? 0,
        },
      ]);
      if (k) created.push(k);
    }
  }
  return recordCreates(tx, origin, created);
}
