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
import { accountRow, serialId, version, writtenAt } from '../../db/columns';

/**
 * Company values (docs/growth.md "Values"): names in both languages, unique per account
 * case-insensitively, a description, the behaviours (a text list), an order and whether new
 * cycles score it.
 */
export const growthValues = pgTable(
  'growth_values',
  {
    ...accountRow(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description').notNull().default(''),
    behaviours: jsonb('behaviours').$type<string[]>().notNull().default([]),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    updatedBy: integer('updated_by'),
    ...writtenAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('growth_values_name_zh_uq').on(t.accountId, sql`lower(${t.nameZh})`),
    uniqueIndex('growth_values_name_en_uq').on(t.accountId, sql`lower(${t.nameEn})`),
  ],
);

/**
 * A review cycle: one per account and quarter, open or closed, with the dimensions its reviews
 * score (the active values when it opened, kept so that a later change of the values does not
 * change a running review).
 */
export const growthCycles = pgTable(
  'growth_cycles',
  {
    ...accountRow(),
    quarter: text('quarter').notNull(),
    state: text('state').notNull().default('open'),
    dimensions: jsonb('dimensions').notNull().default([]),
    openedBy: integer('opened_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...writtenAt(),
    version: version(),
  },
  (t) => [uniqueIndex('growth_cycles_quarter_uq').on(t.accountId, t.quarter)],
);

/**
 * One employee's review in a cycle (unique per cycle and user): the leader resolved when the
 * cycle opened, the department's name then, the state (REVIEW_MACHINE), the self part, the
 * leader part with the final rating, the last return remark and the acknowledgement.
 */
export const growthReviews = pgTable(
  'growth_reviews',
  {
    id: serialId(),
    accountId: integer('account_id').notNull(),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => growthCycles.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull(),
    leaderId: integer('leader_id'),
    deptName: text('dept_name'),
    state: text('state').notNull().default('draft'),
    selfGoals: text('self_goals').notNull().default(''),
    selfAchievements: text('self_achievements').notNull().default(''),
    selfComments: text('self_comments').notNull().default(''),
    selfScores: jsonb('self_scores').notNull().default([]),
    selfSubmittedAt: timestamp('self_submitted_at', { withTimezone: true }),
    leaderScores: jsonb('leader_scores').notNull().default([]),
    leaderComments: text('leader_comments').notNull().default(''),
    rating: smallint('rating'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    returnRemark: text('return_remark'),
    ackComment: text('ack_comment'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    ...writtenAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('growth_reviews_cycle_employee_uq').on(t.cycleId, t.employeeId),
    index('growth_reviews_employee_idx').on(t.employeeId),
    index('growth_reviews_leader_idx').on(t.leaderId),
  ],
);

/** The moves of a review (its timeline): action, states, who (and the real person under god view), remark. */
export const growthReviewEvents = pgTable(
  'growth_review_events',
  {
    id: serialId(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => growthReviews.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    userId: integer('user_id').notNull(),
    impersonatorUserId: integer('impersonator_user_id'),
    remark: text('remark').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('growth_review_events_review_idx').on(t.reviewId, t.at)],
);

/**
 * A study record (docs/growth.md "Study records"): one employee's course, book, training,
 * certification or conference with its hours, state (STUDY_MACHINE) and who confirmed it.
 */
export const growthStudy = pgTable(
  'growth_study',
  {
    ...accountRow(),
    employeeId: integer('employee_id').notNull(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    provider: text('provider').notNull().default(''),
    hours: numeric('hours', { precision: 5, scale: 1 }).notNull(),
    startDay: date('start_day', { mode: 'string' }),
    endDay: date('end_day', { mode: 'string' }),
    state: text('state').notNull().default('planned'),
    link: text('link'),
    note: text('note').notNull().default(''),
    confirmedBy: integer('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    returnRemark: text('return_remark'),
    ...writtenAt(),
    version: version(),
  },
  (t) => [
    index('growth_study_employee_idx').on(t.accountId, t.employeeId),
    index('growth_study_account_state_idx').on(t.accountId, t.state),
  ],
);
