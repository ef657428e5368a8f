/**
 * OKR queries: objectives with their owner, department and linked project (through the
 * access, organisation and projects areas' published reads), their key results and check-ins.
 * No rules here (okr.service.ts).
 */
import type { Checkin, KrKind, KrMetric, ObjectiveState, OkrListType } from '@bo/contract/okr/okr';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyInt } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { departmentDirectory } from '../organization/organization.reads';
import { projectDirectory } from '../projects/projects.reads';

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export interface ObjectiveRow extends Record<string, unknown> {
  id: number;
  account_id: number;
  list_type: OkrListType;
  quarter: string;
  title: string;
  description: string;
  owner_id: number;
  owner_name: string | null;
  dept_id: number | null;
  dept_name: string | null;
  project_id: number | null;
  project_code: string | null;
  project_name: string | null;
  project_skus: string[] | null;
  state: ObjectiveState;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

export const OBJECTIVE_SELECT = sql`
  SELECT o.id, o.account_id, o.list_type, o.quarter, o.title, o.description, o.owner_id, ow.user_name AS owner_name,
         o.dept_id, d.name AS dept_name, o.project_id, p.code AS project_code, p.name AS project_name, p.skus AS project_skus,
         o.state, o.version, ub.user_name AS updated_by, ${ts('o.updated_at')} AS updated_at`;
export const OBJECTIVE_FROM = sql`
  FROM okr_objectives o
  LEFT JOIN ${userDirectory} ow ON ow.id = o.owner_id
  LEFT JOIN ${userDirectory} ub ON ub.id = o.updated_by
  LEFT JOIN ${departmentDirectory} d ON d.id = o.dept_id
  LEFT JOIN ${projectDirectory} p ON p.id = o.project_id`;

export async function objectiveRow(db: DbOrTx, accountId: number, id: number, lock = false): Promise<ObjectiveRow | null> {
  if (lock) await db.execute(sql`SELECT id FROM okr_objectives WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  const r = await db.execute<ObjectiveRow>(
    sql`${OBJECTIVE_SELECT} ${OBJECTIVE_FROM} WHERE o.id = ${id} AND o.account_id = ${accountId}`,
  );
  return r.rows[0] ?? null;
}

export async function objectiveRows(db: DbOrTx, where: SQL, order: SQL = sql`o.id`): Promise<ObjectiveRow[]> {
  return (await db.execute<ObjectiveRow>(sql`${OBJECTIVE_SELECT} ${OBJECTIVE_FROM} WHERE ${where} ORDER BY ${order}`)).rows;
}

export interface KrRow extends Record<string, unknown> {
  id: number;
  objective_id: number;
  position: number;
  title: string;
  weight: number;
  kind: KrKind;
  metric: KrMetric | null;
  target: string;
  unit: string;
  hand_score: string | null;
  current: string | null;
  version: number;
  checkins: number;
  last_checkin_at: string | null;
}

const KR_SELECT = sql`
  SELECT k.id, k.objective_id, k.position, k.title, k.weight, k.kind, k.metric, k.target, k.unit, k.hand_score, k.current, k.version,
         (SELECT count(*)::int FROM okr_checkins c WHERE c.key_result_id = k.id) AS checkins,
         (SELECT ${ts('max(c.at)')} FROM okr_checkins c WHERE c.key_result_id = k.id) AS last_checkin_at
    FROM okr_key_results k`;

/** The key results of the objectives, in their order. */
export async function keyResultsOf(db: DbOrTx, objectiveIds: readonly number[]): Promise<KrRow[]> {
  if (objectiveIds.length === 0) return [];
  return (
    await db.execute<KrRow>(
      sql`${KR_SELECT} WHERE k.objective_id = ${anyInt(objectiveIds)} ORDER BY k.objective_id, k.position, k.id`,
    )
  ).rows;
}

export async function keyResultRow(db: DbOrTx, id: number, lock = false): Promise<KrRow | null> {
  if (lock) await db.execute(sql`SELECT id FROM okr_key_results WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<KrRow>(sql`${KR_SELECT} WHERE k.id = ${id}`)).rows[0] ?? null;
}

/** The key-result ids of a page of the cross-objective list, and how many there are. */
export async function keyResultPage(db: DbOrTx, where: SQL, page: { pageNum: number; pageSize: number }) {
  const from = sql`FROM okr_key_results k JOIN okr_objectives o ON o.id = k.objective_id WHERE ${where}`;
  const [rows, count] = await Promise.all([
    db.execute<{ id: number; objective_id: number }>(sql`
      SELECT k.id, k.objective_id ${from} ORDER BY o.quarter DESC, o.id DESC, k.position, k.id
       LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${from}`),
  ]);
  return {
    ids: rows.rows.map((r) => ({ id: Number(r.id), objectiveId: Number(r.objective_id) })),
    total: Number(count.rows[0]?.n ?? 0),
  };
}

export async function checkinsOf(db: DbOrTx, keyResultId: number): Promise<Checkin[]> {
  const r = await db.execute<{
    id: number;
    at: string;
    by: string | null;
    real_by: string | null;
    value: string | null;
    score: string | null;
    comment: string;
  }>(sql`
    SELECT c.id, ${ts('c.at')} AS at, u.user_name AS by, i.user_name AS real_by, c.value, c.score, c.comment
      FROM okr_checkins c
      LEFT JOIN ${userDirectory} u ON u.id = c.user_id
      LEFT JOIN ${userDirectory} i ON i.id = c.impersonator_user_id
     WHERE c.key_result_id = ${keyResultId}
     ORDER BY c.at DESC, c.id DESC`);
  return r.rows.map((c) => ({
    id: Number(c.id),
    keyResultId,
    at: c.at,
    by: c.by ?? '',
    realBy: c.real_by,
    value: c.value === null ? null : Number(c.value),
    score: c.score === null ? null : Number(c.score),
    comment: c.comment,
  }));
}

/** An enabled user of the account. */
export async function isUserOf(db: DbOrTx, accountId: number, userId: number): Promise<boolean> {
  const r = await db.execute(
    sql`SELECT 1 FROM ${userDirectory} u WHERE u.id = ${userId} AND u.account_id = ${accountId} AND u.enabled`,
  );
  return r.rows.length > 0;
}

export async function isProjectOf(db: DbOrTx, accountId: number, projectId: number): Promise<boolean> {
  const r = await db.execute(sql`SELECT 1 FROM ${projectDirectory} p WHERE p.id = ${projectId} AND p.account_id = ${accountId}`);
  return r.rows.length > 0;
}

/** The form's choices: users, departments, projects (of a list type's projects, as the project list reads them), quarters in use. */
export async function options(db: DbOrTx, accountId: number, listType: OkrListType | undefined) {
  const projectFilter =
    listType === 1
      ? sql`AND p.type = 'GTM_PROJECT'`
      : listType === 0
        ? sql`AND p.priority = 'P0'`
        : listType === 21
          ? sql`AND p.type = 'NEW_PRODUCT_DEV_PROJECT'`
          : listType === 31
            ? sql`AND p.type = 'PLATFORM_PROJECT'`
            : sql``;
  const [people, depts, projects, quarters] = await Promise.all([
    db.execute<{ id: number; name: string }>(
      sql`SELECT id, user_name AS name FROM ${userDirectory} u WHERE u.account_id = ${accountId} AND u.enabled ORDER BY user_name`,
    ),
    db.execute<{ id: number; name: string }>(
      sql`SELECT id, name FROM ${departmentDirectory} d WHERE d.account_id = ${accountId} ORDER BY name`,
    ),
    db.execute<{ id: number; code: string; name: string; skus: string[] }>(
      sql`SELECT id, code, name, skus FROM ${projectDirectory} p WHERE p.account_id = ${accountId} ${projectFilter} ORDER BY id DESC LIMIT 500`,
    ),
    db.execute<{ quarter: string }>(
      sql`SELECT DISTINCT quarter FROM okr_objectives WHERE account_id = ${accountId} ORDER BY quarter DESC`,
    ),
  ]);
  return {
    people: people.rows.map((p) => ({ id: Number(p.id), name: p.name })),
    depts: depts.rows.map((d) => ({ id: Number(d.id), name: d.name })),
    projects: projects.rows.map((p) => ({ id: Number(p.id), code: p.code, name: p.name, skus: p.skus })),
    quarters: quarters.rows.map((q) => q.quarter),
  };
}
