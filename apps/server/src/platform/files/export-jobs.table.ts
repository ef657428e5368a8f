import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, createdAt } from '../../db/columns';

/**
 * Background exports (docs/reports.md): one row per export a user queued. The file it made is
 * a stored export (`stored_export_id`); the platform job (`jobs`) that runs it is `job_id`.
 * state: queued → running → done | failed, queued | running → cancelled. At most one running
 * per user (the partial unique index holds it across processes).
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    ...accountRow(),
    userId: integer('user_id').notNull(),
    /** The contract endpoint: `GET product/rest/v1/products/excel`. */
    endpoint: text('endpoint').notNull(),
    params: jsonb('params').notNull().default({}),
    query: jsonb('query').notNull().default({}),
    /** The caller's language when queued (the file's headers follow it). */
    lang: text('lang'),
    state: text('state').notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsEstimated: integer('rows_estimated'),
    storedExportId: integer('stored_export_id'),
    fileName: text('file_name'),
    error: text('error'),
    errorCode: text('error_code'),
    jobId: integer('job_id'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('export_jobs_one_running_uq').on(t.userId).where(sql`state = 'running'`),
    index('export_jobs_user_idx').on(t.userId, t.createdAt),
  ],
);
