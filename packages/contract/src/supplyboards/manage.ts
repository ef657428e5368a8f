/**
 * Shipment management (/shipmentManageNext, issue #22): the shipments of shipped plans with their filters, paging,
 * sorting and export; edit a shipment's carrier, tracking, ETD, ETA and the destination's shipment id (FBA15…)
 * under the plan's `version`; create = ship a confirmed plan that is in no batch (inventory's ship path); delete =
 * undo a mistaken ship while nothing is received (SHIPMENT_PLAN_MACHINE `unship`: the plan back to confirmed).
 * docs/supply-boards.md "Shipment management".
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import {
  planSchema,
  planSummarySchema,
  SHIPMENT_MODES,
  SHIPMENT_SORT_FIELDS,
  SHIPMENT_STATES,
  shipmentRowSchema,
} from '../inventory/shipments';
import { fieldCode } from '../validation';

const tags = ['shipment management'];
const base = 'supplyboards/rest/v1/shipments';

const filter = {
  shopId: idParam.optional(),
  marketId: z.coerce.number().int().min(0).max(99).optional(),
  state: z.enum(SHIPMENT_STATES).optional(),
  mode: z.enum(SHIPMENT_MODES).optional(),
  /** Part of the plan's code, batch, a SKU, the shipment's code, carrier or tracking. */
  keyword: z.string().trim().max(64).optional(),
  sortField: z.enum(SHIPMENT_SORT_FIELDS).default('etd'),
  sortOrder: sortOrderSchema.default('desc'),
};

const planPath = z.object({ planId: idParam });

export const listManagedShipments = defineEndpoint({
  method: 'GET',
  path: base,
  access: 'scm:shipment:manage',
  summary: 'Shipments of the caller’s shops (shipped plans), latest departure first unless sorted',
  tags,
  query: z.object({ ...filter, ...pagingQuery }),
  data: pageSchema(shipmentRowSchema),
});

export const exportManagedShipments = defineEndpoint({
  method: 'GET',
  path: `${base}/excel`,
  access: 'scm:shipment:manage:export',
  summary: 'The filtered shipments as an .xlsx file (streamed), in the list order',
  tags,
  query: z.object(filter),
  binary: true,
});

export const getManagedShipment = defineEndpoint({
  method: 'GET',
  path: `${base}/{planId}`,
  access: 'scm:shipment:manage',
  summary: 'One shipped plan with its shipment, lines and version (what the edit form starts from)',
  tags,
  params: planPath,
  data: planSchema,
});

export const shippablePlans = defineEndpoint({
  method: 'GET',
  path: `${base}/shippable`,
  access: 'scm:shipment:manage:create',
  summary: 'Confirmed plans of the caller’s shops in no batch: what a new shipment can ship (the 50 newest matching)',
  tags,
  query: z.object({ keyword: z.string().trim().max(64).optional() }),
  data: z.array(planSummarySchema),
});

const shipmentFields = {
  carrier: z.string().trim().min(1).max(80),
  tracking: z.string().trim().min(1).max(80),
  /** The destination's shipment id (FBA15…); ours (`<plan>-1`) when empty. */
  code: z.string().trim().max(40).default(''),
  etd: isoDate,
  eta: isoDate,
};

const etaAfterEtd = (v: { etd: string; eta: string }, ctx: z.RefinementCtx) => {
  if (v.eta < v.etd) ctx.addIssue({ code: 'custom', path: ['eta'], message: fieldCode('endDateBeforeStart') });
};

export const createShipmentBody = z
  .object({ planId: idValue, version: idValue, mode: z.enum(SHIPMENT_MODES), ...shipmentFields })
  .strict()
  .superRefine(etaAfterEtd);
export type CreateShipmentBody = z.infer<typeof createShipmentBody>;

export const createShipment = defineEndpoint({
  method: 'POST',
  path: base,
  access: 'scm:shipment:manage:create',
  summary: 'Ship a confirmed plan that is in no batch: its shipment is recorded and its units go inbound (409 otherwise)',
  tags,
  write: true,
  body: createShipmentBody,
  data: planSchema,
});

export const updateShipmentBody = z
  .object({ version: idValue, ...shipmentFields })
  .strict()
  .superRefine(etaAfterEtd);
export type UpdateShipmentBody = z.infer<typeof updateShipmentBody>;

export const updateShipment = defineEndpoint({
  method: 'PUT',
  path: `${base}/{planId}`,
  access: 'scm:shipment:manage:edit',
  summary: 'Change a shipment’s carrier, tracking, ETD, ETA and shipment id (409 once its plan is closed, or a stale version)',
  tags,
  write: true,
  params: planPath,
  body: updateShipmentBody,
  data: planSchema,
});

export const deleteShipment = defineEndpoint({
  method: 'DELETE',
  path: `${base}/{planId}`,
  access: 'scm:shipment:manage:delete',
  summary:
    'Undo a mistaken ship: the shipment goes, the plan back to confirmed, its units out of inbound (409 once anything is received)',
  tags,
  write: true,
  params: planPath,
  query: z.object({ version: idParam }),
  data: planSchema,
});
