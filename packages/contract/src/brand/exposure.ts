/**
 * The brand exposure board (spec §2 /digitize/brandExposure, docs/brand.md "Exposure board"):
 * what the KOL cooperation records say (cost, exposure and interactions per platform and month,
 * by publish day) beside what the brand exposure projects report (their budget and exposure
 * metrics, spec §9), for the projects the caller may read.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam } from '../envelope';
import { fieldCode } from '../validation';
import { BRAND_BASE, KOL_PLATFORMS } from './kols';

/** A month of this century (YYYY-MM): the board's months are counted in the server's calendar. */
const month = z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, fieldCode('invalidFormat'));

const figures = {
  /** USD, from the cooperation records. */
  cost: z.number(),
  exposure: z.number(),
  interactions: z.number(),
  /** Cost per thousand exposures, USD; null without exposure. */
  cpm: z.number().nullable(),
};

export const exposureBoardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Whether the caller reads the projects (the projects area's page): without it only records of no project count. */
  readsProjects: z.boolean(),
  /** The brand exposure projects the caller may read, for the project filter. */
  choices: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  totals: z.object({ ...figures, cooperations: z.number().int(), kols: z.number().int() }),
  months: z.array(
    z.object({
      month: z.string(),
      cost: z.number(),
      exposure: z.number(),
      interactions: z.number(),
      byPlatform: z.partialRecord(z.enum(KOL_PLATFORMS), z.object({ exposure: z.number(), interactions: z.number() })),
    }),
  ),
  platforms: z.array(
    z.object({
      platform: z.enum(KOL_PLATFORMS),
      ...figures,
      /** The projects' own metric of this platform (FB_EXPOSURE ...), added; null for a platform the metrics do not name. */
      reportedExposure: z.number().nullable(),
      reportedInteractions: z.number().nullable(),
    }),
  ),
  projects: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      runStatus: z.string(),
      /** TOTAL_BUDGET and KOL of the project's metrics (USD). */
      budget: z.number().nullable(),
      kolBudget: z.number().nullable(),
      /** All its cooperation records, whatever the period: a budget is the project's, not a month's. */
      ...figures,
      /** cost ÷ budget; null without a budget. */
      budgetUsed: z.number().nullable(),
      /** The project's TOTAL_EXPOSURE and ROI metrics as its team reports them. */
      reportedExposure: z.number().nullable(),
      roi: z.number().nullable(),
      cooperations: z.number().int(),
    }),
  ),
});
export type ExposureBoard = z.infer<typeof exposureBoardSchema>;

export const exposureQuery = z
  .object({
    /** First and last month (YYYY-MM) of the publish days counted; the last 12 months by default. */
    from: month.optional(),
    to: month.optional(),
    projectId: idParam.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: fieldCode('brand.toBeforeFrom') });

export const exposureBoard = defineEndpoint({
  method: 'GET',
  path: `${BRAND_BASE}/exposure`,
  access: 'digitize:brandExposure',
  summary:
    'Brand exposure: cost, exposure and interactions per platform and month from the KOL cooperations; budget vs cost per project',
  tags: ['brand'],
  query: exposureQuery,
  data: exposureBoardSchema,
});

export const exportExposure = defineEndpoint({
  method: 'GET',
  path: `${BRAND_BASE}/exposure/excel`,
  access: 'digitize:brandExposure',
  summary: "The cooperation records the board counts (period, project, the caller's projects) as .xlsx, streamed",
  tags: ['brand'],
  query: exposureQuery,
  binary: true,
});
