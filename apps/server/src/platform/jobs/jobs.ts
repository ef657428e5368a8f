/**
 * Background jobs in PostgreSQL. `enqueue` runs inside the caller's transaction, so a job
 * exists exactly when the business change that asked for it committed. Every server
 * process may run a JobWorker: it claims due jobs with FOR UPDATE SKIP LOCKED (two
 * workers never get the same job), holds a lease it renews while the handler runs, and
 * records the outcome. A failed attempt is retried with exponential backoff until
 * max_attempts; a job whose lease expired (its process died) is claimed again.
 * Handlers must therefore be safe to run again after a crash (see mail sending).
 * Every state change also writes a line of the job's log (job_events) in the same statement
 * or transaction, so the back office (/backMgr/backendAdmin) shows what happened and when.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorText } from '../../db/pg-text';

export interface EnqueueOptions {
  /** Earliest start; default now. */
  delayMs?: number;
  maxAttempts?: number;
  /** While a job with this key is queued or running, enqueueing another is a no-op. */
  dedupeKey?: string;
  /** Recurring: queue the next run this many ms after each run finishes. */
  repeatMs?: number;
}

export type JobRow = {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  repeat_ms: number | null;
  dedupe_key: string | null;
};

/** Queues a job in the caller's transaction. Answers its id, or null when the dedupe key was taken. */
export async function enqueue(db: DbOrTx, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<number | null> {
  const res = await db.execute<{ id: number }>(sql`
    WITH j AS (
      INSERT INTO jobs (kind, payload, run_at, max_attempts, dedupe_key, repeat_ms)
      VALUES (${kind}, ${JSON.stringify(payload ?? {})}::jsonb, now() + make_interval(secs => ${(opts.delayMs ?? 0) / 1000}),
              ${opts.maxAttempts ?? 5}, ${opts.dedupeKey ?? null}, ${opts.repeatMs ?? null})
      ON CONFLICT (dedupe_key) WHERE state IN ('queued', 'running') DO NOTHING
      RETURNING id),
    e AS (INSERT INTO job_events (job_id, event) SELECT id, 'queued' FROM j)
    SELECT id FROM j`);
  return res.rows[0]?.id ?? null;
}

export interface JobContext {
  jobId: number;
  /** 1 on the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the worker stops; long handlers should give up at a safe point. */
  signal: AbortSignal;
}
export type JobHandler = (payload: unknown, job: JobContext) => Promise<void>;

/** A failure that retrying cannot cure: the job fails at once. */
export class PermanentJobError extends Error {}

export interface WorkerOptions {
  pollMs?: number;
  leaseMs?: number;
  concurrency?: number;
  /** First retry delay; doubles per attempt, capped at maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  workerId?: string;
}

interface Recurring {
  kind: string;
  everyMs: number;
  payload: unknown;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

export const backoffDelay = (attempt: number, base: number, cap: number) => {
  const exp = Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
  // ±20 % jitter so that jobs failing together do not retry together.
  return Math.round(exp * (0.8 + Math.random() * 0.4));
};

export class JobWorker {
  readonly id: string;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring: Recurring[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private stopping: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private readonly opts: Required<Omit<WorkerOptions, 'workerId'>>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    opts: WorkerOptions = {},
  ) {
    this.id = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.opts = {
      pollMs: opts.pollMs ?? 1000,
      leaseMs: opts.leaseMs ?? 5 * 60_000,
      concurrency: opts.concurrency ?? 2,
      backoffMs: opts.backoffMs ?? 5_000,
      maxBackoffMs: opts.maxBackoffMs ?? 60 * 60_000,
    };
  }

  register(kind: string, handler: JobHandler): this {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, handler);
    return this;
  }

  /** Runs `kind` every `everyMs`; however many processes start, one run is queued at a time. */
  every(kind: string, everyMs: number, payload: unknown = {}): this {
    this.recurring.push({ kind, everyMs, payload });
    return this;
  }

  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  get running(): boolean {
    return this.loop !== null;
  }

  /** Queues the first run of each recurring job unless one is already queued or running. */
  async ensureRecurring(): Promise<void> {
    for (const r of this.recurring) {
      await enqueue(this.db, r.kind, r.payload, { dedupeKey: `recurring:${r.kind}`, repeatMs: r.everyMs });
    }
  }

  start(): void {
    if (this.loop) return;
    const ctrl = new AbortController();
    this.stopping = ctrl;
    this.loop = this.run(ctrl.signal);
  }

  /**
   * Stops claiming, then waits up to `graceMs` for running handlers. A handler still
   * running after that keeps its lease until it expires; another process then retries it.
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.loop || !this.stopping) return;
    this.stopping.abort();
    await this.loop;
    const settled = Promise.allSettled([...this.inFlight]);
    await Promise.race([settled, sleep(graceMs)]);
    this.loop = null;
    this.stopping = null;
  }

  /**
   * Forgets finished jobs (and their logs): done after 7 days, failed and cancelled after 30
   * (the failures stay long enough to be looked at). Any process may run it; running it
   * twice deletes nothing twice.
   */
  async purge(): Promise<number> {
    const res = await this.db.execute(sql`
      DELETE FROM jobs WHERE (state = 'done' AND finished_at < now() - interval '7 days')
                          OR (state IN ('failed', 'cancelled') AND finished_at < now() - interval '30 days')`);
    return res.rowCount ?? 0;
  }

  private async run(signal: AbortSignal): Promise<void> {
    try {
      await this.ensureRecurring();
    } catch (err) {
      this.log.error({ err }, 'jobs: could not queue recurring jobs');
    }
    let lastPurge = 0;
    while (!signal.aborted) {
      if (Date.now() - lastPurge > 60 * 60_000) {
        lastPurge = Date.now();
        await this.purge().catch((err) => this.log.warn({ err }, 'jobs: purge failed'));
      }
      let claimed = 0;
      try {
        while (!signal.aborted && this.inFlight.size < this.opts.concurrency) {
          const job = await this.claim();
          if (!job) break;
          claimed++;
          this.track(this.execute(job, signal));
        }
      } catch (err) {
        this.log.error({ err }, 'jobs: claiming failed');
      }
      if (signal.aborted) break;
      // Full: wait for a slot. Idle: wait for the next poll.
      if (this.inFlight.size >= this.opts.concurrency) await Promise.race([...this.inFlight, sleep(this.opts.pollMs, signal)]);
      else if (claimed === 0) await sleep(this.opts.pollMs, signal);
    }
  }

  private track(p: Promise<void>) {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  /**
   * Claims due jobs and runs them to completion, without the polling loop: for tests and
   * for one-off runs. Answers how many jobs ran.
   */
  async drain(limit = 1000): Promise<number> {
    let n = 0;
    const ctrl = new AbortController();
    while (n < limit) {
      const job = await this.claim();
      if (!job) break;
      await this.execute(job, ctrl.signal);
      n++;
    }
    return n;
  }

  /** One due job of a registered kind, now leased to this worker (or null). */
  async claim(): Promise<JobRow | null> {
    const kinds = this.kinds;
    if (kinds.length === 0) return null;
    const kindList = JSON.stringify(kinds);
    // A job whose lease expired after its last attempt has used up its tries.
    const expired = 'lease expired on the last attempt (the worker died or hung)';
    await this.db.execute(sql`
      WITH x AS (
        UPDATE jobs SET state = 'failed', finished_at = now(), updated_at = now(), locked_by = NULL, locked_until = NULL,
               last_error = coalesce(last_error || ' / ', '') || ${expired}
         WHERE state = 'running' AND locked_until < now() AND attempts >= max_attempts
        RETURNING id, attempts)
      INSERT INTO job_events (job_id, event, attempt, message) SELECT id, 'leaseExpired', attempts, ${expired} FROM x`);
    const res = await this.db.execute<JobRow>(sql`
      WITH c AS (
        UPDATE jobs SET state = 'running', locked_by = ${this.id},
               locked_until = now() + make_interval(secs => ${this.opts.leaseMs / 1000}),
               attempts = attempts + 1, updated_at = now()
         WHERE id = (
           SELECT id FROM jobs
            WHERE kind IN (SELECT jsonb_array_elements_text(${kindList}::jsonb))
              AND ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
            ORDER BY run_at, id
            LIMIT 1
            FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts, repeat_ms, dedupe_key),
      e AS (INSERT INTO job_events (job_id, event, attempt, message) SELECT id, 'started', attempts, ${this.id} FROM c)
      SELECT * FROM c`);
    return res.rows[0] ?? null;
  }

  private async execute(job: JobRow, stopSignal: AbortSignal): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const renew = setInterval(
      () => {
        void this.db
          .execute(sql`UPDATE jobs SET locked_until = now() + make_interval(secs => ${this.opts.leaseMs / 1000})
                        WHERE id = ${job.id} AND locked_by = ${this.id} AND state = 'running'`)
          .catch((err) => this.log.warn({ err, jobId: job.id }, 'jobs: lease renewal failed'));
      },
      Math.max(50, Math.floor(this.opts.leaseMs / 3)),
    );
    try {
      if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts, signal: stopSignal });
      clearInterval(renew);
      await this.finish(job, 'done', null);
    } catch (err) {
      clearInterval(renew);
      // Storable even when it quotes a stranger's bytes (a NUL would make recording the failure fail too).
      const message = pgErrorText(err);
      const final = err instanceof PermanentJobError || job.attempts >= job.max_attempts;
      this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'jobs: attempt failed');
      try {
        if (final) await this.finish(job, 'failed', message);
        else {
          const delay = backoffDelay(job.attempts, this.opts.backoffMs, this.opts.maxBackoffMs);
          await this.db.execute(sql`
            WITH r AS (
              UPDATE jobs SET state = 'queued', run_at = now() + make_interval(secs => ${delay / 1000}),
                     last_error = ${message.slice(0, 2000)}, locked_by = NULL, locked_until = NULL, updated_at = now()
               WHERE id = ${job.id} AND locked_by = ${this.id} AND state = 'running'
              RETURNING id)
            INSERT INTO job_events (job_id, event, attempt, message)
            SELECT id, 'retrying', ${job.attempts}, ${message.slice(0, 2000)} FROM r`);
        }
      } catch (e) {
        this.log.error({ err: e, jobId: job.id }, 'jobs: could not record the failure');
      }
    }
  }

  /** Records the outcome; a recurring job queues its next run in the same transaction. */
  private async finish(job: JobRow, state: 'done' | 'failed', error: string | null) {
    await this.db.transaction(async (tx) => {
      const res = await tx.execute(sql`
        UPDATE jobs SET state = ${state}, finished_at = now(), updated_at = now(), locked_by = NULL, locked_until = NULL,
               last_error = coalesce(${error?.slice(0, 2000) ?? null}, last_error)
         WHERE id = ${job.id} AND locked_by = ${this.id} AND state = 'running'`);
      // Lost the lease meanwhile (another worker re-claimed it): that worker owns the outcome.
      if ((res.rowCount ?? 0) === 0) return;
      await tx.execute(sql`INSERT INTO job_events (job_id, event, attempt, message)
                           VALUES (${job.id}, ${state}, ${job.attempts}, ${error?.slice(0, 2000) ?? null})`);
      if (job.repeat_ms) {
        await enqueue(tx, job.kind, job.payload, {
          delayMs: job.repeat_ms,
          dedupeKey: job.dedupe_key ?? undefined,
          repeatMs: job.repeat_ms,
          maxAttempts: job.max_attempts,
        });
      }
    });
  }
}
