/**
 * Shipment plans and shipments (issue #22, Replenishment): a plan sends SKUs of one shop
 * (its marketplace) to one destination warehouse, in whole cartons; it moves through
 * SHIPMENT_PLAN_MACHINE (draft → confirmed → batched → shipped → received → closed, or
 * cancelled before it ships). Shipping records the shipment (mode, carrier, tracking, ETD,
 * ETA); receipts may be partial and add up until the plan is closed. What was shipped and not
 * received is a difference (/shipmentDif) that becomes a claim (claims.ts). docs/inventory.md.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';

const tags = ['shipments'];
const base = 'inventory/rest/v1';

export const SHIPMENT_PLAN_STATES = ['draft', 'confirmed', 'batched', 'shipped', 'received', 'closed', 'cancelled'] as const;
export type ShipmentPlanState = (typeof SHIPMENT_PLAN_STATES)[number];
export const SHIPMENT_PLAN_ACTIONS = ['confirm', 'batch', 'unbatch', 'ship', 'unship', 'receive', 'close', 'cancel'] as const;
export type ShipmentPlanAction = (typeof SHIPMENT_PLAN_ACTIONS)[number];

/** How a shipment travels, and the transit days a plan assumes for it when no ETA is given. */
export const SHIPMENT_MODES = ['sea', 'air', 'express', 'rail'] as const;
export type ShipmentMode = (typeof SHIPMENT_MODES)[number];
export const TRANSIT_DAYS: Record<ShipmentMode, number> = { sea: 35, rail: 25, air: 10, express: 5 };

export const SHIPMENT_PLAN_MACHINE = defineStateMachine<ShipmentPlanState, ShipmentPlanAction>({
  entity: { zh: '发货计划', en: 'Shipment plan' },
  states: {
    draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    confirmed: { label: { zh: '已确认', en: 'Confirmed' }, tone: 'processing' },
    batched: { label: { zh: '已分批', en: 'Batched' }, tone: 'processing' },
    shipped: { label: { zh: '已发货', en: 'Shipped' }, tone: 'warning' },
    received: { label: { zh: '已收货', en: 'Received' }, tone: 'success' },
    closed: { label: { zh: '已关闭', en: 'Closed' }, tone: 'default', final: true },
    cancelled: { label: { zh: '已取消', en: 'Cancelled' }, tone: 'error', final: true },
  },
  transitions: [
    { action: 'confirm', from: ['draft'], to: 'confirmed', label: { zh: '确认', en: 'Confirm' } },
    // Joins an open shipment batch (batches.ts); `unbatch` leaves it while the batch is still open.
    { action: 'batch', from: ['confirmed'], to: 'batched', label: { zh: '分批', en: 'Batch' } },
    {
      action: 'unbatch',
      from: ['batched'],
      to: 'confirmed',
      label: { zh: '移出批次', en: 'Remove from batch' },
      destructive: false,
      confirm: { zh: '计划回到“已确认”，可加入其他批次。', en: 'The plan goes back to confirmed and may join another batch.' },
    },
    // A batched plan ships with its batch (or alone when its batch number predates batches); a confirmed plan in no
    // batch ships alone (/shipmentManageNext's create).
    { action: 'ship', from: ['confirmed', 'batched'], to: 'shipped', label: { zh: '发货', en: 'Ship' } },
    // Undoes a mistaken ship while nothing is received: the shipment goes and the units leave inbound (/shipmentManageNext).
    {
      action: 'unship',
      from: ['shipped'],
      to: 'confirmed',
      label: { zh: '撤销发货', en: 'Undo ship' },
      confirm: {
        zh: '删除货件，计划回到“已确认”，其件数移出在途库存。',
        en: 'The shipment is deleted, the plan goes back to confirmed and its units leave inbound.',
      },
    },
    // A receipt may be partial; later receipts add to it until the plan is closed.
    { action: 'receive', from: ['shipped', 'received'], to: 'received', label: { zh: '收货', en: 'Receive' } },
    {
      action: 'close',
      from: ['received'],
      to: 'closed',
      label: { zh: '关闭', en: 'Close' },
      destructive: false,
      confirm: {
        zh: '关闭后不能再登记收货；未收到的数量留作差异。',
        en: 'No receipt can be recorded once closed; what was not received stays a difference.',
      },
    },
    {
      action: 'cancel',
      from: ['draft', 'confirmed', 'batched'],
      to: 'cancelled',
      label: { zh: '取消', en: 'Cancel' },
      confirm: { zh: '取消后计划不能再发货。', en: 'A cancelled plan can no longer ship.' },
    },
  ],
});

/** Only a draft's lines and fields change; a confirmed plan is what the warehouse prepares. */
export const EDITABLE_PLAN_STATES: readonly ShipmentPlanState[] = ['draft'];

export const planLineSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  /** The shop's listing of the SKU; null for a SKU the catalogue does not know. */
  listingId: z.number().int().nullable(),
  model: z.string().nullable(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  unitsPerCarton: z.number().int(),
  cartons: z.number().int(),
  /** cartons × unitsPerCarton: what was asked, rounded up to whole cartons. */
  quantity: z.number().int(),
  /** Units shipped (the quantity, once shipped; 0 before). */
  shipped: z.number().int(),
  /** Units received so far, over every receipt. */
  received: z.number().int(),
});
export type PlanLine = z.infer<typeof planLineSchema>;

export const shipmentSchema = z.object({
  id: z.number().int(),
  /** The shipment's id at the destination (Amazon's FBA15…), or ours when none was given. */
  code: z.string(),
  mode: z.enum(SHIPMENT_MODES),
  carrier: z.string(),
  tracking: z.string(),
  etd: z.string(),
  eta: z.string(),
  shippedAt: z.string(),
  /** The day of the last receipt; null before the first. */
  receivedOn: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

const planHead = {
  id: z.number().int(),
  code: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  warehouseId: z.number().int(),
  warehouseCode: z.string(),
  state: z.enum(SHIPMENT_PLAN_STATES),
  /** The mode the plan intends (the shipment's, once shipped). */
  mode: z.enum(SHIPMENT_MODES),
  /** The batch the plan ships in (its code); null before it is batched. */
  batchNo: z.string().nullable(),
  /** The shipment batch (batches.ts) it belongs to; null outside one (a batch number typed before batches existed has none). */
  batchId: z.number().int().nullable(),
  remark: z.string(),
  skus: z.number().int(),
  cartons: z.number().int(),
  quantity: z.number().int(),
  shipped: z.number().int(),
  received: z.number().int(),
  version: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const planSummarySchema = z.object({ ...planHead, shipment: shipmentSchema.nullable() });
export type PlanSummary = z.infer<typeof planSummarySchema>;
export const planSchema = z.object({ ...planHead, shipment: shipmentSchema.nullable(), lines: z.array(planLineSchema) });
export type ShipmentPlan = z.infer<typeof planSchema>;

/** Rounds a wanted quantity up to whole cartons. */
export function cartonsFor(quantity: number, unitsPerCarton: number): number {
  return Math.ceil(quantity / unitsPerCarton);
}

const planLineBody = z.object({
  sku: z.string().trim().min(1).max(64),
  unitsPerCarton: z.number().int().min(1).max(10_000),
  /** Units wanted; stored rounded up to whole cartons. */
  quantity: z.number().int().min(1).max(1_000_000),
});

export const planBody = z
  .object({
    shopId: idValue,
    warehouseId: idValue,
    mode: z.enum(SHIPMENT_MODES),
    remark: z.string().trim().max(500).default(''),
    lines: z.array(planLineBody).min(1).max(200),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.lines.forEach((l, i) => {
      const k = l.sku.toUpperCase();
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'sku'], message: fieldCode('listedTwice') });
      seen.add(k);
    });
  });
export type PlanBody = z.infer<typeof planBody>;

export const PLAN_SORT_FIELDS = ['createdAt', 'code', 'quantity', 'eta'] as const;

const planFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  state: z.enum(SHIPMENT_PLAN_STATES).optional(),
  mode: z.enum(SHIPMENT_MODES).optional(),
  /** Part of the plan's code, batch, a SKU, the shipment's code, carrier or tracking. */
  keyword: z.string().trim().max(64).optional(),
};

const idPath = z.object({ id: idParam });

export const listPlans = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-plans`,
  access: 'scm:inventory:plan',
  summary: 'Shipment plans of the caller’s shops, newest first unless sorted',
  tags,
  query: z.object({
    ...planFilter,
    sortField: z.enum(PLAN_SORT_FIELDS).default('createdAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(planSummarySchema),
});

export const getPlan = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-plans/{id}`,
  access: 'scm:inventory:plan',
  summary: 'One shipment plan with its lines and shipment',
  tags,
  params: idPath,
  data: planSchema,
});

export const createPlan = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-plans`,
  access: 'scm:inventory:plan:create',
  summary: 'A new draft plan (quantities rounded up to whole cartons)',
  tags,
  write: true,
  body: planBody,
  data: planSchema,
});

export const updatePlan = defineEndpoint({
  method: 'PUT',
  path: `${base}/shipment-plans/{id}`,
  access: 'scm:inventory:plan:edit',
  summary: 'Change a draft plan (409 for any other state, or a stale version)',
  tags,
  write: true,
  params: idPath,
  body: z.object({ version: idValue, plan: planBody }).strict(),
  data: planSchema,
});

export const deletePlan = defineEndpoint({
  method: 'DELETE',
  path: `${base}/shipment-plans/{id}`,
  access: 'scm:inventory:plan:delete',
  summary: 'Delete a draft plan (a later one is cancelled instead: 409)',
  tags,
  write: true,
  params: idPath,
  data: z.null(),
});

export const movePlan = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-plans/{id}/move`,
  access: 'scm:inventory:plan:edit',
  summary:
    'Confirm, batch (into an open batch of its shop, warehouse and mode), take out of its batch, close or cancel a plan (409 naming the state when not allowed)',
  tags,
  write: true,
  params: idPath,
  body: z
    .object({
      action: z.enum(['confirm', 'batch', 'unbatch', 'close', 'cancel']),
      version: idValue,
      /** For batch: the open shipment batch the plan joins (plans of one batch leave together). */
      batchId: idValue.optional(),
    })
    .strict()
    .superRefine((v, ctx) => {
      if (v.action === 'batch' && !v.batchId) ctx.addIssue({ code: 'custom', path: ['batchId'], message: fieldCode('required') });
    }),
  data: planSchema,
});

export const shipBody = z
  .object({
    version: idValue,
    mode: z.enum(SHIPMENT_MODES),
    carrier: z.string().trim().min(1).max(80),
    tracking: z.string().trim().min(1).max(80),
    /** The destination's shipment id (FBA15…); ours is made when empty. */
    code: z.string().trim().max(40).default(''),
    etd: isoDate,
    eta: isoDate,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.eta < v.etd) ctx.addIssue({ code: 'custom', path: ['eta'], message: fieldCode('endDateBeforeStart') });
  });
export type ShipBody = z.infer<typeof shipBody>;

export const shipPlan = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-plans/{id}/ship`,
  access: 'scm:shipment:list:edit',
  summary: 'Ship a batched plan: the shipment and its units go in transit to the warehouse',
  tags,
  write: true,
  params: idPath,
  body: shipBody,
  data: planSchema,
});

export const receiptBody = z
  .object({
    version: idValue,
    receivedOn: isoDate,
    /** Units received now per line (a partial receipt names some lines, or fewer units). */
    lines: z
      .array(z.object({ lineId: idValue, quantity: z.number().int().min(0).max(1_000_000) }))
      .min(1)
      .max(200),
  })
  .strict();
export type ReceiptBody = z.infer<typeof receiptBody>;

export const receivePlan = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-plans/{id}/receipts`,
  access: 'scm:shipment:list:edit',
  summary: 'Record a (partial) receipt: received units become fulfillable stock at the destination',
  tags,
  write: true,
  params: idPath,
  body: receiptBody,
  data: planSchema,
});

// ---- shipments (/shipments, /shipmentSearch) ----

export const shipmentRowSchema = z.object({
  planId: z.number().int(),
  planCode: z.string(),
  state: z.enum(SHIPMENT_PLAN_STATES),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  warehouseCode: z.string(),
  batchNo: z.string().nullable(),
  ...shipmentSchema.shape,
  skus: z.number().int(),
  shipped: z.number().int(),
  received: z.number().int(),
});
export type ShipmentRow = z.infer<typeof shipmentRowSchema>;

export const SHIPMENT_SORT_FIELDS = ['etd', 'eta', 'shipped'] as const;
export const SHIPMENT_STATES = ['shipped', 'received', 'closed'] as const;

const shipmentFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  state: z.enum(SHIPMENT_STATES).optional(),
  mode: z.enum(SHIPMENT_MODES).optional(),
  keyword: z.string().trim().max(64).optional(),
};

export const listShipments = defineEndpoint({
  method: 'GET',
  path: `${base}/shipments`,
  access: 'scm:shipment:list',
  summary: 'Shipments of the caller’s shops (shipped plans), latest departure first unless sorted',
  tags,
  query: z.object({
    ...shipmentFilter,
    sortField: z.enum(SHIPMENT_SORT_FIELDS).default('etd'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(shipmentRowSchema),
});

/** A line of a shipment: what was shipped and received of one SKU. */
export const shipmentLineRowSchema = z.object({
  lineId: z.number().int(),
  planId: z.number().int(),
  planCode: z.string(),
  state: z.enum(SHIPMENT_PLAN_STATES),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  warehouseCode: z.string(),
  shipmentCode: z.string(),
  mode: z.enum(SHIPMENT_MODES),
  carrier: z.string(),
  tracking: z.string(),
  etd: z.string(),
  eta: z.string(),
  receivedOn: z.string().nullable(),
  sku: z.string(),
  model: z.string().nullable(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  shipped: z.number().int(),
  received: z.number().int(),
  /** shipped − received (negative: more arrived than shipped). */
  difference: z.number().int(),
  /** The claim raised for this line's difference; null when none. */
  claimId: z.number().int().nullable(),
});
export type ShipmentLineRow = z.infer<typeof shipmentLineRowSchema>;

export const searchShipments = defineEndpoint({
  method: 'GET',
  path: `${base}/shipments/search`,
  access: 'scm:shipment:search',
  summary: 'Shipment lines by shipment code, tracking, carrier, plan or SKU',
  tags,
  query: z.object({ ...shipmentFilter, ...pagingQuery }),
  data: pageSchema(shipmentLineRowSchema),
});

export const listDifferences = defineEndpoint({
  method: 'GET',
  path: `${base}/shipments/differences`,
  access: 'scm:shipment:difference',
  summary: 'Received shipments’ lines where fewer units arrived than were shipped, with their claim',
  tags,
  query: z.object({
    shopId: idParam.optional(),
    marketId: z.coerce.number().int().min(0).max(99).optional(),
    keyword: z.string().trim().max(64).optional(),
    /** without: lines without a claim yet. */
    claim: z.enum(['with', 'without']).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(shipmentLineRowSchema),
});

export const listWarehouses = defineEndpoint({
  method: 'GET',
  path: `${base}/warehouses`,
  access: 'scm:inventory:plan',
  summary: 'The enabled warehouses a plan can ship to (FBA per marketplace, overseas 3PLs, the factory)',
  tags,
  data: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      kind: z.enum(['fba', '3pl', 'factory']),
      marketId: z.number().int().nullable(),
      name: z.string(),
      nameEn: z.string(),
    }),
  ),
});

// ---- spec §7 "Forecasts" reads ----

export const deliveryTypes = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-plans/delivery-type`,
  access: 'scm:inventory:plan',
  summary:
    "The delivery types (shipment modes) with their planned transit days: the marketplace's shipment settings (/shipmentConfiguration) when given and saved, else the defaults",
  tags,
  query: z.object({ marketId: z.coerce.number().int().min(0).max(99).optional() }),
  data: z.array(z.object({ mode: z.enum(SHIPMENT_MODES), transitDays: z.number().int() })),
});

export const overseaDetail = defineEndpoint({
  method: 'GET',
  path: `${base}/oversea-detail`,
  access: 'scm:inventory:manage',
  summary: 'Stock in overseas third-party warehouses per SKU and warehouse (the latest day of each)',
  tags,
  query: z.object({ sku: z.string().trim().max(64).optional(), shopId: idParam.optional() }),
  data: z.array(
    z.object({
      shopId: z.number().int(),
      shopName: z.string(),
      warehouseCode: z.string(),
      sku: z.string(),
      day: z.string(),
      fulfillable: z.number().int(),
      inbound: z.number().int(),
    }),
  ),
});

export const fbaOnWay = defineEndpoint({
  method: 'GET',
  path: `${base}/shipments/fba/onWay`,
  access: 'scm:shipment:list',
  summary: 'Units on their way to FBA per SKU, shop and warehouse: shipped and not received, with the earliest ETA',
  tags,
  query: z.object({ sku: z.string().trim().max(64).optional(), shopId: idParam.optional() }),
  data: z.array(
    z.object({
      shopId: z.number().int(),
      shopName: z.string(),
      warehouseCode: z.string(),
      sku: z.string(),
      units: z.number().int(),
      shipments: z.number().int(),
      eta: z.string(),
    }),
  ),
});
