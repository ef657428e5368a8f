/**
 * The one path every change to an ad entity takes — an inline edit on /ppcMgr, a rule's
 * action, a diagnosis fix, a harvested search term, a bid schedule, an undo: the value is
 * checked against the marketplace's limits, written to the local entity (version moves
 * on), kept in the history with its before and after, and handed to the connector. Here
 * the connector is the bulk sheet (`changesBulkSheet`); in demo mode the write answers 252.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['ppc'];

export const CHANGE_ENTITIES = [
  'campaign',
  'ad_group',
  'keyword',
  'target',
  'product_ad',
  'negative_keyword',
  'negative_product',
] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

export const AD_STATES = ['enabled', 'paused', 'archived'] as const;
export const PLACEMENTS = ['top_of_search', 'product_pages', 'rest_of_search'] as const;
/**
 * The placements each campaign type adjusts bids on, and the range in whole percent:
 * Sponsored Products raise a placement by 0–900 %; Sponsored Brands move top of search and
 * rest of search by −99…+99 %; Sponsored Display has no placement bid adjustments.
 */
export const PLACEMENTS_OF_TYPE = {
  sp: { placements: PLACEMENTS, min: 0, max: 900 },
  sb: { placements: ['top_of_search', 'rest_of_search'] as const, min: -99, max: 99 },
  sd: { placements: [] as const, min: 0, max: 0 },
} as const;
export const SD_NO_PLACEMENTS = 'placement bid adjustments are not applicable to Sponsored Display campaigns';
export const BIDDING_STRATEGIES = ['legacy', 'down_only', 'up_and_down', 'fixed'] as const;

/**
 * The fields a change may set, per entity. Placement bid adjustments are campaign fields
 * (`placement_top_of_search` …, whole percent 0–900). `create` records an entity made on
 * the create pages or by a harvest (before null, after the new entity).
 */
export const CHANGE_FIELDS = {
  campaign: [
    'state',
    'daily_budget',
    'bidding_strategy',
    'end_date',
    'placement_top_of_search',
    'placement_product_pages',
    'placement_rest_of_search',
  ],
  ad_group: ['state', 'default_bid'],
  keyword: ['state', 'bid'],
  target: ['state', 'bid'],
  product_ad: ['state'],
  negative_keyword: ['state'],
  negative_product: ['state'],
} as const satisfies Record<ChangeEntity, readonly string[]>;
export type ChangeField = (typeof CHANGE_FIELDS)[ChangeEntity][number] | 'create';

export const CHANGE_SOURCES = ['manual', 'rule', 'diagnosis', 'harvest', 'schedule', 'undo'] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

/**
 * Bid and budget limits of the ad console per currency (smallest and largest keyword bid,
 * smallest and largest daily budget), in the marketplace's currency.
 */
export interface AdLimits {
  minBid: number;
  maxBid: number;
  minBudget: number;
  maxBudget: number;
}
const USD_LIMITS: AdLimits = { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000 };
export const AD_LIMITS: Record<string, AdLimits> = {
  USD: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000 },
  CAD: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000 },
  MXN: { minBid: 0.1, maxBid: 20_000, minBudget: 10, maxBudget: 21_000_000 },
  BRL: { minBid: 0.07, maxBid: 3700, minBudget: 4, maxBudget: 5_000_000 },
  GBP: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000 },
  EUR: { minBid: 0.02, maxBid: 1000, minBudget: 1, maxBudget: 1_000_000 },
  SEK: { minBid: 0.18, maxBid: 9300, minBudget: 9, maxBudget: 9_300_000 },
  PLN: { minBid: 0.08, maxBid: 4100, minBudget: 4, maxBudget: 4_000_000 },
  TRY: { minBid: 0.05, maxBid: 2500, minBudget: 2, maxBudget: 2_500_000 },
  AED: { minBid: 0.24, maxBid: 184, minBudget: 4, maxBudget: 3_700_000 },
  SAR: { minBid: 0.24, maxBid: 184, minBudget: 4, maxBudget: 3_700_000 },
  INR: { minBid: 1, maxBid: 5000, minBudget: 50, maxBudget: 21_000_000 },
  JPY: { minBid: 2, maxBid: 100_000, minBudget: 100, maxBudget: 21_000_000 },
  AUD: { minBid: 0.1, maxBid: 1410, minBudget: 1.4, maxBudget: 1_410_000 },
  SGD: { minBid: 0.02, maxBid: 1410, minBudget: 1, maxBudget: 1_410_000 },
};
export const adLimitsOf = (currency: string): AdLimits => AD_LIMITS[currency] ?? USD_LIMITS;

/**
 * Guardrails of a user's change to a bid or budget (docs/decisions.md "PPC change guardrails"):
 * a bulk "± %" edit moves values by −99 % … +1,000 % at most, and a change that moves a bid or
 * budget by more than `CONFIRM_STEP_PCT` from its current value is written only when the request
 * says a person confirmed it (`confirmed: true`). The screen may ask earlier (a user's own step
 * and maximum bid); the server's step is the ceiling.
 */
export const BULK_PERCENT_RANGE = { min: -99, max: 1000 } as const;
export const CONFIRM_STEP_PCT = 50;
/** The fields a step is measured on. */
export const MONEY_FIELDS = ['bid', 'default_bid', 'daily_budget'] as const;

/** The change from `before` to `after` in percent of `before`; null when there is no positive before. */
export function stepPercent(before: number | null | undefined, after: number | null | undefined): number | null {
  if (typeof before !== 'number' || typeof after !== 'number' || !(before > 0)) return null;
  return ((after - before) / before) * 100;
}

/** One requested change; `version` (the entity's, as the caller saw it) makes a stale edit a 409. */
export const changeRequestSchema = z
  .object({
    entityType: z.enum(CHANGE_ENTITIES),
    entityId: idValue,
    field: z.string().min(1).max(40),
    /** A number (bid, budget, percent), a state, a strategy, or a yyyy-MM-dd end date (null clears it). */
    value: z.union([z.number().finite(), z.string().max(40), z.null()]),
    version: idValue.optional(),
  })
  .strict();
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

export const changeSchema = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  campaignType: z.string(),
  entityType: z.enum(CHANGE_ENTITIES),
  entityId: z.number().int(),
  /** Campaign name › ad group › keyword text / expression / SKU. */
  entityName: z.string(),
  field: z.string(),
  before: z.union([z.number(), z.string(), z.null()]),
  after: z.union([z.number(), z.string(), z.null()]),
  source: z.enum(CHANGE_SOURCES),
  ruleId: z.number().int().nullable(),
  /** The rule's name, for people (the id stays for links and filters). */
  ruleName: z.string().nullable(),
  ruleRunId: z.number().int().nullable(),
  /** When the run that made the change started. */
  ruleRunAt: z.string().nullable(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  /** The undo that reverted this change, when one did. */
  undoneBy: z.number().int().nullable(),
  /** For an undo: the change it reverted. */
  undoes: z.number().int().nullable(),
  /** When the change was last put into a downloaded bulk sheet. */
  exportedAt: z.string().nullable(),
});
export type Change = z.infer<typeof changeSchema>;

export const applyChangesBody = z
  .object({
    changes: z.array(changeRequestSchema).min(1).max(1000),
    note: z.string().trim().max(200).optional(),
    /** The ± % of a bulk edit the values were computed with; refused outside `BULK_PERCENT_RANGE`. */
    percent: z.number().finite().optional(),
    /** A person saw and confirmed changes that move a bid or budget by more than `CONFIRM_STEP_PCT`. */
    confirmed: z.boolean().optional(),
  })
  .strict();

export const applyResultSchema = z.object({
  batchId: z.number().int().nullable(),
  /** Changes written (a request whose value equals the current one is skipped, not written). */
  applied: z.array(changeSchema),
  unchanged: z.number().int(),
});

export const applyChanges = defineEndpoint({
  method: 'PUT',
  path: 'ppc/rest/v1/manager/changes',
  access: 'ppc:manager:edit',
  summary:
    'Change bids, budgets, states, strategies or placement adjustments of ad entities, all or none (400 beyond the marketplace limits, for a bulk percent outside −99…+1,000 %, or for a step over ±50 % without `confirmed`; 409 when stale); 252 in demo mode',
  tags,
  write: true,
  body: applyChangesBody,
  data: applyResultSchema,
});

export const changesQuery = z.object({
  shopId: idParam.optional(),
  campaignType: z.enum(['sp', 'sb', 'sd']).optional(),
  entityType: z.enum(CHANGE_ENTITIES).optional(),
  entityId: idParam.optional(),
  campaignId: idParam.optional(),
  source: z.enum(CHANGE_SOURCES).optional(),
  ruleId: idParam.optional(),
  batchId: idParam.optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  ...pagingQuery,
});

export const listChanges = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/manager/changes',
  access: 'ppc:manager',
  summary: 'The history of changes to ad entities of visible shops, newest first',
  tags,
  query: changesQuery,
  data: pageSchema(changeSchema),
});

export const undoChanges = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/manager/changes/undo',
  access: 'ppc:manager:edit',
  summary:
    'Undo changes (by id, or a whole batch): each value returns to its before, all or none; 409 when an entity changed since; 252 in demo mode',
  tags,
  write: true,
  body: z
    .object({ changeIds: z.array(idValue).min(1).max(1000).optional(), batchId: idValue.optional() })
    .strict()
    .refine((b) => Boolean(b.changeIds) !== Boolean(b.batchId), {
      message: fieldCode('oneOf'),
      params: { a: 'changeIds', b: 'batchId' },
    }),
  data: applyResultSchema,
});

export const changesBulkSheet = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/manager/changes/bulk-sheet',
  access: 'ppc:manager:export',
  summary:
    'The filtered changes (at most one shop) as a bulk-operations sheet (xlsx, Operation Update/Create) to upload to the ad console; marks them exported',
  tags,
  query: changesQuery.omit({ pageNum: true, pageSize: true }).extend({ shopId: idParam }),
  binary: true,
});

export const changeIdParams = z.object({ id: idParam });
