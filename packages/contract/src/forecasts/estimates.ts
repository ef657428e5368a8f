/**
 * Forecast estimates and their review (issue #22, spec §7 "Forecasts"): a planner submits an
 * estimate for a listing (units per week or month of the coming horizon, with a reason), a
 * holder of scm:forecast:review approves or rejects it through the approval engine
 * (approvals/approval-flow.ts, flow FORECAST_ESTIMATE_FLOW), and a planner may override a
 * listing's stored forecast by hand. Paths: docs/decisions.md "Forecasts: the paths of §7";
 * the rules: "Forecast estimates: one open estimate per listing, any reviewer but oneself".
 */
import { z } from 'zod';
import { APPROVAL_STATUS, type ApprovalFlowDef } from '../approvals/approval-flow';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery } from '../envelope';
import { fieldCode } from '../validation';
import { daySalesSchema, daySchema, FORECAST_HORIZON } from './forecasts';

const tags = ['forecasts'];
const aiBase = 'ms-ai-sales/rest/v2';
const salesBase = 'sales/rest/v2';

/** One step, any one reviewer settles it; a rejection says why. */
export const FORECAST_ESTIMATE_FLOW: ApprovalFlowDef = {
  key: 'forecast.estimate',
  steps: [{ key: 'review', label: { zh: '预测审核', en: 'Forecast review' }, mode: 'any' }],
  rejectNeedsRemark: true,
};

export const ESTIMATE_GRANULARITIES = ['week', 'month'] as const;
export type EstimateGranularity = (typeof ESTIMATE_GRANULARITIES)[number];
/** Periods an estimate may hold: 26 weeks or 6 months, inside the forecast horizon. */
export const MAX_PERIODS: Record<EstimateGranularity, number> = { week: 26, month: 6 };
/** Units of one period at most. */
export const MAX_PERIOD_UNITS = 10_000_000;

/** The review list's status filter (spec §4): PENDING holds SUBMIT and PENDING. */
export const REVIEW_FILTERS = ['APPROVED', 'REJECT', 'PENDING', 'NOT'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export const REVIEW_FILTER_CODES: Record<ReviewFilter, readonly number[]> = {
  APPROVED: [APPROVAL_STATUS.approved],
  REJECT: [APPROVAL_STATUS.rejected],
  PENDING: [APPROVAL_STATUS.submitted, APPROVAL_STATUS.pending],
  NOT: [APPROVAL_STATUS.not],
};

export const estimateSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  sku: z.string(),
  asin: z.string(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  granularity: z.enum(ESTIMATE_GRANULARITIES),
  /** The first day of the first period (the forecast's first day when submitted). */
  startDay: z.string(),
  /** Units per period. */
  periods: z.array(z.number().int()),
  totalUnits: z.number().int(),
  /** The stored forecast over the same days, for comparison (null without one). */
  systemUnits: z.number().nullable(),
  reason: z.string(),
  /** Spec §4's code: 1 NOT, 2 SUBMIT, 3 REJECT, 4 PENDING, 5 APPROVED. */
  status: z.number().int(),
  submitterId: z.number().int(),
  submitterName: z.string(),
  submittedAt: z.string(),
  /** The last review decision: who, when, the remark. */
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  remark: z.string().nullable(),
  /** The estimate's version: every write carries the one the caller saw. */
  version: z.number().int(),
  /** Whether the caller may approve or reject it now (a reviewer, not the submitter, while in review). */
  canReview: z.boolean(),
});
export type Estimate = z.infer<typeof estimateSchema>;

const periodsSchema = z.array(z.number().int().min(0).max(MAX_PERIOD_UNITS)).min(1).max(MAX_PERIODS.week);
const estimateFields = {
  granularity: z.enum(ESTIMATE_GRANULARITIES),
  periods: periodsSchema,
  reason: z.string().trim().min(1).max(500),
};
const withinHorizon = (b: { granularity: EstimateGranularity; periods: readonly number[] }) =>
  b.periods.length <= MAX_PERIODS[b.granularity];
const horizonIssue = { message: fieldCode('sales.tooManyPeriods'), path: ['periods'] };

export const submitEstimate = defineEndpoint({
  method: 'POST',
  path: `${salesBase}/estimate-sales`,
  access: 'scm:forecast:manage',
  summary: "Submits a planner's estimate for a listing (units per week or month, with a reason) and starts its review",
  tags,
  body: z.object({ listingId: idValue, ...estimateFields }).refine(withinHorizon, horizonIssue),
  data: estimateSchema,
  write: true,
});

export const editEstimate = defineEndpoint({
  method: 'PUT',
  path: `${salesBase}/estimate-sales/form`,
  access: 'scm:forecast:manage',
  summary:
    'Changes an estimate not yet reviewed (submitted, withdrawn or rejected) by its submitter; a withdrawn or rejected one is submitted again',
  tags,
  body: z.object({ id: idValue, version: z.number().int().min(0), ...estimateFields }).refine(withinHorizon, horizonIssue),
  data: estimateSchema,
  write: true,
});

export const withdrawEstimate = defineEndpoint({
  method: 'PUT',
  path: `${salesBase}/estimate-sales/withdraw`,
  access: 'scm:forecast:manage',
  summary: 'The submitter withdraws an estimate nobody has reviewed yet',
  tags,
  body: z.object({ id: idValue, version: z.number().int().min(0) }),
  data: estimateSchema,
  write: true,
});

export const latestEstimate = defineEndpoint({
  method: 'GET',
  path: `${aiBase}/estimate-sales/latest`,
  access: 'scm:forecast:manage',
  summary: 'The latest estimate of a listing in any state (null without one)',
  tags,
  query: z.object({ listingId: idParam }),
  data: estimateSchema.nullable(),
});

export const latestApprovedEstimate = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/estimate-sales/latest-approval`,
  access: 'scm:forecast:manage',
  summary: 'The latest approved estimate of a listing (null without one)',
  tags,
  query: z.object({ listingId: idParam }),
  data: estimateSchema.nullable(),
});

const reviewFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  /** Part of the SKU, ASIN or product name. */
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(REVIEW_FILTERS).optional(),
};

export const listPendingReview = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/forecasts/listPendingReview`,
  access: 'scm:forecast:review',
  summary: 'Estimates of the visible shops for review, newest first (status PENDING: submitted or in review)',
  tags,
  query: z.object({
    ...reviewFilter,
    /** `mine`: the caller's queue (/forecast/newAudit): only what waits for the caller's decision, oldest first. */
    queue: z.enum(['mine']).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(estimateSchema),
});

export const reviewDays = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/forecasts/review-days`,
  access: 'scm:forecast:review',
  summary:
    "The chart of one estimate in review (/forecast/newAudit): its listing's last 90 days of units, the stored forecast over the estimate's days and the estimate per day (a period's units spread evenly over its days)",
  tags,
  query: z.object({ estimateId: idParam }),
  data: daySalesSchema.extend({ estimate: z.array(daySchema) }),
});

export const exportPendingReview = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/forecasts/export-pending-review`,
  access: 'scm:forecast:review:export',
  summary: 'The filtered review list as an .xlsx file',
  tags,
  query: z.object(reviewFilter),
  binary: true,
  exportable: 'xlsx',
});

export const REVIEW_DECISIONS = ['approve', 'reject'] as const;

export const auditEstimates = defineEndpoint({
  method: 'PUT',
  path: `${salesBase}/forecasts/audit`,
  access: 'scm:forecast:review:approve',
  summary:
    'Approves or rejects estimates in review (one or many, all or none), with a remark (required to reject); never one own estimate',
  tags,
  body: z
    .object({
      items: z
        .array(z.object({ id: idValue, version: z.number().int().min(0) }))
        .min(1)
        .max(200)
        .refine((xs) => new Set(xs.map((x) => x.id)).size === xs.length, fieldCode('listedTwice')),
      action: z.enum(REVIEW_DECISIONS),
      remark: z.string().trim().max(500).optional(),
    })
    .refine((b) => b.action !== 'reject' || (b.remark ?? '').length > 0, {
      message: fieldCode('required'),
      path: ['remark'],
    }),
  data: z.object({ list: z.array(estimateSchema) }),
  write: true,
});

/** The reject form of the review screen: the remark every rejection needs. */
export const rejectRemarkSchema = z.object({ remark: z.string().trim().min(1).max(500) });

export const AUDIT_RECORD_ACTIONS = ['submit', 'withdraw', 'approve', 'reject'] as const;

export const auditRecordSchema = z.object({
  id: z.number().int(),
  estimateId: z.number().int(),
  listingId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  sku: z.string(),
  action: z.enum(AUDIT_RECORD_ACTIONS),
  userName: z.string(),
  /** Spec §4's codes before and after. */
  fromStatus: z.number().int(),
  toStatus: z.number().int(),
  remark: z.string().nullable(),
  at: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

const recordFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  keyword: z.string().trim().max(64).optional(),
  action: z.enum(AUDIT_RECORD_ACTIONS).optional(),
  /** Days, inclusive (YYYY-MM-DD). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
};

export const listAuditRecord = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/forecasts/listAuditRecord`,
  access: 'scm:forecast:review',
  summary: 'The decision log of the estimates of the visible shops: who submitted, withdrew, approved or rejected what, when',
  tags,
  query: z.object({ ...recordFilter, ...pagingQuery }),
  data: pageSchema(auditRecordSchema),
});

export const exportAuditRecord = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/forecasts/exportAuditRecord`,
  access: 'scm:forecast:review:export',
  summary: 'The filtered decision log as an .xlsx file',
  tags,
  query: z.object(recordFilter),
  binary: true,
  exportable: 'xlsx',
});

export const toReviewCount = defineEndpoint({
  method: 'GET',
  path: `${salesBase}/forecast-reviews/to-review-count`,
  access: 'scm:forecast:review',
  summary: 'How many estimates wait for the caller to review (loaded at sign-in, the menu badge)',
  tags,
  data: z.object({ count: z.number().int() }),
});

export const overrideForecast = defineEndpoint({
  method: 'PUT',
  path: 'sales/rest/v1/forecasts/{listingId}',
  access: 'scm:forecast:manage',
  summary:
    "A planner's manual override of a listing's forecast: units per day from the forecast's first day, written with the version read",
  tags,
  params: z.object({ listingId: idParam }),
  body: z.object({
    version: z.number().int().min(0),
    /** Units per day from the origin; days after the last one given keep their forecast. */
    daily: z.array(z.number().min(0).max(MAX_PERIOD_UNITS)).min(1).max(FORECAST_HORIZON),
    reason: z.string().trim().min(1).max(500),
  }),
  data: z.object({
    listingId: z.number().int(),
    version: z.number().int(),
    next7: z.number(),
    next30: z.number(),
    next90: z.number(),
    overriddenAt: z.string(),
  }),
  write: true,
});
