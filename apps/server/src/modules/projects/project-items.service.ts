/**
 * A project's todos and events. Reading: everyone with the page. Writing: whoever may `work`
 * on the project (the table: owner, members, approvers, department leaders, the administrator,
 * while the project is not over); a todo's assignee may also complete their own todo. Each
 * change is a line in the project log. A todo's reminder day notifies its assignee when the
 * todo is saved with a reminder that has come.
 */
import type { EndpointBody, projects as ep, Lang } from '@bo/contract';
import type { ProjectEvent, ProjectTodo } from '@bo/contract/projects/projects';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, notFound, staleVersion } from '../../platform/errors';
import { notify } from '../../platform/notify/notifications';
import { userDirectory } from '../access/access.reads';
import { coreOf, findProject, type ProjectRaw, unknownUsers, writeLog } from './projects.repository';
import { enforce, rolesOf } from './projects.rules';
import { viewLink } from './projects.service';

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

interface TodoRaw extends Record<string, unknown> {
  id: number;
  project_id: number;
  title: string;
  description: string;
  assignee_id: number;
  assignee_name: string | null;
  due_date: string | null;
  remind_at: string | null;
  done: boolean;
  done_at: string | null;
  overdue: boolean;
  version: number;
}
const TODO_SELECT = sql`
  SELECT t.id, t.project_id, t.title, t.description, t.assignee_id, u.user_name AS assignee_name, t.due_date::text AS due_date,
         t.remind_at::text AS remind_at, t.done, ${ts('t.done_at')} AS done_at,
         (NOT t.done AND t.due_date < current_date) AS overdue, t.version
    FROM project_todos t LEFT JOIN ${userDirectory} u ON u.id = t.assignee_id`;
const toTodo = (r: TodoRaw): ProjectTodo => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  title: r.title,
  description: r.description,
  assignee: { id: Number(r.assignee_id), name: r.assignee_name ?? `#${r.assignee_id}` },
  dueDate: r.due_date,
  remindAt: r.remind_at,
  done: r.done,
  doneAt: r.done_at,
  overdue: Boolean(r.overdue),
  version: Number(r.version),
});
const todoFields = (t: ProjectTodo) => ({
  title: t.title,
  description: t.description,
  assigneeId: t.assignee.id,
  dueDate: t.dueDate,
  remindAt: t.remindAt,
  done: t.done,
});

interface EventRaw extends Record<string, unknown> {
  id: number;
  project_id: number;
  title: string;
  content: string;
  event_date: string;
  created_by: number;
  creator_name: string | null;
  version: number;
  created_at: string;
}
const EVENT_SELECT = sql`
  SELECT e.id, e.project_id, e.title, e.content, e.event_date::text AS event_date, e.created_by, u.user_name AS creator_name,
         e.version, ${ts('e.created_at')} AS created_at
    FROM project_events e LEFT JOIN ${userDirectory} u ON u.id = e.created_by`;
const toEvent = (r: EventRaw): ProjectEvent => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  title: r.title,
  content: r.content,
  eventDate: r.event_date,
  createdBy: { id: Number(r.created_by), name: r.creator_name ?? `#${r.created_by}` },
  version: Number(r.version),
  createdAt: r.created_at,
});

async function project(db: DbOrTx, actor: RequestActor, id: number, lock = false): Promise<ProjectRaw> {
  const p = await findProject(db, actor.accountId, id, lock);
  if (!p) throw notFound(`no project ${id}`);
  return p;
}

type Fields = Record<string, unknown>;

/**
 * A change of a todo or an event, written twice alike: the project's log line (`todo.update`, …,
 * naming the item) and the audit row (`project_todo`, …; completing one is an update there).
 */
async function logChange(
  tx: Tx,
  actor: RequestActor,
  projectId: number,
  kind: 'todo' | 'event',
  id: number,
  change: 'create' | 'update' | 'delete' | 'complete',
  before: Fields | null,
  after: Fields | null,
) {
  const item = { [kind]: id };
  await writeLog(tx, projectId, actor, `${kind}.${change}`, before && { ...item, ...before }, after && { ...item, ...after });
  await audit(tx, actor, {
    action: change === 'complete' ? 'update' : change,
    entity: `project_${kind}`,
    entityId: id,
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
  });
}

/** The project locked, and the caller allowed to work on it. */
async function workOn(tx: Tx, actor: RequestActor, projectId: number, lang: Lang) {
  const p = await project(tx, actor, projectId, true);
  await enforce(tx, coreOf(p), 'work', actor, lang);
  return p;
}

async function findTodo(db: DbOrTx, id: number): Promise<ProjectTodo> {
  const r = await db.execute<TodoRaw>(sql`${TODO_SELECT} WHERE t.id = ${id}`);
  if (!r.rows[0]) throw notFound(`no todo ${id}`);
  return toTodo(r.rows[0]);
}
async function findEvent(db: DbOrTx, id: number): Promise<ProjectEvent> {
  const r = await db.execute<EventRaw>(sql`${EVENT_SELECT} WHERE e.id = ${id}`);
  if (!r.rows[0]) throw notFound(`no event ${id}`);
  return toEvent(r.rows[0]);
}

export async function todosOf(ctx: AppContext, actor: RequestActor, projectId: number): Promise<ProjectTodo[]> {
  await project(ctx.db, actor, projectId);
  const r = await ctx.db.execute<TodoRaw>(
    sql`${TODO_SELECT} WHERE t.project_id = ${projectId} ORDER BY t.done, t.due_date NULLS LAST, t.id`,
  );
  return r.rows.map(toTodo);
}

export async function getTodo(ctx: AppContext, actor: RequestActor, id: number): Promise<ProjectTodo> {
  const t = await findTodo(ctx.db, id);
  await project(ctx.db, actor, t.projectId);
  return t;
}

async function checkAssignee(tx: DbOrTx, actor: RequestActor, assigneeId: number) {
  if ((await unknownUsers(tx, actor.accountId, [assigneeId])).length > 0)
    throw codedFieldError('assigneeId', 'projects.unknownUser');
}

/** A reminder whose day has come tells the assignee now (once per todo and day). */
async function remind(tx: DbOrTx, actor: RequestActor, p: ProjectRaw, t: ProjectTodo) {
  if (t.done || !t.remindAt || t.remindAt > new Date().toISOString().slice(0, 10) || t.assignee.id === actor.userId) return;
  await notify(tx, {
    accountId: actor.accountId,
    userIds: [t.assignee.id],
    kind: 'project.todo',
    title: { zh: `待办提醒：${t.title}（${p.code}）`, en: `Todo reminder: ${t.title} (${p.code})` },
    link: viewLink(p.type, Number(p.id)),
    dedupeKey: `project.todo:${t.id}:${t.remindAt}`,
  });
}

export async function createTodo(ctx: AppContext, actor: RequestActor, b: EndpointBody<typeof ep.createTodo>, lang: Lang) {
  return ctx.db.transaction(async (tx) => {
    const p = await workOn(tx, actor, b.projectId, lang);
    await checkAssignee(tx, actor, b.assigneeId);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO project_todos (project_id, title, description, assignee_id, due_date, remind_at, created_by)
      VALUES (${b.projectId}, ${b.title}, ${b.description}, ${b.assigneeId}, ${b.dueDate}, ${b.remindAt}, ${actor.userId}) RETURNING id`);
    const t = await findTodo(tx, Number(r.rows[0]?.id));
    await logChange(tx, actor, b.projectId, 'todo', t.id, 'create', null, todoFields(t));
    await remind(tx, actor, p, t);
    return t;
  });
}

export async function updateTodo(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: EndpointBody<typeof ep.updateTodo>,
  lang: Lang,
) {
  return ctx.db.transaction(async (tx) => {
    const before = await findTodo(tx, id);
    const p = await workOn(tx, actor, before.projectId, lang);
    await tx.execute(sql`SELECT id FROM project_todos WHERE id = ${id} FOR UPDATE`);
    const locked = await findTodo(tx, id);
    if (locked.version !== b.version) throw staleVersion();
    await checkAssignee(tx, actor, b.assigneeId);
    await tx.execute(sql`
      UPDATE project_todos SET title = ${b.title}, description = ${b.description}, assignee_id = ${b.assigneeId},
             due_date = ${b.dueDate}, remind_at = ${b.remindAt}, version = version + 1, updated_at = now() WHERE id = ${id}`);
    const after = await findTodo(tx, id);
    await logChange(tx, actor, before.projectId, 'todo', id, 'update', todoFields(locked), todoFields(after));
    await remind(tx, actor, p, after);
    return after;
  });
}

export async function deleteTodo(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const before = await findTodo(tx, id);
    await workOn(tx, actor, before.projectId, lang);
    await tx.execute(sql`DELETE FROM project_todos WHERE id = ${id}`);
    await logChange(tx, actor, before.projectId, 'todo', id, 'delete', todoFields(before), null);
    return null;
  });
}

/** Done (or open again): whoever may work on the project, or the todo's own assignee. */
export async function completeTodo(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: EndpointBody<typeof ep.completeTodo>,
  lang: Lang,
) {
  return ctx.db.transaction(async (tx) => {
    const first = await findTodo(tx, id);
    const p = await project(tx, actor, first.projectId, true);
    const core = coreOf(p);
    if (first.assignee.id !== actor.userId || (await rolesOf(tx, core, actor)).length > 0)
      await enforce(tx, core, 'work', actor, lang);
    await tx.execute(sql`SELECT id FROM project_todos WHERE id = ${id} FOR UPDATE`);
    const before = await findTodo(tx, id);
    if (before.version !== b.version) throw staleVersion();
    await tx.execute(sql`
      UPDATE project_todos SET done = ${b.done}, done_at = ${b.done ? sql`now()` : null}, version = version + 1, updated_at = now()
       WHERE id = ${id}`);
    const after = await findTodo(tx, id);
    await logChange(tx, actor, before.projectId, 'todo', id, 'complete', { done: before.done }, { done: after.done });
    return after;
  });
}

export async function eventsOf(ctx: AppContext, actor: RequestActor, projectId: number): Promise<ProjectEvent[]> {
  await project(ctx.db, actor, projectId);
  const r = await ctx.db.execute<EventRaw>(
    sql`${EVENT_SELECT} WHERE e.project_id = ${projectId} ORDER BY e.event_date DESC, e.id DESC`,
  );
  return r.rows.map(toEvent);
}

const eventFields = (e: ProjectEvent) => ({ title: e.title, content: e.content, eventDate: e.eventDate });

export async function createEvent(
  ctx: AppContext,
  actor: RequestActor,
  projectId: number,
  b: EndpointBody<typeof ep.createEvent>,
  lang: Lang,
) {
  return ctx.db.transaction(async (tx) => {
    await workOn(tx, actor, projectId, lang);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO project_events (project_id, title, content, event_date, created_by)
      VALUES (${projectId}, ${b.title}, ${b.content}, ${b.eventDate}, ${actor.userId}) RETURNING id`);
    const e = await findEvent(tx, Number(r.rows[0]?.id));
    await logChange(tx, actor, projectId, 'event', e.id, 'create', null, eventFields(e));
    return e;
  });
}

export async function updateEvent(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: EndpointBody<typeof ep.updateEvent>,
  lang: Lang,
) {
  return ctx.db.transaction(async (tx) => {
    const first = await findEvent(tx, id);
    await workOn(tx, actor, first.projectId, lang);
    await tx.execute(sql`SELECT id FROM project_events WHERE id = ${id} FOR UPDATE`);
    const before = await findEvent(tx, id);
    if (before.version !== b.version) throw staleVersion();
    await tx.execute(sql`
      UPDATE project_events SET title = ${b.title}, content = ${b.content}, event_date = ${b.eventDate}, version = version + 1
       WHERE id = ${id}`);
    const after = await findEvent(tx, id);
    await logChange(tx, actor, before.projectId, 'event', id, 'update', eventFields(before), eventFields(after));
    return after;
  });
}

export async function deleteEvent(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const before = await findEvent(tx, id);
    await workOn(tx, actor, before.projectId, lang);
    await tx.execute(sql`DELETE FROM project_events WHERE id = ${id}`);
    await logChange(tx, actor, before.projectId, 'event', id, 'delete', eventFields(before), null);
    return null;
  });
}
