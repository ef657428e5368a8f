/**
 * The project share kind: a link (platform/share) opens `/teambition/project?share=<token>`, a
 * read-only view of one project of the link's account, without a session. The view is
 * `projectShareViewSchema`: the reply is passed through it, so nothing else can leak.
 */
import { PROJECT_SHARE_KIND, type ProjectShareView, projectShareViewSchema } from '@bo/contract/projects/project-share';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intId } from '../../platform/audit/history.registry';
import type { ShareKindMap } from '../../platform/share/share.registry';
import { findProject } from './projects.repository';

async function sharedProject(db: DbOrTx, accountId: number, entityId: string): Promise<ProjectShareView | null> {
  const id = intId(entityId);
  if (id === null) return null;
  const p = await findProject(db, accountId, id);
  if (!p) return null;
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

export const projectShareKinds: ShareKindMap = {
  [PROJECT_SHARE_KIND]: {
    permission: 'digitize:projectborard',
    path: '/teambition/project',
    schema: projectShareViewSchema,
    read: sharedProject,
  },
};
