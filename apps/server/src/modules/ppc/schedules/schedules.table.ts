/**
 * Dayparting bid schedules (see ../README.md "Bid schedules"): the schedule with its 7 × 24
 * grid of multipliers, the base value it keeps per entity and field it governs, and its runs
 * (one per schedule and hour, whichever process gets there first).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, serialId, updatedAt, version, writtenAt } from '../../../db/columns';

export const ppcSchedules = pgTable(
  'ppc_schedules',
  {
    ...accountRow(),
    shopId: integer('shop_id').notNull(),
    name: text('name').notNull(),
    /** { campaignTypes, campaignIds, nameFilter, keywordFilter } */
    scope: jsonb('scope').notNull(),
    /** { bids, budgets } */
    adjust: jsonb('adjust').notNull(),
    /** 7 rows (Monday first) × 24 whole percents, in the marketplace's local time. */
    grid: jsonb('grid').notNull(),
    /** enabled | paused */
    state: text('state').notNull().default('enabled'),
    createdBy: integer('created_by').notNull(),
    version: version(),
    ...writtenAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('ppc_schedules_shop_idx').on(t.shopId, t.id)],
);

/**
 * The base value of one field of one entity under a schedule: the value before the schedule
 * took it over, or the value a user (or an undo) left after the schedule's last change.
 * An entity's field is governed by one schedule at a time (unique).
 */
export const ppcScheduleBases = pgTable(
  'ppc_schedule_bases',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => ppcSchedules.id),
    /** campaign | keyword | target */
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    /** daily_budget | bid */
    field: text('field').notNull(),
    base: numeric('base', { precision: 14, scale: 2 }).notNull(),
    /** The value the schedule last set (null: none yet). Another value now means someone else changed it. */
    lastSet: numeric('last_set', { precision: 14, scale: 2 }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.entityType, t.entityId, t.field] }),
    uniqueIndex('ppc_schedule_bases_entity_uq').on(t.entityType, t.entityId, t.field),
  ],
);

export const ppcScheduleRuns = pgTable(
  'ppc_schedule_runs',
  {
    id: serialId(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => ppcSchedules.id),
    /** schedule | manual | restore */
    trigger: text('trigger').notNull(),
    /** The UTC hour an hourly run is for: one per schedule and hour across processes. */
    hourStart: timestamp('hour_start', { withTimezone: true }),
    weekday: smallint('weekday'),
    hour: smallint('hour'),
    pct: smallint('pct'),
    /** done | failed */
    status: text('status').notNull().default('done'),
    entities: integer('entities').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    rebased: integer('rebased').notNull().default(0),
    message: text('message'),
    batchId: integer('batch_id'),
    userId: integer('user_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ppc_schedule_runs_schedule_idx').on(t.scheduleId, t.id),
    uniqueIndex('ppc_schedule_runs_hour_uq').on(t.scheduleId, t.hourStart).where(sql`hour_start IS NOT NULL`),
  ],
);
