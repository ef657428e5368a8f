/**
 * The ad reports as import kinds: Sponsored Products search term (`sp-search-term`),
 * targeting (`sp-targeting`) and campaign (`sp-campaign`), and the Sponsored Brands and
 * Sponsored Display campaign reports (`sb-campaign`, `sd-campaign`) and the Sponsored Brands
 * keyword report (`sb-keyword`: keywords of SB ad groups; the newer export has no ad group
 * column, and an SB campaign has one ad group, so its rows go to an ad group named like the
 * campaign), daily, csv or xlsx. Rules:
 * - The header may sit under a title row; old console and sentence-case headers, 7- and
 *   14-day attribution columns are all read (report-headers.ts). The headline orders,
 *   sales and units of SP are the 7-day figures, of SB and SD the 14-day ones (the newer
 *   SB/SD exports call them Sales, Purchases, Units sold); the other window when the file
 *   has no other.
 * - One marketplace per file: its currency (column or money symbols) must be the shop's,
 *   else the import is held.
 * - Commit replaces the facts of the kind (and campaign type) on every day the file covers, so a re-import
 *   of the same file changes nothing and a restated one says per day what changed.
 *   Campaigns, ad groups, keywords and targets the file names that are not stored yet are
 *   created (state enabled; budget and bids come with a bulk sheet).
 * - The commit logs each day it replaces (import_changes: the day's facts of the kind before),
 *   so a revert puts the previous figures of those days back and refreshes their rollups,
 *   while nothing wrote those days since. It also logs the campaigns, ad groups, keywords and
 *   targets it creates (empty scopes before): the revert removes them, and is refused while
 *   something else uses one of them (revert-guard.ts: a later import, an edit, a rule).
 */
import { createHash } from 'node:crypto';
import type { RecordRow } from '@bo/contract/imports/imports';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { parseOffThread } from '../../../platform/upload/parse-pool';
import { recordBefore, recordCreated } from '../../imports/import-changes';
import type { ImportShop, RevertHooks, ShopCommitResult, ShopImportHandler, ShopParseResult } from '../../imports/import-kinds';
import { reportParsed } from '../../imports/import-kinds';
import type { RowProblem } from '../../imports/parsers';
import {
  daySet,
  lockShopAds,
  type PerformanceRow,
  ppcSettlementOf,
  refreshPpcRollups,
  refreshSearchTermRollups,
  replacePerformance,
} from '../model/facts.service';
import { evaluateShop } from '../monitoring/monitoring.service';
import {
  headerScore,
  headerStyle,
  mapHeaders,
  normaliseReportHeader,
  REPORT_COLUMN_NAME,
  type ReportField,
} from './report-headers';
import { guardRemovals } from './revert-guard';
import type { TableLine } from './table-read';
import { readAmount, readCount, readDay } from './values';

export type ReportKind = 'sp-search-term' | 'sp-targeting' | 'sp-campaign' | 'sb-campaign' | 'sd-campaign' | 'sb-keyword';

/** The campaign reports (one row per campaign and day) and the campaign type each holds. */
const CAMPAIGN_KINDS: Partial<Record<ReportKind, 'sp' | 'sb' | 'sd'>> = {
  'sp-campaign': 'sp',
  'sb-campaign': 'sb',
  'sd-campaign': 'sd',
};
const typeOf = (kind: ReportKind) => CAMPAIGN_KINDS[kind] ?? (kind === 'sb-keyword' ? 'sb' : 'sp');
const isCampaignKind = (kind: ReportKind) => CAMPAIGN_KINDS[kind] !== undefined;
/** The keyword/target reports (one row per keyword or target and day). */
const isTargetingKind = (kind: ReportKind) => kind === 'sp-targeting' || kind === 'sb-keyword';

const REQUIRED: Record<ReportKind, ReportField[]> = {
  'sp-campaign': ['campaign', 'impressions', 'clicks', 'spend'],
  'sb-campaign': ['campaign', 'impressions', 'clicks', 'spend'],
  'sd-campaign': ['campaign', 'impressions', 'clicks', 'spend'],
  'sp-targeting': ['campaign', 'adGroup', 'targeting', 'matchType', 'impressions', 'clicks', 'spend'],
  'sb-keyword': ['campaign', 'targeting', 'matchType', 'impressions', 'clicks', 'spend'],
  'sp-search-term': ['campaign', 'adGroup', 'targeting', 'matchType', 'searchTerm', 'impressions', 'clicks', 'spend'],
};
const AUTO_TARGETS = new Set(['close-match', 'loose-match', 'substitutes', 'complements', '*']);

type Values = Record<string, string | number | null>;

/** '' for a target (no match type), else exact | phrase | broad (or what the file says, lower-cased). */
const matchTypeOf = (text: string) => {
  const m = text.trim().toLowerCase();
  return m === '-' || m === '' || m.startsWith('targeting_expression') ? '' : m;
};
const isTarget = (targeting: string, matchType: string) =>
  matchType === '' || AUTO_TARGETS.has(targeting) || /^(asin|category|asin-expanded)[=-]/i.test(targeting);

const keyOf = (kind: ReportKind, v: Values) =>
  isCampaignKind(kind)
    ? `${v.day}|${v.campaign}`
    : isTargetingKind(kind)
      ? `${v.day}|${v.campaign}|${v.adGroup}|${v.targeting}|${v.matchType}`
      : `${v.day}|${v.campaign}|${v.adGroup}|${v.targeting}|${v.matchType}|${v.searchTerm}`;

const COMPARED = ['impressions', 'clicks', 'spend', 'orders', 'sales', 'units'] as const;

export async function parseReport(ctx: AppContext, kind: ReportKind, bytes: Buffer, shop: ImportShop): Promise<ShopParseResult> {
  const errors: RowProblem[] = [];
  const warnings: RowProblem[] = [];
  let table: { format: 'xlsx' | 'csv'; lines: TableLine[] };
  try {
    table = await parseOffThread('table', bytes);
  } catch (err) {
    if (err instanceof AppError) throw err;
    return held(kind, [], `the file cannot be read: ${(err as Error).message}`);
  }
  // The header: the line among the first ten that names the most report columns.
  let headerAt = -1;
  let best = 0;
  table.lines.slice(0, 10).forEach((l, i) => {
    const score = headerScore(l.cells);
    if (score > best) [best, headerAt] = [score, i];
  });
  const header = table.lines[headerAt];
  if (!header || best < 3) return held(kind, table.lines[0]?.cells ?? [], null);
  const { index, unexpected } = mapHeaders(header.cells);
  // SB and SD: the newer exports name the 14-day figures plainly (Sales, Purchases, Units sold).
  const sbsd = typeOf(kind) !== 'sp';
  if (sbsd) {
    for (const [plain, field] of [
      ['salesPlain', 'sales14'],
      ['ordersPlain', 'orders14'],
      ['unitsPlain', 'units14'],
    ] as const) {
      const at = index.get(plain);
      if (at !== undefined && !index.has(field)) index.set(field, at);
    }
  }
  const missing = REQUIRED[kind].filter((f) => !index.has(f));
  if (!index.has('day') && !index.has('startDate')) missing.unshift('day');
  if (!index.has('sales7') && !index.has('sales14')) missing.push(sbsd ? 'sales14' : 'sales7');
  if (!index.has('orders7') && !index.has('orders14')) missing.push(sbsd ? 'orders14' : 'orders7');
  const fingerprint = createHash('sha256').update(header.cells.map(normaliseReportHeader).join('\u0001')).digest('hex');
  if (missing.length) {
    return {
      variant: null,
      locale: null,
      fingerprint,
      currency: null,
      unknownHeader: { closestVariant: kind, missing: missing.map((f) => REPORT_COLUMN_NAME[f]), unexpected },
      records: [],
      errors,
      warnings,
    };
  }
  const window = index.has('sales7') && index.has('sales14') ? '7d+14d' : index.has('sales7') ? '7d' : '14d';
  const variant = `${kind}/${headerStyle(header.cells)}/${window}/${table.format}`;
  if (unexpected.length) warnings.push({ line: header.line, message: `columns not read: ${unexpected.join(', ')}` });

  const cell = (cells: string[], f: ReportField) => {
    const i = index.get(f);
    return i === undefined ? '' : (cells[i] ?? '');
  };
  const currencies = new Set<string>();
  const records: RecordRow[] = [];
  const seen = new Map<string, number>();
  for (const l of table.lines.slice(headerAt + 1)) {
    const c = l.cells;
    if (c.every((x) => x === '')) continue;
    const problem = (column: string, message: string) => errors.push({ line: l.line, column, message });
    const dayText = cell(c, 'day') || cell(c, 'startDate');
    const day = readDay(dayText, shop.marketCode);
    if (!day) {
      problem('Date', `not a day: ${dayText || '(empty)'}`);
      continue;
    }
    const endText = cell(c, 'endDate');
    if (endText && readDay(endText, shop.marketCode) !== day) {
      problem('End Date', 'a row covers several days: export the report by day (time unit "Daily")');
      continue;
    }
    const cur = cell(c, 'currency').trim().toUpperCase();
    if (cur) currencies.add(cur);
    const money = (f: ReportField, label: string) => {
      const m = readAmount(cell(c, f));
      if (!m) {
        problem(label, `not an amount: ${cell(c, f)}`);
        return null;
      }
      if (m.currency) currencies.add(m.currency);
      return m.amount;
    };
    const count = (f: ReportField, label: string) => {
      const n = readCount(cell(c, f));
      if (n === null) problem(label, `not a count: ${cell(c, f)}`);
      return n;
    };
    const before = errors.length;
    const spend = money('spend', 'Spend');
    const impressions = count('impressions', 'Impressions');
    const clicks = count('clicks', 'Clicks');
    const sales7d = index.has('sales7') ? money('sales7', '7 Day Total Sales') : null;
    const sales14d = index.has('sales14') ? money('sales14', '14 Day Total Sales') : null;
    const orders7d = index.has('orders7') ? count('orders7', '7 Day Total Orders (#)') : null;
    const orders14d = index.has('orders14') ? count('orders14', '14 Day Total Orders (#)') : null;
    const units7d = index.has('units7') ? count('units7', '7 Day Total Units (#)') : null;
    const units14d = index.has('units14') ? count('units14', '14 Day Total Units (#)') : null;
    if (errors.length > before) continue;
    const campaign = cell(c, 'campaign').trim();
    if (!campaign) {
      problem('Campaign Name', 'required');
      continue;
    }
    // The headline: 7-day attribution for SP, 14-day for SB and SD, the other window when the file has only that.
    const v: Values = {
      day,
      campaign,
      impressions,
      clicks,
      spend,
      orders: sbsd ? (orders14d ?? orders7d ?? 0) : (orders7d ?? orders14d ?? 0),
      sales: sbsd ? (sales14d ?? sales7d ?? '0.00') : (sales7d ?? sales14d ?? '0.00'),
      units: sbsd ? (units14d ?? units7d ?? orders14d ?? orders7d ?? 0) : (units7d ?? units14d ?? orders7d ?? orders14d ?? 0),
      orders7d,
      sales7d,
      units7d,
      orders14d,
      sales14d,
      units14d,
    };
    if (isCampaignKind(kind)) {
      const budget = index.has('budget') ? readAmount(cell(c, 'budget')) : null;
      v.budget = budget?.amount ?? null;
    } else {
      // An SB keyword export without an ad group column: the campaign's one ad group, named like it.
      v.adGroup = kind === 'sb-keyword' && !index.has('adGroup') ? campaign : cell(c, 'adGroup').trim();
      v.targeting = cell(c, 'targeting').trim().toLowerCase();
      v.matchType = matchTypeOf(cell(c, 'matchType'));
      if (!v.adGroup || !v.targeting) {
        problem(v.adGroup ? 'Targeting' : 'Ad Group Name', 'required');
        continue;
      }
      if (v.matchType && !['exact', 'phrase', 'broad'].includes(String(v.matchType))) {
        problem('Match Type', `unknown match type ${cell(c, 'matchType')}`);
        continue;
      }
      if (kind === 'sp-search-term') {
        v.searchTerm = cell(c, 'searchTerm').trim().toLowerCase();
        if (!v.searchTerm) {
          problem('Customer Search Term', 'required');
          continue;
        }
      }
    }
    const key = keyOf(kind, v);
    const prev = seen.get(key);
    if (prev !== undefined) {
      problem('', `the same row as line ${prev} (${key})`);
      continue;
    }
    seen.set(key, l.line);
    records.push({ line: l.line, key, status: 'new', values: v, before: null });
  }
  if (currencies.size > 1) {
    errors.unshift({ line: 1, message: `one marketplace per file: the file has money in ${[...currencies].join(', ')}` });
  }
  await compareWithStored(ctx.db, kind, shop.id, records);
  return reportParsed({ variant, fingerprint, currencies }, { records, errors, warnings });
}

function held(kind: ReportKind, cells: readonly string[], message: string | null): ShopParseResult {
  return {
    variant: null,
    locale: null,
    fingerprint: createHash('sha256').update(cells.map(normaliseReportHeader).join('\u0001')).digest('hex'),
    currency: null,
    unknownHeader: message
      ? null
      : {
          closestVariant: kind,
          missing: REQUIRED[kind].map((f) => REPORT_COLUMN_NAME[f]),
          unexpected: cells.filter(Boolean).slice(0, 50),
        },
    records: [],
    errors: message ? [{ line: 1, message }] : [],
    warnings: [],
  };
}

/** What is stored now for the file's days, keyed like the file's rows. */
async function storedFigures(db: DbOrTx, kind: ReportKind, shopId: number, days: string[]) {
  const figures = sql`f.impressions, f.clicks, f.spend::text AS spend, f.orders, f.sales::text AS sales, f.units`;
  const q = isCampaignKind(kind)
    ? sql`SELECT to_char(f.day, 'YYYY-MM-DD') AS day, c.name AS campaign, ${figures}
              FROM ppc_performance f JOIN ppc_campaigns c ON c.id = f.entity_id
             WHERE f.entity_type = 'campaign' AND f.campaign_type = ${typeOf(kind)} AND f.shop_id = ${shopId} AND f.day IN ${daySet(days)}`
    : isTargetingKind(kind)
      ? sql`SELECT to_char(f.day, 'YYYY-MM-DD') AS day, c.name AS campaign, g.name AS ad_group,
                     coalesce(k.keyword_text, t.expression) AS targeting, coalesce(k.match_type, '') AS match_type, ${figures}
                FROM ppc_performance f JOIN ppc_campaigns c ON c.id = f.campaign_id JOIN ppc_ad_groups g ON g.id = f.ad_group_id
                LEFT JOIN ppc_keywords k ON f.entity_type = 'keyword' AND k.id = f.entity_id
                LEFT JOIN ppc_targets t ON f.entity_type = 'target' AND t.id = f.entity_id
               WHERE f.entity_type IN ('keyword', 'target') AND f.campaign_type = ${typeOf(kind)} AND f.shop_id = ${shopId}
                 AND f.day IN ${daySet(days)}`
      : sql`SELECT to_char(f.day, 'YYYY-MM-DD') AS day, c.name AS campaign, g.name AS ad_group, f.targeting,
                     f.match_type, f.search_term, ${figures}
                FROM ppc_search_terms f JOIN ppc_campaigns c ON c.id = f.campaign_id JOIN ppc_ad_groups g ON g.id = f.ad_group_id
               WHERE f.shop_id = ${shopId} AND f.day IN ${daySet(days)}`;
  const rows = (await db.execute(q)).rows as Record<string, unknown>[];
  const out = new Map<string, Values>();
  for (const r of rows) {
    const v: Values = {
      day: String(r.day),
      campaign: String(r.campaign),
      adGroup: r.ad_group === undefined ? null : String(r.ad_group),
      targeting: r.targeting === undefined ? null : String(r.targeting),
      matchType: r.match_type === undefined ? null : String(r.match_type),
      searchTerm: r.search_term === undefined ? null : String(r.search_term),
      impressions: Number(r.impressions),
      clicks: Number(r.clicks),
      spend: Number(r.spend).toFixed(2),
      orders: Number(r.orders),
      sales: Number(r.sales).toFixed(2),
      units: Number(r.units),
    };
    out.set(keyOf(kind, v), v);
  }
  return out;
}

async function compareWithStored(db: DbOrTx, kind: ReportKind, shopId: number, records: RecordRow[]) {
  const days = [...new Set(records.map((r) => String(r.values.day)))];
  if (!days.length) return;
  const stored = await storedFigures(db, kind, shopId, days);
  for (const r of records) {
    const s = stored.get(r.key);
    if (!s) continue;
    const same = COMPARED.every(
      (f) => String(s[f]) === String(f === 'spend' || f === 'sales' ? Number(r.values[f]).toFixed(2) : r.values[f]),
    );
    r.status = same ? 'unchanged' : 'changed';
    r.before = Object.fromEntries(COMPARED.map((f) => [f, s[f] ?? null]));
  }
}

// ---- commit ---------------------------------------------------------------------------------

interface Named extends Record<string, unknown> {
  id: number;
  name: string;
}

/** Campaigns of the type by name, created when missing (SP ones with a targeting and the legacy strategy). */
async function ensureCampaigns(tx: Tx, shop: ImportShop, records: readonly RecordRow[], type: 'sp' | 'sb' | 'sd') {
  const byName = new Map<string, { targeting: string; budget: string | null }>();
  for (const r of records) {
    const v = r.values;
    const auto = typeof v.targeting === 'string' && AUTO_TARGETS.has(v.targeting);
    const prev = byName.get(String(v.campaign));
    byName.set(String(v.campaign), {
      targeting: prev?.targeting === 'auto' || auto ? 'auto' : 'manual',
      budget: (v.budget as string | null | undefined) ?? prev?.budget ?? null,
    });
  }
  const rows = [...byName].map(([name, x]) => ({ name, targeting: x.targeting, budget: x.budget ?? '0' }));
  await tx.execute(sql`
    INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, name, targeting, daily_budget, bidding_strategy)
    SELECT ${shop.id}, ${shop.marketId}, ${type}, x.name, CASE WHEN ${type} = 'sp' THEN x.targeting END, x.budget,
           CASE WHEN ${type} = 'sp' THEN 'legacy' END
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(name text, targeting text, budget numeric)
    ON CONFLICT (shop_id, campaign_type, name) DO NOTHING`);
  const found = await tx.execute<Named>(sql`
    SELECT id, name FROM ppc_campaigns WHERE shop_id = ${shop.id} AND campaign_type = ${type}
       AND name IN (SELECT jsonb_array_elements_text(${JSON.stringify([...byName.keys()])}::jsonb))`);
  return new Map(found.rows.map((r) => [r.name, r.id]));
}

/** Ad groups by campaign id + name, created when missing (default bid 0 until a bulk sheet says). */
async function ensureAdGroups(tx: Tx, shop: ImportShop, pairs: { campaignId: number; name: string }[]) {
  const unique = [...new Map(pairs.map((p) => [`${p.campaignId}|${p.name}`, p])).values()];
  await tx.execute(sql`
    INSERT INTO ppc_ad_groups (campaign_id, shop_id, name, default_bid)
    SELECT x."campaignId", ${shop.id}, x.name, 0 FROM jsonb_to_recordset(${JSON.stringify(unique)}::jsonb) AS x("campaignId" int, name text)
    ON CONFLICT (campaign_id, name) DO NOTHING`);
  const found = await tx.execute<{ id: number; campaign_id: number; name: string }>(sql`
    SELECT g.id, g.campaign_id, g.name FROM ppc_ad_groups g
      JOIN jsonb_to_recordset(${JSON.stringify(unique)}::jsonb) AS x("campaignId" int, name text)
        ON g.campaign_id = x."campaignId" AND g.name = x.name`);
  return new Map(found.rows.map((r) => [`${r.campaign_id}|${r.name}`, r.id]));
}

export async function commitReport(
  kind: ReportKind,
  tx: Tx,
  shop: ImportShop,
  records: readonly RecordRow[],
  importId: number,
  asOf: Date,
): Promise<ShopCommitResult> {
  await lockShopAds(tx, shop.id);
  const days = [...new Set(records.map((r) => String(r.values.day)))].sort();
  const counts = {
    inserted: records.filter((r) => r.status === 'new').length,
    updated: records.filter((r) => r.status === 'changed').length,
    unchanged: records.filter((r) => r.status === 'unchanged').length,
  };
  const type = typeOf(kind);
  // What the commit replaces, per day, before anything is written: the revert puts it back.
  if (kind === 'sp-search-term') {
    await recordBefore(
      tx,
      importId,
      'ppc_search_terms',
      days.map((day) => ({ shop_id: shop.id, day })),
    );
  } else {
    const types = isCampaignKind(kind) ? ['campaign'] : ['keyword', 'target'];
    await recordBefore(
      tx,
      importId,
      'ppc_performance',
      days.flatMap((day) => types.map((t) => ({ shop_id: shop.id, day, entity_type: t, campaign_type: type }))),
    );
  }
  // The entities the file names that are not stored yet are logged as empty scopes: the revert removes what the commit created.
  await recordCreated(
    tx,
    importId,
    'ppc_campaigns',
    [...new Set(records.map((r) => String(r.values.campaign)))].map((name) => ({ shop_id: shop.id, campaign_type: type, name })),
  );
  const campaigns = await ensureCampaigns(tx, shop, records, type);
  const num = (x: unknown) => (x === null || x === undefined ? null : Number(x));
  const str = (x: unknown) => (x === null || x === undefined ? null : String(x));
  const figures = (v: Values) => ({
    impressions: Number(v.impressions),
    clicks: Number(v.clicks),
    spend: String(v.spend),
    orders: Number(v.orders),
    sales: String(v.sales),
    units: Number(v.units),
    orders7d: num(v.orders7d),
    sales7d: str(v.sales7d),
    units7d: num(v.units7d),
    orders14d: num(v.orders14d),
    sales14d: str(v.sales14d),
    units14d: num(v.units14d),
  });
  if (isCampaignKind(kind)) {
    const rows: PerformanceRow[] = records.map((r) => {
      const id = campaigns.get(String(r.values.campaign)) as number;
      return {
        entityType: 'campaign',
        entityId: id,
        day: String(r.values.day),
        campaignId: id,
        adGroupId: null,
        campaignType: type,
        listingId: null,
        ...figures(r.values),
      };
    });
    const res = await replacePerformance(tx, shop, { entityTypes: ['campaign'], days, campaignType: type }, rows, {
      source: kind,
      importId,
      asOf,
    });
    await evaluateShop(tx, shop.id);
    return { ...counts, zeroed: Math.max(0, res.removed - (counts.updated + counts.unchanged)), days, adChanges: res.changes };
  }
  const pairs = records.map((r) => ({
    campaignId: campaigns.get(String(r.values.campaign)) as number,
    name: String(r.values.adGroup),
  }));
  await recordCreated(
    tx,
    importId,
    'ppc_ad_groups',
    pairs.map((p) => ({ campaign_id: p.campaignId, name: p.name })),
  );
  const groups = await ensureAdGroups(tx, shop, pairs);
  const groupOf = (v: Values) => {
    const campaignId = campaigns.get(String(v.campaign)) as number;
    return { campaignId, adGroupId: groups.get(`${campaignId}|${v.adGroup}`) as number };
  };
  if (kind === 'sp-search-term') {
    const rows = records.map((r) => ({
      ...groupOf(r.values),
      day: r.values.day,
      targeting: r.values.targeting,
      matchType: r.values.matchType,
      searchTerm: r.values.searchTerm,
      ...figures(r.values),
      settlement: ppcSettlementOf(String(r.values.day), asOf),
    }));
    const removed = await tx.execute(sql`DELETE FROM ppc_search_terms WHERE shop_id = ${shop.id} AND day IN ${daySet(days)}`);
    for (let i = 0; i < rows.length; i += 5000) {
      await tx.execute(sql`
        INSERT INTO ppc_search_terms (shop_id, day, campaign_id, ad_group_id, targeting, match_type, search_term, currency,
                                      impressions, clicks, spend, orders, sales, units, settlement, import_id)
        SELECT ${shop.id}, x.day, x."campaignId", x."adGroupId", x.targeting, x."matchType", x."searchTerm", ${shop.currency},
               x.impressions, x.clicks, x.spend, x.orders, x.sales, x.units, x.settlement, ${importId}
          FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::jsonb) AS x(day date, "campaignId" int, "adGroupId" int,
               targeting text, "matchType" text, "searchTerm" text, impressions int, clicks int, spend numeric, orders int,
               sales numeric, units int, settlement smallint)`);
    }
    await refreshSearchTermRollups(tx, shop.id, days);
    return { ...counts, zeroed: Math.max(0, (removed.rowCount ?? 0) - (counts.updated + counts.unchanged)), days };
  }
  // sp-targeting and sb-keyword: keywords and targets, created when missing.
  const kw = records.filter((r) => !isTarget(String(r.values.targeting), String(r.values.matchType)));
  const tg = records.filter((r) => isTarget(String(r.values.targeting), String(r.values.matchType)));
  const kwRows = [
    ...new Map(
      kw.map((r) => {
        const g = groupOf(r.values);
        return [
          `${g.adGroupId}|${r.values.targeting}|${r.values.matchType}`,
          { ...g, text: r.values.targeting, matchType: r.values.matchType },
        ];
      }),
    ).values(),
  ];
  const tgRows = [
    ...new Map(
      tg.map((r) => {
        const g = groupOf(r.values);
        const e = String(r.values.targeting);
        return [
          `${g.adGroupId}|${e}`,
          { ...g, expression: e, kind: AUTO_TARGETS.has(e) ? 'auto' : e.startsWith('category') ? 'category' : 'product' },
        ];
      }),
    ).values(),
  ];
  await recordCreated(
    tx,
    importId,
    'ppc_keywords',
    kwRows.map((k) => ({ ad_group_id: k.adGroupId, keyword_text: String(k.text), match_type: String(k.matchType) })),
  );
  await recordCreated(
    tx,
    importId,
    'ppc_targets',
    tgRows.map((k) => ({ ad_group_id: k.adGroupId, expression: k.expression })),
  );
  await tx.execute(sql`
    INSERT INTO ppc_keywords (ad_group_id, campaign_id, shop_id, keyword_text, match_type)
    SELECT x."adGroupId", x."campaignId", ${shop.id}, x.text, x."matchType"
      FROM jsonb_to_recordset(${JSON.stringify(kwRows)}::jsonb) AS x("adGroupId" int, "campaignId" int, text text, "matchType" text)
    ON CONFLICT (ad_group_id, keyword_text, match_type) DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO ppc_targets (ad_group_id, campaign_id, shop_id, kind, expression)
    SELECT x."adGroupId", x."campaignId", ${shop.id}, x.kind, x.expression
      FROM jsonb_to_recordset(${JSON.stringify(tgRows)}::jsonb) AS x("adGroupId" int, "campaignId" int, kind text, expression text)
    ON CONFLICT (ad_group_id, expression) DO NOTHING`);
  const groupIds = [...new Set([...groups.values()])];
  const kwIds = new Map(
    (
      await tx.execute<{ id: number; ad_group_id: number; keyword_text: string; match_type: string }>(sql`
        SELECT id, ad_group_id, keyword_text, match_type FROM ppc_keywords
         WHERE ad_group_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(groupIds)}::jsonb)::int)`)
    ).rows.map((r) => [`${r.ad_group_id}|${r.keyword_text}|${r.match_type}`, r.id]),
  );
  const tgIds = new Map(
    (
      await tx.execute<{ id: number; ad_group_id: number; expression: string }>(sql`
        SELECT id, ad_group_id, expression FROM ppc_targets
         WHERE ad_group_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(groupIds)}::jsonb)::int)`)
    ).rows.map((r) => [`${r.ad_group_id}|${r.expression}`, r.id]),
  );
  const rows: PerformanceRow[] = records.map((r) => {
    const g = groupOf(r.values);
    const target = isTarget(String(r.values.targeting), String(r.values.matchType));
    const entityId = target
      ? (tgIds.get(`${g.adGroupId}|${r.values.targeting}`) as number)
      : (kwIds.get(`${g.adGroupId}|${r.values.targeting}|${r.values.matchType}`) as number);
    return {
      entityType: target ? 'target' : 'keyword',
      entityId,
      day: String(r.values.day),
      ...g,
      campaignType: type,
      listingId: null,
      ...figures(r.values),
    };
  });
  const res = await replacePerformance(tx, shop, { entityTypes: ['keyword', 'target'], days, campaignType: type }, rows, {
    source: kind,
    importId,
    asOf,
  });
  await evaluateShop(tx, shop.id);
  return { ...counts, zeroed: Math.max(0, res.removed - (counts.updated + counts.unchanged)), days, adChanges: res.changes };
}

/**
 * Revert of an ad report: under the shop's ads lock; refused while an entity it created is used
 * since (revert-guard.ts); once its days are back, their rollups and the monitors.
 */
const reportRevert: RevertHooks = {
  async lock(tx, _changes, shop) {
    if (shop) await lockShopAds(tx, shop.id);
  },
  async guard(tx, { importId, commitSeq, shop, actor, lang }) {
    if (shop) await guardRemovals(tx, importId, commitSeq, shop, actor, lang);
  },
  async after(tx, changes, shop) {
    if (!shop) return {};
    const daysOf = (table: string) => [...new Set(changes.filter((c) => c.entity === table).map((c) => String(c.key.day)))];
    const facts = daysOf('ppc_performance');
    const terms = daysOf('ppc_search_terms');
    if (facts.length > 0) await refreshPpcRollups(tx, shop.id, facts);
    if (terms.length > 0) await refreshSearchTermRollups(tx, shop.id, terms);
    await evaluateShop(tx, shop.id);
    return {};
  },
};

export const reportHandler = (kind: ReportKind): ShopImportHandler => ({
  parse: (ctx, bytes, shop) => parseReport(ctx, kind, bytes, shop),
  commit: (tx, _actor, shop, records, importId, asOf) => commitReport(kind, tx, shop, records, importId, asOf),
  revert: reportRevert,
});
