/**
 * The rule engine (issue #5 "Rule engine"; screens /ppcRules, /robotPpc, /ppcAuto,
 * /ppcSmart): a rule judges one level of ad entities (campaigns, ad groups, keywords or
 * targets) on their metrics over a settled lookback window — an OR of AND groups of
 * conditions — and acts on the ones that match (bid, budget, state) through the change
 * path, so every change has a before/after in the history and can be undone. A preview is
 * the dry run: exactly the changes a run would make now, with the metrics that triggered
 * them. Money in conditions is in the reporting currency (USD); bids, budgets, floors,
 * ceilings and the delta cap are in the marketplace's currency; ratios are fractions.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery } from '../envelope';
import { fieldCode } from '../validation';
import { CAMPAIGN_TYPES, PPC_METRICS } from './board';
import { changeSchema } from './changes';

const tags = ['ppc'];

/**
 * search_term: the search-term report's rows per campaign, ad group and term (Sponsored
 * Products); they are not entities, so their rules create (a negative, a harvested keyword).
 */
export const RULE_LEVELS = ['campaign', 'ad_group', 'keyword', 'target', 'search_term'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];
/** The levels whose rules act on stored entities (managed entities on /ppcAuto). */
export const ENTITY_RULE_LEVELS = ['campaign', 'ad_group', 'keyword', 'target'] as const;
/** rule: AND conditions; advanced: OR groups (the robot's advanced rules); smart: bid toward a target ACoS. */
export const RULE_KINDS = ['rule', 'advanced', 'smart'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export const RULE_OPS = ['gte', 'lte', 'gt', 'lt', 'eq'] as const;
export type RuleOp = (typeof RULE_OPS)[number];
/**
 * bid_pct: bid ± value %; bid_amount: bid ± value; bid_set: bid = value; budget_pct: daily
 * budget ± value %; pause / enable: the state; acos_target (smart): bid × (1 ± value %)
 * toward `target` ACoS (down when above it or without sales, up when below);
 * add_negative: the term (search term, or a keyword's text) becomes a negative keyword
 * (`negativeMatchType`) of its ad group or campaign (`negativeLevel`); harvest: the search
 * term becomes a keyword (`matchType`, bid `value` or its CPC × `value` by `bidMode`) of the
 * ad group `adGroupId` of a manual SP campaign, and with `negateSource` a negative exact of
 * its source ad group.
 */
export const RULE_ACTIONS = [
  'bid_pct',
  'bid_amount',
  'bid_set',
  'budget_pct',
  'pause',
  'enable',
  'acos_target',
  'add_negative',
  'harvest',
] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
/** Metrics whose conversions (orders, sales) may still be restated up to 28 days. */
export const CONVERSION_METRICS = ['orders', 'sales', 'units', 'acos', 'roas', 'cvr'] as const;
/** duplicate: the keyword or negative exists already (any state) or is planned earlier in the same run. */
export const RULE_SKIP_REASONS = ['oscillation', 'manual_edit', 'limit', 'cap', 'duplicate'] as const;
/** Actions that create entities (keywords, negatives) instead of changing a field. */
export const CREATE_ACTIONS = ['add_negative', 'harvest'] as const;
export const RULE_NEGATIVE_MATCH_TYPES = ['negative_exact', 'negative_phrase'] as const;
export const RULE_HARVEST_MATCH_TYPES = ['exact', 'phrase', 'broad'] as const;
/** fixed: the bid is `value`; cpc_factor: the term's CPC over the window × `value`. */
export const HARVEST_BID_MODES = ['fixed', 'cpc_factor'] as const;

/**
 * Stock conditions (issue #22, inventory-aware advertising): a rule with `action.stock` acts on
 * the ad groups, keywords and targets of a SKU's ads when the SKU's days of cover (inventory's
 * cover read, as the replenishment advice computes them) fall below its lead time
 * (`cover_below_lead`: prep + sea transit) or below `days` (`cover_below_days`); its action lowers
 * the bid by a percent or pauses, and a later run restores what it changed (the bid before,
 * enabled) once the cover is back at the threshold + STOCK_HYSTERESIS_DAYS. An ad group is judged
 * on the SKUs it advertises: low when every one of them is low, back when one is back.
 */
export const STOCK_CONDITIONS = ['cover_below_lead', 'cover_below_days'] as const;
export type StockCondition = (typeof STOCK_CONDITIONS)[number];
/** Days above the threshold the cover must reach before a stock rule restores (no flapping around it). */
export const STOCK_HYSTERESIS_DAYS = 7;
export const STOCK_LEVELS = ['ad_group', 'keyword', 'target'] as const;
export const STOCK_ACTIONS = ['bid_pct', 'pause'] as const;
export const stockSchema = z
  .object({ when: z.enum(STOCK_CONDITIONS), days: z.number().int().min(1).max(180).optional() })
  .strict();
export type StockSpec = z.infer<typeof stockSchema>;

export const ACTIONS_OF_LEVEL: Record<RuleLevel, readonly RuleAction[]> = {
  campaign: ['budget_pct', 'pause', 'enable'],
  ad_group: ['bid_pct', 'bid_amount', 'bid_set', 'pause', 'enable', 'acos_target'],
  keyword: ['bid_pct', 'bid_amount', 'bid_set', 'pause', 'enable', 'acos_target', 'add_negative'],
  target: ['bid_pct', 'bid_amount', 'bid_set', 'pause', 'enable', 'acos_target'],
  search_term: ['add_negative', 'harvest'],
};

export const conditionSchema = z
  .object({ metric: z.enum(PPC_METRICS), op: z.enum(RULE_OPS), value: z.number().finite().min(0).max(1e9) })
  .strict();
export type RuleCondition = z.infer<typeof conditionSchema>;

export const actionSchema = z
  .object({
    type: z.enum(RULE_ACTIONS),
    /** Percent (±) for *_pct and the smart step, amount (±) for bid_amount, the bid for bid_set. */
    value: z.number().finite().min(-100).max(10000).optional(),
    /** Smart: the target ACoS (fraction). */
    target: z.number().finite().gt(0).max(10).optional(),
    floor: z.number().finite().min(0).max(1e6).nullable().optional(),
    ceiling: z.number().finite().min(0).max(1e6).nullable().optional(),
    /** add_negative: the negative's match type and where it goes. */
    negativeMatchType: z.enum(RULE_NEGATIVE_MATCH_TYPES).optional(),
    negativeLevel: z.enum(['ad_group', 'campaign']).optional(),
    /** harvest: the keyword's match type, how its bid is set, its ad group (of a manual SP campaign). */
    matchType: z.enum(RULE_HARVEST_MATCH_TYPES).optional(),
    bidMode: z.enum(HARVEST_BID_MODES).optional(),
    adGroupId: idValue.optional(),
    /** harvest: also add the term as a negative exact of its source ad group. */
    negateSource: z.boolean().optional(),
    /** A stock rule (STOCK_CONDITIONS): acts when the SKU's cover is low and restores when it is back. */
    stock: stockSchema.nullable().optional(),
  })
  .strict();
export type RuleActionSpec = z.infer<typeof actionSchema>;

export const scopeSchema = z
  .object({
    shopIds: z.array(idValue).min(1).max(100),
    campaignType: z.enum(CAMPAIGN_TYPES).nullable().optional(),
    /** Empty or absent: every campaign of the shops. */
    campaignIds: z.array(idValue).max(500).optional(),
    /** Only campaigns whose name contains this label. */
    label: z.string().trim().max(60).nullable().optional(),
  })
  .strict();
export type RuleScope = z.infer<typeof scopeSchema>;

const ruleFields = {
  name: z.string().trim().min(1).max(100),
  kind: z.enum(RULE_KINDS).default('rule'),
  level: z.enum(RULE_LEVELS),
  scope: scopeSchema,
  windowDays: z.number().int().min(1).max(90),
  /** OR of AND groups; `rule` and `smart` have exactly one group. */
  conditions: z.array(z.array(conditionSchema).min(1).max(10)).min(1).max(5),
  action: actionSchema,
  /** UTC hour of the daily run, null: on demand only. */
  scheduleHour: z.number().int().min(0).max(23).nullable(),
  enabled: z.boolean().default(false),
  cooldownDays: z.number().int().min(1).max(60).default(7),
  maxChanges: z.number().int().min(1).max(200_000).default(1000),
  maxDelta: z.number().finite().positive().max(1e9).nullable().default(null),
};

type RuleShape = {
  kind?: RuleKind;
  level?: RuleLevel;
  conditions?: unknown[][];
  action?: RuleActionSpec;
};
/** Cross-field checks shared by create, update and preview. */
export const ruleRefine = (b: RuleShape, ctx: z.RefinementCtx) => {
  if (b.kind !== 'advanced' && (b.conditions?.length ?? 0) > 1)
    ctx.addIssue({ code: 'custom', path: ['conditions'], message: fieldCode('ppc.orGroupsAdvanced') });
  const a = b.action;
  if (!a || !b.level) return;
  if (!ACTIONS_OF_LEVEL[b.level].includes(a.type))
    ctx.addIssue({
      code: 'custom',
      path: ['action', 'type'],
      message: fieldCode('ppc.actionNotForLevel'),
      params: { level: b.level, action: a.type },
    });
  if ((b.kind === 'smart') !== (a.type === 'acos_target'))
    ctx.addIssue({ code: 'custom', path: ['action', 'type'], message: fieldCode('ppc.smartOnlyAcos') });
  if (a.type === 'add_negative' && (!a.negativeMatchType || !a.negativeLevel))
    ctx.addIssue({
      code: 'custom',
      path: ['action', 'negativeMatchType'],
      message: fieldCode('ppc.negativeTypeLevel'),
    });
  if (a.type === 'harvest') {
    if (!a.matchType) ctx.addIssue({ code: 'custom', path: ['action', 'matchType'], message: fieldCode('required') });
    if (!a.bidMode) ctx.addIssue({ code: 'custom', path: ['action', 'bidMode'], message: fieldCode('required') });
    if (!a.adGroupId) ctx.addIssue({ code: 'custom', path: ['action', 'adGroupId'], message: fieldCode('ppc.chooseAdGroup') });
    if ((a.value ?? 0) <= 0)
      ctx.addIssue({ code: 'custom', path: ['action', 'value'], message: fieldCode('ppc.bidOrFactorPositive') });
    return;
  }
  if (a.stock) {
    if (!(STOCK_LEVELS as readonly string[]).includes(b.level))
      ctx.addIssue({ code: 'custom', path: ['action', 'stock'], message: fieldCode('ppc.stockLevel') });
    if (!(STOCK_ACTIONS as readonly string[]).includes(a.type) || (a.type === 'bid_pct' && (a.value ?? 0) >= 0))
      ctx.addIssue({ code: 'custom', path: ['action', 'type'], message: fieldCode('ppc.stockAction') });
    if (a.stock.when === 'cover_below_days' && a.stock.days === undefined)
      ctx.addIssue({ code: 'custom', path: ['action', 'stock', 'days'], message: fieldCode('ppc.stockDays') });
  }
  const needsValue = a.type !== 'pause' && a.type !== 'enable' && a.type !== 'add_negative';
  if (needsValue && (a.value === undefined || a.value === 0))
    ctx.addIssue({ code: 'custom', path: ['action', 'value'], message: fieldCode('ppc.requiredNotZero') });
  if (a.type === 'bid_set' && (a.value ?? 0) <= 0)
    ctx.addIssue({ code: 'custom', path: ['action', 'value'], message: fieldCode('ppc.bidPositive') });
  if (a.type === 'acos_target' && (a.target === undefined || (a.value ?? 0) <= 0))
    ctx.addIssue({ code: 'custom', path: ['action', 'target'], message: fieldCode('ppc.targetAndStep') });
  if (a.floor != null && a.ceiling != null && a.floor > a.ceiling)
    ctx.addIssue({ code: 'custom', path: ['action', 'ceiling'], message: fieldCode('ppc.ceilingBelowFloor') });
};

export const ruleBody = z.object(ruleFields).strict().superRefine(ruleRefine);
export const ruleUpdateBody = z
  .object({ ...ruleFields, version: idValue })
  .strict()
  .superRefine(ruleRefine);

export const ruleConflictSchema = z.object({ ruleId: z.number().int(), name: z.string(), reason: z.string() });

export const ruleRunSchema = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  ruleName: z.string(),
  trigger: z.enum(['manual', 'schedule']),
  userName: z.string().nullable(),
  status: z.enum(['running', 'done', 'capped', 'failed']),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  matched: z.number().int(),
  changed: z.number().int(),
  skipped: z.number().int(),
  capped: z.boolean(),
  message: z.string().nullable(),
  error: z.string().nullable(),
  batchId: z.number().int().nullable(),
  /** Changes of the run not undone yet. */
  undoable: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const ruleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(RULE_KINDS),
  level: z.enum(RULE_LEVELS),
  scope: scopeSchema,
  shopNames: z.array(z.string()),
  windowDays: z.number().int(),
  conditions: z.array(z.array(conditionSchema)),
  action: actionSchema,
  scheduleHour: z.number().int().nullable(),
  enabled: z.boolean(),
  cooldownDays: z.number().int(),
  maxChanges: z.number().int(),
  maxDelta: z.number().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastRun: ruleRunSchema.nullable(),
  /** Enabled rules that can act on the same entities in the opposite direction. */
  conflicts: z.array(ruleConflictSchema),
});
export type Rule = z.infer<typeof ruleSchema>;

const figure = z.number().nullable();
export const previewChangeSchema = z.object({
  entityType: z.enum(RULE_LEVELS),
  entityId: z.number().int(),
  entityName: z.string(),
  shopName: z.string(),
  currency: z.string(),
  field: z.string(),
  before: z.union([z.number(), z.string(), z.null()]),
  after: z.union([z.number(), z.string(), z.null()]),
  /** The metrics over the window that triggered the change. */
  metrics: z.record(z.enum(PPC_METRICS), figure),
  /** Set on a change the rule would not make, with why. */
  skipped: z.enum(RULE_SKIP_REASONS).nullable(),
  /** A stock rule's change: the SKU judged, its cover and threshold, and whether the change restores. */
  stock: z
    .object({
      sku: z.string(),
      daysOfCover: z.number().int().nullable(),
      threshold: z.number().int(),
      restore: z.boolean(),
    })
    .nullable()
    .optional(),
  /** add_negative / harvest: what the change creates (field `create`); before is null, after its text. */
  create: z
    .object({
      entityType: z.enum(['keyword', 'negative_keyword']),
      campaignId: z.number().int(),
      campaignName: z.string(),
      adGroupId: z.number().int().nullable(),
      adGroupName: z.string().nullable(),
      keywordText: z.string(),
      matchType: z.string(),
      bid: z.number().nullable(),
    })
    .nullable()
    .optional(),
});
export type PreviewChange = z.infer<typeof previewChangeSchema>;

export const previewSchema = z.object({
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  /** The window ends under 28 days ago and a condition reads conversions, which may still be restated. */
  conversionsSettling: z.boolean(),
  /** Entities whose metrics meet the conditions. */
  matched: z.number().int(),
  /** Changes the run would make. */
  changes: z.number().int(),
  skipped: z.number().int(),
  capped: z.boolean(),
  capMessage: z.string().nullable(),
  conflicts: z.array(ruleConflictSchema),
  /** The changes (first 2000), then the skipped ones. */
  rows: z.array(previewChangeSchema),
});
export type RulePreview = z.infer<typeof previewSchema>;

const BASE = 'ppc/rest/v1/rules';
const idParams = z.object({ id: idParam });

export const rulesQuery = z.object({
  level: z.enum(RULE_LEVELS).optional(),
  kind: z.enum(RULE_KINDS).optional(),
  shopId: idParam.optional(),
  name: z.string().trim().max(100).optional(),
  ...pagingQuery,
});

export const listRules = defineEndpoint({
  method: 'GET',
  path: BASE,
  access: 'ppc:rules',
  summary: 'Rules of the caller’s account on visible shops, with their last run and conflicts',
  tags,
  query: rulesQuery,
  data: pageSchema(ruleSchema),
});

export const getRule = defineEndpoint({
  method: 'GET',
  path: `${BASE}/{id}`,
  access: 'ppc:rules',
  summary: 'One rule',
  tags,
  params: idParams,
  data: ruleSchema,
});

export const createRule = defineEndpoint({
  method: 'POST',
  path: BASE,
  access: 'ppc:rules:create',
  summary: 'Create a rule (its conflicts with other enabled rules are in the answer)',
  tags,
  write: true,
  body: ruleBody,
  data: ruleSchema,
});

export const updateRule = defineEndpoint({
  method: 'PUT',
  path: `${BASE}/{id}`,
  access: 'ppc:rules:edit',
  summary: 'Change a rule (optimistic version; 409 when stale)',
  tags,
  write: true,
  params: idParams,
  body: ruleUpdateBody,
  data: ruleSchema,
});

export const setRuleEnabled = defineEndpoint({
  method: 'PUT',
  path: `${BASE}/{id}/enabled`,
  access: 'ppc:rules:approve',
  summary: 'Switch a rule on (its schedule starts) or off',
  tags,
  write: true,
  params: idParams,
  body: z.object({ enabled: z.boolean(), version: idValue }).strict(),
  data: ruleSchema,
});

export const deleteRule = defineEndpoint({
  method: 'DELETE',
  path: `${BASE}/{id}`,
  access: 'ppc:rules:delete',
  summary: 'Delete a rule (its runs and changes stay in the history)',
  tags,
  write: true,
  params: idParams,
  data: z.null(),
});

export const previewDraft = defineEndpoint({
  method: 'POST',
  path: `${BASE}/preview`,
  access: 'ppc:rules',
  summary: 'Dry run of an unsaved rule: every change it would make now, with before/after and the metrics',
  tags,
  body: ruleBody,
  data: previewSchema,
});

export const previewRule = defineEndpoint({
  method: 'POST',
  path: `${BASE}/{id}/preview`,
  access: 'ppc:rules',
  summary: 'Dry run of a saved rule: exactly the changes a run now would make',
  tags,
  params: idParams,
  data: previewSchema,
});

export const runRule = defineEndpoint({
  method: 'POST',
  path: `${BASE}/{id}/run`,
  access: 'ppc:rules:approve',
  summary: 'Run a rule now (enabled or not): applies the changes its preview shows; 252 in demo mode',
  tags,
  write: true,
  params: idParams,
  data: ruleRunSchema,
});

export const runsQuery = z.object({
  ruleId: idParam.optional(),
  level: z.enum(RULE_LEVELS).optional(),
  kind: z.enum(RULE_KINDS).optional(),
  ...pagingQuery,
});

export const listRuleRuns = defineEndpoint({
  method: 'GET',
  path: `${BASE}/runs`,
  access: 'ppc:rules',
  summary: 'Runs of the rules, newest first',
  tags,
  query: runsQuery,
  data: pageSchema(ruleRunSchema),
});

export const ruleChangesQuery = z.object({
  ruleId: idParam.optional(),
  runId: idParam.optional(),
  level: z.enum(RULE_LEVELS).optional(),
  kind: z.enum(RULE_KINDS).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  ...pagingQuery,
});

const undoBody = z
  .object({ changeIds: z.array(idValue).min(1).max(1000).optional(), runId: idValue.optional() })
  .strict()
  .refine((b) => Boolean(b.changeIds) !== Boolean(b.runId), {
    message: fieldCode('oneOf'),
    params: { a: 'changeIds', b: 'runId' },
  });

const undoResult = z.object({ batchId: z.number().int().nullable(), undone: z.number().int() });

/** The automation screens (/ppcAuto) read the same history under ppc:auto, /ppcSmart under ppc:smart. */
export const listRuleChanges = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/auto/history',
  access: 'ppc:auto',
  summary: 'Changes made by rules (not smart ones), newest first',
  tags,
  query: ruleChangesQuery,
  data: pageSchema(changeSchema),
});

export const undoRuleChanges = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/auto/history/undo',
  access: 'ppc:auto:edit',
  summary: 'Undo rule changes (by id, or a whole run), all or none; 409 when an entity changed since; 252 in demo mode',
  tags,
  write: true,
  body: undoBody,
  data: undoResult,
});

export const listAutoEntities = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/auto/entities',
  access: 'ppc:auto',
  summary: 'Entities under automatic management: each with the enabled rules whose scope covers it and its last rule change',
  tags,
  query: z.object({
    level: z.enum(ENTITY_RULE_LEVELS),
    shopId: idParam.optional(),
    name: z.string().trim().max(100).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(
    z.object({
      entityType: z.enum(ENTITY_RULE_LEVELS),
      entityId: z.number().int(),
      entityName: z.string(),
      shopName: z.string(),
      campaignType: z.string(),
      state: z.string(),
      value: z.number().nullable(),
      currency: z.string(),
      rules: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.enum(RULE_KINDS) })),
      lastChange: changeSchema.nullable(),
    }),
  ),
});

export const listSmartChanges = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/smart/history',
  access: 'ppc:smart',
  summary: 'Changes made by smart bidding rules, newest first',
  tags,
  query: ruleChangesQuery,
  data: pageSchema(changeSchema),
});

export const undoSmartChanges = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/smart/history/undo',
  access: 'ppc:smart:edit',
  summary: 'Undo smart bidding changes (by id, or a whole run); 252 in demo mode',
  tags,
  write: true,
  body: undoBody,
  data: undoResult,
});

/**
 * Smart bidding (/ppcSmart, ppc:smart): the same rules of kind `smart` (action
 * `acos_target`) under their own permission; the rule calls above handle the other kinds.
 */
const SMART = 'ppc/rest/v1/smart/rules';

export const listSmartRules = defineEndpoint({
  method: 'GET',
  path: SMART,
  access: 'ppc:smart',
  summary: 'Smart bidding rules with their last run',
  tags,
  query: rulesQuery.omit({ kind: true }),
  data: pageSchema(ruleSchema),
});

export const createSmartRule = defineEndpoint({
  method: 'POST',
  path: SMART,
  access: 'ppc:smart:create',
  summary: 'Create a smart bidding rule (kind smart: bid toward a target ACoS)',
  tags,
  write: true,
  body: ruleBody,
  data: ruleSchema,
});

export const updateSmartRule = defineEndpoint({
  method: 'PUT',
  path: `${SMART}/{id}`,
  access: 'ppc:smart:edit',
  summary: 'Change a smart bidding rule (optimistic version; 409 when stale)',
  tags,
  write: true,
  params: idParams,
  body: ruleUpdateBody,
  data: ruleSchema,
});

export const deleteSmartRule = defineEndpoint({
  method: 'DELETE',
  path: `${SMART}/{id}`,
  access: 'ppc:smart:delete',
  summary: 'Delete a smart bidding rule (its changes stay in the history)',
  tags,
  write: true,
  params: idParams,
  data: z.null(),
});

export const previewSmartDraft = defineEndpoint({
  method: 'POST',
  path: `${SMART}/preview`,
  access: 'ppc:smart',
  summary: 'Dry run of an unsaved smart bidding rule',
  tags,
  body: ruleBody,
  data: previewSchema,
});

export const runSmartRule = defineEndpoint({
  method: 'POST',
  path: `${SMART}/{id}/run`,
  access: 'ppc:smart:edit',
  summary: 'Run a smart bidding rule now; 252 in demo mode',
  tags,
  write: true,
  params: idParams,
  data: ruleRunSchema,
});
