/**
 * FBA removal orders (issue #22): imported from Amazon's Removal Order Detail and Removal
 * Shipment Detail reports (import kind `fba-removals`), listed on /fbaRemoveOrderMgr. One row per
 * order line (order × SKU × disposition); an order's shipments (carrier, tracking) when a shipment
 * report was imported. docs/inventory.md "Removal orders".
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';

const tags = ['inventory'];
const base = 'inventory/rest/v1';

/** Return (to an address), disposal (destroyed) or liquidation (sold off by Amazon). */
export const REMOVAL_TYPES = ['return', 'disposal', 'liquidation'] as const;
export type RemovalType = (typeof REMOVAL_TYPES)[number];
/** Amazon's order status, as the report writes it, normalised. */
export const REMOVAL_STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;
export type RemovalStatus = (typeof REMOVAL_STATUSES)[number];

export const removalLineSchema = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  orderId: z.string(),
  requestDate: z.string(),
  type: z.enum(REMOVAL_TYPES),
  status: z.enum(REMOVAL_STATUSES),
  lastUpdated: z.string().nullable(),
  sku: z.string(),
  fnsku: z.string(),
  listingId: z.number().int().nullable(),
  productName: z.string().nullable(),
  productNameEn: z.string().nullable(),
  disposition: z.string(),
  requested: z.number().int(),
  cancelled: z.number().int(),
  disposed: z.number().int(),
  shipped: z.number().int(),
  inProcess: z.number().int(),
  /** Decimal text; null when the report left it empty. */
  removalFee: z.string().nullable(),
  currency: z.string(),
  /** Shipments imported for this line. */
  shipments: z.number().int(),
});
export type RemovalLine = z.infer<typeof removalLineSchema>;

export const removalShipmentSchema = z.object({
  sku: z.string(),
  fnsku: z.string(),
  disposition: z.string(),
  shipmentDate: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
  quantity: z.number().int(),
});

export const REMOVAL_SORT_FIELDS = ['requestDate', 'lastUpdated', 'requested', 'inProcess', 'removalFee', 'sku'] as const;

const removalFilter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  /** Part of the order id, seller SKU or FNSKU. */
  keyword: z.string().trim().max(64).optional(),
  type: z.enum(REMOVAL_TYPES).optional(),
  status: z.enum(REMOVAL_STATUSES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sortField: z.enum(REMOVAL_SORT_FIELDS).default('requestDate'),
  sortOrder: sortOrderSchema.default('desc'),
};

export const listRemovals = defineEndpoint({
  method: 'GET',
  path: `${base}/removal-orders`,
  access: 'scm:fba:removeOrder',
  summary: 'FBA removal order lines (order × SKU × disposition) of the visible shops, filtered, paged and sorted',
  tags,
  query: z.object({ ...removalFilter, ...pagingQuery }),
  data: pageSchema(removalLineSchema),
});

export const exportRemovals = defineEndpoint({
  method: 'GET',
  path: `${base}/removal-orders/excel`,
  access: 'scm:fba:removeOrder:export',
  summary: 'The filtered removal order lines as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object(removalFilter),
  binary: true,
});

export const getRemoval = defineEndpoint({
  method: 'GET',
  path: `${base}/removal-orders/detail`,
  access: 'scm:fba:removeOrder',
  summary: 'One removal order of a shop: its lines and its shipments',
  tags,
  query: z.object({ shopId: idParam, orderId: z.string().trim().min(1).max(64) }),
  data: z.object({
    shopId: z.number().int(),
    orderId: z.string(),
    lines: z.array(removalLineSchema),
    shipments: z.array(removalShipmentSchema),
  }),
});
