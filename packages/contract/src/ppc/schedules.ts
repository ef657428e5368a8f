/**
 * Dayparting bid schedules (/cpc-scheduling): a 7 × 24 grid (weekday Monday … Sunday × hour,
 * in the marketplace's local time) of multipliers in percent. At each hour boundary the
 * hour's multiplier is applied to the BASE value of every entity in scope (the value before
 * the schedule took it over, kept per entity; never compounding), through the one change
 * path (source `schedule`), so every change is in the history and can be undone.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery } from '../envelope';
import { fieldCode } from '../validation';
import { applyResultSchema, changeSchema } from './changes';

const tags = ['ppc'];

/** Smallest and largest multiplier: 0 % would pause the entity, which a schedule may not do. */
export const SCHEDULE_MIN_PCT = 10;
export const SCHEDULE_MAX_PCT = 300;
export const SCHEDULE_STATES = ['enabled', 'paused'] as const;
export const SCHEDULE_CAMPAIGN_TYPES = ['sp', 'sb', 'sd'] as const;

const pct = z
  .number()
  .int(fieldCode('ppc.wholePercent'))
  .min(SCHEDULE_MIN_PCT, fieldCode('ppc.multiplierMin'))
  .max(SCHEDULE_MAX_PCT, fieldCode('ppc.multiplierMax'));

/** Seven rows (Monday first) of 24 hourly multipliers in percent (100 = the base value). */
export const scheduleGrid = z.array(z.array(pct).length(24, fieldCode('ppc.dayHours'))).length(7, fieldCode('ppc.weekDays'));
export type ScheduleGrid = z.infer<typeof scheduleGrid>;

export const scheduleScope = z
  .object({
    /** The campaign types in scope. */
    campaignTypes: z.array(z.enum(SCHEDULE_CAMPAIGN_TYPES)).min(1).max(3),
    /** Campaigns chosen by id (of the shop and the types); empty: every campaign of the shop matching `nameFilter`. */
    campaignIds: z.array(idValue).max(500).default([]),
    /** Campaign name contains (case-insensitive); only when no campaign is chosen by id. */
    nameFilter: z.string().trim().max(100).default(''),
    /** Bids: only keywords whose text contains this (targets are then left out). */
    keywordFilter: z.string().trim().max(100).default(''),
  })
  .strict();

export const scheduleAdjust = z
  .object({
    /** Bids of the keywords and targets of the campaigns in scope. */
    bids: z.boolean(),
    /** Daily budgets of the campaigns in scope. */
    budgets: z.boolean(),
  })
  .strict()
  .refine((a) => a.bids || a.budgets, { message: fieldCode('ppc.bidsOrBudgets') });

const scheduleFields = {
  name: z.string().trim().min(1).max(100),
  shopId: idValue,
  scope: scheduleScope,
  adjust: scheduleAdjust,
  grid: scheduleGrid,
  state: z.enum(SCHEDULE_STATES).default('enabled'),
};

export const scheduleBody = z.object(scheduleFields).strict();
export const scheduleUpdateBody = z.object({ ...scheduleFields, version: idValue }).strict();

export const scheduleRunSchema = z.object({
  id: z.number().int(),
  /** schedule (the hourly job) | manual (run now) | restore (paused, deleted or out of scope) */
  trigger: z.enum(['schedule', 'manual', 'restore']),
  /** The hour (UTC, ISO) the run is for; null for a manual run or a restore. */
  hourStart: z.string().nullable(),
  /** The marketplace-local weekday (0 = Monday) and hour applied. */
  weekday: z.number().int().nullable(),
  hour: z.number().int().nullable(),
  pct: z.number().int().nullable(),
  status: z.enum(['done', 'failed']),
  entities: z.number().int(),
  changed: z.number().int(),
  rebased: z.number().int(),
  message: z.string().nullable(),
  batchId: z.number().int().nullable(),
  userName: z.string().nullable(),
  startedAt: z.string(),
});
export type ScheduleRun = z.infer<typeof scheduleRunSchema>;

export const scheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  currency: z.string(),
  /** The marketplace's time zone the grid is read in. */
  timeZone: z.string(),
  scope: z.object({
    campaignTypes: z.array(z.enum(SCHEDULE_CAMPAIGN_TYPES)),
    campaignIds: z.array(z.number().int()),
    nameFilter: z.string(),
    keywordFilter: z.string(),
  }),
  adjust: z.object({ bids: z.boolean(), budgets: z.boolean() }),
  grid: z.array(z.array(z.number().int())),
  state: z.enum(SCHEDULE_STATES),
  /** Entities whose base value the schedule holds now. */
  entities: z.number().int(),
  lastRun: scheduleRunSchema.nullable(),
  createdBy: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const listSchedules = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/schedules',
  access: 'ppc:report',
  summary: 'The bid schedules of the shops the caller may see',
  tags,
  query: z.object({
    shopId: idParam.optional(),
    state: z.enum(SCHEDULE_STATES).optional(),
    name: z.string().trim().max(100).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(scheduleSchema),
});

export const getSchedule = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/schedules/{id}',
  access: 'ppc:report',
  summary: 'One bid schedule',
  tags,
  params: z.object({ id: idParam }),
  data: scheduleSchema,
});

export const createSchedule = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/schedules',
  access: 'ppc:report:create',
  summary: 'Create a bid schedule (an enabled one takes effect at the next run of the hourly job)',
  tags,
  write: true,
  body: scheduleBody,
  data: scheduleSchema,
});

export const updateSchedule = defineEndpoint({
  method: 'PUT',
  path: 'ppc/rest/v1/schedules/{id}',
  access: 'ppc:report:edit',
  summary:
    'Change a bid schedule (optimistic version; 409 when stale); entities no longer in scope, or every entity when it is paused, get their base value back',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: scheduleUpdateBody,
  data: scheduleSchema,
});

export const setScheduleState = defineEndpoint({
  method: 'PUT',
  path: 'ppc/rest/v1/schedules/{id}/state',
  access: 'ppc:report:edit',
  summary:
    'Enable or pause a bid schedule; pausing restores the base values in one batch (252 in demo mode when it changed some)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z.object({ state: z.enum(SCHEDULE_STATES), version: idValue }).strict(),
  data: scheduleSchema,
});

export const deleteSchedule = defineEndpoint({
  method: 'DELETE',
  path: 'ppc/rest/v1/schedules/{id}',
  access: 'ppc:report:delete',
  summary: 'Delete a bid schedule; its base values are restored in one batch and its runs kept for the history',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

export const runSchedule = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/schedules/{id}/run',
  access: 'ppc:report:edit',
  summary: "Apply the current hour's multiplier now (an enabled schedule); 252 in demo mode when it changed something",
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: scheduleRunSchema,
});

export const previewRowSchema = z.object({
  entityType: z.enum(['campaign', 'keyword', 'target']),
  entityId: z.number().int(),
  entityName: z.string(),
  campaignType: z.string(),
  field: z.enum(['daily_budget', 'bid']),
  current: z.number(),
  /** The base the multiplier applies to: the stored base, or the current value for an entity not yet taken over. */
  base: z.number(),
  /** The value the hour sets (base × pct, rounded to cents, within the marketplace limits). */
  next: z.number(),
  /** The entity is governed by another schedule already and is left alone. */
  otherSchedule: z.string().nullable(),
});

export const previewSchedule = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/schedules/preview',
  access: 'ppc:report',
  summary: 'What the next hour would set per entity for a schedule being written (with `id`: using its stored base values)',
  tags,
  body: z.object({ ...scheduleFields, id: idValue.optional() }).strict(),
  data: z.object({
    timeZone: z.string(),
    /** The next hour in the marketplace's local time: yyyy-MM-dd HH:00, weekday 0 = Monday. */
    localTime: z.string(),
    weekday: z.number().int(),
    hour: z.number().int(),
    pct: z.number().int(),
    currency: z.string(),
    total: z.number().int(),
    /** At most 200 rows. */
    rows: z.array(previewRowSchema),
  }),
});

export const listScheduleRuns = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/schedules/{id}/runs',
  access: 'ppc:report',
  summary: "A schedule's runs, newest first",
  tags,
  params: z.object({ id: idParam }),
  query: z.object({ ...pagingQuery }),
  data: pageSchema(scheduleRunSchema),
});

export const listScheduleChanges = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/schedules/{id}/changes',
  access: 'ppc:report',
  summary: 'The changes the schedule made (and their undos), newest first',
  tags,
  params: z.object({ id: idParam }),
  query: z.object({ ...pagingQuery }),
  data: pageSchema(changeSchema),
});

export const undoScheduleChanges = defineEndpoint({
  method: 'POST',
  path: 'ppc/rest/v1/schedules/{id}/undo',
  access: 'ppc:report:edit',
  summary:
    "Undo a run's batch or some of the schedule's changes, all or none (409 when an entity changed since); the schedule keeps its base values and applies the next hour as usual; 252 in demo mode",
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z
    .object({ changeIds: z.array(idValue).min(1).max(1000).optional(), batchId: idValue.optional() })
    .strict()
    .refine((b) => Boolean(b.changeIds) !== Boolean(b.batchId), {
      message: fieldCode('oneOf'),
      params: { a: 'changeIds', b: 'batchId' },
    }),
  data: applyResultSchema,
});

export const scheduleCampaigns = defineEndpoint({
  method: 'GET',
  path: 'ppc/rest/v1/schedules/campaigns',
  access: 'ppc:report',
  summary: 'The campaigns of a visible shop a schedule can choose (not archived, at most 1000, by name)',
  tags,
  query: z.object({ shopId: idParam }),
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      campaignType: z.enum(SCHEDULE_CAMPAIGN_TYPES),
      state: z.string(),
      dailyBudget: z.number(),
    }),
  ),
});
