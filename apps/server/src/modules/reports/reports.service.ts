/**
 * Saved reports (/report, docs/reports.md). Rules:
 * - A definition names an exportable endpoint the owner holds, its filters (checked by the
 *   endpoint's own schema), a schedule in the owner's time zone, and recipients: users of the
 *   owner's account, enabled, holding the endpoint's permission. Anyone else is refused (400).
 * - The scheduler (`reports.tick`) inserts one run per (report, due instant); the unique key
 *   makes a second scheduler, or the same one after a restart, insert nothing, and only the
 *   process that inserted a run queues it (`reports.run`).
 * - A run exports with the OWNER's rights as they are at run time (export-run.ts): a removed
 *   permission or shop fails the run with that reason, and no file is sent. Recipients who
 *   lost the permission since are left out.
 * - The mail is claimed (mail_state none → sending) before the first message goes out, and a
 *   run is never queued twice: a run is mailed at most once, even if its process dies.
 */
import { STATUS } from '@bo/contract';
import type { ExportRequest } from '@bo/contract/files/export-jobs';
import type { Report, ReportBody, ReportRun, Schedule } from '@bo/contract/reports/reports';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import { activeUser, usersByIds, usersHolding } from '../../platform/auth/holders';
import type { AppContext } from '../../platform/context';
import { codedFieldError, notFound, staleVersion } from '../../platform/errors';
import { exportablesOf, failureOf, produceExport, refusal, resolveExport } from '../../platform/files/export-run';
import { fileStoreOf } from '../../platform/files/file-store';
import { enqueue } from '../../platform/jobs/jobs';
import type { MailAttachment } from '../../platform/notify/code-sender';
import { notify } from '../../platform/notify/notifications';
import { isTimeZone, nextDue } from './schedule';

export const REPORT_RUN_KIND = 'reports.run';
export const REPORT_TICK_KIND = 'reports.tick';
/** A file larger than this is not attached: the mail says where to download it. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

interface DefRow {
  [column: string]: unknown;
  id: number;
  account_id: number;
  owner_id: number;
  name: string;
  endpoint: string;
  params: Record<string, string | number>;
  query: Record<string, unknown>;
  schedule_kind: Schedule['kind'];
  schedule_time: string;
  weekday: number | null;
  month_day: number | null;
  time_zone: string;
  recipients: number[];
  enabled: boolean;
  next_due_at: Date | string | null;
  lang: string | null;
  version: number;
  updated_at: Date | string;
}

interface RunRow {
  [column: string]: unknown;
  id: number;
  report_id: number;
  due_at: Date | string;
  trigger: 'schedule' | 'manual';
  state: ReportRun['state'];
  rows: number | null;
  stored_export_id: number | null;
  file_name: string | null;
  mailed_to: string[];
  error: string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toRun = (r: RunRow): ReportRun => ({
  id: Number(r.id),
  dueAt: new Date(r.due_at).toISOString(),
  trigger: r.trigger,
  state: r.state,
  rows: r.rows === null ? null : Number(r.rows),
  storedExportId: r.stored_export_id === null ? null : Number(r.stored_export_id),
  fileName: r.file_name,
  mailedTo: r.mailed_to ?? [],
  error: r.error,
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at),
});

const scheduleOf = (r: DefRow): Schedule => ({
  kind: r.schedule_kind,
  time: r.schedule_time,
  weekday: r.weekday,
  monthDay: r.month_day,
  timeZone: r.time_zone,
});

async function recipientsOf(db: DbOrTx, ids: readonly number[]) {
  const users = await usersByIds(db, ids);
  return new Map(
    users.map((u) => [u.id, { id: u.id, userName: u.userName, loginName: u.loginName, hasEmail: u.email !== null }]),
  );
}

async function toReports(ctx: AppContext, rows: DefRow[]): Promise<Report[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const people = await recipientsOf(ctx.db, [...new Set(rows.flatMap((r) => r.recipients.map(Number)))]);
  const last = await ctx.db.execute<RunRow>(sql`
    SELECT DISTINCT ON (report_id) * FROM report_runs WHERE report_id = ANY(${`{${ids.join(',')}}`}::int[])
     ORDER BY report_id, id DESC`);
  const lastBy = new Map(last.rows.map((r) => [Number(r.report_id), toRun(r)]));
  return rows.map((r) => {
    const ep = exportablesOf(ctx).get(r.endpoint)?.ep;
    return {
      id: Number(r.id),
      name: r.name,
      export: { endpoint: r.endpoint, params: r.params, query: r.query },
      summary: ep?.summary ?? r.endpoint,
      format: ep?.exportable ?? null,
      schedule: scheduleOf(r),
      recipients: r.recipients.map((id) => people.get(Number(id))).filter((p) => p !== undefined),
      enabled: r.enabled,
      nextDueAt: iso(r.next_due_at),
      lastRun: lastBy.get(Number(r.id)) ?? null,
      version: Number(r.version),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
}

async function ownDef(db: DbOrTx, actor: RequestActor, id: number, lock = false): Promise<DefRow> {
  const res = await db.execute<DefRow>(sql`
    SELECT * FROM report_definitions WHERE id = ${id} AND owner_id = ${actor.userId} AND account_id = ${actor.accountId}
    ${lock ? sql`FOR UPDATE` : sql``}`);
  const row = res.rows[0];
  if (!row) throw notFound('no such report');
  return row;
}

export async function listReports(
  ctx: AppContext,
  actor: RequestActor,
  q: { keyword?: string | undefined; pageNum: number; pageSize: number },
) {
  const kw = q.keyword ? sql`AND name ILIKE ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const res = await ctx.db.execute<DefRow & { total: number }>(sql`
    SELECT *, count(*) OVER ()::int AS total FROM report_definitions
     WHERE owner_id = ${actor.userId} AND account_id = ${actor.accountId} ${kw}
     ORDER BY id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`);
  return {
    list: await toReports(ctx, res.rows),
    total: Number(res.rows[0]?.total ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function getReport(ctx: AppContext, actor: RequestActor, id: number): Promise<Report> {
  const [r] = await toReports(ctx, [await ownDef(ctx.db, actor, id)]);
  if (!r) throw notFound('no such report');
  return r;
}

/** Users of the actor's account (other than the actor) who may receive a report of `endpoint`. */
export async function eligibleRecipients(ctx: AppContext, actor: RequestActor, endpoint: string) {
  const binding = exportablesOf(ctx).get(endpoint);
  if (!binding) throw refusal(STATUS.BAD_REQUEST, 'exports.notExportable', `${endpoint} is not exportable`);
  const users = await usersHolding(ctx.db, actor.accountId, binding.ep.access);
  return users
    .filter((u) => u.id !== actor.userId)
    .map((u) => ({ id: u.id, userName: u.userName, loginName: u.loginName, hasEmail: u.email !== null }));
}

/** The body's checks beyond its schema: the export (as the owner), the schedule, the recipients. */
async function checkBody(ctx: AppContext, actor: RequestActor, body: ReportBody & { recipients: number[] }) {
  const resolved = await resolveExport(ctx, actor, body.export as ExportRequest);
  const s = body.schedule;
  if (!isTimeZone(s.timeZone)) throw codedFieldError('schedule.timeZone', 'reports.timeZone');
  if (s.kind === 'weekly' && !s.weekday) throw codedFieldError('schedule.weekday', 'reports.weekday');
  if (s.kind === 'monthly' && !s.monthDay) throw codedFieldError('schedule.monthDay', 'reports.monthDay');
  const schedule: Schedule = {
    kind: s.kind,
    time: s.time,
    weekday: s.kind === 'weekly' ? (s.weekday ?? null) : null,
    monthDay: s.kind === 'monthly' ? (s.monthDay ?? null) : null,
    timeZone: s.timeZone,
  };
  const recipients = [...new Set(body.recipients.filter((id) => id !== actor.userId))];
  const allowed = new Set((await eligibleRecipients(ctx, actor, body.export.endpoint)).map((u) => u.id));
  recipients.forEach((id, i) => {
    if (!allowed.has(id))
      throw codedFieldError(`recipients.${i}`, 'reports.recipient', { permission: resolved.binding.ep.access });
  });
  return { resolved, schedule, recipients };
}

export async function createReport(
  ctx: AppContext,
  actor: RequestActor,
  body: ReportBody & { recipients: number[] },
  lang: string,
) {
  const { resolved, schedule, recipients } = await checkBody(ctx, actor, body);
  const next = body.enabled === false ? null : nextDue(schedule, new Date());
  const res = await ctx.db.execute<{ id: number }>(sql`
    INSERT INTO report_definitions (account_id, owner_id, name, endpoint, params, query, schedule_kind, schedule_time,
                                    weekday, month_day, time_zone, recipients, enabled, next_due_at, lang)
    VALUES (${actor.accountId}, ${actor.userId}, ${body.name.trim()}, ${body.export.endpoint},
            ${JSON.stringify(resolved.params)}::jsonb, ${JSON.stringify(resolved.query)}::jsonb, ${schedule.kind},
            ${schedule.time}, ${schedule.weekday}, ${schedule.monthDay}, ${schedule.timeZone},
            ${`{${recipients.join(',')}}`}::int[], ${body.enabled !== false}, ${next}, ${lang})
    RETURNING id`);
  return getReport(ctx, actor, Number(res.rows[0]?.id));
}

export async function updateReport(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  body: ReportBody & { recipients: number[]; version: number },
  lang: string,
) {
  const { resolved, schedule, recipients } = await checkBody(ctx, actor, body);
  await ctx.db.transaction(async (tx) => {
    const row = await ownDef(tx, actor, id, true);
    if (Number(row.version) !== body.version) throw staleVersion();
    const next = body.enabled === false ? null : nextDue(schedule, new Date());
    await tx.execute(sql`
      UPDATE report_definitions SET name = ${body.name.trim()}, endpoint = ${body.export.endpoint},
             params = ${JSON.stringify(resolved.params)}::jsonb, query = ${JSON.stringify(resolved.query)}::jsonb,
             schedule_kind = ${schedule.kind}, schedule_time = ${schedule.time}, weekday = ${schedule.weekday},
             month_day = ${schedule.monthDay}, time_zone = ${schedule.timeZone},
             recipients = ${`{${recipients.join(',')}}`}::int[], enabled = ${body.enabled !== false},
             next_due_at = ${next}, lang = ${lang}, version = version + 1, updated_at = now()
       WHERE id = ${id}`);
  });
  return getReport(ctx, actor, id);
}

export async function deleteReport(ctx: AppContext, actor: RequestActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    await ownDef(tx, actor, id, true);
    await tx.execute(sql`DELETE FROM report_definitions WHERE id = ${id}`);
  });
}

export async function listRuns(ctx: AppContext, actor: RequestActor, id: number, q: { pageNum: number; pageSize: number }) {
  await ownDef(ctx.db, actor, id);
  const res = await ctx.db.execute<RunRow & { total: number }>(sql`
    SELECT *, count(*) OVER ()::int AS total FROM report_runs WHERE report_id = ${id}
     ORDER BY due_at DESC, id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`);
  return { list: res.rows.map(toRun), total: Number(res.rows[0]?.total ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

/** "Run now": a run of its own (due now), queued like a scheduled one. */
export async function runNow(ctx: AppContext, actor: RequestActor, id: number): Promise<ReportRun> {
  return ctx.db.transaction(async (tx) => {
    await ownDef(tx, actor, id, true);
    const res = await tx.execute<RunRow>(sql`
      INSERT INTO report_runs (report_id, due_at, trigger) VALUES (${id}, clock_timestamp(), 'manual') RETURNING *`);
    const run = res.rows[0] as RunRow;
    await enqueue(tx, REPORT_RUN_KIND, { runId: Number(run.id) }, { maxAttempts: 1, dedupeKey: `${REPORT_RUN_KIND}:${run.id}` });
    return toRun(run);
  });
}

/**
 * The scheduler: every enabled report due by `now` gets one run for its due instant (a second
 * scheduler at the same time inserts nothing) and moves to its next due instant after `now`
 * (missed instants while the server was down are not all run: only the latest).
 */
export async function tick(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await ctx.db.execute<DefRow>(sql`
    SELECT * FROM report_definitions WHERE enabled AND next_due_at <= ${now} ORDER BY next_due_at LIMIT 200`);
  let queued = 0;
  for (const def of due.rows) {
    const dueAt = new Date(def.next_due_at as Date | string);
    const inserted = await ctx.db.transaction(async (tx) => {
      const run = await tx.execute<{ id: number }>(sql`
        INSERT INTO report_runs (report_id, due_at, trigger) VALUES (${def.id}, ${dueAt}, 'schedule')
        ON CONFLICT (report_id, due_at) DO NOTHING RETURNING id`);
      await tx.execute(sql`
        UPDATE report_definitions SET next_due_at = ${nextDue(scheduleOf(def), now)}
         WHERE id = ${def.id} AND date_trunc('milliseconds', next_due_at) = ${dueAt}`);
      const runId = run.rows[0]?.id;
      if (runId === undefined) return false;
      await enqueue(tx, REPORT_RUN_KIND, { runId: Number(runId) }, { maxAttempts: 1, dedupeKey: `${REPORT_RUN_KIND}:${runId}` });
      return true;
    });
    if (inserted) queued++;
  }
  return queued;
}

async function fileBytes(ctx: AppContext, storedExportId: number): Promise<{ bytes: Buffer | null; size: number }> {
  const res = await ctx.db.execute<{ blob_sha: string; size: number }>(sql`
    SELECT f.blob_sha, s.size FROM stored_exports s JOIN files f ON f.id = s.file_id WHERE s.id = ${storedExportId}`);
  const row = res.rows[0];
  if (!row) return { bytes: null, size: 0 };
  if (Number(row.size) > MAX_ATTACHMENT_BYTES) return { bytes: null, size: Number(row.size) };
  const parts: Buffer[] = [];
  for await (const chunk of fileStoreOf(ctx.db).read(row.blob_sha)) parts.push(chunk);
  return { bytes: Buffer.concat(parts), size: Number(row.size) };
}

/** One run (the `reports.run` job): export as the owner, keep the file, mail it once. */
export async function runReport(ctx: AppContext, runId: number, signal: AbortSignal): Promise<void> {
  const claimed = await ctx.db.execute<RunRow & { def: DefRow }>(sql`
    UPDATE report_runs r SET state = 'running', started_at = now() FROM report_definitions d
     WHERE r.id = ${runId} AND r.state = 'queued' AND d.id = r.report_id
    RETURNING r.*, to_jsonb(d.*) AS def`);
  const run = claimed.rows[0];
  if (!run) return;
  const def = run.def;
  const fail = async (message: string) => {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE report_runs SET state = 'failed', error = ${message.slice(0, 500)}, finished_at = now() WHERE id = ${runId}`);
      await notify(tx, {
        accountId: Number(def.account_id),
        userIds: [Number(def.owner_id)],
        kind: 'report.failed',
        title: { zh: `报表运行失败：${def.name}`, en: `Report run failed: ${def.name}` },
        body: { zh: message, en: message },
        link: '/report',
        dedupeKey: `report-run:${runId}`,
        mail: false,
      });
    });
  };
  let out: Awaited<ReturnType<typeof produceExport>>;
  try {
    out = await produceExport(
      ctx,
      Number(def.owner_id),
      { endpoint: def.endpoint, params: def.params, query: def.query, lang: def.lang },
      { counter: { rows: 0 }, estimated: async () => undefined },
      signal,
    );
  } catch (err) {
    const why = failureOf(err);
    ctx.log.warn({ err, reportRun: runId }, 'report run failed');
    await fail(
      why.code === 'exports.permissionGone' || why.code === 'exports.shopGone' || why.code === 'exports.userGone'
        ? `the owner may no longer run this export: ${why.message}`
        : why.message,
    );
    return;
  }
  await ctx.db.execute(sql`
    UPDATE report_runs SET rows = ${out.rows}, stored_export_id = ${out.storedExportId}, file_name = ${out.fileName}
     WHERE id = ${runId}`);

  // Claim the mail before sending anything: at most once, whatever happens after this line.
  const mailClaim = await ctx.db.execute(
    sql`UPDATE report_runs SET mail_state = 'sending' WHERE id = ${runId} AND mail_state = 'none' RETURNING id`,
  );
  if (mailClaim.rows.length === 0) return;
  // The owner, then the recipients who still hold the export's permission; only those with an address.
  const ownerUser = await activeUser(ctx.db, Number(def.account_id), Number(def.owner_id));
  const permission = exportablesOf(ctx).get(def.endpoint)?.ep.access;
  const others =
    permission && def.recipients.length > 0
      ? await usersHolding(ctx.db, Number(def.account_id), permission, def.recipients.map(Number))
      : [];
  const people = [...(ownerUser ? [ownerUser] : []), ...others.filter((u) => u.id !== Number(def.owner_id))].filter(
    (u) => u.email !== null,
  );
  const { bytes, size } = await fileBytes(ctx, out.storedExportId);
  const zh = def.lang !== 'en-US';
  const subject = zh ? `报表：${def.name}` : `Report: ${def.name}`;
  const rowsText = out.rows === null ? '' : zh ? `，${out.rows} 行` : `, ${out.rows} rows`;
  const text = bytes
    ? zh
      ? `附件为报表「${def.name}」（${out.fileName}${rowsText}）。`
      : `Attached: the report "${def.name}" (${out.fileName}${rowsText}).`
    : zh
      ? `报表「${def.name}」（${out.fileName}${rowsText}）大于 ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB，请在下载中心下载。`
      : `The report "${def.name}" (${out.fileName}${rowsText}, ${size} bytes) is too large to attach: download it from the download centre.`;
  const attachments: MailAttachment[] = bytes ? [{ filename: out.fileName, contentType: out.contentType, content: bytes }] : [];
  const sent: string[] = [];
  let error: string | null = null;
  for (const p of people) {
    try {
      await ctx.codeSender.deliver({ email: p.email ?? '', subject, text, attachments });
      sent.push(p.loginName);
    } catch (err) {
      error = `mail to ${p.loginName} failed: ${err instanceof Error ? err.message : String(err)}`;
      ctx.log.warn({ err, reportRun: runId }, 'report mail failed');
    }
  }
  await ctx.db.execute(sql`
    UPDATE report_runs SET mail_state = ${error ? 'failed' : 'sent'}, mailed_to = ${`{${sent.map((s) => `"${s.replace(/["\\]/g, '')}"`).join(',')}}`}::text[],
           state = ${error ? 'failed' : 'done'}, error = ${error}, finished_at = now()
     WHERE id = ${runId}`);
}
