/**
 * The projects' share kinds: a link (platform/share) opens, without a session, a read-only view
 * of one record of the link's account: `project` (`/teambition/project?share=<token>`), a
 * project's `data-view` (`/teambition/dataView`: headline, sales of its SKUs, progress) and a
 * todo as a `chat-task` card (`/chatTask`). Each reply is passed through the kind's schema, so
 * nothing else can leak. Making a link needs the project board, as reading a project does.
 */
import {
  CHAT_TASK_SHARE_KIND,
  type ChatTaskShareView,
  chatTaskShareSchema,
  DATA_VIEW_SHARE_KIND,
  type DataViewShareView,
  dataViewShareSchema,
  PROJECT_SHARE_KIND,
  type ProjectShareView,
  projectShareViewSchema,
} from '@bo/contract/projects/project-share';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intId } from '../../platform/audit/history.registry';
import type { ShareKindMap } from '../../platform/share/share.registry';
import { userDirectory } from '../access/access.reads';
import { findProject, ts } from './projects.repository';
import { projectProgress, projectSales } from './projects-data-view.repository';

/** The project `entityId` names in the account, or null. */
async function projectOf(db: DbOrTx, accountId: number, entityId: string) {
  const id = intId(entityId);
  return id === null ? null : findProject(db, accountId, id);
}

async function sharedProject(db: DbOrTx, accountId: number, entityId: string): Promise<ProjectShareView | null> {
  const p = await projectOf(db, accountId, entityId);
  if (!p) return null;
  const id = p.id;
  const todos = await db.execute<{ title: string; due_date: string | null; done: boolean; overdue: boolean }>(sql`
    SELECT title, to_char(due_date, 'YYYY-MM-DD') AS due_date, done, (NOT done AND due_date < current_date) AS overdue
      FROM project_todos WHERE project_id = ${id} ORDER BY done, due_date NULLS LAST, id LIMIT 200`);
  const events = await db.execute<{ title: string; content: string; event_date: string }>(sql`
    SELECT title, content, to_char(event_date, 'YYYY-MM-DD') AS event_date
      FROM project_events WHERE project_id = ${id} ORDER BY event_date DESC, id DESC LIMIT 200`);
  return {
    code: p.code,
    name: p.name,
    type: p.type,
    priority: p.priority,
    stage: p.stage,
    scheduleStatus: p.schedule_status,
    runStatus: p.run_status,
    approvalStatus: Number(p.approval_status),
    ownerName: p.owner_name ?? '',
    deptName: p.dept_name,
    deptNameEn: p.dept_name_en,
    description: p.description,
    skus: p.skus,
    dates: p.dates,
    todos: todos.rows.map((t) => ({ title: t.title, dueDate: t.due_date, done: t.done, overdue: Boolean(t.overdue) })),
    events: events.rows.map((e) => ({ title: e.title, content: e.content, eventDate: e.event_date })),
    updatedAt: p.updated_at,
  };
}

async function sharedDataView(db: DbOrTx, accountId: number, entityId: string): Promise<DataViewShareView | null> {
  const p = await projectOf(db, accountId, entityId);
  if (!p) return null;
  return {
    code: p.code,
    name: p.name,
    type: p.type,
    stage: p.stage,
    runStatus: p.run_status,
    ownerName: p.owner_name ?? '',
    dates: p.dates,
    skus: p.skus,
    sales: await projectSales(db, accountId, p.skus),
    progress: await projectProgress(db, Number(p.id)),
    updatedAt: p.updated_at,
  };
}

/** A todo of a project of the account, as a card. */
async function sharedChatTask(db: DbOrTx, accountId: number, entityId: string): Promise<ChatTaskShareView | null> {
  const id = intId(entityId);
  if (id === null) return null;
  const r = await db.execute<{
    title: string;
    description: string;
    code: string;
    name: string;
    assignee_name: string | null;
    due_date: string | null;
    done: boolean;
    overdue: boolean;
    updated_at: string;
  }>(sql`
    SELECT t.title, t.description, p.code, p.name, u.user_name AS assignee_name, t.due_date::text AS due_date, t.done,
           (NOT t.done AND t.due_date < current_date) AS overdue,
           ${ts('t.updated_at')} AS updated_at
      FROM project_todos t JOIN projects p ON p.id = t.project_id
      LEFT JOIN ${userDirectory} u ON u.id = t.assignee_id
     WHERE t.id = ${id} AND p.account_id = ${accountId}`);
  const t = r.rows[0];
  if (!t) return null;
  return {
    title: t.title,
    description: t.description,
    projectCode: t.code,
    projectName: t.name,
    assigneeName: t.assignee_name ?? '',
    dueDate: t.due_date,
    done: t.done,
    overdue: Boolean(t.overdue),
    updatedAt: t.updated_at,
  };
}

const PERMISSION = 'digitize:projectborard';

export const projectShareKinds: ShareKindMap = {
  [PROJECT_SHARE_KIND]: {
    permission: PERMISSION,
    path: '/teambition/project',
    schema: projectShareViewSchema,
    read: sharedProject,
  },
  [DATA_VIEW_SHARE_KIND]: {
    permission: PERMISSION,
    path: '/teambition/dataView',
    schema: dataViewShareSchema,
    read: sharedDataView,
  },
  [CHAT_TASK_SHARE_KIND]: { permission: PERMISSION, path: '/chatTask', schema: chatTaskShareSchema, read: sharedChatTask },
};
