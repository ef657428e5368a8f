/**
 * Employees of a company account and their memberships. Rules:
 * - The employee id is unique in the account (409 on the field). The linked user is the one
 *   whose users.employee_id holds it (access.reads.ts `linkUserToEmployee` writes it); a user
 *   linked to another employee is refused (409 on the field).
 * - An employee is in one department on any day: a move closes the open membership the day
 *   before it takes effect and opens the next one, in one transaction; it cannot take effect
 *   on or before the day the open membership began (400). Reads take the row holding today.
 * - An employee's own leader overrides the department's; nobody is their own leader (400).
 * - Edits carry the version (409 when stale); every write has an audit row.
 */
import type { Employee, Membership } from '@bo/contract/organization/organization';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, fieldConflict, notFound, staleVersion } from '../../platform/errors';
import { linkUserToEmployee, userDirectory } from '../access/access.reads';
import { findDept, mustBeUser } from './departments.service';
import { holdsOn } from './organization.reads';

interface Raw extends Record<string, unknown> {
  id: number;
  employee_id: string;
  name: string;
  position: string;
  dept_id: number | null;
  dept_name: string | null;
  dept_name_en: string | null;
  since: string | null;
  leader_user_id: number | null;
  leader_name: string | null;
  user_id: number | null;
  user_login_name: string | null;
  version: number;
}

const num = (v: number | null) => (v === null ? null : Number(v));
const toEmployee = (r: Raw): Employee => ({
  id: Number(r.id),
  employeeId: r.employee_id,
  name: r.name,
  position: r.position,
  deptId: num(r.dept_id),
  deptName: r.dept_name,
  deptNameEn: r.dept_name_en,
  since: r.since,
  leaderUserId: num(r.leader_user_id),
  leaderName: r.leader_name,
  userId: num(r.user_id),
  userLoginName: r.user_login_name,
  version: Number(r.version),
});

const SELECT = sql`SELECT e.id, e.employee_id, e.name, e.position, m.dept_id, d.name AS dept_name, d.name_en AS dept_name_en,
  m.effective_from::text AS since, e.leader_user_id, lu.user_name AS leader_name, lk.id AS user_id,
  lk.login_name AS user_login_name, e.version`;
const FROM = sql`FROM org_employees e
  LEFT JOIN org_memberships m ON m.employee_id = e.id AND ${holdsOn(undefined)}
  LEFT JOIN org_departments d ON d.id = m.dept_id
  LEFT JOIN ${userDirectory} lu ON lu.id = e.leader_user_id
  LEFT JOIN LATERAL (SELECT u.id, u.login_name FROM ${userDirectory} u
     WHERE u.account_id = e.account_id AND lower(u.employee_id) = lower(e.employee_id) ORDER BY u.id LIMIT 1) lk ON true`;

/** A department and all below it, as a set of ids. */
const subtree = (deptId: number): SQL => sql`(WITH RECURSIVE down AS (SELECT id FROM org_departments WHERE id = ${deptId}
    UNION SELECT c.id FROM org_departments c JOIN down ON c.parent_id = down.id) SELECT id FROM down)`;

interface Filter {
  deptId?: number | undefined;
  recursive?: boolean;
  enabledOnly?: boolean;
  keyword?: string | undefined;
}

function where(accountId: number, f: Filter): SQL {
  const parts: SQL[] = [sql`e.account_id = ${accountId}`];
  if (f.deptId !== undefined)
    parts.push(f.recursive === false ? sql`m.dept_id = ${f.deptId}` : sql`m.dept_id IN ${subtree(f.deptId)}`);
  if (f.enabledOnly) parts.push(sql`d.enabled`);
  const like = likeContains(f.keyword);
  if (like)
    parts.push(
      sql`(e.employee_id ILIKE ${like} OR e.name ILIKE ${like} OR e.position ILIKE ${like} OR lk.login_name ILIKE ${like})`,
    );
  return sql`WHERE ${sql.join(parts, sql` AND `)}`;
}

/** Every employee as of today (optionally of a department's subtree, in enabled departments only), by employee id. */
export async function employeesAsOfToday(db: DbOrTx, accountId: number, f: Filter): Promise<Employee[]> {
  const res = await db.execute<Raw>(sql`${SELECT} ${FROM} ${where(accountId, f)} ORDER BY e.employee_id, e.id`);
  return res.rows.map(toEmployee);
}

const SORTS = { employeeId: sql`e.employee_id`, name: sql`e.name`, since: sql`m.effective_from` };

export async function employeePage(
  ctx: AppContext,
  actor: RequestActor,
  q: Filter & { sortField: keyof typeof SORTS; sortOrder: 'asc' | 'desc'; pageNum: number; pageSize: number },
) {
  const { rows, total } = await pageOf<Raw>(
    ctx.db,
    {
      select: SELECT,
      from: sql`${FROM} ${where(actor.accountId, q)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, SORTS, sql`e.id`),
    },
    q,
  );
  return { list: rows.map(toEmployee), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function memberships(ctx: AppContext, actor: RequestActor, id: number): Promise<Membership[]> {
  await mustFind(ctx.db, actor.accountId, id);
  const res = await ctx.db.execute<{
    id: number;
    dept_id: number;
    name: string;
    name_en: string;
    effective_from: string;
    effective_to: string | null;
  }>(sql`SELECT m.id, m.dept_id, d.name, d.name_en, m.effective_from::text AS effective_from, m.effective_to::text AS effective_to
           FROM org_memberships m JOIN org_departments d ON d.id = m.dept_id
          WHERE m.employee_id = ${id} ORDER BY m.effective_from DESC, m.id DESC`);
  return res.rows.map((r) => ({
    id: Number(r.id),
    deptId: Number(r.dept_id),
    deptName: r.name,
    deptNameEn: r.name_en,
    effectiveFrom: r.effective_from,
    effectiveTo: r.effective_to,
  }));
}

/** The enabled users of the account, with the employee each is linked to. */
export async function userOptions(ctx: AppContext, actor: RequestActor) {
  const res = await ctx.db.execute<{ id: number; login_name: string; user_name: string; employee_id: string | null }>(sql`
    SELECT u.id, u.login_name, u.user_name, u.employee_id FROM ${userDirectory} u
     WHERE u.account_id = ${actor.accountId} AND u.enabled AND u.state = 'active' ORDER BY lower(u.login_name)`);
  return res.rows.map((r) => ({ id: Number(r.id), loginName: r.login_name, userName: r.user_name, employeeId: r.employee_id }));
}

async function find(db: DbOrTx, accountId: number, id: number) {
  const res = await db.execute<Raw>(sql`${SELECT} ${FROM} WHERE e.id = ${id} AND e.account_id = ${accountId}`);
  return res.rows[0] ?? null;
}

async function mustFind(db: DbOrTx, accountId: number, id: number) {
  const row = await find(db, accountId, id);
  if (!row) throw notFound(`no employee ${id}`);
  return row;
}

const lockEmployees = (tx: DbOrTx, accountId: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('org_employees'), ${accountId})`);

/** An enabled department of the account to put someone in; 400 on deptId otherwise. */
async function mustBeOpenDept(tx: DbOrTx, accountId: number, deptId: number) {
  const d = await findDept(tx, accountId, deptId);
  if (!d) throw codedFieldError('deptId', 'org.noDept', { id: deptId });
  if (!d.enabled) throw codedFieldError('deptId', 'org.deptDisabled');
}

/** The user may become this employee's: not linked to another employee of the account (409 on userId). */
async function mustBeFreeUser(tx: DbOrTx, accountId: number, userId: number | null, employeeId: string) {
  if (userId === null) return;
  await mustBeUser(tx, accountId, userId, 'userId');
  const r = await tx.execute<{ employee_id: string }>(sql`
    SELECT e.employee_id FROM ${userDirectory} u
      JOIN org_employees e ON e.account_id = u.account_id AND lower(e.employee_id) = lower(u.employee_id)
     WHERE u.id = ${userId} AND lower(e.employee_id) <> lower(${employeeId})`);
  const other = r.rows[0]?.employee_id;
  if (other) throw fieldConflict(`the user is linked to employee ${other}`, 'userId', 'org.userLinked', { employeeId: other });
}

const snapshot = (r: Raw) => ({
  employeeId: r.employee_id,
  name: r.name,
  position: r.position,
  deptId: r.dept_id,
  since: r.since,
  leaderUserId: r.leader_user_id,
  userId: r.user_id,
});

export async function createEmployee(
  ctx: AppContext,
  actor: RequestActor,
  b: {
    employeeId: string;
    name: string;
    position: string;
    deptId: number;
    leaderUserId: number | null;
    userId: number | null;
    effectiveFrom?: string | undefined;
  },
) {
  return ctx.db.transaction(async (tx) => {
    await lockEmployees(tx, actor.accountId);
    const taken = await tx.execute(
      sql`SELECT 1 FROM org_employees WHERE account_id = ${actor.accountId} AND lower(employee_id) = lower(${b.employeeId})`,
    );
    if (taken.rows.length) throw fieldConflict(`employee ${b.employeeId} exists`, 'employeeId', 'org.employeeIdTaken');
    await mustBeOpenDept(tx, actor.accountId, b.deptId);
    await mustBeUser(tx, actor.accountId, b.leaderUserId, 'leaderUserId');
    await mustBeFreeUser(tx, actor.accountId, b.userId, b.employeeId);
    if (b.userId !== null && b.leaderUserId === b.userId) throw codedFieldError('leaderUserId', 'org.selfLeader');
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO org_employees (account_id, employee_id, name, position, leader_user_id)
      VALUES (${actor.accountId}, ${b.employeeId}, ${b.name}, ${b.position}, ${b.leaderUserId}) RETURNING id`);
    const id = Number(res.rows[0]?.id);
    await tx.execute(sql`INSERT INTO org_memberships (employee_id, dept_id, effective_from)
                         VALUES (${id}, ${b.deptId}, ${b.effectiveFrom ?? sql`current_date`})`);
    if (b.userId !== null) await linkUserToEmployee(tx, actor.accountId, b.employeeId, b.userId);
    const row = await mustFind(tx, actor.accountId, id);
    await audit(tx, actor, { action: 'orgEmployee.create', entity: 'org_employee', entityId: id, after: snapshot(row) });
    return toEmployee(row);
  });
}

export async function updateEmployee(
  ctx: AppContext,
  actor: RequestActor,
  b: { id: number; version: number; name: string; position: string; leaderUserId: number | null; userId: number | null },
) {
  return ctx.db.transaction(async (tx) => {
    await lockEmployees(tx, actor.accountId);
    const old = await mustFind(tx, actor.accountId, b.id);
    if (Number(old.version) !== b.version) throw staleVersion();
    if (b.leaderUserId !== num(old.leader_user_id)) await mustBeUser(tx, actor.accountId, b.leaderUserId, 'leaderUserId');
    if (b.leaderUserId !== null && b.leaderUserId === b.userId) throw codedFieldError('leaderUserId', 'org.selfLeader');
    if (b.userId !== num(old.user_id)) {
      await mustBeFreeUser(tx, actor.accountId, b.userId, old.employee_id);
      await linkUserToEmployee(tx, actor.accountId, old.employee_id, b.userId);
    }
    await tx.execute(sql`UPDATE org_employees SET name = ${b.name}, position = ${b.position}, leader_user_id = ${b.leaderUserId},
                          version = version + 1, updated_at = now() WHERE id = ${b.id}`);
    const row = await mustFind(tx, actor.accountId, b.id);
    await audit(tx, actor, {
      action: 'orgEmployee.update',
      entity: 'org_employee',
      entityId: b.id,
      before: snapshot(old),
      after: snapshot(row),
    });
    return toEmployee(row);
  });
}

export async function moveEmployee(
  ctx: AppContext,
  actor: RequestActor,
  b: { id: number; version: number; deptId: number; effectiveFrom: string },
) {
  return ctx.db.transaction(async (tx) => {
    await lockEmployees(tx, actor.accountId);
    const old = await mustFind(tx, actor.accountId, b.id);
    if (Number(old.version) !== b.version) throw staleVersion();
    await mustBeOpenDept(tx, actor.accountId, b.deptId);
    const open = await tx.execute<{ id: number; dept_id: number; from: string }>(sql`
      SELECT id, dept_id, effective_from::text AS from FROM org_memberships
       WHERE employee_id = ${b.id} AND effective_to IS NULL FOR UPDATE`);
    const current = open.rows[0];
    if (current) {
      if (Number(current.dept_id) === b.deptId) throw codedFieldError('deptId', 'org.sameDept');
      if (b.effectiveFrom <= current.from) throw codedFieldError('effectiveFrom', 'org.effectiveBefore', { date: current.from });
      await tx.execute(sql`UPDATE org_memberships SET effective_to = ${b.effectiveFrom}::date - 1 WHERE id = ${current.id}`);
    }
    await tx.execute(sql`INSERT INTO org_memberships (employee_id, dept_id, effective_from)
                         VALUES (${b.id}, ${b.deptId}, ${b.effectiveFrom})`);
    await tx.execute(sql`UPDATE org_employees SET version = version + 1, updated_at = now() WHERE id = ${b.id}`);
    const row = await mustFind(tx, actor.accountId, b.id);
    await audit(tx, actor, {
      action: 'orgEmployee.move',
      entity: 'org_employee',
      entityId: b.id,
      before: { ...snapshot(old), deptId: current ? Number(current.dept_id) : null, since: current?.from ?? null },
      after: { ...snapshot(row), deptId: b.deptId, since: b.effectiveFrom },
    });
    return toEmployee(row);
  });
}
