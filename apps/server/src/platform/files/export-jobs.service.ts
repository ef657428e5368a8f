/**
 * Background exports (docs/reports.md): `POST files/exports/jobs` checks the caller's right
 * to the export (export-run.ts) and queues an `export_jobs` row with a platform job
 * (`files.export-job`); the job checks again with the user's rights as they are then, runs
 * the export into the stored exports and writes the rows done every half second, which is
 * also where it notices a cancel. Bounded: one running export per user (a partial unique
 * index), at most EXPORT_JOB_QUEUE_LIMIT waiting or running per user.
 */
import { STATUS } from '@bo/contract';
import { EXPORT_JOB_MACHINE, EXPORT_JOB_QUEUE_LIMIT, type ExportJob, type ExportRequest } from '@bo/contract/files/export-jobs';
import { refusalText } from '@bo/contract/state-machine';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestActor } from '../auth/actor';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { enqueue } from '../jobs/jobs';
import { notify } from '../notify/notifications';
import { ExportCancelled, exportablesOf, failureOf, produceExport, refusal, resolveExport } from './export-run';

export const EXPORT_JOB_KIND = 'files.export-job';
/** How long a user waits for their running export before the next one starts. */
const NEXT_TRY_MS = 2_000;
const PROGRESS_MS = 500;

interface Row {
  [column: string]: unknown;
  id: number;
  account_id: number;
  user_id: number;
  endpoint: string;
  params: Record<string, string | number>;
  query: Record<string, unknown>;
  lang: string | null;
  state: ExportJob['state'];
  rows_done: number;
  rows_estimated: number | null;
  stored_export_id: number | null;
  file_name: string | null;
  error: string | null;
  error_code: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const toJob = (ctx: AppContext, r: Row): ExportJob => ({
  id: Number(r.id),
  endpoint: r.endpoint,
  summary: exportablesOf(ctx).get(r.endpoint)?.ep.summary ?? r.endpoint,
  state: r.state,
  rowsDone: Number(r.rows_done),
  rowsEstimated: r.rows_estimated === null ? null : Number(r.rows_estimated),
  storedExportId: r.stored_export_id === null ? null : Number(r.stored_export_id),
  fileName: r.file_name,
  error: r.error,
  errorCode: r.error_code,
  createdAt: new Date(r.created_at).toISOString(),
  finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
});

async function ownRow(db: DbOrTx, actor: RequestActor, id: number): Promise<Row> {
  const res = await db.execute<Row>(
    sql`SELECT * FROM export_jobs WHERE id = ${id} AND user_id = ${actor.userId} AND account_id = ${actor.accountId}`,
  );
  const row = res.rows[0];
  if (!row) throw notFound('no such background export');
  return row;
}

/** Queues a background export after checking the caller's right to it (and the queue limit). */
export async function queueExportJob(ctx: AppContext, actor: RequestActor, req: ExportRequest, lang: string | null) {
  const resolved = await resolveExport(ctx, actor, req);
  return ctx.db.transaction(async (tx) => {
    // One user's queueing is serialised, so two requests at once cannot both pass the limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('export_jobs'), ${actor.userId})`);
    const open = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM export_jobs WHERE user_id = ${actor.userId} AND state IN ('queued', 'running')`,
    );
    if (Number(open.rows[0]?.n ?? 0) >= EXPORT_JOB_QUEUE_LIMIT) {
      throw refusal(STATUS.CONFLICT, 'exports.queueFull', `at most ${EXPORT_JOB_QUEUE_LIMIT} background exports`, {
        max: EXPORT_JOB_QUEUE_LIMIT,
      });
    }
    const res = await tx.execute<Row>(sql`
      INSERT INTO export_jobs (account_id, user_id, endpoint, params, query, lang)
      VALUES (${actor.accountId}, ${actor.userId}, ${req.endpoint}, ${JSON.stringify(resolved.params)}::jsonb,
              ${JSON.stringify(resolved.query)}::jsonb, ${lang})
      RETURNING *`);
    const row = res.rows[0] as Row;
    const jobId = await enqueue(tx, EXPORT_JOB_KIND, { id: Number(row.id) }, { maxAttempts: 1 });
    await tx.execute(sql`UPDATE export_jobs SET job_id = ${jobId} WHERE id = ${row.id}`);
    return toJob(ctx, row);
  });
}

export async function getExportJob(ctx: AppContext, actor: RequestActor, id: number) {
  return toJob(ctx, await ownRow(ctx.db, actor, id));
}

/** The caller's background exports of the last day, newest first (at most 50). */
export async function listExportJobs(ctx: AppContext, actor: RequestActor) {
  const res = await ctx.db.execute<Row>(sql`
    SELECT * FROM export_jobs WHERE user_id = ${actor.userId} AND account_id = ${actor.accountId}
       AND created_at > now() - interval '1 day'
     ORDER BY id DESC LIMIT 50`);
  return res.rows.map((r) => toJob(ctx, r));
}

/**
 * Cancels a queued or running export. A queued one never starts (its platform job is
 * cancelled too); a running one stops at its next progress write and keeps no file.
 */
export async function cancelExportJob(ctx: AppContext, actor: RequestActor, id: number, lang: 'zh-CN' | 'en-US') {
  return ctx.db.transaction(async (tx) => {
    const row = await ownRow(tx, actor, id);
    const res = await tx.execute<Row>(sql`
      UPDATE export_jobs SET state = 'cancelled', finished_at = now()
       WHERE id = ${id} AND state IN ('queued', 'running') RETURNING *`);
    const updated = res.rows[0];
    if (!updated) throw conflict(refusalText(EXPORT_JOB_MACHINE, row.state, 'cancel', lang), { state: row.state });
    if (row.state === 'queued' && row.job_id)
      await tx.execute(sql`
        WITH j AS (UPDATE jobs SET state = 'cancelled', finished_at = now(), updated_at = now()
                    WHERE id = ${row.job_id} AND state = 'queued' RETURNING id)
        INSERT INTO job_events (job_id, event, by_user_id) SELECT id, 'cancelled', ${actor.userId} FROM j`);
    return toJob(ctx, updated);
  });
}

/** The platform job: runs one queued export (see the file's comment). */
export async function runExportJob(ctx: AppContext, id: number, signal: AbortSignal): Promise<void> {
  let claimed: Row | undefined;
  try {
    const res = await ctx.db.execute<Row>(sql`
      UPDATE export_jobs SET state = 'running', started_at = now()
       WHERE id = ${id} AND state = 'queued'
         AND NOT EXISTS (SELECT 1 FROM export_jobs o WHERE o.user_id = export_jobs.user_id AND o.state = 'running')
      RETURNING *`);
    claimed = res.rows[0];
  } catch (err) {
    // Another process started this user's other export at the same instant (the unique index).
    if ((err as { code?: string }).code !== '23505' && (err as { cause?: { code?: string } }).cause?.code !== '23505') throw err;
  }
  if (!claimed) {
    // Still queued: the user's other export runs; try again shortly.
    const again = await ctx.db.transaction(async (tx) => {
      const still = await tx.execute(sql`SELECT 1 FROM export_jobs WHERE id = ${id} AND state = 'queued' FOR UPDATE`);
      if (still.rows.length === 0) return;
      const jobId = await enqueue(tx, EXPORT_JOB_KIND, { id }, { maxAttempts: 1, delayMs: NEXT_TRY_MS });
      await tx.execute(sql`UPDATE export_jobs SET job_id = ${jobId} WHERE id = ${id}`);
    });
    return again;
  }
  const row = claimed;
  const stop = new AbortController();
  const onStop = () => stop.abort();
  signal.addEventListener('abort', onStop, { once: true });
  const counter = { rows: 0 };
  let writing = Promise.resolve();
  // The progress write is also the cancel check: a row no longer running stops the export.
  const tick = setInterval(() => {
    writing = writing.then(
      async () => {
        const r = await ctx.db.execute(
          sql`UPDATE export_jobs SET rows_done = ${counter.rows} WHERE id = ${id} AND state = 'running' RETURNING id`,
        );
        if (r.rows.length === 0) stop.abort();
      },
      () => undefined,
    );
  }, PROGRESS_MS);
  try {
    const out = await produceExport(
      ctx,
      Number(row.user_id),
      { endpoint: row.endpoint, params: row.params, query: row.query, lang: row.lang },
      {
        counter,
        estimated: async (n) => {
          await ctx.db.execute(sql`UPDATE export_jobs SET rows_estimated = ${n} WHERE id = ${id}`);
        },
      },
      stop.signal,
    );
    clearInterval(tick);
    await writing;
    await ctx.db.transaction(async (tx) => {
      const done = await tx.execute(sql`
        UPDATE export_jobs SET state = 'done', finished_at = now(), rows_done = ${out.rows ?? counter.rows},
               stored_export_id = ${out.storedExportId}, file_name = ${out.fileName}
         WHERE id = ${id} AND state = 'running' RETURNING id`);
      if (done.rows.length === 0) {
        // Cancelled while the file was being kept: it is not kept.
        await tx.execute(sql`
          WITH s AS (DELETE FROM stored_exports WHERE id = ${out.storedExportId} RETURNING file_id)
          UPDATE files SET deleted_at = now() WHERE id IN (SELECT file_id FROM s)`);
        return;
      }
      await notify(tx, {
        accountId: Number(row.account_id),
        userIds: [Number(row.user_id)],
        kind: 'export.done',
        title: { zh: `后台导出已完成：${out.fileName}`, en: `Background export done: ${out.fileName}` },
        body: {
          zh: `${out.rows ?? counter.rows} 行，可在下载中心下载。`,
          en: `${out.rows ?? counter.rows} rows, ready in the download centre.`,
        },
        link: '/assets/download',
        dedupeKey: `export-job:${id}`,
        // In the app only: the user asked for it a moment ago.
        mail: false,
      });
    });
  } catch (err) {
    clearInterval(tick);
    await writing;
    if (err instanceof ExportCancelled || stop.signal.aborted) {
      // Cancelled by the user (already marked), or the worker stopping: then it failed.
      await ctx.db.execute(sql`
        UPDATE export_jobs SET state = 'failed', finished_at = now(), error = 'the server stopped during the export'
         WHERE id = ${id} AND state = 'running'`);
      return;
    }
    const why = failureOf(err);
    ctx.log.warn({ err, exportJob: id }, 'background export failed');
    await ctx.db.execute(sql`
      UPDATE export_jobs SET state = 'failed', finished_at = now(), error = ${why.message.slice(0, 500)},
             error_code = ${why.code}, rows_done = ${counter.rows}
       WHERE id = ${id} AND state = 'running'`);
  } finally {
    signal.removeEventListener('abort', onStop);
  }
}
