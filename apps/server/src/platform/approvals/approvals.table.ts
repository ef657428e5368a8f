import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, serialId, writtenAt } from '../../db/columns';

/**
 * One record's approval (platform/approvals, decisions.md "Approvals"): the flow's rules are
 * the contract's (approvals/approval-flow.ts); this row is their state. `status` holds spec
 * §4's code (1 NOT … 5 APPROVED); `approvers` the user ids per step, fixed at submission;
 * `votes` the current and earlier rounds' decisions; `version` rises with every action.
 */
export const approvals = pgTable(
  'approvals',
  {
    ...accountRow(),
    flow: text('flow').notNull(),
    /** The record under approval, in its area's own terms (a forecast's id, a project's id). */
    entityId: text('entity_id').notNull(),
    submitterId: integer('submitter_id').notNull(),
    status: smallint('status').notNull().default(1),
    step: integer('step').notNull().default(0),
    round: integer('round').notNull().default(0),
    approvers: jsonb('approvers').notNull().default([]),
    votes: jsonb('votes').notNull().default([]),
    version: integer('version').notNull().default(0),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('approvals_flow_entity_uq').on(t.flow, t.entityId),
    index('approvals_submitter_idx').on(t.submitterId, t.status),
  ],
);

/** Who is asked to act now: one row per approver of the current step who has not acted. */
export const approvalWaits = pgTable(
  'approval_waits',
  {
    approvalId: integer('approval_id').notNull(),
    userId: integer('user_id').notNull(),
    flow: text('flow').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.approvalId] }), index('approval_waits_approval_idx').on(t.approvalId)],
);

/** The timeline: every action with who, when, the status before and after, and the remark. */
export const approvalEvents = pgTable(
  'approval_events',
  {
    id: serialId(),
    approvalId: integer('approval_id').notNull(),
    action: text('action').notNull(),
    userId: integer('user_id').notNull(),
    /** The real user behind a god-view session, when there is one. */
    impersonatorUserId: integer('impersonator_user_id'),
    round: integer('round').notNull(),
    step: integer('step').notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    remark: text('remark'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_events_approval_idx').on(t.approvalId, t.id)],
);
