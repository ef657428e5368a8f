/**
 * The bulk-operations file (`ads-bulk`). Sponsored Products: the 48-column sheet (one
 * "Entity" per row: Campaign, Ad Group, Product Ad, Keyword, Product Targeting,
 * negatives at campaign and ad-group level, Bidding Adjustment) and the 54-column one
 * (the same with the informational columns of the newer console), xlsx or csv; also
 * the legacy sheet with "Record Type". A workbook's "Sponsored Brands Campaigns" and
 * "Sponsored Display Campaigns" sheets are read too, with the columns the console (and
 * our own export, changes/bulk-sheet.ts) gives them: Budget, Ad, Contextual Targeting,
 * Targeting Expression, the SB creative's brand name, headline and landing ASINs. A row's
 * "Product" column, when there is one, names its campaign type; else its sheet does.
 * What a type does not have is refused per row (SD keywords and placement adjustments,
 * SB placements other than top and rest of search or beyond ±99 %); SD audience targets
 * are not modelled and are skipped with a warning. A bid or budget over the marketplace's
 * maximum (the contract's AD_LIMITS, as every other writer) is a row error. Rows are matched by type and name
 * (campaign, ad group, keyword text + match type, SKU/ASIN, expression) and upserted; a
 * changed row's version moves on. A Campaign ID or Ad Group ID of a stored entity names it
 * (as the console's own downloads do, with the names only in the informational columns or
 * nowhere): names are needed only to create; the IDs a sheet gives are kept on the entities. Performance columns of the sheet are period totals and
 * are not read: daily figures come from the reports.
 * The commit logs, per campaign the sheet names, the campaign and everything under it as they
 * were (import_changes), so a revert puts the campaign back whole; it is refused when anything
 * in one of those campaigns changed since (an edit, a rule, a later sheet or a report that
 * created a keyword there), and while a campaign or anything under it that it would remove is
 * used elsewhere (a later report's figures, the change history, a rule: revert-guard.ts).
 */
import { createHash } from 'node:crypto';
import type { RecordRow } from '@bo/contract/imports/imports';
import { adLimitsOf } from '@bo/contract/ppc/changes';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import type { AppContext } from '../../../platform/context';
import { parseOffThread } from '../../../platform/upload/parse-pool';
import { listingSkus } from '../../catalog/catalog.reads';
import { recordBefore } from '../../imports/import-changes';
import type { ImportShop, ShopCommitResult, ShopImportHandler, ShopParseResult } from '../../imports/import-kinds';
import { reportParsed } from '../../imports/import-kinds';
import type { RowProblem } from '../../imports/parsers';
import { lockShopAds, refreshPpcRollups } from '../model/facts.service';
import { normaliseReportHeader } from './report-headers';
import { guardRemovals } from './revert-guard';
import type { TableSheet } from './table-read';
import { readAmount, readDay } from './values';

type BulkField =
  | 'entity'
  | 'operation'
  | 'campaign'
  | 'adGroup'
  | 'campaignId'
  | 'adGroupId'
  | 'campaignInfo'
  | 'adGroupInfo'
  | 'portfolio'
  | 'startDate'
  | 'endDate'
  | 'targetingType'
  | 'state'
  | 'campaignState'
  | 'adGroupState'
  | 'budget'
  | 'sku'
  | 'asin'
  | 'defaultBid'
  | 'bid'
  | 'keywordText'
  | 'matchType'
  | 'biddingStrategy'
  | 'placement'
  | 'percentage'
  | 'expression'
  | 'product'
  | 'brandName'
  | 'headline'
  | 'landingAsin'
  | 'creativeAsins';

/** The two columns a sheet must have, as the console writes them. */
const BULK_COLUMN_NAME = { entity: 'Entity', campaign: 'Campaign Name' } as const;

const FIELDS: readonly [BulkField, RegExp][] = [
  ['entity', /^(entity|record type)$/],
  ['operation', /^operation$/],
  ['campaign', /^(campaign name|campaign)$/],
  ['adGroup', /^(ad group name|ad group)$/],
  ['campaignId', /^campaign id$/],
  ['adGroupId', /^ad group id$/],
  // The newer sheets name the campaign and ad group of a child row only in these columns.
  ['campaignInfo', /^campaign name \(informational only\)$/],
  ['adGroupInfo', /^ad group name \(informational only\)$/],
  ['portfolio', /^portfolio name( \(informational only\))?$/],
  ['startDate', /^(campaign )?start date$/],
  ['endDate', /^(campaign )?end date$/],
  ['targetingType', /^(campaign )?targeting type$/],
  ['state', /^(state|status)$/],
  ['campaignState', /^campaign status$/],
  ['adGroupState', /^ad group status$/],
  ['budget', /^((campaign )?daily budget|budget)$/],
  ['sku', /^sku$/],
  ['asin', /^asin( \(informational only\))?$/],
  ['defaultBid', /^ad group default bid$/],
  ['bid', /^(bid|max bid)$/],
  ['keywordText', /^(keyword text|keyword or product targeting)$/],
  ['matchType', /^match type$/],
  ['biddingStrategy', /^bidding strategy$/],
  ['placement', /^placement( type)?$/],
  ['percentage', /^(percentage|increase bids by placement)$/],
  ['expression', /^(product )?targeting expression$/],
  ['product', /^product$/],
  ['brandName', /^brand name$/],
  ['headline', /^(creative )?headline$/],
  ['landingAsin', /^landing page asins?$/],
  ['creativeAsins', /^creative asins?$/],
];

export const BULK_COLUMN_COUNTS = [48, 54] as const;

type Entity =
  | 'campaign'
  | 'ad_group'
  | 'product_ad'
  | 'keyword'
  | 'negative_keyword'
  | 'product_target'
  | 'negative_product'
  | 'placement';

const ENTITY_OF: Record<string, Entity> = {
  campaign: 'campaign',
  'ad group': 'ad_group',
  'product ad': 'product_ad',
  ad: 'product_ad',
  keyword: 'keyword',
  'negative keyword': 'negative_keyword',
  'campaign negative keyword': 'negative_keyword',
  'product targeting': 'product_target',
  'negative product targeting': 'negative_product',
  'campaign negative product targeting': 'negative_product',
  'bidding adjustment': 'placement',
  'contextual targeting': 'product_target',
};
/** Entities of the console's sheets that are not modelled here: skipped with a warning. */
const NOT_MODELLED = new Set(['audience targeting', 'portfolio', 'draft', 'draft campaign', 'budget rule']);

type CampaignType = 'sp' | 'sb' | 'sd';
const TYPE_OF_PRODUCT: Record<string, CampaignType> = {
  'sponsored products': 'sp',
  'sponsored brands': 'sb',
  'sponsored display': 'sd',
};
const TYPE_LABEL: Record<CampaignType, string> = { sp: 'Sponsored Products', sb: 'Sponsored Brands', sd: 'Sponsored Display' };
/** The campaign sheets of a console workbook; other sheets (portfolios, reports) are not read. */
const CAMPAIGN_SHEET = /^sponsored (products|brands|display) campaigns?$/i;
const STATES = new Set(['enabled', 'paused', 'archived']);
const PLACEMENTS: Record<string, string> = {
  'placement top': 'top_of_search',
  'top of search (first page)': 'top_of_search',
  'top of search on-amazon': 'top_of_search',
  'placement product page': 'product_pages',
  'product pages on-amazon': 'product_pages',
  'placement rest of search': 'rest_of_search',
  'rest of search': 'rest_of_search',
};
const STRATEGIES: Record<string, string> = {
  'dynamic bids - down only': 'down_only',
  'dynamic bids - up and down': 'up_and_down',
  'fixed bid': 'fixed',
  'fixed bids': 'fixed',
  legacy: 'legacy',
  'legacy for sales': 'legacy',
};

type Values = Record<string, string | number | null>;

const consoleId = (ref: string) => (/^\d{1,20}$/.test(ref) ? ref : null);

const keyOf = (v: Values) =>
  `${v.type ?? 'sp'}|${v.entity}|${v.campaign}|${v.adGroup ?? ''}|${v.target ?? ''}|${v.matchType ?? ''}`;

export async function parseBulk(ctx: AppContext, bytes: Buffer, shop: ImportShop): Promise<ShopParseResult> {
  const errors: RowProblem[] = [];
  const warnings: RowProblem[] = [];
  const book = await parseOffThread('sheets', bytes);
  // A console workbook: its campaign sheets, SP first; any other file: its first sheet, read as SP.
  const campaignSheets = book.sheets
    .filter((sh) => CAMPAIGN_SHEET.test(sh.name.trim()))
    .map((sh) => ({
      sheet: sh,
      type:
        TYPE_OF_PRODUCT[
          sh.name
            .trim()
            .toLowerCase()
            .replace(/ campaigns?$/, '')
        ] ?? 'sp',
    }))
    .sort((a, b) => Number(a.type !== 'sp') - Number(b.type !== 'sp'));
  // Without campaign sheets by name (a csv; a workbook whose names the streaming reader did
  // not resolve, which happens under load with zips written with data descriptors, ours
  // included) every sheet is tried: rows name their type in the Product column, else SP.
  const sheets: { sheet: TableSheet; type: CampaignType }[] = campaignSheets.length
    ? campaignSheets
    : book.sheets.map((sheet) => ({ sheet, type: 'sp' as const }));
  const records: RecordRow[] = [];
  const seen = new Map<string, string>();
  const ids = await storedIds(ctx.db, shop.id);
  let variant: string | null = null;
  let fingerprint: string | null = null;
  let firstMissing: string[] = [BULK_COLUMN_NAME.entity];
  const unread: { sheet: TableSheet; missing: string[] }[] = [];
  for (const { sheet, type } of sheets) {
    const read = readSheet(sheet, type, shop, { records, errors, warnings, seen, ids, named: sheets.length > 1 });
    fingerprint ??= read.fingerprint;
    if (read.missing.length) {
      if (unread.length === 0 && !variant) firstMissing = read.missing;
      unread.push({ sheet, missing: read.missing });
      continue;
    }
    // The first sheet read names the variant (and the fingerprint) of the file.
    if (!variant) {
      variant = `ads-bulk/${read.legacy ? 'legacy' : 'entity'}-${read.width}/${book.format}`;
      fingerprint = read.fingerprint;
    }
  }
  if (!variant) {
    return {
      variant: null,
      locale: null,
      fingerprint: fingerprint ?? createHash('sha256').update('').digest('hex'),
      currency: null,
      unknownHeader: { closestVariant: 'ads-bulk-48', missing: firstMissing, unexpected: [] },
      records: [],
      errors,
      warnings,
    };
  }
  for (const u of unread) {
    warnings.push({ line: 1, column: u.sheet.name, message: `not read: no ${u.missing.join(', ')} column` });
  }
  await compareWithStored(ctx.db, shop.id, records, errors);
  return reportParsed({ variant, fingerprint: fingerprint ?? '' }, { records, errors, warnings });
}

/** Reads one sheet's rows into `out`; answers what its header told. */
function readSheet(
  sheet: TableSheet,
  sheetType: CampaignType,
  shop: ImportShop,
  out: {
    records: RecordRow[];
    errors: RowProblem[];
    warnings: RowProblem[];
    seen: Map<string, string>;
    ids: StoredIds;
    named: boolean;
  },
): { fingerprint: string; missing: string[]; legacy: boolean; width: number } {
  const { records, errors, warnings, seen } = out;
  const limits = adLimitsOf(shop.currency);
  const lines = sheet.lines;
  const headerAt = lines.slice(0, 10).findIndex((l) => l.cells.some((c) => /^(entity|record type)$/i.test(c.trim())));
  const header = lines[headerAt];
  const cells = header?.cells ?? lines[0]?.cells ?? [];
  const fingerprint = createHash('sha256').update(cells.map(normaliseReportHeader).join('\u0001')).digest('hex');
  const index = new Map<BulkField, number>();
  cells.forEach((raw, i) => {
    const h = normaliseReportHeader(raw);
    const hit = FIELDS.find(([, re]) => re.test(h));
    if (hit && !index.has(hit[0])) index.set(hit[0], i);
  });
  // Named as the console's bulk sheet writes the columns.
  const missing = (['entity', 'campaign'] as const).filter((f) => !index.has(f)).map((f) => BULK_COLUMN_NAME[f]);
  const width = cells.filter((c) => c.trim() !== '').length;
  const legacy = /record type/i.test(cells[index.get('entity') ?? 0] ?? '');
  if (!header || missing.length) {
    return { fingerprint, missing: missing.length ? [...missing] : [BULK_COLUMN_NAME.entity], legacy, width };
  }
  // In a workbook of several sheets a problem names its sheet, as line numbers repeat.
  const where = (column: string) => (out.named ? `${sheet.name} › ${column}` : column);
  if (sheetType === 'sp' && !(BULK_COLUMN_COUNTS as readonly number[]).includes(width)) {
    warnings.push({
      line: header.line,
      column: where(''),
      message: `a bulk sheet of ${width} columns (known: 48 and 54): read by column names`,
    });
  }
  const cell = (c: string[], f: BulkField) => {
    const i = index.get(f);
    return i === undefined ? '' : (c[i] ?? '').trim();
  };
  for (const l of lines.slice(headerAt + 1)) {
    const c = l.cells;
    if (c.every((x) => x === '')) continue;
    const problem = (column: string, message: string) => errors.push({ line: l.line, column: where(column), message });
    const type = TYPE_OF_PRODUCT[cell(c, 'product').toLowerCase()] ?? sheetType;
    const rawEntity = cell(c, 'entity').toLowerCase();
    if (NOT_MODELLED.has(rawEntity)) {
      warnings.push({ line: l.line, column: where('Entity'), message: `${cell(c, 'entity')} rows are not kept here: skipped` });
      continue;
    }
    let entity = ENTITY_OF[rawEntity];
    let matchType = cell(c, 'matchType').toLowerCase();
    if (!entity) {
      problem('Entity', `unknown entity ${cell(c, 'entity') || '(empty)'}`);
      continue;
    }
    // The legacy sheet writes negatives as keywords with a negative match type.
    if (entity === 'keyword' && matchType.includes('negative')) entity = 'negative_keyword';
    if (type === 'sd' && (entity === 'keyword' || entity === 'negative_keyword' || entity === 'placement')) {
      problem(
        'Entity',
        `${TYPE_LABEL.sd} campaigns have no ${entity === 'placement' ? 'placement bid adjustments' : 'keywords'}`,
      );
      continue;
    }
    // An ID of a stored entity names it; the sheet's names are then informational (a rename is not read).
    const campaignRef = cell(c, 'campaignId');
    const groupRef = cell(c, 'adGroupId');
    const storedGroup = groupRef ? out.ids.groups.get(`${type}|${groupRef}`) : undefined;
    const storedCampaign = (campaignRef ? out.ids.campaigns.get(`${type}|${campaignRef}`) : undefined) ?? storedGroup?.campaign;
    const campaignName = cell(c, 'campaign');
    const campaign = storedCampaign ?? (campaignName || cell(c, 'campaignInfo'));
    if (!campaign) {
      problem(
        'Campaign Name',
        campaignRef ? `campaign ID ${campaignRef} is not stored for this shop: give its Campaign Name to create it` : 'required',
      );
      continue;
    }
    if (storedCampaign && campaignName && campaignName !== storedCampaign) {
      warnings.push({
        line: l.line,
        column: where('Campaign Name'),
        message: `campaign ID ${campaignRef} is "${storedCampaign}" here: the sheet does not rename it to "${campaignName}"`,
      });
    }
    const storedGroupName = storedGroup && storedGroup.campaign === campaign ? storedGroup.adGroup : undefined;
    const adGroupName = cell(c, 'adGroup');
    const adGroupText = storedGroupName ?? (adGroupName || cell(c, 'adGroupInfo'));
    const level = /^campaign negative/.test(rawEntity) || matchType.startsWith('campaign negative') ? 'campaign' : 'ad_group';
    const adGroup =
      entity === 'campaign' || entity === 'placement' || (entity.startsWith('negative') && level === 'campaign')
        ? null
        : adGroupText;
    if (adGroup === '') {
      problem(
        'Ad Group Name',
        groupRef
          ? `ad group ID ${groupRef} is not stored for this shop: give its Ad Group Name to create it`
          : 'required for this entity',
      );
      continue;
    }
    if (adGroup && storedGroupName && adGroupName && adGroupName !== storedGroupName) {
      warnings.push({
        line: l.line,
        column: where('Ad Group Name'),
        message: `ad group ID ${groupRef} is "${storedGroupName}" here: the sheet does not rename it to "${adGroupName}"`,
      });
    }
    const stateText = (
      cell(c, 'state') ||
      (entity === 'campaign' ? cell(c, 'campaignState') : entity === 'ad_group' ? cell(c, 'adGroupState') : '')
    ).toLowerCase();
    const state = stateText === '' ? 'enabled' : stateText;
    if (!STATES.has(state)) {
      problem('State', `unknown state ${stateText}`);
      continue;
    }
    const v: Values = {
      type,
      entity,
      campaign,
      adGroup,
      state,
      target: null,
      matchType: null,
      // Kept on the entity at commit; only the console's own (numeric) IDs, not a create sheet's placeholders.
      campaignId: consoleId(campaignRef),
      adGroupId: adGroup ? consoleId(groupRef) : null,
    };
    const money = (f: BulkField, label: string, required: boolean) => {
      const t = cell(c, f);
      if (t === '') {
        if (required) problem(label, 'required');
        return null;
      }
      const m = readAmount(t);
      if (!m || Number(m.amount) < 0) problem(label, `not an amount: ${t}`);
      // The marketplace's maximum is a hard limit here as on every other bid and budget writer.
      const max = f === 'budget' ? limits.maxBudget : limits.maxBid;
      if (m && Number(m.amount) > max) problem(label, `${t} is over the marketplace's maximum of ${max} ${shop.currency}`);
      return m?.amount ?? null;
    };
    const before = errors.length;
    let moreAsins: string[] = [];
    switch (entity) {
      case 'campaign': {
        v.budget = money('budget', 'Daily Budget', true);
        v.targeting = cell(c, 'targetingType').toLowerCase() || null;
        const strategy = cell(c, 'biddingStrategy').toLowerCase();
        v.biddingStrategy = strategy ? (STRATEGIES[strategy] ?? null) : null;
        if (strategy && !v.biddingStrategy) problem('Bidding Strategy', `unknown bidding strategy ${strategy}`);
        for (const [f, label] of [
          ['startDate', 'Start Date'],
          ['endDate', 'End Date'],
        ] as const) {
          const t = cell(c, f);
          v[f] = t ? readDay(t, shop.marketCode) : null;
          if (t && !v[f]) problem(label, `not a day: ${t}`);
        }
        if (type === 'sb') {
          v.brandName = cell(c, 'brandName') || null;
          v.headline = cell(c, 'headline') || null;
          v.landingAsin =
            cell(c, 'landingAsin')
              .split(/[\s,;]+/)[0]
              ?.toUpperCase() || null;
        }
        break;
      }
      case 'ad_group': {
        // Sponsored Brands bids per keyword: its sheet may give an ad group no default bid (the stored one stays).
        const bid = money(index.has('defaultBid') ? 'defaultBid' : 'bid', 'Ad Group Default Bid', type !== 'sb');
        if (bid !== null || type !== 'sb') v.defaultBid = bid;
        break;
      }
      case 'product_ad': {
        v.sku = cell(c, 'sku') || null;
        v.asin = cell(c, 'asin') || null;
        // A Sponsored Brands ad names its products in Creative ASINs: one product ad each.
        const creative = [
          ...new Set(
            cell(c, 'creativeAsins')
              .split(/[\s,;]+/)
              .filter(Boolean)
              .map((a) => a.toUpperCase()),
          ),
        ];
        if (!v.sku && !v.asin && creative.length) {
          v.asin = creative[0] ?? null;
          moreAsins = creative.slice(1);
        }
        v.target = v.sku ?? v.asin;
        if (!v.target) problem('SKU', 'a product ad needs its SKU or ASIN');
        break;
      }
      case 'keyword':
      case 'negative_keyword': {
        v.target = cell(c, 'keywordText').toLowerCase();
        matchType = matchType.replace(/^campaign /, '').replace(/ /g, '_');
        v.matchType = matchType;
        const allowed = entity === 'keyword' ? ['exact', 'phrase', 'broad'] : ['negative_exact', 'negative_phrase'];
        if (!v.target) problem('Keyword Text', 'required');
        if (!allowed.includes(matchType)) problem('Match Type', `expected one of ${allowed.join(', ')}`);
        if (entity === 'keyword') v.bid = money('bid', 'Bid', false);
        break;
      }
      case 'product_target':
      case 'negative_product': {
        v.target = (cell(c, 'expression') || cell(c, 'keywordText')).trim();
        if (!v.target) problem('Product Targeting Expression', 'required');
        if (entity === 'negative_product') {
          const asin =
            /asin="?([A-Z0-9]{10})"?/i.exec(String(v.target))?.[1] ??
            (/^[A-Z0-9]{10}$/i.test(String(v.target)) ? String(v.target) : null);
          if (!asin) problem('Product Targeting Expression', 'a negative product is asin="…"');
          v.target = asin?.toUpperCase() ?? null;
        } else v.bid = money('bid', 'Bid', false);
        break;
      }
      case 'placement': {
        const p = PLACEMENTS[cell(c, 'placement').toLowerCase()];
        if (!p) problem('Placement', `unknown placement ${cell(c, 'placement')}`);
        v.target = p ?? null;
        const pct = Number(cell(c, 'percentage').replace('%', ''));
        if (type === 'sb') {
          if (p === 'product_pages') problem('Placement', 'Sponsored Brands adjusts top of search and rest of search only');
          if (!Number.isInteger(pct) || pct < -99 || pct > 99) problem('Percentage', 'a whole percentage from -99 to 99');
        } else if (!Number.isInteger(pct) || pct < 0 || pct > 900) problem('Percentage', 'a whole percentage from 0 to 900');
        v.percentage = pct;
        break;
      }
    }
    if (errors.length > before) continue;
    // The console's create sheets give a new campaign or ad group an ID of the sheet's own, by which its rows below name it.
    if (entity === 'campaign' && campaignRef && !out.ids.campaigns.has(`${type}|${campaignRef}`)) {
      out.ids.campaigns.set(`${type}|${campaignRef}`, campaign);
    }
    if (entity === 'ad_group' && adGroup && groupRef && !out.ids.groups.has(`${type}|${groupRef}`)) {
      out.ids.groups.set(`${type}|${groupRef}`, { campaign, adGroup });
    }
    for (const one of [v, ...moreAsins.map((asin) => ({ ...v, asin, target: asin }))]) {
      const key = keyOf(one);
      const prev = seen.get(key);
      if (prev !== undefined) {
        problem('', `the same entity as ${prev}`);
        continue;
      }
      seen.set(key, out.named ? `${sheet.name} line ${l.line}` : `line ${l.line}`);
      records.push({ line: l.line, key, status: 'new', values: one, before: null });
    }
  }
  return { fingerprint, missing: [], legacy, width };
}

/** The console IDs of the shop's stored campaigns and ad groups, by `type|id`. */
interface StoredIds {
  campaigns: Map<string, string>;
  groups: Map<string, { campaign: string; adGroup: string }>;
}

async function storedIds(db: DbOrTx, shopId: number): Promise<StoredIds> {
  const r = await db.execute(sql`
    SELECT c.campaign_type AS type, c.external_id AS campaign_ref, c.name AS campaign, NULL AS group_ref, NULL AS ad_group
      FROM ppc_campaigns c WHERE c.shop_id = ${shopId} AND c.external_id IS NOT NULL
    UNION ALL
    SELECT c.campaign_type, c.external_id, c.name, g.external_id, g.name
      FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id
     WHERE c.shop_id = ${shopId} AND g.external_id IS NOT NULL`);
  const ids: StoredIds = { campaigns: new Map(), groups: new Map() };
  for (const row of r.rows as {
    type: string;
    campaign_ref: string | null;
    campaign: string;
    group_ref: string | null;
    ad_group: string | null;
  }[]) {
    if (row.group_ref && row.ad_group)
      ids.groups.set(`${row.type}|${row.group_ref}`, { campaign: row.campaign, adGroup: row.ad_group });
    else if (row.campaign_ref) ids.campaigns.set(`${row.type}|${row.campaign_ref}`, row.campaign);
  }
  return ids;
}

/** What is stored now, keyed like the sheet's rows (every campaign type). */
async function stored(db: DbOrTx, shopId: number): Promise<Map<string, Values>> {
  const r = await db.execute(sql`
    SELECT c.campaign_type AS type, 'campaign' AS entity, c.name AS campaign, NULL AS ad_group, NULL AS target, NULL AS match_type,
           jsonb_build_object('state', c.state, 'budget', c.daily_budget::text, 'biddingStrategy', c.bidding_strategy,
                              'startDate', c.start_date::text, 'endDate', c.end_date::text, 'targeting', c.targeting,
                              'brandName', c.brand_name, 'headline', c.headline, 'landingAsin', c.landing_asin) AS v
      FROM ppc_campaigns c WHERE c.shop_id = ${shopId}
    UNION ALL
    SELECT c.campaign_type, 'ad_group', c.name, g.name, NULL, NULL, jsonb_build_object('state', g.state, 'defaultBid', g.default_bid::text)
      FROM ppc_ad_groups g JOIN ppc_campaigns c ON c.id = g.campaign_id WHERE c.shop_id = ${shopId}
    UNION ALL
    SELECT c.campaign_type, 'product_ad', c.name, g.name, coalesce(a.sku, a.asin), NULL, jsonb_build_object('state', a.state)
      FROM ppc_product_ads a JOIN ppc_ad_groups g ON g.id = a.ad_group_id JOIN ppc_campaigns c ON c.id = a.campaign_id
     WHERE c.shop_id = ${shopId}
    UNION ALL
    SELECT c.campaign_type, 'keyword', c.name, g.name, k.keyword_text, k.match_type, jsonb_build_object('state', k.state, 'bid', k.bid::text)
      FROM ppc_keywords k JOIN ppc_ad_groups g ON g.id = k.ad_group_id JOIN ppc_campaigns c ON c.id = k.campaign_id
     WHERE c.shop_id = ${shopId}
    UNION ALL
    SELECT c.campaign_type, 'product_target', c.name, g.name, t.expression, NULL, jsonb_build_object('state', t.state, 'bid', t.bid::text)
      FROM ppc_targets t JOIN ppc_ad_groups g ON g.id = t.ad_group_id JOIN ppc_campaigns c ON c.id = t.campaign_id
     WHERE c.shop_id = ${shopId}
    UNION ALL
    SELECT c.campaign_type, 'negative_keyword', c.name, g.name, n.keyword_text, n.match_type, jsonb_build_object('state', n.state)
      FROM ppc_negative_keywords n JOIN ppc_campaigns c ON c.id = n.campaign_id LEFT JOIN ppc_ad_groups g ON g.id = n.ad_group_id
     WHERE c.shop_id = ${shopId}
    UNION ALL
    SELECT c.campaign_type, 'negative_product', c.name, g.name, n.asin, NULL, jsonb_build_object('state', n.state)
      FROM ppc_negative_products n JOIN ppc_campaigns c ON c.id = n.campaign_id LEFT JOIN ppc_ad_groups g ON g.id = n.ad_group_id
     WHERE c.shop_id = ${shopId}
    UNION ALL
    SELECT c.campaign_type, 'placement', c.name, NULL, p.placement, NULL, jsonb_build_object('percentage', p.bid_adjustment_pct)
      FROM ppc_placements p JOIN ppc_campaigns c ON c.id = p.campaign_id WHERE c.shop_id = ${shopId}`);
  const out = new Map<string, Values>();
  for (const row of r.rows as {
    type: string;
    entity: string;
    campaign: string;
    ad_group: string | null;
    target: string | null;
    match_type: string | null;
    v: Values;
  }[]) {
    out.set(
      keyOf({
        type: row.type,
        entity: row.entity,
        campaign: row.campaign,
        adGroup: row.ad_group,
        target: row.target,
        matchType: row.match_type,
      }),
      row.v,
    );
  }
  return out;
}

const COMPARED: Record<Entity, string[]> = {
  campaign: ['state', 'budget', 'biddingStrategy', 'startDate', 'endDate', 'brandName', 'headline', 'landingAsin'],
  ad_group: ['state', 'defaultBid'],
  product_ad: ['state'],
  keyword: ['state', 'bid'],
  product_target: ['state', 'bid'],
  negative_keyword: ['state'],
  negative_product: ['state'],
  placement: ['percentage'],
};
const same = (a: unknown, b: unknown) =>
  (a === null || a === undefined ? null : Number.isNaN(Number(a)) ? String(a) : Number(a)) ===
  (b === null || b === undefined ? null : Number.isNaN(Number(b)) ? String(b) : Number(b));

async function compareWithStored(db: DbOrTx, shopId: number, records: RecordRow[], errors: RowProblem[]) {
  const now = await stored(db, shopId);
  const campaigns = new Set(
    records.filter((r) => r.values.entity === 'campaign').map((r) => `${r.values.type}|${r.values.campaign}`),
  );
  const groups = new Set(
    records.filter((r) => r.values.entity === 'ad_group').map((r) => `${r.values.type}|${r.values.campaign}|${r.values.adGroup}`),
  );
  for (const r of records) {
    const v = r.values;
    if (
      v.entity !== 'campaign' &&
      !campaigns.has(`${v.type}|${v.campaign}`) &&
      !now.has(keyOf({ type: v.type ?? null, entity: 'campaign', campaign: v.campaign ?? null }))
    ) {
      errors.push({
        line: r.line,
        column: 'Campaign Name',
        message: `campaign ${v.campaign} is neither in the sheet nor stored`,
      });
    } else if (
      v.adGroup &&
      v.entity !== 'ad_group' &&
      !groups.has(`${v.type}|${v.campaign}|${v.adGroup}`) &&
      !now.has(keyOf({ type: v.type ?? null, entity: 'ad_group', campaign: v.campaign ?? null, adGroup: v.adGroup ?? null }))
    ) {
      errors.push({ line: r.line, column: 'Ad Group Name', message: `ad group ${v.adGroup} is neither in the sheet nor stored` });
    }
    const s = now.get(r.key);
    if (!s) continue;
    const fields = COMPARED[v.entity as Entity].filter((f) => v[f] !== undefined);
    r.status = fields.every((f) => same(s[f], v[f])) ? 'unchanged' : 'changed';
    r.before = Object.fromEntries(fields.map((f) => [f, (s[f] as string | number | null) ?? null]));
  }
}

const ORDER: Entity[] = [
  'campaign',
  'placement',
  'ad_group',
  'product_ad',
  'keyword',
  'product_target',
  'negative_keyword',
  'negative_product',
];

/** The tables under a campaign that a sheet writes, each holding `campaign_id`. */
const UNDER_CAMPAIGN = [
  'ppc_placements',
  'ppc_ad_groups',
  'ppc_product_ads',
  'ppc_keywords',
  'ppc_targets',
  'ppc_negative_keywords',
  'ppc_negative_products',
] as const;

export async function commitBulk(
  tx: Tx,
  shop: ImportShop,
  records: readonly RecordRow[],
  importId: number,
): Promise<ShopCommitResult> {
  await lockShopAds(tx, shop.id);
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  const of = (e: Entity) => records.filter((r) => r.values.entity === e && r.status !== 'unchanged').map((r) => r.values);
  const json = (rows: Values[]) => JSON.stringify(rows);
  for (const r of records) counts[r.status === 'new' ? 'inserted' : r.status === 'changed' ? 'updated' : 'unchanged']++;
  const campaignId = sql`(SELECT id FROM ppc_campaigns WHERE shop_id = ${shop.id} AND campaign_type = x.type AND name = x.campaign)`;
  const groupId = sql`(SELECT g.id FROM ppc_ad_groups g WHERE g.campaign_id = ${campaignId} AND g.name = x."adGroup")`;
  // The campaigns the sheet names, as they are, and (once each exists) everything under them: a revert puts them back whole.
  const named = [
    ...new Map(
      records.map((r) => [
        `${r.values.type}|${r.values.campaign}`,
        { type: String(r.values.type), name: String(r.values.campaign) },
      ]),
    ).values(),
  ];
  await recordBefore(
    tx,
    importId,
    'ppc_campaigns',
    named.map((c) => ({ shop_id: shop.id, campaign_type: c.type, name: c.name })),
  );
  let underLogged = false;
  const logUnder = async () => {
    const ids = await tx.execute<{ id: number }>(sql`
      SELECT c.id FROM ppc_campaigns c
        JOIN jsonb_to_recordset(${JSON.stringify(named)}::jsonb) AS x(type text, name text) ON c.campaign_type = x.type AND c.name = x.name
       WHERE c.shop_id = ${shop.id} ORDER BY c.id`);
    for (const table of UNDER_CAMPAIGN) {
      await recordBefore(
        tx,
        importId,
        table,
        ids.rows.map((r) => ({ campaign_id: r.id })),
      );
    }
    underLogged = true;
  };
  for (const entity of ORDER) {
    if (entity !== 'campaign' && !underLogged) await logUnder();
    const rows = of(entity);
    if (!rows.length) continue;
    const data = json(rows);
    switch (entity) {
      case 'campaign':
        await tx.execute(sql`
          INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, name, targeting, state, daily_budget, bidding_strategy, start_date,
                                     end_date, brand_name, headline, landing_asin)
          SELECT ${shop.id}, ${shop.marketId}, x.type, x.campaign, x.targeting, x.state, x.budget, x."biddingStrategy", x."startDate",
                 x."endDate", x."brandName", x.headline, x."landingAsin"
            FROM jsonb_to_recordset(${data}::jsonb) AS x(type text, campaign text, targeting text, state text, budget numeric,
                 "biddingStrategy" text, "startDate" date, "endDate" date, "brandName" text, headline text, "landingAsin" text)
          ON CONFLICT (shop_id, campaign_type, name) DO UPDATE SET targeting = coalesce(EXCLUDED.targeting, ppc_campaigns.targeting),
            state = EXCLUDED.state, daily_budget = EXCLUDED.daily_budget,
            bidding_strategy = coalesce(EXCLUDED.bidding_strategy, ppc_campaigns.bidding_strategy),
            start_date = coalesce(EXCLUDED.start_date, ppc_campaigns.start_date), end_date = EXCLUDED.end_date,
            brand_name = coalesce(EXCLUDED.brand_name, ppc_campaigns.brand_name),
            headline = coalesce(EXCLUDED.headline, ppc_campaigns.headline),
            landing_asin = coalesce(EXCLUDED.landing_asin, ppc_campaigns.landing_asin),
            version = ppc_campaigns.version + 1, updated_at = now()`);
        break;
      case 'placement':
        await tx.execute(sql`
          INSERT INTO ppc_placements (campaign_id, placement, bid_adjustment_pct)
          SELECT ${campaignId}, x.target, x.percentage FROM jsonb_to_recordset(${data}::jsonb) AS x(type text, campaign text, target text, percentage int)
          ON CONFLICT (campaign_id, placement) DO UPDATE SET bid_adjustment_pct = EXCLUDED.bid_adjustment_pct,
            version = ppc_placements.version + 1`);
        break;
      case 'ad_group':
        await tx.execute(sql`
          INSERT INTO ppc_ad_groups (campaign_id, shop_id, name, default_bid, state)
          SELECT ${campaignId}, ${shop.id}, x."adGroup",
                 coalesce(x."defaultBid", (SELECT g0.default_bid FROM ppc_ad_groups g0 WHERE g0.campaign_id = ${campaignId} AND g0.name = x."adGroup"), 0),
                 x.state
            FROM jsonb_to_recordset(${data}::jsonb) AS x(type text, campaign text, "adGroup" text, "defaultBid" numeric, state text)
          ON CONFLICT (campaign_id, name) DO UPDATE SET default_bid = EXCLUDED.default_bid, state = EXCLUDED.state,
            version = ppc_ad_groups.version + 1, updated_at = now()`);
        break;
      case 'product_ad':
        // The listing is the shop's listing of that SKU (or ASIN): the catalog's SKU ↔ ASIN link.
        await tx.execute(sql`
          INSERT INTO ppc_product_ads (ad_group_id, campaign_id, shop_id, listing_id, sku, asin, state)
          SELECT ${groupId}, ${campaignId}, ${shop.id}, l.id, coalesce(x.sku, l.sku), coalesce(x.asin, l.asin), x.state
            FROM jsonb_to_recordset(${data}::jsonb) AS x(type text, campaign text, "adGroup" text, sku text, asin text, state text)
            LEFT JOIN LATERAL (SELECT li.id, li.sku, li.asin FROM ${listingSkus} li
                                WHERE li.shop_id = ${shop.id} AND (upper(li.sku) = upper(x.sku) OR li.asin = x.asin)
                                ORDER BY (upper(li.sku) = upper(x.sku)) DESC, li.id LIMIT 1) l ON true
          ON CONFLICT (ad_group_id, sku, asin) DO UPDATE SET state = EXCLUDED.state, listing_id = EXCLUDED.listing_id,
            version = ppc_product_ads.version + 1, updated_at = now()`);
        break;
      case 'keyword':
        await tx.execute(sql`
          INSERT INTO ppc_keywords (ad_group_id, campaign_id, shop_id, keyword_text, match_type, bid, state)
          SELECT ${groupId}, ${campaignId}, ${shop.id}, x.target, x."matchType", x.bid, x.state
            FROM jsonb_to_recordset(${data}::jsonb) AS x(type text, campaign text, "adGroup" text, target text, "matchType" text, bid numeric, state text)
          ON CONFLICT (ad_group_id, keyword_text, match_type) DO UPDATE SET bid = EXCLUDED.bid, state = EXCLUDED.state,
            version = ppc_keywords.version + 1, updated_at = now()`);
        break;
      case 'product_target':
        await tx.execute(sql`
          INSERT INTO ppc_targets (ad_group_id, campaign_id, shop_id, kind, expression, bid, state)
          SELECT ${groupId}, ${campaignId}, ${shop.id}, CASE WHEN x.target LIKE 'category%' THEN 'category'
                   WHEN x.target IN ('close-match', 'loose-match', 'substitutes', 'complements') THEN 'auto' ELSE 'product' END,
                 x.target, x.bid, x.state
            FROM jsonb_to_recordset(${data}::jsonb) AS x(type text, campaign text, "adGroup" text, target text, bid numeric, state text)
          ON CONFLICT (ad_group_id, expression) DO UPDATE SET bid = EXCLUDED.bid, state = EXCLUDED.state,
            version = ppc_targets.version + 1, updated_at = now()`);
        break;
      case 'negative_keyword':
        await tx.execute(sql`
          INSERT INTO ppc_negative_keywords (campaign_id, ad_group_id, shop_id, keyword_text, match_type, state)
          SELECT ${campaignId}, CASE WHEN x."adGroup" IS NULL THEN NULL ELSE ${groupId} END, ${shop.id}, x.target, x."matchType", x.state
            FROM jsonb_to_recordset(${data}::jsonb) AS x(type text, campaign text, "adGroup" text, target text, "matchType" text, state text)
          ON CONFLICT (campaign_id, coalesce(ad_group_id, 0), keyword_text, match_type)
          DO UPDATE SET state = EXCLUDED.state, version = ppc_negative_keywords.version + 1`);
        break;
      case 'negative_product':
        await tx.execute(sql`
          INSERT INTO ppc_negative_products (campaign_id, ad_group_id, shop_id, asin, state)
          SELECT ${campaignId}, CASE WHEN x."adGroup" IS NULL THEN NULL ELSE ${groupId} END, ${shop.id}, x.target, x.state
            FROM jsonb_to_recordset(${data}::jsonb) AS x(type text, campaign text, "adGroup" text, target text, state text)
          ON CONFLICT (campaign_id, coalesce(ad_group_id, 0), asin)
          DO UPDATE SET state = EXCLUDED.state, version = ppc_negative_products.version + 1`);
        break;
    }
  }
  if (!underLogged) await logUnder();
  // The console IDs the sheet gives are kept on entities that have none, so that later sheets may name them by ID alone.
  const withIds = json(records.map((r) => r.values).filter((v) => v.campaignId || v.adGroupId));
  if (withIds !== '[]') {
    await tx.execute(sql`
      UPDATE ppc_campaigns c SET external_id = x."campaignId"
        FROM (SELECT DISTINCT ON (type, campaign) * FROM jsonb_to_recordset(${withIds}::jsonb)
                AS y(type text, campaign text, "campaignId" text) WHERE y."campaignId" IS NOT NULL) x
       WHERE c.shop_id = ${shop.id} AND c.campaign_type = x.type AND c.name = x.campaign AND c.external_id IS NULL`);
    await tx.execute(sql`
      UPDATE ppc_ad_groups g SET external_id = x."adGroupId"
        FROM (SELECT DISTINCT ON (type, campaign, "adGroup") * FROM jsonb_to_recordset(${withIds}::jsonb)
                AS y(type text, campaign text, "adGroup" text, "adGroupId" text) WHERE y."adGroupId" IS NOT NULL) x
       WHERE g.campaign_id = ${campaignId} AND g.name = x."adGroup" AND g.external_id IS NULL`);
  }
  // New product ads change how campaign-only figures are shared among SKUs: refresh the shop's rollups.
  if (of('product_ad').length) await refreshPpcRollups(tx, shop.id, null);
  return { ...counts, zeroed: 0, days: [] };
}

export const bulkHandler: ShopImportHandler = {
  parse: (ctx, bytes, shop) => parseBulk(ctx, bytes, shop),
  commit: (tx, _actor, shop, records, importId) => commitBulk(tx, shop, records, importId),
  revert: {
    async lock(tx, _changes, shop) {
      if (shop) await lockShopAds(tx, shop.id);
    },
    // A campaign it created that a later report wrote figures for (or an edit, a rule…) is not deleted: refused.
    async guard(tx, { importId, commitSeq, shop, actor, lang }) {
      if (shop) await guardRemovals(tx, importId, commitSeq, shop, actor, lang);
    },
    // Product ads decide how campaign-only figures are shared among SKUs: refresh the shop's rollups.
    async after(tx, _changes, shop) {
      if (shop) await refreshPpcRollups(tx, shop.id, null);
      return {};
    },
  },
};
