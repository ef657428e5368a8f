/**
 * Study records (docs/growth.md "Study records"). Rules, in one place:
 * - Who reaches them: staff of the company account holding digitize:grow:study (the binder
 *   checks the page, this file the account: an external shop account is refused 403).
 * - Reading a record: its employee, a leader up the employee's chain today (the organisation's
 *   leaderOf, walked up), HR (user:organization:edit) and the administrator; anyone else 403.
 * - Writing: the employee creates, changes (planned, in progress, completed) and deletes
 *   (planned, dropped) their own records and takes start / complete / drop; a leader up the
 *   chain, HR or the administrator confirms or returns a completed record, never their own.
 *   Nobody writes under god view (403). A stale version 409, a state that refuses the step 409
 *   (STUDY_MACHINE's text in the caller's language), a return without a remark 400.
 * - Only confirmed hours count into the year's learning hours (the summary).
 * - Every write is one transaction, audited as growth_study (the HistoryDrawer reads it);
 *   completing tells the employee's leader, confirming and returning tell the employee (bell, mail).
 */
import type { Lang } from '@bo/contract';
import { refusalText, transitionFrom } from '@bo/contract';
import {
  STUDY_ACTION_ROLE,
  STUDY_DELETABLE,
  STUDY_EDITABLE,
  STUDY_KIND_LABEL,
  STUDY_MACHINE,
  STUDY_STATES,
  type StudyActionBody,
  type StudyBody,
  type StudyFilter,
  type StudyKind,
  type StudyRecord,
  type StudyState,
  type StudySummary,
  type StudyUpdateBody,
  studyActions,
} from '@bo/contract/growth/study';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, poolOf } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { conflict, forbidden, notFound, permissionDenied, staleVersion } from '../../platform/errors';
import { type ExportLang, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import { notify } from '../../platform/notify/notifications';
import { userDirectory } from '../access/access.reads';
import { leaderOf, leadersOfAccount, userDepartmentsToday } from '../organization/organization.reads';
import { managesCycles } from './reviews.service';

/** Deeper than any real chain of leaders: the walk stops there should the data ever loop. */
const MAX_CHAIN = 32;

interface StudyRow extends Record<string, unknown> {
  id: number;
  employee_id: number;
  employee_name: string | null;
  dept_name: string | null;
  title: string;
  kind: StudyKind;
  provider: string;
  hours: string;
  start_day: string | null;
  end_day: string | null;
  state: StudyState;
  link: string | null;
  note: string;
  confirmed_by_name: string | null;
  confirmed_at: string | null;
  return_remark: string | null;
  version: number;
  updated_at: string;
}

/** The day a record falls on for the year and the months: its end, else its start, else when it was written. */
const DAY_OF = sql`coalesce(s.end_day, s.start_day, s.created_at::date)`;

const ISO = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const SELECT = sql`
  SELECT s.id, s.employee_id, e.user_name AS employee_name, d.dept_name, s.title, s.kind, s.provider, s.hours::text AS hours,
         to_char(s.start_day, 'YYYY-MM-DD') AS start_day, to_char(s.end_day, 'YYYY-MM-DD') AS end_day, s.state, s.link, s.note,
         cb.user_name AS confirmed_by_name, ${ISO(sql`s.confirmed_at`)} AS confirmed_at, s.return_remark, s.version,
         ${ISO(sql`s.updated_at`)} AS updated_at`;
const from = (accountId: number) => sql`
    FROM growth_study s
    LEFT JOIN ${userDirectory} e ON e.id = s.employee_id
    LEFT JOIN ${userDirectory} cb ON cb.id = s.confirmed_by
    LEFT JOIN ${userDepartmentsToday(accountId)} d ON d.user_id = s.employee_id`;

/** The staff member holding the study page (the binder checked the page): never an external account. */
function requireStaff(actor: RequestActor) {
  if (!isInternal(actor)) throw permissionDenied('digitize:grow:study');
}

/** The leaders above a user today, nearest first: leaderOf, then that leader's leader, and so on. */
export async function chainOf(db: DbOrTx, userId: number, memo = new Map<number, number | null>()): Promise<number[]> {
  const chain: number[] = [];
  let at = userId;
  for (let i = 0; i < MAX_CHAIN; i++) {
    if (!memo.has(at)) memo.set(at, await leaderOf(db, at));
    const next = memo.get(at) ?? null;
    if (next === null || next === userId || chain.includes(next)) break;
    chain.push(next);
    at = next;
  }
  return chain;
}

/** The employees (with records) whose chain of leaders holds `leaderId`. */
async function teamOf(db: DbOrTx, accountId: number, leaderId: number): Promise<number[]> {
  const people = await db.execute<{ employee_id: number }>(
    sql`SELECT DISTINCT employee_id FROM growth_study WHERE account_id = ${accountId} AND employee_id <> ${leaderId}`,
  );
  // Every leader read at once: the chains below walk the map, not the database.
  const memo = await leadersOfAccount(db, accountId);
  const team: number[] = [];
  for (const p of people.rows) {
    const id = Number(p.employee_id);
    if ((await chainOf(db, id, memo)).includes(leaderId)) team.push(id);
  }
  return team;
}

type Relation = { employee: boolean; leader: boolean };
async function relationOf(db: DbOrTx, actor: RequestActor, employeeId: number): Promise<Relation> {
  if (employeeId === actor.userId) return { employee: true, leader: false };
  return { employee: false, leader: (await chainOf(db, employeeId)).includes(actor.userId) };
}
const mayRead = (actor: RequestActor, rel: Relation) => rel.employee || rel.leader || managesCycles(actor);
/** Writes as the employee: the record is theirs and nobody looks through god view. */
const actsAsEmployee = (actor: RequestActor, rel: Relation) => rel.employee && actor.impersonatorUserId === null;
/** Confirms: a leader up the chain, HR or the administrator; never on their own record, never under god view. */
const confirms = (actor: RequestActor, rel: Relation) =>
  !rel.employee && actor.impersonatorUserId === null && (rel.leader || managesCycles(actor));

function toRecord(actor: RequestActor, r: StudyRow, rel: Relation): StudyRecord {
  const emp = actsAsEmployee(actor, rel);
  const conf = confirms(actor, rel);
  return {
    id: Number(r.id),
    employee: { id: Number(r.employee_id), name: r.employee_name ?? '' },
    dept: r.dept_name,
    title: r.title,
    kind: r.kind,
    provider: r.provider,
    hours: Number(r.hours),
    startDay: r.start_day,
    endDay: r.end_day,
    state: r.state,
    link: r.link,
    note: r.note,
    confirmedBy: r.confirmed_by_name,
    confirmedAt: r.confirmed_at,
    returnRemark: r.return_remark,
    role: rel.employee ? 'employee' : 'confirmer',
    canEdit: emp && STUDY_EDITABLE.includes(r.state),
    canDelete: emp && STUDY_DELETABLE.includes(r.state),
    actions: studyActions({ state: r.state, isEmployee: emp, isConfirmer: conf }),
    version: Number(r.version),
    updatedAt: r.updated_at,
  };
}

async function rowOf(db: DbOrTx, accountId: number, id: number, lock = false): Promise<StudyRow | null> {
  if (lock) await db.execute(sql`SELECT id FROM growth_study WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  const r = await db.execute<StudyRow>(sql`${SELECT} ${from(accountId)} WHERE s.id = ${id} AND s.account_id = ${accountId}`);
  return r.rows[0] ?? null;
}

/** The record and what the caller is to it; 404 when missing, 403 for someone who may not read it. */
async function loaded(db: DbOrTx, actor: RequestActor, id: number, lock = false) {
  requireStaff(actor);
  const row = await rowOf(db, actor.accountId, id, lock);
  if (!row) throw notFound(`no study record ${id}`);
  const rel = await relationOf(db, actor, Number(row.employee_id));
  if (!mayRead(actor, rel)) throw forbidden('only the employee, a leader up their chain and HR read a study record');
  return { row, rel };
}

/** Whether the history reader shows a record's changes: whoever reads the record. */
export async function canReadStudy(db: DbOrTx, actor: RequestActor, id: number): Promise<boolean> {
  if (!isInternal(actor)) return false;
  const r = await db.execute<{ employee_id: number }>(
    sql`SELECT employee_id FROM growth_study WHERE id = ${id} AND account_id = ${actor.accountId}`,
  );
  const row = r.rows[0];
  return row ? mayRead(actor, await relationOf(db, actor, Number(row.employee_id))) : false;
}

/** The WHERE of a view and its filters (the list, the summary and the export read the same set). */
async function whereOf(db: DbOrTx, actor: RequestActor, f: StudyFilter, withState = true): Promise<SQL> {
  requireStaff(actor);
  const where: SQL[] = [sql`s.account_id = ${actor.accountId}`];
  if (f.view === 'mine') where.push(sql`s.employee_id = ${actor.userId}`);
  else if (f.view === 'team') {
    const team = await teamOf(db, actor.accountId, actor.userId);
    where.push(
      team.length
        ? sql`s.employee_id IN (${sql.join(
            team.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  } else if (!managesCycles(actor)) throw permissionDenied('user:organization:edit');
  if (f.year) where.push(sql`extract(year FROM ${DAY_OF}) = ${f.year}`);
  if (withState && f.state) where.push(sql`s.state = ${f.state}`);
  if (f.kind) where.push(sql`s.kind = ${f.kind}`);
  const like = likeContains(f.keyword);
  if (like) where.push(sql`(s.title ILIKE ${like} OR s.provider ILIKE ${like} OR e.user_name ILIKE ${like})`);
  return sql.join(where, sql` AND `);
}

const SORT: Record<string, SQL> = {
  updatedAt: sql`s.updated_at`,
  startDay: sql`s.start_day`,
  endDay: sql`s.end_day`,
  hours: sql`s.hours`,
  title: sql`lower(s.title)`,
};

export async function list(
  ctx: AppContext,
  actor: RequestActor,
  q: StudyFilter & { sortField: string; sortOrder: 'asc' | 'desc'; pageNum: number; pageSize: number },
) {
  const where = await whereOf(ctx.db, actor, q);
  const { rows, total } = await pageOf<StudyRow>(
    ctx.db,
    {
      select: SELECT,
      from: sql`${from(actor.accountId)} WHERE ${where}`,
      orderBy: orderBy(q.sortField, q.sortOrder, SORT, sql`s.id DESC`),
    },
    q,
  );
  // A row of the list is the caller's own, or one they lead (team), or HR's (all): one relation per employee.
  const rels = new Map<number, Relation>();
  const out: StudyRecord[] = [];
  for (const r of rows) {
    const emp = Number(r.employee_id);
    if (!rels.has(emp))
      rels.set(emp, q.view === 'team' ? { employee: false, leader: true } : await relationOf(ctx.db, actor, emp));
    out.push(toRecord(actor, r, rels.get(emp) as Relation));
  }
  return { list: out, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function summary(ctx: AppContext, actor: RequestActor, q: Omit<StudyFilter, 'state'>): Promise<StudySummary> {
  const year = q.year ?? new Date().getUTCFullYear();
  const where = await whereOf(ctx.db, actor, { ...q, year }, false);
  const states = await ctx.db.execute<{ state: StudyState; n: number; hours: string }>(sql`
    SELECT s.state, count(*)::int AS n, coalesce(sum(s.hours), 0)::text AS hours
      FROM growth_study s LEFT JOIN ${userDirectory} e ON e.id = s.employee_id WHERE ${where} GROUP BY s.state`);
  const months = await ctx.db.execute<{ month: number; confirmed: string; pending: string }>(sql`
    SELECT extract(month FROM ${DAY_OF})::int AS month,
           coalesce(sum(s.hours) FILTER (WHERE s.state = 'confirmed'), 0)::text AS confirmed,
           coalesce(sum(s.hours) FILTER (WHERE s.state = 'completed'), 0)::text AS pending
      FROM growth_study s LEFT JOIN ${userDirectory} e ON e.id = s.employee_id
     WHERE ${where} AND s.state IN ('completed', 'confirmed')
     GROUP BY 1`);
  const hoursIn = (...s: StudyState[]) =>
    round1(states.rows.filter((r) => s.includes(r.state)).reduce((a, r) => a + Number(r.hours), 0));
  const byState = Object.fromEntries(
    STUDY_STATES.map((s) => [s, Number(states.rows.find((r) => r.state === s)?.n ?? 0)]),
  ) as StudySummary['byState'];
  return {
    year,
    confirmedHours: hoursIn('confirmed'),
    pendingHours: hoursIn('completed'),
    plannedHours: hoursIn('planned', 'inProgress'),
    records: Object.values(byState).reduce((a, n) => a + n, 0),
    byState,
    months: Array.from({ length: 12 }, (_, i) => {
      const m = months.rows.find((r) => Number(r.month) === i + 1);
      return { month: i + 1, confirmed: round1(Number(m?.confirmed ?? 0)), pending: round1(Number(m?.pending ?? 0)) };
    }),
    canSeeAll: managesCycles(actor),
  };
}

export async function exportFile(ctx: AppContext, actor: RequestActor, f: StudyFilter, lang: ExportLang) {
  const where = await whereOf(ctx.db, actor, f);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  const text = (k: string) => (r: Record<string, unknown>) => (r[k] == null ? null : String(r[k]));
  const label = (o: { zh: string; en: string } | undefined) => (o ? t(o.zh, o.en) : null);
  return streamXlsx(poolOf(ctx.db), {
    fileName: `${t('学习记录', 'study-records')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('学习记录', 'Study records'),
    columns: [
      { header: t('员工', 'Employee'), width: 18, value: text('employee_name') },
      { header: t('部门', 'Department'), width: 18, value: text('dept_name') },
      { header: t('标题', 'Title'), width: 36, value: text('title') },
      { header: t('类型', 'Kind'), width: 12, value: (r) => label(STUDY_KIND_LABEL[r.kind as StudyKind]) },
      { header: t('机构', 'Provider'), width: 20, value: text('provider') },
      { header: t('学时', 'Hours'), width: 8, numFmt: '0.0', value: (r) => Number(r.hours) },
      { header: t('开始', 'Start'), width: 12, value: text('start_day') },
      { header: t('结束', 'End'), width: 12, value: text('end_day') },
      { header: t('状态', 'State'), width: 10, value: (r) => label(STUDY_MACHINE.states[r.state as StudyState]?.label) },
      { header: t('确认人', 'Confirmed by'), width: 16, value: text('confirmed_by_name') },
      { header: t('确认时间 (UTC)', 'Confirmed at (UTC)'), width: 22, value: text('confirmed_at') },
      { header: t('证书/链接', 'Certificate / link'), width: 30, value: text('link') },
      { header: t('备注', 'Note'), width: 30, value: text('note') },
    ],
    query: sql`${SELECT} ${from(actor.accountId)} WHERE ${where} ORDER BY e.user_name, s.end_day DESC NULLS LAST, s.id`,
    map: (raw) => raw,
  });
}

export async function get(ctx: AppContext, actor: RequestActor, id: number): Promise<StudyRecord> {
  const { row, rel } = await loaded(ctx.db, actor, id);
  return toRecord(actor, row, rel);
}

/** What an audit row keeps of a record. */
const snapshot = (r: StudyRow) => ({
  title: r.title,
  kind: r.kind,
  provider: r.provider,
  hours: Number(r.hours),
  startDay: r.start_day,
  endDay: r.end_day,
  state: r.state,
  link: r.link,
  note: r.note,
});
const changed = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const keys = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, a[k]])), after: Object.fromEntries(keys.map((k) => [k, b[k]])) };
};

function requireWriter(actor: RequestActor) {
  requireStaff(actor);
  if (actor.impersonatorUserId !== null) throw forbidden('nobody writes study records under god view');
}

const lockedRefusal = (state: StudyState, lang: Lang, what: 'edit' | 'delete') => {
  const label = STUDY_MACHINE.states[state].label;
  const zh = what === 'edit' ? '已确认或已放弃的记录不能修改' : '只有计划中或已放弃的记录可以删除';
  const en = what === 'edit' ? 'a confirmed or dropped record is locked' : 'only a planned or dropped record is deleted';
  return conflict(lang === 'zh-CN' ? `学习记录当前为「${label.zh}」，${zh}` : `the record is ${label.en.toLowerCase()}: ${en}`, {
    state,
  });
};

export async function create(ctx: AppContext, actor: RequestActor, b: StudyBody): Promise<StudyRecord> {
  requireWriter(actor);
  return ctx.db.transaction(async (tx) => {
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO growth_study (account_id, employee_id, title, kind, provider, hours, start_day, end_day, link, note)
      VALUES (${actor.accountId}, ${actor.userId}, ${b.title}, ${b.kind}, ${b.provider}, ${b.hours}, ${b.startDay}, ${b.endDay},
              ${b.link}, ${b.note})
      RETURNING id`);
    const row = (await rowOf(tx, actor.accountId, Number(r.rows[0]?.id))) as StudyRow;
    await audit(tx, actor, { action: 'create', entity: 'growth_study', entityId: Number(row.id), after: snapshot(row) });
    return toRecord(actor, row, { employee: true, leader: false });
  });
}

export async function update(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: StudyUpdateBody,
  lang: Lang,
): Promise<StudyRecord> {
  requireWriter(actor);
  return ctx.db.transaction(async (tx) => {
    const { row, rel } = await loaded(tx, actor, id, true);
    if (!actsAsEmployee(actor, rel)) throw forbidden('only the employee changes their study record');
    if (Number(row.version) !== b.version) throw staleVersion();
    if (!STUDY_EDITABLE.includes(row.state)) throw lockedRefusal(row.state, lang, 'edit');
    await tx.execute(sql`
      UPDATE growth_study SET title = ${b.title}, kind = ${b.kind}, provider = ${b.provider}, hours = ${b.hours},
             start_day = ${b.startDay}, end_day = ${b.endDay}, link = ${b.link}, note = ${b.note},
             updated_at = now(), version = version + 1
       WHERE id = ${id}`);
    const after = (await rowOf(tx, actor.accountId, id)) as StudyRow;
    await audit(tx, actor, {
      action: 'update',
      entity: 'growth_study',
      entityId: id,
      ...changed(snapshot(row), snapshot(after)),
    });
    return toRecord(actor, after, rel);
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  requireWriter(actor);
  return ctx.db.transaction(async (tx) => {
    const { row, rel } = await loaded(tx, actor, id, true);
    if (!actsAsEmployee(actor, rel)) throw forbidden('only the employee deletes their study record');
    if (!STUDY_DELETABLE.includes(row.state)) throw lockedRefusal(row.state, lang, 'delete');
    await tx.execute(sql`DELETE FROM growth_study WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'growth_study', entityId: id, before: snapshot(row) });
    return null;
  });
}

const NOTICE = {
  complete: {
    zh: '{name} 完成了学习「{title}」（{hours} 学时），请确认',
    en: '{name} completed "{title}" ({hours} h): confirm it',
  },
  confirm: {
    zh: '你的学习「{title}」已确认，{hours} 学时计入本年度',
    en: 'Your "{title}" is confirmed: {hours} h count into your year',
  },
  return: { zh: '你的学习「{title}」被退回：{remark}', en: 'Your "{title}" was returned: {remark}' },
} as const;

export async function act(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: StudyActionBody,
  lang: Lang,
): Promise<StudyRecord> {
  requireWriter(actor);
  return ctx.db.transaction(async (tx) => {
    const { row, rel } = await loaded(tx, actor, id, true);
    const role = STUDY_ACTION_ROLE[b.action];
    if (role === 'employee' ? !actsAsEmployee(actor, rel) : !confirms(actor, rel))
      throw forbidden(
        role === 'employee'
          ? 'only the employee moves their study record'
          : 'a leader up the chain, HR or the administrator confirms a study record, not its employee',
      );
    if (Number(row.version) !== b.version) throw staleVersion();
    const step = transitionFrom(STUDY_MACHINE, row.state, b.action);
    if (!step) throw conflict(refusalText(STUDY_MACHINE, row.state, b.action, lang), { state: row.state });
    const set = {
      start: sql`start_day = coalesce(start_day, current_date)`,
      complete: sql`end_day = coalesce(end_day, current_date), start_day = coalesce(start_day, end_day, current_date)`,
      drop: null,
      confirm: sql`confirmed_by = ${actor.userId}, confirmed_at = now()`,
      return: sql`return_remark = ${b.remark}`,
    }[b.action];
    await tx.execute(
      sql`UPDATE growth_study SET state = ${step.to}, ${set ? sql`${set},` : sql``} updated_at = now(), version = version + 1 WHERE id = ${id}`,
    );
    const after = (await rowOf(tx, actor.accountId, id)) as StudyRow;
    await audit(tx, actor, {
      action: `growth.study.${b.action}`,
      entity: 'growth_study',
      entityId: id,
      before: { state: row.state },
      after: { state: step.to, ...(b.remark ? { remark: b.remark } : {}) },
    });
    const to =
      b.action === 'complete'
        ? await leaderOf(tx, Number(row.employee_id))
        : b.action === 'drop' || b.action === 'start'
          ? null
          : Number(row.employee_id);
    if (to !== null) {
      const notice = NOTICE[b.action as keyof typeof NOTICE];
      const fill = (s: string) =>
        s
          .replace('{name}', row.employee_name ?? '')
          .replace('{title}', row.title)
          .replace('{hours}', String(Number(row.hours)))
          .replace('{remark}', b.remark);
      await notify(tx, {
        accountId: actor.accountId,
        userIds: [to],
        kind: 'growth.study',
        title: { zh: fill(notice.zh), en: fill(notice.en) },
        link: b.action === 'complete' ? `/study?view=team&state=completed` : `/study?open=${id}`,
      });
    }
    return toRecord(actor, after, rel);
  });
}
