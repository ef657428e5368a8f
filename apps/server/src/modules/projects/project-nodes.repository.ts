/** The nodes' queries (project_nodes) and the bonus export's statement. No rules here. */
import { STAGES } from '@bo/contract/projects/projects';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { departmentDirectory } from '../organization/organization.reads';

export interface NodeRaw extends Record<string, unknown> {
  node: string;
  plan_date: string | null;
  reached_date: string | null;
  bonus: string;
  remark: string;
  reported_by: number | null;
  reporter_name: string | null;
  version: number;
}

export async function nodesOf(db: DbOrTx, projectId: number, lock = false): Promise<Map<string, NodeRaw>> {
  const r = await db.execute<NodeRaw>(sql`
    SELECT n.node, n.plan_date::text AS plan_date, n.reached_date::text AS reached_date, n.bonus::text AS bonus, n.remark,
           n.reported_by, u.user_name AS reporter_name, n.version
      FROM project_nodes n LEFT JOIN ${userDirectory} u ON u.id = n.reported_by
     WHERE n.project_id = ${projectId} ${lock ? sql`FOR UPDATE OF n` : sql``}`);
  return new Map(r.rows.map((x) => [x.node, x]));
}

export async function upsertNode(
  db: DbOrTx,
  projectId: number,
  v: { node: string; planDate: string | null; bonus: number; reachedDate: string | null; remark: string; userId: number },
) {
  await db.execute(sql`
    INSERT INTO project_nodes (project_id, node, plan_date, reached_date, bonus, remark, reported_by)
    VALUES (${projectId}, ${v.node}, ${v.planDate}, ${v.reachedDate}, ${v.bonus}, ${v.remark}, ${v.userId})
    ON CONFLICT (project_id, node) DO UPDATE SET plan_date = EXCLUDED.plan_date, reached_date = EXCLUDED.reached_date,
           bonus = EXCLUDED.bonus, remark = EXCLUDED.remark, reported_by = EXCLUDED.reported_by,
           version = project_nodes.version + 1, updated_at = now()`);
}

/** A stage reached today by a passed gate review (its plan and bonus kept). */
export async function reachNode(db: DbOrTx, projectId: number, node: string, remark: string, userId: number) {
  await db.execute(sql`
    INSERT INTO project_nodes (project_id, node, reached_date, remark, reported_by)
    VALUES (${projectId}, ${node}, current_date, ${remark}, ${userId})
    ON CONFLICT (project_id, node) DO UPDATE SET reached_date = COALESCE(project_nodes.reached_date, current_date),
           remark = EXCLUDED.remark, reported_by = EXCLUDED.reported_by, version = project_nodes.version + 1, updated_at = now()`);
}

export interface BonusLineRaw extends Record<string, unknown> {
  code: string;
  name: string;
  type: string;
  owner_name: string | null;
  dept_name: string | null;
  dept_name_en: string | null;
  node: string;
  reached_date: string | null;
  bonus: string;
  issue_date: string | null;
}

/** Earned bonus lines: nodes reached, and the RESULT of completed projects (reached on their closing day). */
export function bonusLinesQuery(
  accountId: number,
  q: { type?: string | undefined; keyword?: string | undefined; from?: string | undefined; to?: string | undefined },
): SQL {
  const where: SQL[] = [sql`p.account_id = ${accountId}`, sql`n.bonus > 0`];
  if (q.type) where.push(sql`p.type = ${q.type}`);
  if (q.keyword) {
    const k = likeContains(q.keyword);
    where.push(sql`(p.name ILIKE ${k} OR p.code ILIKE ${k})`);
  }
  const reached = sql`CASE WHEN n.node = 'RESULT' THEN NULLIF(p.dates->>'CLOSING_TIME', '')::date ELSE n.reached_date END`;
  where.push(sql`(CASE WHEN n.node = 'RESULT' THEN p.run_status = 'OVER_COMPLETE' ELSE n.reached_date IS NOT NULL END)`);
  if (q.from) where.push(sql`${reached} >= ${q.from}::date`);
  if (q.to) where.push(sql`${reached} <= ${q.to}::date`);
  const order = `array_position(ARRAY[${[...STAGES, 'RESULT'].map((s) => `'${s}'`).join(',')}], n.node)`;
  return sql`
    SELECT p.code, p.name, p.type, o.user_name AS owner_name, d.name AS dept_name, d.name_en AS dept_name_en, n.node,
           (${reached})::text AS reached_date, n.bonus::text AS bonus, p.dates->>'NODE_BONUS_TIME' AS issue_date
      FROM project_nodes n JOIN projects p ON p.id = n.project_id
      LEFT JOIN ${userDirectory} o ON o.id = p.owner_id
      LEFT JOIN ${departmentDirectory} d ON d.id = p.dept_id
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY p.code, ${sql.raw(order)}`;
}
