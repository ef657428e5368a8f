/**
 * The campaign management calls behind /ppcMgr and /spBudgets: the lists of campaigns,
 * placements, ad groups, ads, keywords and targets of one campaign type, each row with
 * its settings (in the marketplace's currency) and its figures over the period (in the
 * reporting currency, like every board), sorted and paged on the server with the totals
 * of the filtered set; and the create calls (a whole SP / SB / SD campaign, or an ad
 * group, keywords, targets, negatives added to an existing one). Edits of bids, budgets
 * and states go through `ppcChanges.applyChanges`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { periodRule } from '../sales/sales-profit';
import { fieldCode } from '../validation';
import { CAMPAIGN_TYPES, figuresSchema, PPC_METRICS } from './board';
import { AD_STATES, BIDDING_STRATEGIES, PLACEMENTS } from './changes';

const tags = ['ppc'];

export const MANAGER_LISTS = ['campaigns', 'placements', 'adGroups', 'ads', 'keywords', 'targets'] as const;
export type ManagerList = (typeof MANAGER_LISTS)[number];
export const MATCH_TYPES = ['exact', 'phrase', 'broad'] as const;
export const NEGATIVE_MATCH_TYPES = ['negative_exact', 'negative_phrase'] as const;
export const TARGET_KINDS = ['product', 'category', 'auto'] as const;

const sortOrder = sortOrderSchema;
const typeParams = z.object({ type: z.enum(CAMPAIGN_TYPES) });

/** The sort fields of each list: its own columns, then every figure. */
export const MANAGER_SORT_FIELDS = {
  campaigns: ['name', 'state', 'dailyBudget', 'biddingStrategy', 'startDate', 'endDate', 'budgetUtilization', ...PPC_METRICS],
  placements: ['campaignName', 'placement', 'bidAdjustmentPct'],
  adGroups: ['name', 'campaignName', 'state', 'defaultBid', ...PPC_METRICS],
  ads: ['sku', 'asin', 'campaignName', 'adGroupName', 'state', ...PPC_METRICS],
  keywords: ['keywordText', 'matchType', 'campaignName', 'adGroupName', 'state', 'bid', ...PPC_METRICS],
  targets: ['expression', 'kind', 'campaignName', 'adGroupName', 'state', 'bid', ...PPC_METRICS],
} as const satisfies Record<ManagerList, readonly string[]>;

/** Filters of every list. Without dates: the last 30 complete days. */
const listFields = {
  shopId: idParam.optional(),
  state: z.enum(AD_STATES).optional(),
  /** Name / text / SKU / ASIN / expression, case-insensitive substring. */
  keyword: z.string().trim().max(100).optional(),
  portfolioId: idParam.optional(),
  campaignId: idParam.optional(),
  adGroupId: idParam.optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  sortOrder: sortOrder.default('desc'),
  ...pagingQuery,
};

const F = MANAGER_SORT_FIELDS;
export const campaignsQuery = z
  .object({ ...listFields, sortField: z.enum(F.campaigns).default('spend') })
  .superRefine(periodRule);
export const placementsQuery = z
  .object({ ...listFields, sortField: z.enum(F.placements).default('campaignName'), sortOrder: sortOrder.default('asc') })
  .superRefine(periodRule);
export const adGroupsQuery = z.object({ ...listFields, sortField: z.enum(F.adGroups).default('spend') }).superRefine(periodRule);
export const adsQuery = z.object({ ...listFields, sortField: z.enum(F.ads).default('spend') }).superRefine(periodRule);
export const keywordsQuery = z
  .object({ ...listFields, matchType: z.enum(MATCH_TYPES).optional(), sortField: z.enum(F.keywords).default('spend') })
  .superRefine(periodRule);
export const targetsQuery = z
  .object({ ...listFields, kind: z.enum(TARGET_KINDS).optional(), sortField: z.enum(F.targets).default('spend') })
  .superRefine(periodRule);

const owner = {
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  /** The marketplace's currency: budgets and bids are in it. */
  currency: z.string(),
  campaignType: z.enum(CAMPAIGN_TYPES),
};
const inCampaign = { campaignId: z.number().int(), campaignName: z.string() };
const inAdGroup = { ...inCampaign, adGroupId: z.number().int(), adGroupName: z.string() };
const settings = { id: z.number().int(), state: z.enum(AD_STATES), version: z.number().int() };

export const campaignRowSchema = figuresSchema.extend({
  ...owner,
  ...settings,
  name: z.string(),
  targeting: z.string().nullable(),
  dailyBudget: z.number(),
  biddingStrategy: z.enum(BIDDING_STRATEGIES).nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  portfolioId: z.number().int().nullable(),
  portfolioName: z.string().nullable(),
  /** Days of the period the campaign ran (from its start, to its end, within the period). */
  days: z.number().int(),
  /** The daily budget in the reporting currency (at the rate of the period's last day). */
  dailyBudgetReporting: z.number(),
  /** Spend / (daily budget × days), null without days. */
  budgetUtilization: z.number().nullable(),
});
export const placementRowSchema = z.object({
  ...owner,
  ...inCampaign,
  placement: z.enum(PLACEMENTS),
  /** Whole percent (SP 0–900, SB −99…+99); changed as the campaign's field `placement_<placement>`. */
  bidAdjustmentPct: z.number().int(),
  campaignState: z.enum(AD_STATES),
  biddingStrategy: z.enum(BIDDING_STRATEGIES).nullable(),
  /** The campaign's version (placements are campaign fields). */
  version: z.number().int(),
});
export const adGroupRowSchema = figuresSchema.extend({
  ...owner,
  ...settings,
  ...inCampaign,
  name: z.string(),
  defaultBid: z.number(),
});
export const adRowSchema = figuresSchema.extend({
  ...owner,
  ...settings,
  ...inAdGroup,
  sku: z.string().nullable(),
  asin: z.string().nullable(),
  listingId: z.number().int().nullable(),
});
export const keywordRowSchema = figuresSchema.extend({
  ...owner,
  ...settings,
  ...inAdGroup,
  keywordText: z.string(),
  matchType: z.string(),
  /** Null: the ad group's default bid applies (`defaultBid`). */
  bid: z.number().nullable(),
  defaultBid: z.number(),
});
export const targetRowSchema = figuresSchema.extend({
  ...owner,
  ...settings,
  ...inAdGroup,
  kind: z.enum(TARGET_KINDS),
  expression: z.string(),
  bid: z.number().nullable(),
  defaultBid: z.number(),
});

const periodFields = { startDate: z.string(), endDate: z.string(), reportingCurrency: z.string() };
const listData = <T extends z.ZodType>(row: T) => pageSchema(row).extend({ sum: figuresSchema, ...periodFields });

const read = { method: 'GET', access: 'ppc:manager', tags, params: typeParams } as const;

export const campaigns = defineEndpoint({
  ...read,
  path: 'ppc/rest/v1/manager/{type}/campaigns',
  summary: 'Campaigns of a type with settings, figures over the period and budget utilisation, sorted and paged, with the totals',
  query: campaignsQuery,
  data: listData(campaignRowSchema),
});
export const placements = defineEndpoint({
  ...read,
  path: 'ppc/rest/v1/manager/{type}/placements',
  summary:
    "The placement bid adjustments of a type's campaigns (SP three rows per campaign, SB top and rest of search; SD has none: 400), sorted and paged",
  query: placementsQuery,
  data: pageSchema(placementRowSchema),
});
export const adGroups = defineEndpoint({
  ...read,
  path: 'ppc/rest/v1/manager/{type}/adGroups',
  summary: 'Ad groups of a type with default bid and figures over the period, sorted and paged, with the totals',
  query: adGroupsQuery,
  data: listData(adGroupRowSchema),
});
export const ads = defineEndpoint({
  ...read,
  path: 'ppc/rest/v1/manager/{type}/ads',
  summary: 'Product ads of a type with state and figures over the period, sorted and paged, with the totals',
  query: adsQuery,
  data: listData(adRowSchema),
});
export const keywords = defineEndpoint({
  ...read,
  path: 'ppc/rest/v1/manager/{type}/keywords',
  summary: 'Keywords of a type with bid and figures over the period, sorted and paged, with the totals',
  query: keywordsQuery,
  data: listData(keywordRowSchema),
});
export const targets = defineEndpoint({
  ...read,
  path: 'ppc/rest/v1/manager/{type}/targets',
  summary: 'Targets of a type with bid and figures over the period, sorted and paged, with the totals',
  query: targetsQuery,
  data: listData(targetRowSchema),
});

// ---- lookups for the create pages ---------------------------------------------------------------

export const productOptionSchema = z.object({
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  title: z.string().nullable(),
});

export const products = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/manager/products',
  access: 'ppc:manager',
  summary: "The shop's listings to advertise, by SKU / ASIN / title search (at most 50)",
  tags,
  query: z.object({ shopId: idParam, keyword: z.string().trim().max(100).optional() }),
  data: z.array(productOptionSchema),
});

export const portfolioSchema = z.object({ id: z.number().int(), name: z.string(), shopId: z.number().int() });
export const portfolios = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/manager/portfolios',
  access: 'ppc:manager',
  summary: 'The portfolios of a visible shop',
  tags,
  query: z.object({ shopId: idParam }),
  data: z.array(portfolioSchema),
});

// ---- create ---------------------------------------------------------------------------------------

/** An ASIN: B0 + 8 letters/digits, or a 10-digit ISBN. */
export const asinSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^(B[0-9A-Z]{9}|\d{9}[\dX])$/, fieldCode('asin')));
const nameSchema = z.string().trim().min(1).max(128);
const money = z.number().finite().positive();
const pct = z.number().int().min(0).max(900);
const keywordText = z.string().trim().toLowerCase().min(1).max(80);

export const keywordInput = z.object({ text: keywordText, matchType: z.enum(MATCH_TYPES), bid: money.optional() }).strict();
export const negativeKeywordInput = z.object({ text: keywordText, matchType: z.enum(NEGATIVE_MATCH_TYPES) }).strict();
export const productTargetInput = z.object({ asin: asinSchema, bid: money.optional() }).strict();

const campaignBase = {
  shopId: idValue,
  name: nameSchema,
  dailyBudget: money,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  portfolioId: idValue.optional(),
  state: z.enum(['enabled', 'paused']).default('enabled'),
};
const adGroupBase = { adGroupName: nameSchema, defaultBid: money };
const uniqueBy =
  <T>(key: (x: T) => string, what: string) =>
  (xs: T[] | undefined, ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    for (const [i, x] of (xs ?? []).entries()) {
      const k = key(x);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message: fieldCode('listedTwice') });
      seen.add(k);
    }
  };
const asins = z
  .array(asinSchema)
  .max(1000)
  .superRefine(uniqueBy((a) => a, 'ASIN'));
const keywordList = z
  .array(keywordInput)
  .max(1000)
  .superRefine(uniqueBy((k) => `${k.text}|${k.matchType}`, 'keyword'));
const negKeywordList = z
  .array(negativeKeywordInput)
  .max(1000)
  .superRefine(uniqueBy((k) => `${k.text}|${k.matchType}`, 'negative keyword'));
const targetList = z
  .array(productTargetInput)
  .max(1000)
  .superRefine(uniqueBy((k) => k.asin, 'target'));
const endAfterStart = (b: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (b.startDate && b.endDate && b.endDate < b.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: fieldCode('endBeforeStart') });
  }
};

export const createSpBody = z
  .object({
    ...campaignBase,
    ...adGroupBase,
    targeting: z.enum(['auto', 'manual']),
    biddingStrategy: z.enum(BIDDING_STRATEGIES).default('down_only'),
    /** Bid adjustment per placement, whole percent 0–900. */
    placements: z.object({ top_of_search: pct, product_pages: pct, rest_of_search: pct }).partial().strict().optional(),
    /** Products to advertise, by ASIN among the shop's listings. */
    asins: asins.min(1),
    keywords: keywordList.optional(),
    negativeKeywords: negKeywordList.optional(),
    negativeAsins: asins.optional(),
  })
  .strict()
  .superRefine(endAfterStart)
  .superRefine((b, ctx) => {
    if (b.targeting === 'auto' && b.keywords?.length) {
      ctx.addIssue({ code: 'custom', path: ['keywords'], message: fieldCode('ppc.autoNoKeywords') });
    }
    if (b.targeting === 'manual' && !b.keywords?.length) {
      ctx.addIssue({ code: 'custom', path: ['keywords'], message: fieldCode('ppc.manualNeedsKeywords') });
    }
  });

export const createSbBody = z
  .object({
    ...campaignBase,
    ...adGroupBase,
    brandName: z.string().trim().min(1).max(30),
    headline: z.string().trim().min(1).max(50),
    /** The products shown in the ad (1–3). */
    asins: asins.min(1).max(3),
    /** The landing page: a product detail page (this ASIN) or the ASINs' list page. */
    landingAsin: asinSchema.optional(),
    keywords: keywordList.min(1),
    negativeKeywords: negKeywordList.optional(),
  })
  .strict()
  .superRefine(endAfterStart);

export const createSdBody = z
  .object({
    ...campaignBase,
    ...adGroupBase,
    asins: asins.min(1),
    /** Product targeting (the audiences of the console are simplified to product targets). */
    targets: targetList.min(1),
    negativeAsins: asins.optional(),
  })
  .strict()
  .superRefine(endAfterStart);

export const createdSchema = z.object({
  campaignId: z.number().int(),
  adGroupId: z.number().int().nullable(),
  batchId: z.number().int().nullable(),
  /** Entities created, by type. */
  created: z.record(z.string(), z.number().int()),
});

const create = <B extends z.ZodType>(type: 'sp' | 'sb' | 'sd', body: B) =>
  defineEndpoint({
    method: 'POST',
    path: `ppc/rest/v1/manager/${type}/campaigns` as const,
    access: 'ppc:manager:create',
    summary: `Create a ${type.toUpperCase()} campaign with its ad group, products, targeting and negatives in one transaction (409 on a name in use); 252 in demo mode`,
    tags,
    write: true,
    body,
    data: createdSchema,
  });
export const createSp = create('sp', createSpBody);
export const createSb = create('sb', createSbBody);
export const createSd = create('sd', createSdBody);

/** Adds to an existing campaign: an ad group (with products), keywords, product targets or negatives. */
export const addToCampaignBody = z
  .object({
    campaignId: idValue,
    /** The ad group to add to; with `adGroupName` + `defaultBid` a new one is made instead. */
    adGroupId: idValue.optional(),
    adGroupName: nameSchema.optional(),
    defaultBid: money.optional(),
    asins: asins.optional(),
    keywords: keywordList.optional(),
    targets: targetList.optional(),
    negativeKeywords: negKeywordList.optional(),
    negativeAsins: asins.optional(),
    /** Negatives go on the ad group (given or new) instead of the campaign. */
    negativesOnAdGroup: z.boolean().default(false),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.adGroupId && b.adGroupName)
      ctx.addIssue({ code: 'custom', path: ['adGroupName'], message: fieldCode('ppc.adGroupOrNew') });
    if (b.adGroupName && b.defaultBid === undefined) {
      ctx.addIssue({ code: 'custom', path: ['defaultBid'], message: fieldCode('ppc.newAdGroupBid') });
    }
    const needsGroup = Boolean(b.asins?.length || b.keywords?.length || b.targets?.length || b.negativesOnAdGroup);
    if (needsGroup && !b.adGroupId && !b.adGroupName) {
      ctx.addIssue({ code: 'custom', path: ['adGroupId'], message: fieldCode('ppc.needsAdGroup') });
    }
    const any =
      b.adGroupName ||
      b.asins?.length ||
      b.keywords?.length ||
      b.targets?.length ||
      b.negativeKeywords?.length ||
      b.negativeAsins?.length;
    if (!any) ctx.addIssue({ code: 'custom', path: [], message: fieldCode('ppc.nothingToAdd') });
  });

export const addToCampaign = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/manager/additions',
  access: 'ppc:manager:create',
  summary:
    'Add an ad group, products, keywords, product targets or negatives to an existing campaign in one transaction (409 on a duplicate); 252 in demo mode',
  tags,
  write: true,
  body: addToCampaignBody,
  data: createdSchema,
});
