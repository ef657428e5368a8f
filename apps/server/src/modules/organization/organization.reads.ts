/**
 * The reads the organisation publishes for other areas and the platform (the approval engine's
 * `approversFor`): who leads a user, which department a user is in, who is in a department.
 * A user is an employee through users.employee_id = org_employees.employee_id (same account);
 * a day's department is the membership that holds that day (`asOf`, yyyy-MM-dd; today when absent).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userDirectory } from '../access/access.reads';

/** Deeper than any real organisation: a guard should a cycle ever get into the table. */
const MAX_DEPTH = 64;

const day = (asOf: string | undefined) => (asOf ? sql`${asOf}::date` : sql`current_date`);

/** Memberships that hold on the day: `m` must be org_memberships. */
export const holdsOn = (asOf: string | undefined) =>
  sql`m.effective_from <= ${day(asOf)} AND (m.effective_to IS NULL OR m.effective_to >= ${day(asOf)})`;

type EmployeeOfUser = {
  id: number;
  leader_user_id: number | null;
  dept_id: number | null;
};

async function employeeOfUser(db: DbOrTx, userId: number, asOf?: string): Promise<EmployeeOfUser | null> {
  const r = await db.execute<EmployeeOfUser>(sql`
    SELECT e.id, e.leader_user_id, m.dept_id
      FROM ${userDirectory} u
      JOIN org_employees e ON e.account_id = u.account_id AND lower(e.employee_id) = lower(u.employee_id)
      LEFT JOIN org_memberships m ON m.employee_id = e.id AND ${holdsOn(asOf)}
     WHERE u.id = ${userId}
     LIMIT 1`);
  const row = r.rows[0];
  return row ? { id: Number(row.id), leader_user_id: row.leader_user_id, dept_id: row.dept_id } : null;
}

/**
 * `up`: the department and those above it with their leaders, `depth` 0 for the department
 * itself; the walk stops at MAX_DEPTH so a cycle in bad data cannot run forever.
 */
const departmentsUp = (deptId: number) => sql`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, leader_user_id, 0 AS depth FROM org_departments WHERE id = ${deptId}
      UNION ALL
      SELECT p.id, p.parent_id, p.leader_user_id, up.depth + 1
        FROM org_departments p JOIN up ON p.id = up.parent_id WHERE up.depth < ${MAX_DEPTH})`;

/** The nearest leader of the department or its ancestors who is not `exceptUserId`; null when none. */
export async function deptLeaderUp(db: DbOrTx, deptId: number, exceptUserId: number): Promise<number | null> {
  const r = await db.execute<{ leader_user_id: number }>(sql`
    ${departmentsUp(deptId)}
    SELECT leader_user_id FROM up
     WHERE leader_user_id IS NOT NULL AND leader_user_id <> ${exceptUserId}
     ORDER BY depth LIMIT 1`);
  const id = r.rows[0]?.leader_user_id;
  return id == null ? null : Number(id);
}

/**
 * The user's leader on the day: the employee's own leader when set (and not themself), else
 * the leader of their department, walking up the tree past departments without one and past
 * the user themself (a department head's leader is the parent department's). Null for a user
 * who is no employee, has no department that day, or has nobody above.
 */
export async function leaderOf(db: DbOrTx, userId: number, asOf?: string): Promise<number | null> {
  const e = await employeeOfUser(db, userId, asOf);
  if (!e) return null;
  if (e.leader_user_id !== null && Number(e.leader_user_id) !== userId) return Number(e.leader_user_id);
  return e.dept_id === null ? null : deptLeaderUp(db, Number(e.dept_id), userId);
}

/**
 * `leaderOf` for every user of the account at once (one statement, for walking many chains of
 * leaders without a query per person): user id → leader id, null for a user without one.
 */
export async function leadersOfAccount(db: DbOrTx, accountId: number, asOf?: string): Promise<Map<number, number | null>> {
  const r = await db.execute<{ user_id: number; leader: number | null }>(sql`
    WITH RECURSIVE emp AS (
      SELECT DISTINCT ON (u.id) u.id AS user_id, e.leader_user_id, m.dept_id
        FROM ${userDirectory} u
        JOIN org_employees e ON e.account_id = u.account_id AND lower(e.employee_id) = lower(u.employee_id)
        LEFT JOIN org_memberships m ON m.employee_id = e.id AND ${holdsOn(asOf)}
       WHERE u.account_id = ${accountId}
       ORDER BY u.id
    ), up AS (
      SELECT emp.user_id, d.id, d.parent_id, d.leader_user_id, 0 AS depth
        FROM emp JOIN org_departments d ON d.id = emp.dept_id
       WHERE emp.leader_user_id IS NULL OR emp.leader_user_id = emp.user_id
      UNION ALL
      SELECT up.user_id, p.id, p.parent_id, p.leader_user_id, up.depth + 1
        FROM org_departments p JOIN up ON p.id = up.parent_id WHERE up.depth < ${MAX_DEPTH})
    SELECT u.id AS user_id,
           CASE WHEN emp.leader_user_id IS NOT NULL AND emp.leader_user_id <> emp.user_id THEN emp.leader_user_id
                ELSE (SELECT up.leader_user_id FROM up
                       WHERE up.user_id = emp.user_id AND up.leader_user_id IS NOT NULL AND up.leader_user_id <> emp.user_id
                       ORDER BY up.depth LIMIT 1) END AS leader
      FROM ${userDirectory} u LEFT JOIN emp ON emp.user_id = u.id
     WHERE u.account_id = ${accountId}`);
  return new Map(r.rows.map((row) => [Number(row.user_id), row.leader == null ? null : Number(row.leader)]));
}

/** The leader of the user's department on the day (the employee's own leader left aside), walking up as leaderOf does. */
export async function departmentLeaderOf(db: DbOrTx, userId: number, asOf?: string): Promise<number | null> {
  const e = await employeeOfUser(db, userId, asOf);
  return e?.dept_id == null ? null : deptLeaderUp(db, Number(e.dept_id), userId);
}

export interface DepartmentRef {
  id: number;
  name: string;
  nameEn: string;
}

/** The user's department on the day; null for a user who is no employee or has none that day. */
export async function departmentOf(db: DbOrTx, userId: number, asOf?: string): Promise<DepartmentRef | null> {
  const e = await employeeOfUser(db, userId, asOf);
  if (e?.dept_id == null) return null;
  const r = await db.execute<{ id: number; name: string; name_en: string }>(
    sql`SELECT id, name, name_en FROM org_departments WHERE id = ${e.dept_id}`,
  );
  const d = r.rows[0];
  return d ? { id: Number(d.id), name: d.name, nameEn: d.name_en } : null;
}

export interface MemberRef {
  /** org_employees.id */
  id: number;
  employeeId: string;
  name: string;
  deptId: number;
  /** The linked user, if any. */
  userId: number | null;
}

/** The employees in the department on the day (with its sub-departments when `recursive`), by employee id. */
export async function membersOf(
  db: DbOrTx,
  deptId: number,
  opts: { recursive?: boolean; asOf?: string } = {},
): Promise<MemberRef[]> {
  const depts = opts.recursive
    ? sql`(WITH RECURSIVE down AS (
             SELECT id, 0 AS depth FROM org_departments WHERE id = ${deptId}
             UNION ALL
             SELECT c.id, down.depth + 1 FROM org_departments c JOIN down ON c.parent_id = down.id WHERE down.depth < ${MAX_DEPTH})
           SELECT id FROM down)`
    : sql`(SELECT ${deptId}::int AS id)`;
  const r = await db.execute<{ id: number; employee_id: string; name: string; dept_id: number; user_id: number | null }>(sql`
    SELECT e.id, e.employee_id, e.name, m.dept_id,
           (SELECT u.id FROM ${userDirectory} u
             WHERE u.account_id = e.account_id AND lower(u.employee_id) = lower(e.employee_id) ORDER BY u.id LIMIT 1) AS user_id
      FROM org_memberships m JOIN org_employees e ON e.id = m.employee_id
     WHERE m.dept_id IN ${depts} AND ${holdsOn(opts.asOf)}
     ORDER BY e.employee_id`);
  return r.rows.map((x) => ({
    id: Number(x.id),
    employeeId: x.employee_id,
    name: x.name,
    deptId: Number(x.dept_id),
    userId: x.user_id === null ? null : Number(x.user_id),
  }));
}

/** Departments as other areas may name them in their SQL (the projects' department column and filter). */
export const departmentDirectory = sql`(SELECT id, account_id, parent_id, name, name_en, leader_user_id FROM org_departments)`;

/** The leaders of the department and of every department above it (a project's department leaders). */
export async function leadersUp(db: DbOrTx, deptId: number): Promise<number[]> {
  const r = await db.execute<{ leader_user_id: number }>(sql`
    ${departmentsUp(deptId)}
    SELECT DISTINCT leader_user_id FROM up WHERE leader_user_id IS NOT NULL`);
  return r.rows.map((x) => Number(x.leader_user_id));
}

/** Each user of the account with their department today, as an SQL source (user_id, dept_id, dept_name). */
export const userDepartmentsToday = (accountId: number) => sql`(
  SELECT u.id AS user_id, d.id AS dept_id, d.name AS dept_name
    FROM ${userDirectory} u
    JOIN org_employees e ON e.account_id = u.account_id AND lower(e.employee_id) = lower(u.employee_id)
    JOIN org_memberships m ON m.employee_id = e.id AND ${holdsOn(undefined)}
    JOIN org_departments d ON d.id = m.dept_id
   WHERE u.account_id = ${accountId})`;
