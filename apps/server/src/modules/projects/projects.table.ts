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
import { accountRow, createdAt, serialId, updatedAt, version, writtenAt } from '../../db/columns';

/**
 * Projects of the five types (spec §3, §4; docs/projects.md). The common fields are columns,
 * the type's own fields the typed JSON `details` (the contract's DETAILS_OF checks it). People
 * are users of the account (the approval engine addresses users). `approval_status` mirrors the
 * engine's row (approvals, flow 'project') for lists and filters; the engine's row is the truth.
 * `version` rises with every change (optimistic lock).
 */
export const projects = pgTable(
  'projects',
  {
    ...accountRow(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    ownerId: integer('owner_id').notNull(),
    memberIds: integer('member_ids').array().notNull().default(sql`'{}'::int[]`),
    ccIds: integer('cc_ids').array().notNull().default(sql`'{}'::int[]`),
    deptId: integer('dept_id'),
    priority: text('priority').notNull().default('P2'),
    stage: text('stage').notNull().default('DB'),
    scheduleStatus: text('schedule_status').notNull().default('DRAFT'),
    runStatus: text('run_status').notNull().default('NOT_START'),
    approvalStatus: smallint('approval_status').notNull().default(1),
    description: text('description').notNull().default(''),
    /** Spec §9's date types: { OPEN_TIME: 'yyyy-MM-dd', … }. */
    dates: jsonb('dates').notNull().default({}),
    skus: text('skus').array().notNull().default(sql`'{}'::text[]`),
    /** Spec §9's metric codes: { TOTAL_BUDGET: 12000.5, … }. */
    metrics: jsonb('metrics').notNull().default({}),
    details: jsonb('details').notNull().default({}),
    /** The external project tool's project: { externalId, url, linkedBy, linkedAt }; null while unlinked. */
    externalLink: jsonb('external_link'),
    version: version(),
    createdBy: integer('created_by').notNull(),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('projects_code_uq').on(t.accountId, t.code),
    index('projects_list_idx').on(t.accountId, t.updatedAt),
    index('projects_type_idx').on(t.accountId, t.type, t.updatedAt),
    index('projects_owner_idx').on(t.ownerId),
    index('projects_members_gin').using('gin', t.memberIds),
  ],
);

/** Every change of a project (and of its todos and events), with the fields before and after. */
export const projectLogs = pgTable(
  'project_logs',
  {
    id: serialId(),
    projectId: integer('project_id').notNull(),
    action: text('action').notNull(),
    userId: integer('user_id').notNull(),
    impersonatorUserId: integer('impersonator_user_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_logs_project_idx').on(t.projectId, t.id)],
);

export const projectEvents = pgTable(
  'project_events',
  {
    id: serialId(),
    projectId: integer('project_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('project_events_project_idx').on(t.projectId, t.eventDate)],
);

/** Overdue is derived (not done and due before today), never stored. */
export const projectTodos = pgTable(
  'project_todos',
  {
    id: serialId(),
    projectId: integer('project_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    assigneeId: integer('assignee_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    remindAt: date('remind_at', { mode: 'string' }),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    version: version(),
    createdAt: createdAt(),
    /** The last change (a shared chat task shows it). */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('project_todos_project_idx').on(t.projectId, t.done, t.dueDate),
    index('project_todos_assignee_idx').on(t.assigneeId, t.done),
  ],
);

/**
 * Warnings on a project: raised by the job (`source` names the cause, `todo:12` or `node:D2`,
 * one warning per cause ever) or written by the team (`source` null). Resolved through their
 * status (the contract's WARNING_MACHINE); `version` for the optimistic lock.
 */
export const projectWarnings = pgTable(
  'project_warnings',
  {
    id: serialId(),
    projectId: integer('project_id').notNull(),
    /** todo | node (raised) | kpi | other (written) */
    kind: text('kind').notNull(),
    /** info | warning | critical */
    level: text('level').notNull().default('warning'),
    message: text('message').notNull(),
    source: text('source'),
    dueDate: date('due_date', { mode: 'string' }),
    /** open | acknowledged | resolved */
    status: text('status').notNull().default('open'),
    createdBy: integer('created_by'),
    version: version(),
    ...writtenAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('project_warnings_project_idx').on(t.projectId, t.status),
    index('project_warnings_status_idx').on(t.status, t.createdAt),
    uniqueIndex('project_warnings_source_uq').on(t.projectId, t.source),
  ],
);

/**
 * A project's nodes: one row per stage gate (DB … D5) once planned or reported, and RESULT for
 * the result bonus. A node's bonus is earned when it is reached; RESULT's when the project completes.
 */
export const projectNodes = pgTable(
  'project_nodes',
  {
    id: serialId(),
    projectId: integer('project_id').notNull(),
    node: text('node').notNull(),
    planDate: date('plan_date', { mode: 'string' }),
    reachedDate: date('reached_date', { mode: 'string' }),
    bonus: numeric('bonus', { precision: 14, scale: 2 }).notNull().default('0'),
    remark: text('remark').notNull().default(''),
    reportedBy: integer('reported_by'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('project_nodes_uq').on(t.projectId, t.node),
    index('project_nodes_due_idx').on(t.planDate).where(sql`reached_date IS NULL`),
  ],
);

/** Documents of a project (research), kept in the file store (purpose `research`, entity `project:{id}`). */
export const projectFiles = pgTable(
  'project_files',
  {
    id: serialId(),
    projectId: integer('project_id').notNull(),
    fileId: integer('file_id').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_files_uq').on(t.projectId, t.fileId)],
);
