/**
 * Rules of the rule engine (see ../README.md "Rules") and their runs. A rule judges the
 * metrics of its level's entities over a settled window and changes them through
 * `applyChanges`; every real run is stored here, its changes in ppc_changes (rule_run_id).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountRow, serialId, version, writtenAt } from '../../../db/columns';

export const ppcRules = pgTable(
  'ppc_rules',
  {
    ...accountRow(),
    name: text('name').notNull(),
    /** rule | advanced (OR groups) | smart (bid toward a target ACoS) */
    kind: text('kind').notNull().default('rule'),
    /** campaign | ad_group | keyword | target */
    level: text('level').notNull(),
    /** Shops, campaign type, campaigns and campaign-name label the rule may touch. */
    scope: jsonb('scope').notNull(),
    windowDays: smallint('window_days').notNull(),
    /** OR of AND groups of { metric, op, value }. */
    conditions: jsonb('conditions').notNull(),
    action: jsonb('action').notNull(),
    /** UTC hour of the daily run; null: run on demand only. */
    scheduleHour: smallint('schedule_hour'),
    enabled: boolean('enabled').notNull().default(false),
    cooldownDays: smallint('cooldown_days').notNull().default(7),
    maxChanges: integer('max_changes').notNull().default(1000),
    /** Largest total |after − before| of bids and budgets in one run (marketplace currency); null: no cap. */
    maxDelta: numeric('max_delta', { precision: 14, scale: 2 }),
    createdBy: integer('created_by').notNull(),
    version: version(),
    ...writtenAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('ppc_rules_account_idx').on(t.accountId, t.level)],
);

export const ppcRuleRuns = pgTable(
  'ppc_rule_runs',
  {
    id: serialId(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => ppcRules.id),
    /** manual | schedule */
    trigger: text('trigger').notNull(),
    /** The day a scheduled run is for: one scheduled run per rule and day, whichever process runs it. */
    scheduledFor: date('scheduled_for', { mode: 'string' }),
    userId: integer('user_id'),
    /** running | done | capped | failed */
    status: text('status').notNull().default('running'),
    windowStart: date('window_start', { mode: 'string' }),
    windowEnd: date('window_end', { mode: 'string' }),
    matched: integer('matched').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    capped: boolean('capped').notNull().default(false),
    message: text('message'),
    error: text('error'),
    batchId: integer('batch_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ppc_rule_runs_rule_idx').on(t.ruleId, t.id),
    uniqueIndex('ppc_rule_runs_scheduled_uq').on(t.ruleId, t.scheduledFor).where(sql`scheduled_for IS NOT NULL`),
  ],
);
