/**
 * GTM goals and KPIs (issue #23; docs/projects.md "GTM goals and KPIs"): a GTM project's goal per
 * month of its first twelve from the launch month (units, revenue, ad-spend budget, target ACoS),
 * written on `/gtmGoal`, and the KPI board `/gtmKpi`: each GTM project's month against its goal,
 * from the same sales rollup as `/gtmData` and `/salesProfit`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { RUN_STATUSES, STAGES } from './project-rules';

const tags = ['projects'];
const SPEC = 'digitize/rest/v1';

/** The months a goal may be set for: the launch month and the eleven after it. */
export const GOAL_MONTHS = 12;

/** `2026-11`. */
export const monthText = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, fieldCode('projects.goalMonth'));

const money = z.number().min(0, fieldCode('notNegative')).max(100_000_000).multipleOf(0.01, fieldCode('atMostDecimals'));

export const goalMonthSchema = z.object({
  month: monthText,
  /** Units of all the project's SKUs in the month. */
  units: z.number().int(fieldCode('wholeNumber')).min(0, fieldCode('notNegative')).max(10_000_000),
  /** Revenue of the month in the reporting currency (USD). */
  revenue: money,
  /** Ad spend the month may use (USD); null: no budget. */
  adBudget: money.nullable().default(null),
  /** The ACoS the month aims at (ad spend ÷ revenue, %); null: none. */
  acosTarget: z
    .number()
    .min(0, fieldCode('notNegative'))
    .max(100)
    .multipleOf(0.01, fieldCode('atMostDecimals'))
    .nullable()
    .default(null),
});
export type GoalMonth = z.infer<typeof goalMonthSchema>;

export const goalPlanSchema = z.object({
  projectId: z.number().int(),
  code: z.string(),
  name: z.string(),
  runStatus: z.enum(RUN_STATUSES),
  /** The launch day (else the open day); null: the project has no months yet. */
  launchDay: z.string().nullable(),
  /** The twelve months from the launch month, in order (empty without a launch day). */
  months: z.array(z.string()),
  /** The project form's flat monthly targets (a month of 30 days), the rule where a month has no goal. */
  flatUnits: z.number().nullable(),
  flatRevenue: z.number().nullable(),
  /** The months set, in order. */
  goals: z.array(goalMonthSchema),
  /** The plan's version: 0 before the first save. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Whether the caller may save (the edit button and a role that works on the project). */
  canEdit: z.boolean(),
});
export type GoalPlan = z.infer<typeof goalPlanSchema>;

export const goalPlan = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/gtm-goal/{projectId}`,
  access: 'gtm:goal',
  summary: "A GTM project's monthly goals for its first twelve months, with its flat targets",
  tags,
  params: z.object({ projectId: idParam }),
  data: goalPlanSchema,
});

export const goalSaveBody = z
  .object({
    /** The version read (0 before the first save). */
    version: z.number().int().min(0),
    /** Every month to keep set; a month left out is cleared. */
    goals: z.array(goalMonthSchema).max(GOAL_MONTHS),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.goals.forEach((g, i) => {
      if (seen.has(g.month)) ctx.addIssue({ code: 'custom', path: ['goals', i, 'month'], message: fieldCode('listedTwice') });
      seen.add(g.month);
    });
  });

export const goalSave = defineEndpoint({
  method: 'PUT',
  path: `${SPEC}/project/gtm-goal/{projectId}`,
  access: 'gtm:goal:edit',
  summary: "Save a GTM project's monthly goals under the version read (409 stale)",
  tags,
  params: z.object({ projectId: idParam }),
  body: goalSaveBody,
  data: goalPlanSchema,
});

export const GOAL_SORT_FIELDS = ['launchDay', 'name', 'coverage', 'goalRevenue'] as const;
export const COVERAGES = ['none', 'partial', 'full'] as const;

export const goalListQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  ownerId: idParam.optional(),
  runStatus: z.enum(RUN_STATUSES).optional(),
  coverage: z.enum(COVERAGES).optional(),
  sortField: z.enum(GOAL_SORT_FIELDS).default('launchDay'),
  sortOrder: sortOrderSchema.default('desc'),
  ...pagingQuery,
});

export const goalRowSchema = z.object({
  projectId: z.number().int(),
  code: z.string(),
  name: z.string(),
  ownerName: z.string().nullable(),
  deptName: z.string().nullable(),
  stage: z.enum(STAGES),
  runStatus: z.enum(RUN_STATUSES),
  launchDay: z.string().nullable(),
  /** The first and last of the twelve months; null without a launch day. */
  firstMonth: z.string().nullable(),
  lastMonth: z.string().nullable(),
  /** Months of the twelve with a goal. */
  monthsSet: z.number().int(),
  /** The twelve months' goals summed. */
  goalUnits: z.number(),
  goalRevenue: z.number(),
  flatUnits: z.number().nullable(),
  flatRevenue: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type GoalRow = z.infer<typeof goalRowSchema>;

export const goalList = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/gtm-goal/list`,
  access: 'gtm:goal',
  summary: 'The GTM projects with how many of their first twelve months have a goal',
  tags,
  query: goalListQuery,
  data: pageSchema(goalRowSchema),
});

/** Attainment ≥ 100 % green, ≥ 80 % amber, below red; none without a target. */
export const KPI_LIGHTS = ['green', 'amber', 'red'] as const;
export type KpiLight = (typeof KPI_LIGHTS)[number];
export const lightOf = (attainment: number | null): KpiLight | null =>
  attainment === null ? null : attainment >= 100 ? 'green' : attainment >= 80 ? 'amber' : 'red';

export const KPI_SORT_FIELDS = ['launchDay', 'name', 'revenue', 'units', 'adSpend', 'acos', 'attainment'] as const;

export const kpiFilters = z.object({
  /** A calendar month (default: this month) … */
  month: monthText.optional(),
  /** … or the N-th month after each project's launch (1 = the launch month); wins over `month`. */
  launchMonth: z.coerce.number().int().min(1).max(GOAL_MONTHS).optional(),
  keyword: z.string().trim().max(100).optional(),
  ownerId: idParam.optional(),
  deptId: idParam.optional(),
  runStatus: z.enum(RUN_STATUSES).optional(),
  /** One of the caller's shops: the figures of that shop only. */
  shopId: idParam.optional(),
  sortField: z.enum(KPI_SORT_FIELDS).default('attainment'),
  sortOrder: sortOrderSchema.default('desc'),
});
export type KpiFilters = z.infer<typeof kpiFilters>;

const nn = z.number().nullable();
export const kpiRowSchema = z.object({
  projectId: z.number().int(),
  code: z.string(),
  name: z.string(),
  ownerName: z.string().nullable(),
  deptName: z.string().nullable(),
  runStatus: z.enum(RUN_STATUSES),
  launchDay: z.string().nullable(),
  /** Days from the launch day to yesterday; null before launch or without one. */
  daysSinceLaunch: nn,
  /** The month shown (YYYY-MM) and which month after launch it is (1 = the launch month). */
  month: z.string().nullable(),
  monthIndex: nn,
  /** The days counted: the month from the launch day, to yesterday; null when none has passed. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  units: z.number(),
  revenue: z.number(),
  adSpend: z.number(),
  acos: nn,
  /** The month's goal as written on /gtmGoal; null without one. */
  goalUnits: nn,
  goalRevenue: nn,
  adBudget: nn,
  acosTarget: nn,
  /** The target of the days counted: /gtmData's rule (the month's goal pro-rated by days, else the flat target). */
  targetUnits: nn,
  targetRevenue: nn,
  /** The ad budget of the days counted. */
  budgetToDate: nn,
  unitsAttainment: nn,
  /** Revenue ÷ target revenue of the days counted, %. */
  attainment: nn,
  light: z.enum(KPI_LIGHTS).nullable(),
});
export type KpiRow = z.infer<typeof kpiRowSchema>;

export const kpiList = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/gtm-kpi`,
  access: 'gtm:kpi',
  summary: "Each GTM project's month (units, revenue, ad spend, ACoS) against its goal, in the caller's shops",
  tags,
  query: kpiFilters.extend(pagingQuery),
  data: pageSchema(kpiRowSchema),
});

export const kpiSummarySchema = z.object({
  month: z.string().nullable(),
  launchMonth: nn,
  projects: z.number().int(),
  green: z.number().int(),
  amber: z.number().int(),
  red: z.number().int(),
  /** Projects without a target for the days counted. */
  noTarget: z.number().int(),
  units: z.number(),
  revenue: z.number(),
  adSpend: z.number(),
  targetRevenue: nn,
  goalRevenue: nn,
  attainment: nn,
  /** Attainment per project with a target, best first (at most 30), for the chart. */
  chart: z.array(z.object({ projectId: z.number().int(), code: z.string(), name: z.string(), attainment: z.number() })),
});
export type KpiSummary = z.infer<typeof kpiSummarySchema>;

export const kpiSummary = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/gtm-kpi/summary`,
  access: 'gtm:kpi',
  summary: 'The KPI board: projects on track and behind, totals against the goals, attainment per project',
  tags,
  query: kpiFilters,
  data: kpiSummarySchema,
});

export const kpiExport = defineEndpoint({
  method: 'GET',
  path: `${SPEC}/project/gtm-kpi/export`,
  access: 'gtm:kpi:export',
  summary: 'The filtered KPI board as xlsx (streamed)',
  tags,
  binary: true,
  query: kpiFilters,
});
