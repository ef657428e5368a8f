/**
 * The sales dashboard (/dashboard/index): KPI cards with the change against the period
 * just before, the revenue/profit trend, the marketplace split, top and bottom SKUs, and
 * the per-user panel visibility flags of spec §3. Same filters and figures as sales-profit.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { measuresSchema, periodRule, salesFilterFields, salesFilterQuery, skuRowSchema } from './sales-profit';

const tags = ['sales dashboard'];

export const kpisSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  /** The period of the same length just before. */
  previousStartDate: z.string(),
  previousEndDate: z.string(),
  currency: z.string(),
  current: measuresSchema,
  previous: measuresSchema,
});

export const dashboardKpis = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/dashboard/kpis',
  access: 'sales:dashboard',
  summary: 'Totals of the period and of the period of the same length before it',
  tags,
  query: salesFilterQuery,
  data: kpisSchema,
});

/** How settled a day's figures are: marketplaces restate days after the fact. */
export const SETTLEMENT = { PRELIMINARY: 0, PROVISIONAL: 1, FINAL: 2 } as const;

export const trendPointSchema = z.object({
  /** The first day of the bucket (yyyy-MM-dd). */
  date: z.string(),
  units: z.number().int(),
  revenue: z.number(),
  profit: z.number(),
  adSpend: z.number(),
  /** The least settled day in the bucket (SETTLEMENT); null when the bucket has no data. */
  settlement: z.number().int().nullable(),
});

export const GRANULARITIES = ['day', 'week', 'month'] as const;

export const dashboardTrend = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/dashboard/trend',
  access: 'sales:dashboard',
  summary: 'Revenue, profit, units and ad spend per day, week or month of the period (every bucket present)',
  tags,
  query: z.object({ ...salesFilterFields, granularity: z.enum(GRANULARITIES).default('day') }).superRefine(periodRule),
  data: z.object({ currency: z.string(), points: z.array(trendPointSchema) }),
});

export const marketSplitSchema = z.object({
  marketId: z.number().int(),
  units: z.number().int(),
  revenue: z.number(),
  profit: z.number(),
});

export const dashboardMarkets = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/dashboard/markets',
  access: 'sales:dashboard',
  summary: 'Revenue, profit and units per marketplace, largest first',
  tags,
  query: salesFilterQuery,
  data: z.array(marketSplitSchema),
});

export const dashboardSkus = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/dashboard/skus',
  access: 'sales:dashboard',
  summary: 'The top or bottom listings of the period by profit',
  tags,
  query: z
    .object({
      ...salesFilterFields,
      order: z.enum(['top', 'bottom']).default('top'),
      limit: z.coerce.number().int().min(1).max(50).default(10),
    })
    .superRefine(periodRule),
  data: z.array(skuRowSchema),
});

export const DASHBOARD_PANELS = ['kpis', 'trend', 'markets', 'topSkus', 'bottomSkus'] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];
export const panelsSchema = z.object(
  Object.fromEntries(DASHBOARD_PANELS.map((p) => [p, z.boolean()])) as Record<DashboardPanel, z.ZodBoolean>,
);
export type Panels = z.infer<typeof panelsSchema>;

export const getDashboardPanels = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/dashboard/panels',
  access: 'sales:dashboard',
  summary: "The caller's panel visibility flags (every panel shown until changed)",
  tags,
  data: panelsSchema,
});

export const saveDashboardPanels = defineEndpoint({
  method: 'PUT',
  path: 'sales/rest/v1/dashboard/panels',
  access: 'sales:dashboard',
  summary: "Save the caller's panel visibility flags",
  tags,
  write: true,
  body: panelsSchema.partial().strict(),
  data: panelsSchema,
});
