import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, writtenAt } from '../../db/columns';

/**
 * Background work, claimed with FOR UPDATE SKIP LOCKED by any server process.
 * state: queued → running → done | failed (running → queued again on a retry); the back office
 * (/backMgr/backendAdmin) cancels a queued job (cancelled) and queues a failed or cancelled one again.
 * A running job belongs to locked_by until locked_until (the lease); a process that
 * dies leaves the lease to expire, and another process claims the job again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one unfinished job per key (recurring work, one fetch per mailbox). */
    dedupeKey: text('dedupe_key'),
    /** Set for recurring jobs: when one finishes, the next run is queued this many ms later. */
    repeatMs: integer('repeat_ms'),
    ...writtenAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_unfinished_uq').on(t.dedupeKey).where(sql`state IN ('queued', 'running')`),
    index('jobs_due_idx').on(t.runAt).where(sql`state = 'queued'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`state = 'running'`),
  ],
);

/**
 * A job's log: each state change and each failed attempt with its error, written by jobs.ts
 * where the state changes (and by the back office's retry and cancel, with who). Goes with
 * its job when the job is purged.
 */
export const jobEvents = pgTable(
  'job_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** queued, started, done, failed, retrying, requeued, cancelled, leaseExpired (contract JOB_EVENTS). */
    event: text('event').notNull(),
    attempt: integer('attempt').notNull().default(0),
    message: text('message'),
    /** The user who retried or cancelled; null for the worker. */
    byUserId: integer('by_user_id'),
  },
  (t) => [index('job_events_job_idx').on(t.jobId, t.id)],
);
