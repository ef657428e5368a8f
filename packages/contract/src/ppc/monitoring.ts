/**
 * Monitors (spec §7 "monitoring"): a monitor watches one metric of a campaign or a SKU
 * over a trailing window of settled-enough days against a threshold, and raises an alert
 * while the value is beyond it. Alerts are stored; they are evaluated when the list is
 * read and when new facts of the shop arrive.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery } from '../envelope';
import { fieldCode } from '../validation';
import { chartPointSchema, PPC_METRICS } from './board';

const tags = ['ppc'];

export const MONITOR_SCOPES = ['campaign', 'sku'] as const;
export const COMPARATORS = ['gt', 'lt'] as const;

const monitorFields = {
  name: z.string().trim().min(1).max(100),
  shopId: idValue,
  scope: z.enum(MONITOR_SCOPES),
  /** Required when scope is campaign. */
  campaignId: idValue.nullable().optional(),
  /** Required when scope is sku: the listing (SKU in the shop). */
  listingId: idValue.nullable().optional(),
  metric: z.enum(PPC_METRICS),
  comparator: z.enum(COMPARATORS),
  threshold: z.number().min(0).max(1e9),
  windowDays: z.number().int().min(1).max(90).default(7),
  enabled: z.boolean().default(true),
};

const targetRule = (b: { scope?: string; campaignId?: number | null; listingId?: number | null }, ctx: z.RefinementCtx) => {
  if (b.scope === 'campaign' && !b.campaignId)
    ctx.addIssue({ code: 'custom', path: ['campaignId'], message: fieldCode('ppc.campaignRequired') });
  if (b.scope === 'sku' && !b.listingId)
    ctx.addIssue({ code: 'custom', path: ['listingId'], message: fieldCode('ppc.skuRequired') });
};

export const monitorBody = z.object(monitorFields).strict().superRefine(targetRule);
export const monitorUpdateBody = z
  .object({ ...monitorFields, version: idValue })
  .strict()
  .superRefine(targetRule);

export const alertSchema = z.object({
  id: z.number().int(),
  value: z.number(),
  threshold: z.number(),
  windowStart: z.string(),
  windowEnd: z.string(),
  raisedAt: z.string(),
  resolvedAt: z.string().nullable(),
});

export const monitorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  scope: z.enum(MONITOR_SCOPES),
  campaignId: z.number().int().nullable(),
  listingId: z.number().int().nullable(),
  /** Campaign name or SKU. */
  targetName: z.string(),
  metric: z.enum(PPC_METRICS),
  comparator: z.enum(COMPARATORS),
  threshold: z.number(),
  windowDays: z.number().int(),
  enabled: z.boolean(),
  version: z.number().int(),
  /** The metric over the latest window (null: no data or a zero denominator). */
  currentValue: z.number().nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  /** The alert now open, if any. */
  alert: alertSchema.nullable(),
});

export const listMonitors = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/monitoring',
  access: 'ppc:report',
  summary: 'The monitors of the shops the caller may see, each evaluated now, with its open alert',
  tags,
  query: z.object({
    shopId: idParam.optional(),
    /** Only monitors with an open alert. */
    alerting: z.enum(['true', 'false']).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(monitorSchema),
});

export const createMonitor = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/index/monitoring',
  access: 'ppc:report:create',
  summary: 'Create a monitor (evaluated at once)',
  tags,
  write: true,
  body: monitorBody,
  data: monitorSchema,
});

export const setMonitorsEnabled = defineEndpoint({
  method: 'PUT',
  path: 'ppc/rest/v1/index/monitoring',
  access: 'ppc:report:edit',
  summary: 'Switch several monitors on or off at once (a monitor switched off closes its open alert)',
  tags,
  write: true,
  body: z.object({ ids: z.array(idValue).min(1).max(500), enabled: z.boolean() }).strict(),
  data: z.object({ updated: z.number().int() }),
});

export const updateMonitor = defineEndpoint({
  method: 'PUT',
  path: 'ppc/rest/v1/index/monitoring/{id}',
  access: 'ppc:report:edit',
  summary: 'Change a monitor (optimistic version; 409 when stale); re-evaluated at once',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: monitorUpdateBody,
  data: monitorSchema,
});

export const deleteMonitor = defineEndpoint({
  method: 'DELETE',
  path: 'ppc/rest/v1/index/monitoring/{id}',
  access: 'ppc:report:delete',
  summary: 'Delete a monitor and its alerts',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

export const monitorChart = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/index/monitoring/{id}/chart',
  access: 'ppc:report',
  summary: "A monitor's metric per day over the last days (default 30), with its threshold and alerts",
  tags,
  params: z.object({ id: idParam }),
  query: z.object({ days: z.coerce.number().int().min(7).max(180).default(30) }),
  data: z.object({
    metric: z.enum(PPC_METRICS),
    threshold: z.number(),
    comparator: z.enum(COMPARATORS),
    points: z.array(chartPointSchema),
    alerts: z.array(alertSchema),
  }),
});
