/**
 * Shipment waves (issue #22, /shipmentPlanNext, /newShipmentPlan, /newSampleShipmentPlan,
 * /smartShipment): a planner's proposal for one ship week across shops and marketplaces
 * (code `SW000123`), reviewed on the approval engine (flow SHIPMENT_WAVE_FLOW) and, once
 * approved, split into the existing shipment plans (shipments.ts): one per shop × destination
 * warehouse × mode, confirmed, linked back to the wave. A sample wave (`kind: sample`) ships
 * units as asked (no cartons, no MOQ) to any warehouse with a purpose per line.
 * docs/inventory.md "Shipment waves"; decisions.md "Shipment plans for approval (waves)".
 */
import { z } from 'zod';
import type { ApprovalFlowDef } from '../approvals/approval-flow';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';
import { adviceRowSchema, DEFAULT_UNITS_PER_CARTON, RGL_STATES } from './replenish';
import { listWarehouses, SHIPMENT_MODES, SHIPMENT_PLAN_STATES } from './shipments';

const tags = ['shipment waves'];
const base = 'inventory/rest/v1';

export const WAVE_STATES = ['draft', 'review', 'approved', 'rejected', 'split', 'cancelled'] as const;
export type WaveState = (typeof WAVE_STATES)[number];
export const WAVE_ACTIONS = ['submit', 'withdraw', 'approve', 'reject', 'split', 'cancel'] as const;
export type WaveAction = (typeof WAVE_ACTIONS)[number];
/** What the owner does (POST …/move); approve and reject are the approvers' (POST …/decide). */
export const WAVE_OWNER_ACTIONS = ['submit', 'withdraw', 'split', 'cancel'] as const;
export const WAVE_DECISIONS = ['approve', 'reject'] as const;

export const SHIPMENT_WAVE_MACHINE = defineStateMachine<WaveState, WaveAction>({
  entity: { zh: '发货计划', en: 'Shipment wave' },
  states: {
    draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    review: { label: { zh: '审批中', en: 'In review' }, tone: 'processing' },
    approved: { label: { zh: '已通过', en: 'Approved' }, tone: 'success' },
    rejected: { label: { zh: '已驳回', en: 'Rejected' }, tone: 'error' },
    split: { label: { zh: '已拆分', en: 'Split into plans' }, tone: 'success', final: true },
    cancelled: { label: { zh: '已取消', en: 'Cancelled' }, tone: 'default', final: true },
  },
  transitions: [
    // From rejected: submitted again as it is (an edit of a rejected wave brings it back to draft).
    { action: 'submit', from: ['draft', 'rejected'], to: 'review', label: { zh: '提交审批', en: 'Submit' } },
    {
      action: 'withdraw',
      from: ['review'],
      to: 'draft',
      label: { zh: '撤回', en: 'Withdraw' },
      destructive: false,
      confirm: { zh: '撤回后计划回到草稿，可修改后再提交。', en: 'The wave goes back to draft; change it and submit again.' },
    },
    { action: 'approve', from: ['review'], to: 'approved', label: { zh: '通过', en: 'Approve' } },
    { action: 'reject', from: ['review'], to: 'rejected', label: { zh: '驳回', en: 'Reject' } },
    {
      action: 'split',
      from: ['approved'],
      to: 'split',
      label: { zh: '拆分为发货计划', en: 'Split into plans' },
      destructive: false,
      confirm: {
        zh: '按店铺 × 目的仓 × 运输方式生成已确认的发货计划，拆分后不能再修改。',
        en: 'Makes one confirmed shipment plan per shop, destination warehouse and mode; the wave cannot change afterwards.',
      },
    },
    {
      action: 'cancel',
      from: ['draft', 'rejected', 'approved'],
      to: 'cancelled',
      label: { zh: '取消', en: 'Cancel' },
      confirm: { zh: '取消后计划不能再提交或拆分。', en: 'A cancelled wave can no longer be submitted or split.' },
    },
  ],
});

/** Only a draft or a rejected wave changes (editing a rejected one brings it back to draft). */
export const EDITABLE_WAVE_STATES: readonly WaveState[] = ['draft', 'rejected'];

/** One step; any approver (every other holder of an approve button) settles it; a rejection says why. */
export const SHIPMENT_WAVE_FLOW: ApprovalFlowDef = {
  key: 'inventory.shipmentWave',
  steps: [{ key: 'review', label: { zh: '发货计划审批', en: 'Shipment wave review' }, mode: 'any' }],
  rejectNeedsRemark: true,
};

export const WAVE_KINDS = ['replenish', 'sample'] as const;
export type WaveKind = (typeof WAVE_KINDS)[number];
export const WAVE_LINE_SOURCES = ['advice', 'manual', 'smart'] as const;
export type WaveLineSource = (typeof WAVE_LINE_SOURCES)[number];
export const SAMPLE_PURPOSES = ['vine', 'review', 'inspection', 'marketing', 'other'] as const;
export type SamplePurpose = (typeof SAMPLE_PURPOSES)[number];

/** The Monday of a day's ISO week (waves are planned per ship week). */
export function weekStartOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * A line's units as stored: a replenishment line rounded up to whole cartons (50 at 12 a carton →
 * 5 cartons, 60 units); a sample line as asked (one "carton" of its own units, no rounding).
 */
export function waveLineQuantity(kind: WaveKind, units: number, unitsPerCarton: number) {
  if (kind === 'sample') return { unitsPerCarton: units, cartons: 1, units };
  const cartons = Math.ceil(units / unitsPerCarton);
  return { unitsPerCarton, cartons, units: cartons * unitsPerCarton };
}

export const waveLineSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string().nullable(),
  model: z.string().nullable(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  warehouseId: z.number().int(),
  warehouseCode: z.string(),
  warehouseKind: z.enum(['fba', '3pl', 'factory']),
  mode: z.enum(SHIPMENT_MODES),
  /** Units as stored (replenishment: cartons × units per carton; sample: as asked). */
  units: z.number().int(),
  unitsPerCarton: z.number().int(),
  /** Whole cartons; null on a sample line (not packed in cartons). */
  cartons: z.number().int().nullable(),
  source: z.enum(WAVE_LINE_SOURCES),
  /** The advice's state and stock-out date when the line was added (kept as proposed); null for a manual or sample line. */
  adviceState: z.enum(RGL_STATES).nullable(),
  stockOutDate: z.string().nullable(),
  purpose: z.enum(SAMPLE_PURPOSES).nullable(),
  remark: z.string(),
});
export type WaveLine = z.infer<typeof waveLineSchema>;

const waveHead = {
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(WAVE_KINDS),
  /** The Monday of the ship week. */
  shipWeek: z.string(),
  state: z.enum(WAVE_STATES),
  remark: z.string(),
  lines: z.number().int(),
  shops: z.number().int(),
  /** The marketplaces of its lines. */
  marketIds: z.array(z.number().int()),
  units: z.number().int(),
  cartons: z.number().int(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller may approve or reject it now (in review, asked, not the owner). */
  canDecide: z.boolean(),
};
export const waveSummarySchema = z.object(waveHead);
export type WaveSummary = z.infer<typeof waveSummarySchema>;

export const waveTotalSchema = z.object({
  marketId: z.number().int(),
  mode: z.enum(SHIPMENT_MODES),
  lines: z.number().int(),
  units: z.number().int(),
  cartons: z.number().int(),
  /**
   * Estimated freight in USD: per model, the cheapest rate card of the mode to the marketplace on
   * the logistics calculator (the model's package × the units), summed; null when nothing could be
   * priced (no model info, no card, a factory destination, or a caller outside the company).
   */
  freightUsd: z.number().nullable(),
  /** Units left out of the estimate (their model has no package info or no card prices them). */
  unpricedUnits: z.number().int(),
});

export const waveTimelineEntry = z.object({
  id: z.number().int(),
  action: z.enum(['submit', 'withdraw', 'approve', 'reject']),
  userId: z.number().int(),
  userName: z.string(),
  impersonatorUserId: z.number().int().nullable(),
  round: z.number().int(),
  step: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  remark: z.string().nullable(),
  at: z.string(),
});

export const wavePlanSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  shopName: z.string(),
  warehouseCode: z.string(),
  mode: z.enum(SHIPMENT_MODES),
  state: z.enum(SHIPMENT_PLAN_STATES),
  skus: z.number().int(),
  units: z.number().int(),
});

export const waveSchema = z.object({
  ...waveHead,
  items: z.array(waveLineSchema),
  /** Per marketplace × mode (cartons count replenishment lines only). */
  totals: z.array(waveTotalSchema),
  timeline: z.array(waveTimelineEntry),
  /** The plans its split made (empty before). */
  plans: z.array(wavePlanSchema),
});
export type ShipmentWave = z.infer<typeof waveSchema>;

const waveLineBody = z
  .object({
    shopId: idValue,
    listingId: idValue,
    /** Default: the FBA warehouse of the listing's marketplace. */
    warehouseId: idValue.optional(),
    mode: z.enum(SHIPMENT_MODES),
    units: z.number().int().min(1).max(1_000_000),
    /** Replenishment lines; default: the SKU's last plan line, else 12. Ignored on a sample line. */
    unitsPerCarton: z.number().int().min(1).max(10_000).optional(),
    source: z.enum(WAVE_LINE_SOURCES).default('manual'),
    /** Sample lines only (required there). */
    purpose: z.enum(SAMPLE_PURPOSES).optional(),
    remark: z.string().trim().max(200).default(''),
  })
  .strict();

export const waveBody = z
  .object({
    kind: z.enum(WAVE_KINDS).default('replenish'),
    shipWeek: isoDate,
    remark: z.string().trim().max(500).default(''),
    lines: z.array(waveLineBody).min(1).max(500),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.lines.forEach((l, i) => {
      const k = `${l.shopId}|${l.listingId}|${l.warehouseId ?? 'fba'}|${l.mode}`;
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'listingId'], message: fieldCode('listedTwice') });
      seen.add(k);
      if (v.kind === 'sample') {
        if (!l.purpose) ctx.addIssue({ code: 'custom', path: ['lines', i, 'purpose'], message: fieldCode('required') });
        if (l.source !== 'manual')
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'source'], message: fieldCode('invalidOption') });
      } else if (l.purpose) ctx.addIssue({ code: 'custom', path: ['lines', i, 'purpose'], message: fieldCode('invalidOption') });
    });
  });
export type WaveBody = z.infer<typeof waveBody>;

export const WAVE_SORT_FIELDS = ['createdAt', 'code', 'shipWeek', 'units'] as const;

const waveFilter = {
  state: z.enum(WAVE_STATES).optional(),
  kind: z.enum(WAVE_KINDS).optional(),
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  /** Part of the code, the remark or a SKU of a line. */
  keyword: z.string().trim().max(64).optional(),
  /** Only the waves waiting for the caller's decision. */
  awaitingMe: z.enum(['true', 'false']).optional(),
};

const idPath = z.object({ id: idParam });
const waveCounts = z.record(z.enum(WAVE_STATES), z.number().int());

export const listWaves = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-waves`,
  access: 'scm:shipment:planNext',
  summary: 'Shipment waves whose lines are all of the caller’s shops, newest first unless sorted, with the counts per state',
  tags,
  query: z.object({
    ...waveFilter,
    sortField: z.enum(WAVE_SORT_FIELDS).default('createdAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(waveSummarySchema).extend({ counts: waveCounts }),
});

export const getWave = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-waves/{id}`,
  access: 'scm:shipment:planNext',
  summary: 'One wave: lines, totals per marketplace and mode, the approval timeline and the plans of its split',
  tags,
  params: idPath,
  data: waveSchema,
});

export const createWave = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-waves`,
  access: 'scm:shipment:planNext:create',
  summary: 'A new draft wave (lines of the caller’s shops; advice lines keep the advice’s state and stock-out date)',
  tags,
  write: true,
  body: waveBody,
  data: waveSchema,
});

export const updateWave = defineEndpoint({
  method: 'PUT',
  path: `${base}/shipment-waves/{id}`,
  access: 'scm:shipment:planNext:edit',
  summary: 'Change a draft or rejected wave (a rejected one becomes a draft); 409 in another state or on a stale version',
  tags,
  write: true,
  params: idPath,
  body: z.object({ version: idValue, wave: waveBody }).strict(),
  data: waveSchema,
});

export const deleteWave = defineEndpoint({
  method: 'DELETE',
  path: `${base}/shipment-waves/{id}`,
  access: 'scm:shipment:planNext:delete',
  summary: 'Delete a draft wave (409 in another state)',
  tags,
  write: true,
  params: idPath,
  data: z.null(),
});

export const moveWave = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-waves/{id}/move`,
  access: 'scm:shipment:planNext:edit',
  summary: 'The owner submits, withdraws, cancels or splits a wave (409 naming the state; split makes the plans)',
  tags,
  write: true,
  params: idPath,
  body: z.object({ action: z.enum(WAVE_OWNER_ACTIONS), version: idValue }).strict(),
  data: waveSchema,
});

export const decideBody = z
  .object({ action: z.enum(WAVE_DECISIONS), version: idValue, remark: z.string().trim().max(500).default('') })
  .strict()
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.remark) ctx.addIssue({ code: 'custom', path: ['remark'], message: fieldCode('required') });
  });

export const decideWave = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-waves/{id}/decide`,
  access: 'scm:shipment:planNext:approve',
  summary: 'Approve or reject a wave in review (not one’s own: 403; a rejection needs a remark)',
  tags,
  write: true,
  params: idPath,
  body: decideBody,
  data: waveSchema,
});

export const waveWarehouses = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-waves/warehouses`,
  access: 'scm:shipment:planNext',
  summary: 'The warehouses a wave line may go to (the wave screens’ own read of the plan warehouses)',
  tags,
  data: listWarehouses.data,
});

/** An advice row offered to a wave (red or amber, never EOL). */
export const waveAdviceSchema = adviceRowSchema;

const adviceQuery = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  keyword: z.string().trim().max(64).optional(),
  state: z.enum(['red', 'amber']).optional(),
};

export const waveAdvice = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-waves/advice`,
  access: 'scm:shipment:planNext',
  summary: 'Red and amber replenishment advice of the caller’s shops (never EOL), soonest stock-out first: lines to add',
  tags,
  query: z.object({ ...adviceQuery, ...pagingQuery }),
  data: pageSchema(waveAdviceSchema),
});

export const waveListingSchema = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  listingId: z.number().int(),
  sku: z.string(),
  asin: z.string().nullable(),
  model: z.string().nullable(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  unitsPerCarton: z.number().int(),
});

export const waveListings = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-waves/listings`,
  access: 'scm:shipment:planNext',
  summary: 'Listings of the caller’s shops by SKU, ASIN, model or product (at most 30): lines added by hand',
  tags,
  query: z.object({ keyword: z.string().trim().min(1).max(64), shopId: idParam.optional() }),
  data: z.array(waveListingSchema),
});

// ---- /smartShipment ----

export const smartProposals = defineEndpoint({
  method: 'GET',
  path: `${base}/smart-shipment/proposals`,
  access: 'scm:shipment:smart',
  summary: 'Next week’s proposals: every red or amber advice row of the caller’s shops (never EOL), by marketplace',
  tags,
  query: z.object(adviceQuery),
  data: z.object({
    /** The Monday of next week: the ship week of a wave made from them. */
    shipWeek: z.string(),
    rows: z.array(waveAdviceSchema),
  }),
});

export const smartWaveBody = z
  .object({
    items: z
      .array(z.object({ shopId: idValue, listingId: idValue }))
      .min(1)
      .max(500),
    shipWeek: isoDate.optional(),
    remark: z.string().trim().max(500).default(''),
  })
  .strict();

export const createSmartWave = defineEndpoint({
  method: 'POST',
  path: `${base}/smart-shipment/waves`,
  access: 'scm:shipment:smart:create',
  summary: 'A draft wave of the chosen proposals (advice recomputed on the server; source smart)',
  tags,
  write: true,
  body: smartWaveBody,
  data: waveSchema,
});

export const smartWaiting = defineEndpoint({
  method: 'GET',
  path: `${base}/smart-shipment/waiting`,
  access: 'scm:shipment:smart:approve',
  summary: 'The waves in review waiting for the caller’s decision (not their own)',
  tags,
  data: z.array(waveSummarySchema),
});

export const smartDecide = defineEndpoint({
  method: 'POST',
  path: `${base}/smart-shipment/waves/{id}/decide`,
  access: 'scm:shipment:smart:approve',
  summary: 'Approve or reject a wave in review from /smartShipment (the same rules as shipment-waves/{id}/decide)',
  tags,
  write: true,
  params: idPath,
  body: decideBody,
  data: waveSchema,
});

export { DEFAULT_UNITS_PER_CARTON };
