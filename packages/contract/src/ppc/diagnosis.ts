/**
 * PPC diagnosis (/ppcDiag): what is wrong with one shop's ads over a settled window, each
 * finding with its figures and a one-click fix that takes the change path (source
 * `diagnosis`, one batch, undone from the history), and the search terms of a shop
 * (/searchTerm) with their harvest as keywords or negatives (source `harvest`).
 * Money is in the shop's marketplace currency (bids are set in it); ratios are fractions.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { applyResultSchema } from './changes';

const tags = ['ppc'];

/** The last day a settled window may end on: ad metrics settle about 3 days after the day. */
export const SETTLE_DAYS = 3;

export const FINDING_KINDS = [
  /** Keywords and targets with spend and clicks ≥ the threshold and no order (no sales either). */
  'wasted_keyword',
  /** Search terms with spend and clicks ≥ the threshold and no order (fix: a negative exact in the ad group). */
  'wasted_search_term',
  /** Enabled keywords and targets without one impression over the last N days of the window. */
  'no_impressions',
  /** Keywords and targets whose ACoS is far above the shop's median (median + 3 × scaled MAD). */
  'acos_outlier',
  /** Keywords and targets whose bid is at least twice their actual cost per click. */
  'bid_above_cpc',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const FIX_ACTIONS = ['pause', 'set_bid', 'add_negative'] as const;
export type FixAction = (typeof FIX_ACTIONS)[number];

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const diagnosisQuery = z.object({
  shopId: idParam,
  /** Default window: the 30 days ending 3 days ago (settled). */
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  /** Clicks at least this many to call spend wasted, an ACoS an outlier or a bid too high. */
  minClicks: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Spend at least this much (marketplace currency) to call it wasted. */
  minSpend: z.coerce.number().min(0).max(1_000_000).default(5),
  /** Days without an impression (ending at the window's end) for `no_impressions`. */
  idleDays: z.coerce.number().int().min(3).max(90).default(14),
  kind: z.enum(FINDING_KINDS).optional(),
});
export type DiagnosisQuery = z.infer<typeof diagnosisQuery>;

export const FIX_ENTITIES = ['keyword', 'target', 'search_term'] as const;

/** A fix as the finding proposes it and the caller sends it back. */
export const fixSchema = z
  .object({
    action: z.enum(FIX_ACTIONS),
    entityType: z.enum(FIX_ENTITIES),
    /** The keyword or target (pause, set_bid); the ad group of the search term (add_negative). */
    entityId: idValue,
    /** set_bid: the new bid. */
    value: z.number().finite().positive().optional(),
    /** set_bid / pause: the value seen when diagnosed (bid or state); 409 when it moved since. */
    expect: z.union([z.number(), z.string()]).optional(),
    /** add_negative: the search term to exclude. */
    searchTerm: z.string().trim().min(1).max(200).optional(),
  })
  .strict()
  .superRefine((f, c) => {
    if (f.action === 'set_bid' && f.value === undefined)
      c.addIssue({ code: 'custom', path: ['value'], message: fieldCode('ppc.bidRequired') });
    if (f.action === 'add_negative' && (f.entityType !== 'search_term' || !f.searchTerm))
      c.addIssue({ code: 'custom', path: ['searchTerm'], message: fieldCode('ppc.negativeForSearchTerm') });
    if (f.action !== 'add_negative' && f.entityType === 'search_term')
      c.addIssue({ code: 'custom', path: ['action'], message: fieldCode('ppc.searchTermNegative') });
  });
export type Fix = z.infer<typeof fixSchema>;

export const findingSchema = z.object({
  /** Stable within a diagnosis: kind + entity (+ search term). */
  key: z.string(),
  kind: z.enum(FINDING_KINDS),
  entityType: z.enum(FIX_ENTITIES),
  entityId: z.number().int(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  adGroupId: z.number().int(),
  adGroupName: z.string(),
  /** Keyword text (match type), target expression or search term. */
  name: z.string(),
  matchType: z.string().nullable(),
  state: z.string().nullable(),
  bid: z.number().nullable(),
  impressions: z.number(),
  clicks: z.number(),
  spend: z.number(),
  orders: z.number(),
  sales: z.number(),
  acos: z.number().nullable(),
  cpc: z.number().nullable(),
  /** What the figure is compared with: the shop's median ACoS, the CPC, the idle days. */
  reference: z.number().nullable(),
  fix: fixSchema,
});
export type Finding = z.infer<typeof findingSchema>;

export const diagnosis = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/diagnosis',
  access: 'ppc:report',
  summary:
    "Findings over a settled window of one shop's SP ads (wasted spend, idle keywords, ACoS outliers, bids far above CPC), each with a proposed fix",
  tags,
  query: diagnosisQuery,
  data: z.object({
    shopId: z.number().int(),
    currency: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    /** The shop's median ACoS over keywords and targets with sales, and its scaled MAD. */
    medianAcos: z.number().nullable(),
    madAcos: z.number().nullable(),
    counts: z.record(z.string(), z.number()),
    findings: z.array(findingSchema),
  }),
});

export const applyFixes = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/diagnosis/fixes',
  access: 'ppc:manager:edit',
  summary:
    'Apply the fixes of chosen findings in one batch of source diagnosis (pause, set a bid, add a negative exact), all or none; 409 when an entity moved since; 252 in demo mode',
  tags,
  write: true,
  body: z
    .object({ shopId: idValue, fixes: z.array(fixSchema).min(1).max(500), note: z.string().trim().max(200).optional() })
    .strict(),
  data: applyResultSchema,
});

// ---- search terms ---------------------------------------------------------------------------

export const SEARCH_TERM_SORT = [
  'impressions',
  'clicks',
  'spend',
  'orders',
  'sales',
  'acos',
  'cpc',
  'cvr',
  'searchTerm',
] as const;

export const searchTermsQuery = z.object({
  shopId: idParam,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  campaignId: idParam.optional(),
  /** Substring of the search term. */
  keyword: z.string().trim().max(100).optional(),
  hasOrders: flag.optional(),
  minClicks: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** ACoS range as fractions (0.3 = 30 %); a term without sales has no ACoS and is left out by a range. */
  acosMin: z.coerce.number().min(0).max(1000).optional(),
  acosMax: z.coerce.number().min(0).max(1000).optional(),
  /** Only terms that are not yet a keyword (any match type, not archived) of the shop. */
  notKeyword: flag.optional(),
  sortField: z.enum(SEARCH_TERM_SORT).default('spend'),
  sortOrder: sortOrderSchema.default('desc'),
  ...pagingQuery,
});

export const searchTermRowSchema = z.object({
  searchTerm: z.string(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  adGroupId: z.number().int(),
  adGroupName: z.string(),
  /** The keywords / targets that matched it, comma separated. */
  targeting: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  spend: z.number(),
  orders: z.number(),
  sales: z.number(),
  acos: z.number().nullable(),
  cpc: z.number().nullable(),
  cvr: z.number().nullable(),
  /** Match types it is already a keyword with in the shop (not archived). */
  keywordMatchTypes: z.array(z.string()),
  /** Negative match types excluding it in its campaign or ad group. */
  negativeMatchTypes: z.array(z.string()),
});
export type SearchTermRow = z.infer<typeof searchTermRowSchema>;

export const listSearchTerms = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/manager/searchTerms',
  access: 'ppc:manager',
  summary: "Search terms of one shop's SP ads over a period per campaign and ad group, with figures, filtered, paged and sorted",
  tags,
  query: searchTermsQuery.superRefine((q, c) => {
    if (q.acosMin !== undefined && q.acosMax !== undefined && q.acosMin > q.acosMax)
      c.addIssue({ code: 'custom', path: ['acosMax'], message: fieldCode('ppc.acosRange') });
  }),
  data: pageSchema(searchTermRowSchema).extend({ currency: z.string(), startDate: z.string(), endDate: z.string() }),
});

export const searchTermsCsv = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/manager/searchTerms/csv',
  access: 'ppc:manager:export',
  summary: 'The filtered search terms of one shop as a streamed csv file (every row, in the list order)',
  tags,
  query: searchTermsQuery.omit({ pageNum: true, pageSize: true }),
  binary: true,
});

export const HARVEST_MATCH_TYPES = ['exact', 'phrase', 'broad'] as const;
export const NEGATIVE_MATCH_TYPES = ['negative_exact', 'negative_phrase'] as const;

export const harvestItemSchema = z.discriminatedUnion('as', [
  z
    .object({
      as: z.literal('keyword'),
      searchTerm: z.string().trim().min(1).max(200),
      /** The ad group that gets the keyword. */
      adGroupId: idValue,
      matchType: z.enum(HARVEST_MATCH_TYPES),
      bid: z.number().finite().positive(),
    })
    .strict(),
  z
    .object({
      as: z.literal('negative'),
      searchTerm: z.string().trim().min(1).max(200),
      /** Campaign-level negative: campaignId; ad-group level: adGroupId. */
      level: z.enum(['campaign', 'ad_group']),
      campaignId: idValue.optional(),
      adGroupId: idValue.optional(),
      matchType: z.enum(NEGATIVE_MATCH_TYPES),
    })
    .strict(),
]);
export type HarvestItem = z.infer<typeof harvestItemSchema>;

export const harvestSearchTerms = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/manager/searchTerms/harvest',
  access: 'ppc:manager:create',
  summary:
    'Add search terms as keywords (ad group, match type, bid) or negatives (campaign or ad group), all or none in one batch of source harvest; 409 when one exists already; 252 in demo mode',
  tags,
  write: true,
  body: z.object({ items: z.array(harvestItemSchema).min(1).max(500) }).strict(),
  data: applyResultSchema,
});

export const harvestAdGroupSchema = z.object({
  adGroupId: z.number().int(),
  adGroupName: z.string(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  defaultBid: z.number(),
});

export const harvestAdGroups = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/manager/searchTerms/adGroups',
  access: 'ppc:manager',
  summary: 'The ad groups of manual SP campaigns of one shop that can take a harvested keyword (not archived)',
  tags,
  query: z.object({ shopId: idParam }),
  data: z.array(harvestAdGroupSchema),
});
