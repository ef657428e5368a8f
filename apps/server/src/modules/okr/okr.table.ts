import { index, integer, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRow, serialId, version, writtenAt } from '../../db/columns';

/**
 * OKR objectives (spec §2.6, docs/projects.md "OKR"): one per owner's aim in a quarter, on one
 * of the four lists (list_type 1 GTM, 0 key project, 21 development, 31 improvement), with the
 * owner's department as the organisation had it when saved and an optional linked project
 * (whose SKUs the measurable key results count). state: draft, published, closed.
 */
export const okrObjectives = pgTable(
  'okr_objectives',
  {
    ...accountRow(),
    listType: smallint('list_type').notNull(),
    /** 2026Q4 */
    quarter: text('quarter').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ownerId: integer('owner_id').notNull(),
    deptId: integer('dept_id'),
    projectId: integer('project_id'),
    state: text('state').notNull().default('draft'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...writtenAt(),
    version: version(),
  },
  (t) => [
    index('okr_objectives_list_idx').on(t.accountId, t.listType, t.quarter),
    index('okr_objectives_owner_idx').on(t.ownerId),
  ],
);

/**
 * Key results of an objective, in their order: a weight (1–100), a target and its unit; kind
 * measurable (metric: units, sales, adSpend, acos of the linked project's SKUs over the quarter)
 * or manual (hand_score and current: the last check-in's score and value).
 */
export const okrKeyResults = pgTable(
  'okr_key_results',
  {
    id: serialId(),
    objectiveId: integer('objective_id')
      .notNull()
      .references(() => okrObjectives.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    title: text('title').notNull(),
    weight: smallint('weight').notNull().default(1),
    kind: text('kind').notNull(),
    metric: text('metric'),
    target: numeric('target', { precision: 16, scale: 2 }).notNull().default('0'),
    unit: text('unit').notNull().default(''),
    handScore: numeric('hand_score', { precision: 4, scale: 3 }),
    current: numeric('current', { precision: 16, scale: 2 }),
    ...writtenAt(),
    version: version(),
  },
  (t) => [index('okr_key_results_objective_idx').on(t.objectiveId, t.position)],
);

/** Progress reported on a key result: who (and the real person under god view), when, the value, the score, a comment. */
export const okrCheckins = pgTable(
  'okr_checkins',
  {
    id: serialId(),
    keyResultId: integer('key_result_id')
      .notNull()
      .references(() => okrKeyResults.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    impersonatorUserId: integer('impersonator_user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    value: numeric('value', { precision: 16, scale: 2 }),
    score: numeric('score', { precision: 4, scale: 3 }),
    comment: text('comment').notNull().default(''),
  },
  (t) => [index('okr_checkins_kr_idx').on(t.keyResultId, t.at)],
);
