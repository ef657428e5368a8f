/**
 * Project data (spec §7 "Projects", docs/projects.md "Project data"): the product targets of a
 * GTM or new-listing project, its SKUs' sales since launch against them (the `/gtmData` and
 * `/newListingData` screens and a project's weekly chart), the departments that run development
 * projects, and the link of a project to an external project tool's project.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { PROJECT_TYPES, RUN_STATUSES, STAGES } from './project-rules';

const tags = ['projects'];
const SPEC = 'digitize/rest/v1';
const PAGE = 'digitize:projectborard' as const;

/** The two types whose data screens compare sales with targets. */
export const DATA_TYPES = ['GTM_PROJECT', 'NEW_PRODUCTS_PROJECT'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** A target month is 30 days: a week's target is 7/30 of the month's, a period's days/30. */
export const TARGET_MONTH_DAYS = 30;

/** Where a project's data starts: its launch day (GTM), listing day (new listing), else its open day. */
export const START_SOURCES = ['launch', 'listing', 'open'] as const;

const skuTarget = z.object({
  /** A SKU named exactly, or a model (all its SKUs), as the project names it. */
  sku: z.string(),
  /** The project's monthly target split evenly over the SKUs it names; null without a target. */
  monthlyUnits: z.number().nullable(),
  monthlyRevenue: z.number().nullable(),
});

export const productTargetSchema = z.object({
  projectId: z.number().int(),
  type: z.enum(PROJECT_TYPES),
  /** The first day counted (yyyy-MM-dd), null while the project has none of its start days. */
  startDay: z.string().nullable(),
  startSource: z.enum(START_SOURCES).nullable(),
  /** Per month (30 days), in units and in the reporting currency (USD); null when not set. */
  monthlyUnits: z.number().nullable(),
  monthlyRevenue: z.number().nullable(),
  currency: z.string(),
  skus: z.array(skuTarget),
  /**
   * The GTM goals of the months that have one (/gtmGoal): in those months a day's target is the
   * month's goal ÷ the month's days instead of the flat monthly ÷ 30 (a SKU's share: ÷ the SKUs).
   */
  goals: z.array(z.object({ month: z.string(), units: z.number(), revenue: z.number() })),
});
export type ProductTarget = z.infer<typeof productTargetSchema>;

export const productTarget = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/product-target`,
  access: PAGE,
  summary: "A project's product targets: its start day, monthly units and revenue, and each SKU's share",
  tags,
  query: z.object({ projectId: idParam }),
  data: productTargetSchema,
});

const figures = {
  units: z.number(),
  revenue: z.number(),
  adSpend: z.number(),
  /** Ad spend ÷ revenue in percent (two decimals); null without revenue. */
  acos: z.number().nullable(),
};

export const dataWeekSchema = z.object({
  /** The week's first and last day counted (the last week ends yesterday). */
  from: z.string(),
  to: z.string(),
  ...figures,
  /** The target of the week's days (a goal month's goal ÷ its days, else monthly ÷ 30, per day); null without a target. */
  targetUnits: z.number().nullable(),
  targetRevenue: z.number().nullable(),
});

export const projectDataSchema = z.object({
  target: productTargetSchema,
  /** The SKU the figures are limited to (one the project names), or null for all of them. */
  sku: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  total: z.object({ ...figures, targetUnits: z.number().nullable(), targetRevenue: z.number().nullable() }),
  weeks: z.array(dataWeekSchema),
});
export type ProjectData = z.infer<typeof projectDataSchema>;

/** Weeks counted from the start day: at most two years of them. */
export const DATA_MAX_WEEKS = 104;

export const projectData = defineEndpoint({
  method: 'GET',
  path: 'digitize/rest/project/data',
  access: PAGE,
  summary:
    "A project's sales since its start day by week (units, revenue, ad spend, ACoS) against its targets, in the caller's shops",
  tags,
  query: z.object({ projectId: idParam, sku: z.string().trim().min(1).max(40).optional() }),
  data: projectDataSchema,
});

export const DATA_SORT_FIELDS = ['startDay', 'name', 'units', 'revenue', 'attainment', 'adSpend', 'acos'] as const;

const periodRefine = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: fieldCode('endBeforeStart') });
};

const dataListFilters = z.object({
  type: z.enum(DATA_TYPES),
  keyword: z.string().trim().max(100).optional(),
  ownerId: idParam.optional(),
  deptId: idParam.optional(),
  runStatus: z.enum(RUN_STATUSES).optional(),
  /** The period counted, within start day … yesterday; both open by default. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  sortField: z.enum(DATA_SORT_FIELDS).default('revenue'),
  sortOrder: sortOrderSchema.default('desc'),
});

export const dataRowSchema = z.object({
  projectId: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(DATA_TYPES),
  ownerName: z.string().nullable(),
  deptName: z.string().nullable(),
  stage: z.enum(STAGES),
  runStatus: z.enum(RUN_STATUSES),
  sku: z.string(),
  startDay: z.string().nullable(),
  /** The days counted (start or `from` … yesterday or `to`); null before the start day. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  ...figures,
  /** The target of the days counted; null without a target or before the start day. */
  targetUnits: z.number().nullable(),
  targetRevenue: z.number().nullable(),
  /** Revenue ÷ target revenue in percent (two decimals); null without a target. */
  attainment: z.number().nullable(),
});
export type ProjectDataRow = z.infer<typeof dataRowSchema>;

export const dataList = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/data/list`,
  access: PAGE,
  summary: "GTM or new-listing projects' data: one row per project and SKU, sales in the caller's shops against the targets",
  tags,
  query: dataListFilters.extend(pagingQuery).superRefine(periodRefine),
  data: pageSchema(dataRowSchema),
});

export const dataListExport = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/data/list-export`,
  access: 'digitize:projectborard:export',
  summary: 'The filtered project data as xlsx (streamed)',
  tags,
  binary: true,
  query: dataListFilters.superRefine(periodRefine),
});

export const researchDeptSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  /** Development projects of the department (drafts included). */
  projects: z.number().int(),
});

export const researchDepts = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/research/project/depts`,
  access: PAGE,
  summary: 'The departments that run development projects, with how many each runs',
  tags,
  data: z.array(researchDeptSchema),
});

/** The external project tool's project a project is linked to (no call goes out: only stored). */
export const externalLinkSchema = z.object({
  externalId: z.string(),
  url: z.string(),
  linkedBy: z.number().int(),
  linkedAt: z.string(),
});
export type ExternalLink = z.infer<typeof externalLinkSchema>;

export const relevanceBody = z
  .object({
    projectId: idValue,
    version: idValue,
    /** Null unlinks. */
    externalId: z
      .string()
      .trim()
      .min(1, fieldCode('required'))
      .max(64)
      .regex(/^[A-Za-z0-9._-]+$/, fieldCode('projects.externalId'))
      .nullable(),
    url: z
      .string()
      .trim()
      .max(500)
      .regex(/^https:\/\/[^\s/]+\.[^\s]+$/, fieldCode('projects.externalUrl'))
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.externalId !== null && v.url === null) ctx.addIssue({ code: 'custom', path: ['url'], message: fieldCode('required') });
  });

export const relevanceProject = defineEndpoint({
  method: 'POST',
  path: 'digitize/rest/teambition/relevance-project',
  access: PAGE,
  summary: "Link a project to an external project tool's project (its id and address, stored; null unlinks)",
  tags,
  body: relevanceBody,
  data: z.object({ projectId: z.number().int(), version: z.number().int(), externalLink: externalLinkSchema.nullable() }),
});
