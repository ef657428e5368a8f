/** Queries of the playbook and the projects' steps (gtm.table.ts); people and departments through their areas' reads. */
import type { EndpointQuery } from '@bo/contract';
import type { listPlaybook } from '@bo/contract/gtm/playbook';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { departmentDirectory } from '../organization/organization.reads';

const stamp = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const day = (col: SQL) => sql`to_char(${col}, 'YYYY-MM-DD')`;

// ---- the playbook ----

export interface PlaybookRow extends Record<string, unknown> {
  id: number;
  account_id: number;
  sort: number;
  name_zh: string;
  name_en: string;
  phase: string;
  offset_days: number;
  dept_id: number | null;
  dept_name: string | null;
  dept_name_en: string | null;
  required: boolean;
  description: string;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

const PLAYBOOK_SELECT = sql`SELECT s.id, s.account_id, s.sort, s.name_zh, s.name_en, s.phase, s.offset_days, s.dept_id,
    d.name AS dept_name, d.name_en AS dept_name_en, s.required, s.description, s.version, u.user_name AS updated_by,
    ${stamp(sql`s.updated_at`)} AS updated_at`;
const PLAYBOOK_FROM = sql`FROM gtm_playbook_steps s
  LEFT JOIN ${departmentDirectory} d ON d.id = s.dept_id
  LEFT JOIN ${userDirectory} u ON u.id = s.updated_by`;
const PLAYBOOK_SORTS = { sort: sql`s.sort`, offsetDays: sql`s.offset_days`, updatedAt: sql`s.updated_at` };

export function pageOfPlaybook(db: DbOrTx, accountId: number, q: EndpointQuery<typeof listPlaybook>) {
  const where: SQL[] = [sql`s.account_id = ${accountId}`];
  const like = likeContains(q.keyword);
  if (like) where.push(sql`(s.name_zh ILIKE ${like} OR s.name_en ILIKE ${like})`);
  if (q.phase) where.push(sql`s.phase = ${q.phase}`);
  if (q.deptId) where.push(sql`s.dept_id = ${q.deptId}`);
  if (q.required) where.push(sql`s.required = ${q.required === 'true'}`);
  return pageOf<PlaybookRow>(
    db,
    {
      select: PLAYBOOK_SELECT,
      from: sql`${PLAYBOOK_FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, PLAYBOOK_SORTS, sql`s.sort, s.id`),
    },
    q,
  );
}

export async function playbookOf(db: DbOrTx, accountId: number): Promise<PlaybookRow[]> {
  return (
    await db.execute<PlaybookRow>(
      sql`${PLAYBOOK_SELECT} ${PLAYBOOK_FROM} WHERE s.account_id = ${accountId} ORDER BY s.sort, s.id`,
    )
  ).rows;
}

export async function playbookStep(db: DbOrTx, accountId: number, id: number, lock = false): Promise<PlaybookRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM gtm_playbook_steps WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  return (
    await db.execute<PlaybookRow>(sql`${PLAYBOOK_SELECT} ${PLAYBOOK_FROM} WHERE s.id = ${id} AND s.account_id = ${accountId}`)
  ).rows[0];
}

/** Which of the two names another step of the account has. */
export async function takenNames(db: DbOrTx, accountId: number, nameZh: string, nameEn: string, exceptId: number | null) {
  const r = await db.execute<{ zh: boolean; en: boolean }>(sql`
    SELECT bool_or(lower(name_zh) = lower(${nameZh})) AS zh, bool_or(lower(name_en) = lower(${nameEn})) AS en
      FROM gtm_playbook_steps WHERE account_id = ${accountId} AND id IS DISTINCT FROM ${exceptId}`);
  return { zh: r.rows[0]?.zh === true, en: r.rows[0]?.en === true };
}

/** Serialises the writes of one account's playbook (names and order). */
export const lockPlaybook = (db: DbOrTx, accountId: number) =>
  db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('gtm_playbook'), ${accountId})`);

/** Renumbers the account's steps 1…n in their order (after a delete or a move). */
export async function renumber(db: DbOrTx, accountId: number, orderedIds?: readonly number[]) {
  if (orderedIds) {
    for (const [i, id] of orderedIds.entries())
      await db.execute(sql`UPDATE gtm_playbook_steps SET sort = ${i + 1} WHERE id = ${id} AND account_id = ${accountId}`);
    return;
  }
  await db.execute(sql`
    UPDATE gtm_playbook_steps s SET sort = o.n
      FROM (SELECT id, row_number() OVER (ORDER BY sort, id) AS n FROM gtm_playbook_steps WHERE account_id = ${accountId}) o
     WHERE s.id = o.id AND s.sort <> o.n`);
}

export async function deptExists(db: DbOrTx, accountId: number, deptId: number): Promise<boolean> {
  const r = await db.execute(
    sql`SELECT 1 AS x FROM ${departmentDirectory} d WHERE d.id = ${deptId} AND d.account_id = ${accountId}`,
  );
  return r.rows.length > 0;
}

export async function userExists(db: DbOrTx, accountId: number, userId: number): Promise<boolean> {
  const r = await db.execute(sql`SELECT 1 AS x FROM ${userDirectory} u WHERE u.id = ${userId} AND u.account_id = ${accountId}`);
  return r.rows.length > 0;
}

/** The department's leader (org_departments.leader_user_id), walking up to the first department that has one. */
export async function deptLeader(db: DbOrTx, deptId: number): Promise<number | null> {
  const r = await db.execute<{ leader_user_id: number | null }>(sql`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, leader_user_id, 0 AS depth FROM ${departmentDirectory} d0 WHERE d0.id = ${deptId}
      UNION ALL
      SELECT d.id, d.parent_id, d.leader_user_id, up.depth + 1 FROM ${departmentDirectory} d JOIN up ON d.id = up.parent_id
       WHERE up.leader_user_id IS NULL AND up.depth < 20)
    SELECT leader_user_id FROM up WHERE leader_user_id IS NOT NULL ORDER BY depth LIMIT 1`);
  const v = r.rows[0]?.leader_user_id;
  return v === undefined || v === null ? null : Number(v);
}

export async function people(db: DbOrTx, accountId: number) {
  return (
    await db.execute<{ id: number; name: string }>(sql`
      SELECT u.id, u.user_name AS name FROM ${userDirectory} u WHERE u.account_id = ${accountId} AND u.enabled ORDER BY u.user_name, u.id`)
  ).rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function departments(db: DbOrTx, accountId: number) {
  return (
    await db.execute<{ id: number; name: string; name_en: string | null }>(sql`
      SELECT d.id, d.name, d.name_en FROM ${departmentDirectory} d WHERE d.account_id = ${accountId} ORDER BY d.id`)
  ).rows.map((r) => ({ id: Number(r.id), name: r.name, nameEn: r.name_en }));
}

// ---- the projects' steps ----

export interface StepRow extends Record<string, unknown> {
  id: number;
  account_id: number;
  project_id: number;
  playbook_step_id: number | null;
  sort: number;
  name_zh: string;
  name_en: string;
  phase: string;
  offset_days: number;
  dept_id: number | null;
  dept_name: string | null;
  dept_name_en: string | null;
  owner_id: number | null;
  owner_name: string | null;
  required: boolean;
  description: string;
  state: string;
  planned_on: string | null;
  started_on: string | null;
  actual_on: string | null;
  skip_reason: string | null;
  version: number;
  updated_at: string;
}

const STEP_SELECT = sql`SELECT s.id, s.account_id, s.project_id, s.playbook_step_id, s.sort, s.name_zh, s.name_en, s.phase,
    s.offset_days, s.dept_id, d.name AS dept_name, d.name_en AS dept_name_en, s.owner_id, u.user_name AS owner_name,
    s.required, s.description, s.state, ${day(sql`s.planned_on`)} AS planned_on, ${day(sql`s.started_on`)} AS started_on,
    ${day(sql`s.actual_on`)} AS actual_on, s.skip_reason, s.version, ${stamp(sql`s.updated_at`)} AS updated_at
  FROM gtm_project_steps s
  LEFT JOIN ${departmentDirectory} d ON d.id = s.dept_id
  LEFT JOIN ${userDirectory} u ON u.id = s.owner_id`;

/** The steps of the account's projects `projectIds`, each project's in its order. */
export async function stepsOf(db: DbOrTx, accountId: number, projectIds: readonly number[]): Promise<StepRow[]> {
  if (projectIds.length === 0) return [];
  return (
    await db.execute<StepRow>(sql`${STEP_SELECT}
      WHERE s.account_id = ${accountId} AND s.project_id = ANY(${`{${projectIds.join(',')}}`}::int[])
      ORDER BY s.project_id, s.sort, s.id`)
  ).rows;
}

export async function stepById(db: DbOrTx, accountId: number, id: number, lock = false): Promise<StepRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM gtm_project_steps WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  return (await db.execute<StepRow>(sql`${STEP_SELECT} WHERE s.id = ${id} AND s.account_id = ${accountId}`)).rows[0];
}

/** Serialises the writes of one project's steps (apply against apply). */
export const lockProjectSteps = (db: DbOrTx, projectId: number) =>
  db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('gtm_project_steps'), ${projectId})`);

export async function insertStep(
  db: DbOrTx,
  accountId: number,
  projectId: number,
  p: PlaybookRow,
  sort: number,
  ownerId: number | null,
): Promise<number> {
  const r = await db.execute<{ id: number }>(sql`
    INSERT INTO gtm_project_steps (account_id, project_id, playbook_step_id, sort, name_zh, name_en, phase, offset_days,
           dept_id, owner_id, required, description)
    VALUES (${accountId}, ${projectId}, ${p.id}, ${sort}, ${p.name_zh}, ${p.name_en}, ${p.phase}, ${p.offset_days},
           ${p.dept_id}, ${ownerId}, ${p.required}, ${p.description})
    RETURNING id`);
  return Number(r.rows[0]?.id);
}

export async function moveStep(
  db: DbOrTx,
  id: number,
  to: { state: string; plannedOn: string | null; startedOn: string | null; actualOn: string | null; skipReason: string | null },
) {
  await db.execute(sql`
    UPDATE gtm_project_steps SET state = ${to.state}, planned_on = ${to.plannedOn}, started_on = ${to.startedOn},
           actual_on = ${to.actualOn}, skip_reason = ${to.skipReason}, version = version + 1, updated_at = now()
     WHERE id = ${id}`);
}

export async function updateStep(db: DbOrTx, id: number, ownerId: number | null, offsetDays: number) {
  await db.execute(sql`
    UPDATE gtm_project_steps SET owner_id = ${ownerId}, offset_days = ${offsetDays}, version = version + 1, updated_at = now()
     WHERE id = ${id}`);
}
