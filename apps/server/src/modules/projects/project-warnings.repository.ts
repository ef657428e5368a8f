/** The warnings' queries: rows as the service reads them, the page, and the job's raise and settle statements. No rules here. */
import type { ProjectType, ProjectWarning } from '@bo/contract/projects/projects';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageOf } from '../../db/sql';
import { userDirectory } from '../access/access.reads';

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

interface WarningRaw extends Record<string, unknown> {
  id: number;
  project_id: number;
  code: string;
  name: string;
  type: ProjectWarning['projectType'];
  kind: ProjectWarning['kind'];
  level: ProjectWarning['level'];
  message: string;
  due_date: string | null;
  status: ProjectWarning['status'];
  source: string | null;
  created_by: number | null;
  creator_name: string | null;
  created_at: string;
  resolved_at: string | null;
  version: number;
}

const SELECT = sql`
  SELECT w.id, w.project_id, p.code, p.name, p.type, w.kind, w.level, w.message, w.due_date::text AS due_date, w.status,
         w.source, w.created_by, u.user_name AS creator_name, ${ts('w.created_at')} AS created_at,
         ${ts('w.resolved_at')} AS resolved_at, w.version`;
const FROM = sql`FROM project_warnings w JOIN projects p ON p.id = w.project_id LEFT JOIN ${userDirectory} u ON u.id = w.created_by`;

export const toWarning = (r: WarningRaw): ProjectWarning => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  projectCode: r.code,
  projectName: r.name,
  projectType: r.type,
  kind: r.kind,
  level: r.level,
  message: r.message,
  dueDate: r.due_date,
  status: r.status,
  auto: r.source !== null,
  createdBy: r.created_by === null ? null : { id: Number(r.created_by), name: r.creator_name ?? `#${r.created_by}` },
  createdAt: r.created_at,
  resolvedAt: r.resolved_at,
  version: Number(r.version),
});

export async function findWarning(db: DbOrTx, accountId: number, id: number, lock = false): Promise<ProjectWarning | null> {
  if (lock) await db.execute(sql`SELECT id FROM project_warnings WHERE id = ${id} FOR UPDATE`);
  const r = await db.execute<WarningRaw>(sql`${SELECT} ${FROM} WHERE w.id = ${id} AND p.account_id = ${accountId}`);
  return r.rows[0] ? toWarning(r.rows[0]) : null;
}

export interface WarningFilter {
  projectId?: number | undefined;
  status?: string | undefined;
  kind?: string | undefined;
  level?: string | undefined;
}

export async function warningPage(db: DbOrTx, accountId: number, f: WarningFilter, page: { pageNum: number; pageSize: number }) {
  const where: SQL[] = [sql`p.account_id = ${accountId}`];
  if (f.projectId) where.push(sql`w.project_id = ${f.projectId}`);
  if (f.status) where.push(sql`w.status = ${f.status}`);
  if (f.kind) where.push(sql`w.kind = ${f.kind}`);
  if (f.level) where.push(sql`w.level = ${f.level}`);
  const w = sql.join(where, sql` AND `);
  const res = await pageOf<WarningRaw>(
    db,
    {
      select: SELECT,
      from: sql`${FROM} WHERE ${w}`,
      orderBy: sql`array_position(ARRAY['open','acknowledged','resolved'], w.status), w.id DESC`,
      count: sql`FROM project_warnings w JOIN projects p ON p.id = w.project_id WHERE ${w}`,
    },
    page,
  );
  return { rows: res.rows.map(toWarning), total: res.total };
}

export async function insertWarning(
  db: DbOrTx,
  v: { projectId: number; kind: string; level: string; message: string; dueDate: string | null; createdBy: number },
): Promise<number> {
  const r = await db.execute<{ id: number }>(sql`
    INSERT INTO project_warnings (project_id, kind, level, message, due_date, created_by)
    VALUES (${v.projectId}, ${v.kind}, ${v.level}, ${v.message}, ${v.dueDate}, ${v.createdBy}) RETURNING id`);
  return Number(r.rows[0]?.id);
}

export async function updateWarning(
  db: DbOrTx,
  id: number,
  v: { kind: string; level: string; message: string; dueDate: string | null },
) {
  await db.execute(sql`
    UPDATE project_warnings SET kind = ${v.kind}, level = ${v.level}, message = ${v.message}, due_date = ${v.dueDate},
           version = version + 1, updated_at = now() WHERE id = ${id}`);
}

export async function setWarningStatus(db: DbOrTx, id: number, status: string) {
  await db.execute(sql`
    UPDATE project_warnings SET status = ${status}, resolved_at = ${status === 'resolved' ? sql`now()` : null},
           version = version + 1, updated_at = now() WHERE id = ${id}`);
}

export async function deleteWarningRow(db: DbOrTx, id: number) {
  await db.execute(sql`DELETE FROM project_warnings WHERE id = ${id}`);
}

const LIVE = sql`p.schedule_status = 'RELEASED' AND p.run_status NOT IN ('CLOSED', 'OVER_COMPLETE', 'CANCELED')`;

/**
 * Raises a warning for every overdue open todo and every planned node not reached by its day,
 * of projects that run, once per cause (a cause resolved by hand is not raised again). A cause
 * overdue by more than a week is critical. Answers the new warnings with their project's owner.
 */
export async function raiseOverdue(db: DbOrTx) {
  const r = await db.execute<{
    id: number;
    project_id: number;
    owner_id: number;
    account_id: number;
    code: string;
    type: ProjectType;
    kind: string;
  }>(sql`
    WITH causes AS (
      SELECT t.project_id, 'todo' AS kind, 'todo:' || t.id AS source, t.title AS message, t.due_date
        FROM project_todos t JOIN projects p ON p.id = t.project_id
       WHERE NOT t.done AND t.due_date < current_date AND ${LIVE}
      UNION ALL
      SELECT n.project_id, 'node', 'node:' || n.node, n.node, n.plan_date
        FROM project_nodes n JOIN projects p ON p.id = n.project_id
       WHERE n.node <> 'RESULT' AND n.reached_date IS NULL AND n.plan_date < current_date AND ${LIVE}
    ), added AS (
      INSERT INTO project_warnings (project_id, kind, level, message, source, due_date)
      SELECT project_id, kind, CASE WHEN due_date < current_date - 7 THEN 'critical' ELSE 'warning' END, message, source, due_date
        FROM causes
      ON CONFLICT (project_id, source) DO NOTHING
      RETURNING id, project_id, kind
    )
    SELECT a.id, a.project_id, a.kind, p.owner_id, p.account_id, p.code, p.type FROM added a JOIN projects p ON p.id = a.project_id`);
  return r.rows.map((x) => ({
    id: Number(x.id),
    projectId: Number(x.project_id),
    ownerId: Number(x.owner_id),
    accountId: Number(x.account_id),
    code: x.code,
    type: x.type,
    kind: x.kind,
  }));
}

/**
 * Settles raised warnings: critical once overdue by more than a week; resolved once their cause is
 * gone (the todo done or deleted, the node reached or unplanned, the project over).
 */
export async function settleRaised(db: DbOrTx): Promise<number> {
  await db.execute(sql`
    UPDATE project_warnings w SET level = 'critical', version = version + 1, updated_at = now()
     WHERE w.source IS NOT NULL AND w.status <> 'resolved' AND w.level = 'warning' AND w.due_date < current_date - 7`);
  const r = await db.execute(sql`
    UPDATE project_warnings w SET status = 'resolved', resolved_at = now(), version = w.version + 1, updated_at = now()
      FROM projects p
     WHERE p.id = w.project_id AND w.source IS NOT NULL AND w.status <> 'resolved' AND (
           NOT (${LIVE})
        OR (w.kind = 'todo' AND NOT EXISTS (SELECT 1 FROM project_todos t
              WHERE 'todo:' || t.id = w.source AND NOT t.done AND t.due_date < current_date))
        OR (w.kind = 'node' AND NOT EXISTS (SELECT 1 FROM project_nodes n
              WHERE n.project_id = w.project_id AND 'node:' || n.node = w.source AND n.reached_date IS NULL
                AND n.plan_date < current_date)))`);
  return r.rowCount ?? 0;
}
