/**
 * Shipment batches and delivery lists (issue #22, /shipmentBatch, /batchCreateDl): a batch
 * groups confirmed plans of one shop going to one destination warehouse by one mode, to leave
 * together. It moves through SHIPMENT_BATCH_MACHINE (open → closed for loading → shipped, or
 * cancelled); a plan joins it with the plan machine's `batch` action and leaves it with
 * `unbatch` while the batch is open. A delivery list is the document the warehouse loads from,
 * made from one or several batches of one shop and warehouse, kept and downloadable.
 * docs/inventory.md "Batches and delivery lists".
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';
import { listWarehouses, SHIPMENT_MODES, SHIPMENT_PLAN_STATES } from './shipments';

const tags = ['shipment batches'];
const base = 'inventory/rest/v1';

export const BATCH_STATES = ['open', 'loading', 'shipped', 'cancelled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];
export const BATCH_ACTIONS = ['close', 'reopen', 'ship', 'cancel'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

export const SHIPMENT_BATCH_MACHINE = defineStateMachine<BatchState, BatchAction>({
  entity: { zh: '发货批次', en: 'Shipment batch' },
  states: {
    open: { label: { zh: '开放', en: 'Open' }, tone: 'processing' },
    loading: { label: { zh: '装货中', en: 'Closed for loading' }, tone: 'warning' },
    shipped: { label: { zh: '已发货', en: 'Shipped' }, tone: 'success', final: true },
    cancelled: { label: { zh: '已取消', en: 'Cancelled' }, tone: 'error', final: true },
  },
  transitions: [
    {
      action: 'close',
      from: ['open'],
      to: 'loading',
      label: { zh: '截止装货', en: 'Close for loading' },
      destructive: false,
      confirm: {
        zh: '截止后不能再加入或移出计划，仓库按交货单装货。',
        en: 'No plan joins or leaves once closed; the warehouse loads from the delivery list.',
      },
    },
    { action: 'reopen', from: ['loading'], to: 'open', label: { zh: '重新开放', en: 'Reopen' } },
    { action: 'ship', from: ['loading'], to: 'shipped', label: { zh: '发货', en: 'Ship' } },
    {
      action: 'cancel',
      from: ['open', 'loading'],
      to: 'cancelled',
      label: { zh: '取消', en: 'Cancel' },
      confirm: {
        zh: '取消后批次中的计划回到“已确认”，可加入其他批次。',
        en: 'Its plans go back to confirmed and may join another batch.',
      },
    },
  ],
});

/** A delivery list is made from batches that have not left yet. */
export const BATCH_LISTABLE_STATES: readonly BatchState[] = ['open', 'loading'];

export const batchSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  warehouseId: z.number().int(),
  warehouseCode: z.string(),
  mode: z.enum(SHIPMENT_MODES),
  state: z.enum(BATCH_STATES),
  /** The day it is planned to leave; null when not planned yet. */
  shipOn: z.string().nullable(),
  carrier: z.string(),
  remark: z.string(),
  /** Set when shipped: the tracking, departure and arrival of every plan of the batch. */
  tracking: z.string().nullable(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  plans: z.number().int(),
  skus: z.number().int(),
  cartons: z.number().int(),
  units: z.number().int(),
  /** Gross weight and package volume of the units from the models' info (/modelInfo); null when no line has it. */
  weightKg: z.number().nullable(),
  volumeM3: z.number().nullable(),
  /** Units whose model has no package info (so weight and volume leave them out). */
  unitsWithoutInfo: z.number().int(),
  deliveryLists: z.number().int(),
  version: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchPlanSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  state: z.enum(SHIPMENT_PLAN_STATES),
  skus: z.number().int(),
  cartons: z.number().int(),
  units: z.number().int(),
  version: z.number().int(),
  shipmentCode: z.string().nullable(),
});
export type BatchPlan = z.infer<typeof batchPlanSchema>;

/** One SKU of one plan of a batch, with what the warehouse labels it by. */
export const batchLineSchema = z.object({
  planId: z.number().int(),
  planCode: z.string(),
  sku: z.string(),
  fnsku: z.string().nullable(),
  asin: z.string().nullable(),
  model: z.string().nullable(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  unitsPerCarton: z.number().int(),
  cartons: z.number().int(),
  units: z.number().int(),
});
export type BatchLine = z.infer<typeof batchLineSchema>;

export const batchSchema = batchSummarySchema.extend({
  planList: z.array(batchPlanSchema),
  lines: z.array(batchLineSchema),
});
export type ShipmentBatch = z.infer<typeof batchSchema>;

export const BATCH_SORT_FIELDS = ['createdAt', 'code', 'shipOn', 'units'] as const;

const batchFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  warehouseId: idParam.optional(),
  state: z.enum(BATCH_STATES).optional(),
  mode: z.enum(SHIPMENT_MODES).optional(),
  /** Part of the batch's code, carrier or tracking, or of one of its plans' codes or SKUs. */
  keyword: z.string().trim().max(64).optional(),
};

const idPath = z.object({ id: idParam });

export const listBatches = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-batches`,
  access: 'scm:shipment:batch',
  summary: 'Shipment batches of the caller’s shops with their totals, newest first unless sorted',
  tags,
  query: z.object({
    ...batchFilter,
    sortField: z.enum(BATCH_SORT_FIELDS).default('createdAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(batchSummarySchema),
});

export const exportBatches = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-batches/excel`,
  access: 'scm:shipment:batch:export',
  summary: 'The filtered batches as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object({
    ...batchFilter,
    sortField: z.enum(BATCH_SORT_FIELDS).default('createdAt'),
    sortOrder: sortOrderSchema.default('desc'),
  }),
  binary: true,
});

export const batchWarehouses = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-batches/warehouses`,
  access: 'scm:shipment:batch',
  summary: "The enabled warehouses a batch can go to (the batch screen's own read of shipment-plan warehouses)",
  tags,
  data: listWarehouses.data,
});

export const getBatch = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-batches/{id}`,
  access: 'scm:shipment:batch',
  summary: 'One batch with its plans and their lines',
  tags,
  params: idPath,
  data: batchSchema,
});

export const batchBody = z
  .object({
    shopId: idValue,
    warehouseId: idValue,
    mode: z.enum(SHIPMENT_MODES),
    shipOn: isoDate.nullable().default(null),
    carrier: z.string().trim().max(80).default(''),
    remark: z.string().trim().max(500).default(''),
  })
  .strict();
export type BatchBody = z.infer<typeof batchBody>;

export const createBatch = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-batches`,
  access: 'scm:shipment:batch:create',
  summary: 'A new open batch of one shop, destination warehouse and mode',
  tags,
  write: true,
  body: batchBody,
  data: batchSchema,
});

export const batchEditBody = z
  .object({
    version: idValue,
    shipOn: isoDate.nullable(),
    carrier: z.string().trim().max(80),
    remark: z.string().trim().max(500),
  })
  .strict();

export const updateBatch = defineEndpoint({
  method: 'PUT',
  path: `${base}/shipment-batches/{id}`,
  access: 'scm:shipment:batch:edit',
  summary: 'Change the planned day, carrier or remark of a batch that has not shipped (409 otherwise, or on a stale version)',
  tags,
  write: true,
  params: idPath,
  body: batchEditBody,
  data: batchSchema,
});

export const deleteBatch = defineEndpoint({
  method: 'DELETE',
  path: `${base}/shipment-batches/{id}`,
  access: 'scm:shipment:batch:delete',
  summary: 'Delete an open batch without plans (one with plans is cancelled instead: 409)',
  tags,
  write: true,
  params: idPath,
  data: z.null(),
});

export const batchPlansBody = z.object({ version: idValue, planIds: z.array(idValue).min(1).max(100) }).strict();

export const addBatchPlans = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-batches/{id}/plans`,
  access: 'scm:shipment:batch:edit',
  summary: 'Add confirmed plans of the batch’s shop, warehouse and mode to an open batch (each becomes batched)',
  tags,
  write: true,
  params: idPath,
  body: batchPlansBody,
  data: batchSchema,
});

export const removeBatchPlan = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-batches/{id}/remove-plan`,
  access: 'scm:shipment:batch:edit',
  summary: 'Take a plan out of an open batch (it goes back to confirmed)',
  tags,
  write: true,
  params: idPath,
  body: z.object({ version: idValue, planId: idValue }).strict(),
  data: batchSchema,
});

export const batchCandidates = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-batches/{id}/candidates`,
  access: 'scm:shipment:batch',
  summary: 'The confirmed plans that may join the batch (same shop, warehouse and mode, in no batch)',
  tags,
  params: idPath,
  data: z.array(batchPlanSchema),
});

export const moveBatch = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-batches/{id}/move`,
  access: 'scm:shipment:batch:edit',
  summary: 'Close a batch for loading, reopen or cancel it (409 naming the state when not allowed)',
  tags,
  write: true,
  params: idPath,
  body: z.object({ action: z.enum(['close', 'reopen', 'cancel']), version: idValue }).strict(),
  data: batchSchema,
});

export const shipBatchBody = z
  .object({
    version: idValue,
    carrier: z.string().trim().min(1).max(80),
    tracking: z.string().trim().min(1).max(80),
    etd: isoDate,
    eta: isoDate,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.eta < v.etd) ctx.addIssue({ code: 'custom', path: ['eta'], message: fieldCode('endDateBeforeStart') });
  });
export type ShipBatchBody = z.infer<typeof shipBatchBody>;

export const shipBatch = defineEndpoint({
  method: 'POST',
  path: `${base}/shipment-batches/{id}/ship`,
  access: 'scm:shipment:batch:edit',
  summary: 'Ship a batch closed for loading: each of its plans ships with the batch’s carrier, tracking, ETD and ETA',
  tags,
  write: true,
  params: idPath,
  body: shipBatchBody,
  data: batchSchema,
});

export const openBatchesForPlan = defineEndpoint({
  method: 'GET',
  path: `${base}/shipment-plans/{id}/batches`,
  access: 'scm:inventory:plan',
  summary: 'The open batches a confirmed plan may join (its shop, warehouse and mode)',
  tags,
  params: idPath,
  data: z.array(batchSummarySchema),
});

// ---- delivery lists (/batchCreateDl) ----

/** One carton range of a delivery list: cartons `cartonFrom`..`cartonTo` hold `unitsPerCarton` of one SKU each. */
export const deliveryLineSchema = z.object({
  batchCode: z.string(),
  planCode: z.string(),
  cartonFrom: z.number().int(),
  cartonTo: z.number().int(),
  sku: z.string(),
  fnsku: z.string().nullable(),
  asin: z.string().nullable(),
  model: z.string().nullable(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  unitsPerCarton: z.number().int(),
  cartons: z.number().int(),
  units: z.number().int(),
  destination: z.string(),
});
export type DeliveryLine = z.infer<typeof deliveryLineSchema>;

export const deliveryListSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  warehouseCode: z.string(),
  batchCodes: z.array(z.string()),
  cartons: z.number().int(),
  units: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type DeliveryList = z.infer<typeof deliveryListSchema>;

export const deliveryPreviewSchema = z.object({
  shopName: z.string(),
  warehouseCode: z.string(),
  batchCodes: z.array(z.string()),
  cartons: z.number().int(),
  units: z.number().int(),
  lines: z.array(deliveryLineSchema),
});

export const deliveryListBody = z.object({ batchIds: z.array(idValue).min(1).max(20) }).strict();

export const listDeliveryLists = defineEndpoint({
  method: 'GET',
  path: `${base}/delivery-lists`,
  access: 'scm:shipment:batch',
  summary: 'The delivery lists made so far, newest first',
  tags,
  query: z.object({
    shopId: idParam.optional(),
    /** Part of the list's code or one of its batches' codes. */
    keyword: z.string().trim().max(64).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(deliveryListSchema),
});

export const previewDeliveryList = defineEndpoint({
  method: 'POST',
  path: `${base}/delivery-lists/preview`,
  access: 'scm:shipment:batch',
  summary:
    'The delivery list the chosen batches would make (open or closed for loading, one shop and warehouse); nothing is kept',
  tags,
  body: deliveryListBody,
  data: deliveryPreviewSchema,
});

export const createDeliveryList = defineEndpoint({
  method: 'POST',
  path: `${base}/delivery-lists`,
  access: 'scm:shipment:batch:create',
  summary: 'Make and keep the delivery list of the chosen batches; open batches are closed for loading',
  tags,
  write: true,
  body: deliveryListBody,
  data: deliveryListSchema,
});

export const downloadDeliveryList = defineEndpoint({
  method: 'GET',
  path: `${base}/delivery-lists/{id}/excel`,
  access: 'scm:shipment:batch:export',
  summary: 'A kept delivery list as an .xlsx file (streamed): one row per carton range',
  tags,
  params: idPath,
  binary: true,
});
