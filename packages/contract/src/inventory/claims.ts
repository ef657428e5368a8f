/**
 * FBA claims (issue #22, Replenishment): a received shipment's line where fewer units arrived
 * than were shipped becomes a claim case (/shipmentDif → /fbaClaim) that moves through
 * FBA_CLAIM_MACHINE until it is reimbursed (by hand, or matched to a row of the FBA
 * Reimbursements report: import kind `fba-reimbursements`) or closed. docs/inventory.md.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';

const tags = ['fba claims'];
const base = 'inventory/rest/v1';

export const CLAIM_STATES = ['open', 'submitted', 'approved', 'reimbursed', 'rejected', 'closed'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CLAIM_ACTIONS = ['submit', 'approve', 'reject', 'reimburse', 'reopen', 'close'] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];

export const FBA_CLAIM_MACHINE = defineStateMachine<ClaimState, ClaimAction>({
  entity: { zh: '索赔', en: 'Claim' },
  states: {
    open: { label: { zh: '待提交', en: 'Open' }, tone: 'warning' },
    submitted: { label: { zh: '已提交', en: 'Submitted' }, tone: 'processing' },
    approved: { label: { zh: '已批准', en: 'Approved' }, tone: 'processing' },
    reimbursed: { label: { zh: '已赔付', en: 'Reimbursed' }, tone: 'success' },
    rejected: { label: { zh: '已驳回', en: 'Rejected' }, tone: 'error' },
    closed: { label: { zh: '已关闭', en: 'Closed' }, tone: 'default', final: true },
  },
  transitions: [
    { action: 'submit', from: ['open'], to: 'submitted', label: { zh: '提交', en: 'Submit' } },
    { action: 'approve', from: ['submitted'], to: 'approved', label: { zh: '批准', en: 'Approve' } },
    { action: 'reject', from: ['submitted'], to: 'rejected', label: { zh: '驳回', en: 'Reject' }, destructive: false },
    { action: 'reimburse', from: ['submitted', 'approved'], to: 'reimbursed', label: { zh: '登记赔付', en: 'Reimburse' } },
    { action: 'reopen', from: ['rejected'], to: 'open', label: { zh: '重新打开', en: 'Reopen' } },
    {
      action: 'close',
      from: ['open', 'rejected', 'reimbursed'],
      to: 'closed',
      label: { zh: '关闭', en: 'Close' },
      destructive: false,
      confirm: { zh: '关闭后索赔不能再变更。', en: 'A closed claim no longer changes.' },
    },
  ],
});

export const claimSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  planId: z.number().int(),
  planCode: z.string(),
  lineId: z.number().int(),
  shipmentCode: z.string(),
  warehouseCode: z.string(),
  sku: z.string(),
  /** Units claimed: shipped − received when the claim was raised. */
  quantity: z.number().int(),
  state: z.enum(CLAIM_STATES),
  /** Seller Central's case id, given when submitted. */
  caseId: z.string(),
  reimbursedUnits: z.number().int(),
  /** Money, as the report states it (two decimals). */
  reimbursedAmount: z.string(),
  currency: z.string(),
  /** The report row that reimbursed it; empty when recorded by hand. */
  reimbursementId: z.string(),
  remark: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

export const CLAIM_SORT_FIELDS = ['createdAt', 'quantity', 'updatedAt'] as const;

export const listClaims = defineEndpoint({
  method: 'GET',
  path: `${base}/fba-claims`,
  access: 'tools:fbaClaim',
  summary: 'FBA claims of the caller’s shops, newest first unless sorted',
  tags,
  query: z.object({
    shopId: idParam.optional(),
    marketId: z.coerce.number().int().min(0).max(99).optional(),
    state: z.enum(CLAIM_STATES).optional(),
    /** Part of the SKU, plan, shipment or case id. */
    keyword: z.string().trim().max(64).optional(),
    sortField: z.enum(CLAIM_SORT_FIELDS).default('createdAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(claimSchema),
});

export const getClaim = defineEndpoint({
  method: 'GET',
  path: `${base}/fba-claims/{id}`,
  access: 'tools:fbaClaim',
  summary: 'One FBA claim',
  tags,
  params: z.object({ id: idParam }),
  data: claimSchema,
});

export const raiseClaim = defineEndpoint({
  method: 'POST',
  path: `${base}/shipments/differences/{lineId}/claim`,
  access: 'scm:shipment:difference:edit',
  summary: 'Raise a claim for a received line’s shortfall (409 when it has one, or nothing is short)',
  tags,
  write: true,
  params: z.object({ lineId: idParam }),
  data: claimSchema,
});

export const moveClaim = defineEndpoint({
  method: 'POST',
  path: `${base}/fba-claims/{id}/move`,
  access: 'tools:fbaClaim:edit',
  summary: 'Submit (with the case id), approve, reject, reimburse (units and amount), reopen or close a claim',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z
    .object({
      action: z.enum(CLAIM_ACTIONS),
      version: idValue,
      caseId: z.string().trim().max(40).optional(),
      units: z.number().int().min(0).max(1_000_000).optional(),
      /** Money with at most two decimals, sent as a number and stored as numeric. */
      amount: z.number().min(0).max(999_999_999).multipleOf(0.01).optional(),
      remark: z.string().trim().max(500).optional(),
    })
    .strict()
    .superRefine((v, ctx) => {
      if (v.action === 'submit' && !v.caseId) ctx.addIssue({ code: 'custom', path: ['caseId'], message: fieldCode('required') });
      if (v.action === 'reimburse' && v.amount === undefined)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: fieldCode('required') });
    }),
  data: claimSchema,
});
