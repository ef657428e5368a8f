import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, createdAt, serialId, version, writtenAt } from '../../db/columns';

/**
 * Saved reports (/report, docs/reports.md): an exportable endpoint with its filters, run on a
 * schedule in `time_zone` with the owner's rights at run time and mailed to the owner and the
 * recipients (users of the owner's account holding the export's permission).
 */
export const reportDefinitions = pgTable(
  'report_definitions',
  {
    ...accountRow(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    /** The contract endpoint: `GET product/rest/v1/products/excel`. */
    endpoint: text('endpoint').notNull(),
    params: jsonb('params').notNull().default({}),
    query: jsonb('query').notNull().default({}),
    /** daily | weekly | monthly */
    scheduleKind: text('schedule_kind').notNull(),
    /** HH:mm, local to time_zone. */
    scheduleTime: text('schedule_time').notNull(),
    weekday: integer('weekday'),
    monthDay: integer('month_day'),
    timeZone: text('time_zone').notNull(),
    recipients: integer('recipients').array().notNull().default(sql`'{}'::int[]`),
    enabled: boolean('enabled').notNull().default(true),
    /** The next scheduled instant (null while disabled). */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    /** The owner's language when saved: the file's headings and the mail follow it. */
    lang: text('lang'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    index('report_definitions_owner_idx').on(t.ownerId, t.id),
    index('report_definitions_due_idx').on(t.nextDueAt).where(sql`enabled`),
  ],
);

/**
 * One run of a report. (report_id, due_at) is unique: two schedulers (or a restart) that see
 * the same due instant insert one run, and only the one that inserted it runs and mails it.
 * mail_state none → sending → sent | failed is claimed before sending: a run is mailed at most once.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: serialId(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reportDefinitions.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** schedule | manual */
    trigger: text('trigger').notNull(),
    /** queued → running → done | failed */
    state: text('state').notNull().default('queued'),
    rows: integer('rows'),
    storedExportId: integer('stored_export_id'),
    fileName: text('file_name'),
    mailState: text('mail_state').notNull().default('none'),
    mailedTo: text('mailed_to').array().notNull().default(sql`'{}'::text[]`),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('report_runs_due_uq').on(t.reportId, t.dueAt)],
);
