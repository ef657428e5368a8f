/**
 * /backMgr/backendAdmin over the platform's job queue (platform/jobs): the list with its
 * filters, one job with its payload and log (job_events), and the two things people do to
 * a job: retry (failed or cancelled → queued, attempts from 0 so it gets its full tries
 * again; the log keeps the earlier ones) and cancel (queued → cancelled). A running job is
 * not cancelled: its handler runs in some process's worker that this request cannot stop.
 * Both refuse any other state with a 409 that names it, and both are audited.
 */
import { type ActionOf, type backMgrJobs, type EndpointQuery, type Lang, refusalText, transitionFrom } from '@bo/contract';
import type { Job, JobDetail, JobEvent, JobState } from '@bo/contract/backmgr/jobs';
import { JOB_MACHINE } from '@bo/contract/backmgr/jobs';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains, orderBy, pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { conflict, notFound } from '../../../platform/errors';
import { userDirectory } from '../../access/access.reads';

type ListQuery = EndpointQuery<typeof backMgrJobs.list>;
type JobAction = ActionOf<typeof JOB_MACHINE>;

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

const COLUMNS = sql`j.id, j.kind, j.state, j.attempts, j.max_attempts, j.last_error, j.repeat_ms, j.dedupe_key,
  ${ts('j.run_at')} AS run_at, ${ts('j.created_at')} AS created_at, ${ts('j.updated_at')} AS updated_at,
  ${ts('j.finished_at')} AS finished_at`;

interface Raw extends Record<string, unknown> {
  id: number;
  kind: string;
  state: JobState;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  repeat_ms: number | null;
  dedupe_key: string | null;
  run_at: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

const toJob = (r: Raw): Job => ({
  id: Number(r.id),
  kind: r.kind,
  state: r.state,
  attempts: Number(r.attempts),
  maxAttempts: Number(r.max_attempts),
  lastError: r.last_error,
  repeatMs: r.repeat_ms === null ? null : Number(r.repeat_ms),
  dedupeKey: r.dedupe_key,
  runAt: r.run_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  finishedAt: r.finished_at,
});

const SORTS = { updatedAt: sql`j.updated_at`, createdAt: sql`j.created_at` };

export async function list(ctx: AppContext, q: ListQuery) {
  const where: SQL[] = [sql`TRUE`];
  if (q.kind) where.push(sql`j.kind = ${q.kind}`);
  if (q.state) where.push(sql`j.state = ${q.state}`);
  if (q.error) where.push(sql`j.last_error ILIKE ${likeContains(q.error)}`);
  const from = sql`FROM jobs j WHERE ${sql.join(where, sql` AND `)}`;
  const { rows, total } = await pageOf<Raw>(
    ctx.db,
    { select: sql`SELECT ${COLUMNS}`, from, orderBy: orderBy(q.sortField, q.sortOrder, SORTS, sql`j.id DESC`) },
    q,
  );
  return { list: rows.map(toJob), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The kinds this process runs (registered with its worker) and those any job has. */
export async function kinds(ctx: AppContext, registered: readonly string[]): Promise<string[]> {
  const res = await ctx.db.execute<{ kind: string }>(sql`SELECT DISTINCT kind FROM jobs`);
  return [...new Set([...registered, ...res.rows.map((r) => r.kind)])].sort();
}

async function find(db: DbOrTx, id: number, lock = false): Promise<Raw> {
  const [row] = (await db.execute<Raw>(sql`SELECT ${COLUMNS} FROM jobs j WHERE j.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`))
    .rows;
  if (!row) throw notFound(`no job ${id}`);
  return row;
}

export async function get(ctx: AppContext, id: number): Promise<JobDetail> {
  const job = await find(ctx.db, id);
  const [extra] = (
    await ctx.db.execute<{ payload: unknown; locked_by: string | null; locked_until: string | null }>(
      sql`SELECT payload, locked_by, ${ts('locked_until')} AS locked_until FROM jobs WHERE id = ${id}`,
    )
  ).rows;
  const events = await ctx.db.execute<{
    id: number;
    at: string;
    event: JobEvent['event'];
    attempt: number;
    message: string | null;
    by: string | null;
  }>(sql`
    SELECT e.id, ${ts('e.at')} AS at, e.event, e.attempt, e.message, u.user_name AS by
      FROM job_events e LEFT JOIN ${userDirectory} u ON u.id = e.by_user_id
     WHERE e.job_id = ${id} ORDER BY e.id`);
  return {
    ...toJob(job),
    payload: extra?.payload ?? null,
    lockedBy: extra?.locked_by ?? null,
    lockedUntil: extra?.locked_until ?? null,
    events: events.rows.map((e) => ({ ...e, id: Number(e.id), attempt: Number(e.attempt) })),
  };
}

/** Moves a job by JOB_MACHINE, or refuses with 409 naming its state in the caller's language. */
export async function act(ctx: AppContext, actor: RequestActor, id: number, action: JobAction, lang: Lang): Promise<Job> {
  return ctx.db.transaction(async (tx) => {
    const job = await find(tx, id, true);
    const step = transitionFrom(JOB_MACHINE, job.state, action);
    if (!step) throw conflict(refusalText(JOB_MACHINE, job.state, action, lang), { state: job.state });
    if (action === 'retry') {
      // Another unfinished job may hold the same dedupe key (a recurring job's next run).
      if (job.dedupe_key) {
        const [taken] = (
          await tx.execute<{ id: number }>(sql`
            SELECT id FROM jobs WHERE dedupe_key = ${job.dedupe_key} AND state IN ('queued', 'running') AND id <> ${id}`)
        ).rows;
        if (taken) {
          throw conflict(
            lang === 'zh-CN'
              ? `同一键（${job.dedupe_key}）的任务 #${taken.id} 已在排队或运行，不能重试`
              : `job #${taken.id} with the same key (${job.dedupe_key}) is queued or running already`,
            { jobId: Number(taken.id) },
          );
        }
      }
      await tx.execute(sql`
        UPDATE jobs SET state = 'queued', run_at = now(), attempts = 0, finished_at = NULL, locked_by = NULL,
               locked_until = NULL, updated_at = now()
         WHERE id = ${id}`);
    } else {
      await tx.execute(sql`
        UPDATE jobs SET state = 'cancelled', finished_at = now(), updated_at = now() WHERE id = ${id}`);
    }
    await tx.execute(sql`
      INSERT INTO job_events (job_id, event, attempt, by_user_id)
      VALUES (${id}, ${action === 'retry' ? 'requeued' : 'cancelled'}, ${job.attempts}, ${actor.userId})`);
    await audit(tx, actor, {
      action: action === 'retry' ? 'backMgr.jobRetry' : 'backMgr.jobCancel',
      entity: 'job',
      entityId: id,
      before: { state: job.state, attempts: job.attempts },
      after: { state: step.to },
    });
    return toJob(await find(tx, id));
  });
}
