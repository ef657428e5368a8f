/**
 * Departments of a company account, a tree. Rules:
 * - Names are unique among siblings (409 on the name); siblings keep a dense order 0..n-1.
 * - A move never puts a department under itself or one of its sub-departments (400, coded).
 * - Disabling disables the sub-departments; a department cannot be enabled under a disabled parent.
 * - A department with sub-departments or with members today or later cannot be deleted (409
 *   naming them); one that only former members passed through is kept for their history (409).
 * - Writes of one account's tree queue on one lock; edits carry the version (409 when stale);
 *   every write has an audit row.
 */
import type { Department } from '@bo/contract/organization/organization';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, conflict, fieldConflict, notFound, staleVersion } from '../../platform/errors';
import { userDirectory } from '../access/access.reads';
import { holdsOn } from './organization.reads';

interface Raw extends Record<string, unknown> {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string;
  leader_user_id: number | null;
  leader_name: string | null;
  sort: number;
  enabled: boolean;
  version: number;
  member_count: number;
}

const toDept = (r: Raw): Department => ({
  id: Number(r.id),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  name: r.name,
  nameEn: r.name_en,
  leaderUserId: r.leader_user_id === null ? null : Number(r.leader_user_id),
  leaderName: r.leader_name,
  sort: Number(r.sort),
  enabled: r.enabled,
  version: Number(r.version),
  memberCount: Number(r.member_count),
});

const COLUMNS = sql`d.id, d.parent_id, d.name, d.name_en, d.leader_user_id, lu.user_name AS leader_name, d.sort, d.enabled,
  d.version, (SELECT count(*)::int FROM org_memberships m WHERE m.dept_id = d.id AND ${holdsOn(undefined)}) AS member_count`;
const FROM = sql`org_departments d LEFT JOIN ${userDirectory} lu ON lu.id = d.leader_user_id`;

/** The account's departments, parents before children, siblings in order; `enabledOnly` leaves disabled ones out. */
export async function listDepartments(db: DbOrTx, accountId: number, enabledOnly: boolean): Promise<Department[]> {
  const res = await db.execute<Raw>(sql`
    WITH RECURSIVE t AS (
      SELECT id, ARRAY[sort, id] AS path FROM org_departments WHERE account_id = ${accountId} AND parent_id IS NULL
      UNION ALL
      SELECT c.id, t.path || ARRAY[c.sort, c.id] FROM org_departments c JOIN t ON c.parent_id = t.id)
    SELECT ${COLUMNS} FROM t JOIN ${FROM} ON d.id = t.id
    ${enabledOnly ? sql`WHERE d.enabled` : sql``}
    ORDER BY t.path`);
  return res.rows.map(toDept);
}

const lockTree = (tx: DbOrTx, accountId: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('org_departments'), ${accountId})`);

export async function findDept(db: DbOrTx, accountId: number, id: number): Promise<Raw | null> {
  const res = await db.execute<Raw>(sql`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = ${id} AND d.account_id = ${accountId}`);
  return res.rows[0] ?? null;
}

async function mustFind(tx: DbOrTx, accountId: number, id: number) {
  const row = await findDept(tx, accountId, id);
  if (!row) throw notFound(`no department ${id}`);
  return row;
}

/** A department and all below it. */
async function subtreeIds(tx: DbOrTx, id: number): Promise<number[]> {
  const res = await tx.execute<{ id: number }>(sql`
    WITH RECURSIVE down AS (SELECT id FROM org_departments WHERE id = ${id}
      UNION SELECT c.id FROM org_departments c JOIN down ON c.parent_id = down.id)
    SELECT id FROM down`);
  return res.rows.map((r) => Number(r.id));
}

const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/** A user of the account who may be named (as a leader, as an employee's user); 400 on `field` otherwise. */
export async function mustBeUser(tx: DbOrTx, accountId: number, userId: number | null, field: string) {
  if (userId === null) return;
  const r = await tx.execute(
    sql`SELECT 1 FROM ${userDirectory} u WHERE u.id = ${userId} AND u.account_id = ${accountId} AND u.enabled`,
  );
  if (!r.rows.length) throw codedFieldError(field, 'org.noUser', { id: userId });
}

async function nameFree(tx: DbOrTx, accountId: number, parentId: number | null, name: string, exceptId: number | null) {
  const res = await tx.execute(sql`
    SELECT 1 FROM org_departments WHERE account_id = ${accountId} AND coalesce(parent_id, 0) = ${parentId ?? 0}
       AND lower(name) = lower(${name}) ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}`);
  if (res.rows.length) throw fieldConflict(`a sibling department named ${name} exists`, 'name', 'org.deptNameTaken');
}

const renumber = (tx: DbOrTx, accountId: number, parentId: number | null) =>
  tx.execute(sql`
    UPDATE org_departments d SET sort = o.rn FROM (
      SELECT id, (row_number() OVER (ORDER BY sort, id) - 1)::int AS rn FROM org_departments
       WHERE account_id = ${accountId} AND coalesce(parent_id, 0) = ${parentId ?? 0}) o
     WHERE d.id = o.id AND d.sort <> o.rn`);

const snapshot = (r: Raw) => ({
  parentId: r.parent_id,
  name: r.name,
  nameEn: r.name_en,
  leaderUserId: r.leader_user_id,
  sort: r.sort,
  enabled: r.enabled,
});

async function parentOk(tx: DbOrTx, accountId: number, parentId: number | null) {
  if (parentId === null) return null;
  const p = await findDept(tx, accountId, parentId);
  if (!p) throw codedFieldError('parentId', 'org.noDept', { id: parentId });
  return p;
}

export async function createDepartment(
  ctx: AppContext,
  actor: RequestActor,
  b: { parentId: number | null; name: string; nameEn: string; leaderUserId: number | null },
) {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx, actor.accountId);
    const parent = await parentOk(tx, actor.accountId, b.parentId);
    await mustBeUser(tx, actor.accountId, b.leaderUserId, 'leaderUserId');
    await nameFree(tx, actor.accountId, b.parentId, b.name, null);
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO org_departments (account_id, parent_id, name, name_en, leader_user_id, enabled, sort)
      SELECT ${actor.accountId}, ${b.parentId}, ${b.name}, ${b.nameEn}, ${b.leaderUserId}, ${parent ? parent.enabled : true},
             coalesce(max(sort) + 1, 0)
        FROM org_departments WHERE account_id = ${actor.accountId} AND coalesce(parent_id, 0) = ${b.parentId ?? 0}
      RETURNING id`);
    const dept = await mustFind(tx, actor.accountId, Number(res.rows[0]?.id));
    await audit(tx, actor, { action: 'orgDept.create', entity: 'org_department', entityId: dept.id, after: snapshot(dept) });
    return toDept(dept);
  });
}

export async function updateDepartment(
  ctx: AppContext,
  actor: RequestActor,
  b: { id: number; version: number; name: string; nameEn: string; leaderUserId: number | null; enabled: boolean },
) {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx, actor.accountId);
    const old = await mustFind(tx, actor.accountId, b.id);
    if (Number(old.version) !== b.version) throw staleVersion();
    const parentId = old.parent_id === null ? null : Number(old.parent_id);
    await nameFree(tx, actor.accountId, parentId, b.name, b.id);
    if (b.leaderUserId !== (old.leader_user_id === null ? null : Number(old.leader_user_id)))
      await mustBeUser(tx, actor.accountId, b.leaderUserId, 'leaderUserId');
    if (b.enabled && !old.enabled && parentId !== null && !(await mustFind(tx, actor.accountId, parentId)).enabled)
      throw codedFieldError('enabled', 'org.deptDisabled');
    await tx.execute(sql`UPDATE org_departments SET name = ${b.name}, name_en = ${b.nameEn}, leader_user_id = ${b.leaderUserId},
                          enabled = ${b.enabled}, version = version + 1, updated_at = now() WHERE id = ${b.id}`);
    if (!b.enabled && old.enabled) {
      const below = (await subtreeIds(tx, b.id)).filter((i) => i !== b.id);
      if (below.length)
        await tx.execute(sql`UPDATE org_departments SET enabled = false, version = version + 1, updated_at = now()
                              WHERE id = ANY(${idArray(below)}) AND enabled`);
    }
    const dept = await mustFind(tx, actor.accountId, b.id);
    await audit(tx, actor, {
      action: 'orgDept.update',
      entity: 'org_department',
      entityId: b.id,
      before: snapshot(old),
      after: snapshot(dept),
    });
    return toDept(dept);
  });
}

export async function moveDepartment(
  ctx: AppContext,
  actor: RequestActor,
  b: { id: number; version: number; parentId: number | null; index: number },
) {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx, actor.accountId);
    const old = await mustFind(tx, actor.accountId, b.id);
    if (Number(old.version) !== b.version) throw staleVersion();
    const ids = await subtreeIds(tx, b.id);
    if (b.parentId !== null && ids.includes(b.parentId)) throw codedFieldError('parentId', 'org.deptCycle');
    const parent = await parentOk(tx, actor.accountId, b.parentId);
    const oldParent = old.parent_id === null ? null : Number(old.parent_id);
    if (oldParent !== b.parentId) await nameFree(tx, actor.accountId, b.parentId, old.name, b.id);
    await tx.execute(sql`UPDATE org_departments SET sort = sort + 1
                          WHERE account_id = ${actor.accountId} AND coalesce(parent_id, 0) = ${b.parentId ?? 0}
                            AND id <> ${b.id} AND sort >= ${b.index}`);
    await tx.execute(sql`UPDATE org_departments SET parent_id = ${b.parentId}, sort = ${b.index}, version = version + 1,
                          updated_at = now() WHERE id = ${b.id}`);
    if (parent && !parent.enabled)
      await tx.execute(sql`UPDATE org_departments SET enabled = false WHERE id = ANY(${idArray(ids)})`);
    await renumber(tx, actor.accountId, b.parentId);
    if (oldParent !== b.parentId) await renumber(tx, actor.accountId, oldParent);
    const dept = await mustFind(tx, actor.accountId, b.id);
    await audit(tx, actor, {
      action: 'orgDept.move',
      entity: 'org_department',
      entityId: b.id,
      before: snapshot(old),
      after: snapshot(dept),
    });
    return toDept(dept);
  });
}

/** How many names a refusal lists before "and N more". */
const NAMED = 5;
const naming = (names: readonly string[]) =>
  names.length > NAMED ? `${names.slice(0, NAMED).join(', ')} and ${names.length - NAMED} more` : names.join(', ');

export async function deleteDepartment(ctx: AppContext, actor: RequestActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    await lockTree(tx, actor.accountId);
    const old = await mustFind(tx, actor.accountId, id);
    const children = await tx.execute<{ name: string }>(
      sql`SELECT name FROM org_departments WHERE parent_id = ${id} ORDER BY sort, id`,
    );
    if (children.rows.length) {
      const names = children.rows.map((r) => r.name);
      throw conflict(`${old.name} has sub-departments: ${naming(names)}. Move or delete them first.`, {
        children: names,
      });
    }
    const members = await tx.execute<{ employee_id: string; name: string }>(sql`
      SELECT DISTINCT e.employee_id, e.name FROM org_memberships m JOIN org_employees e ON e.id = m.employee_id
       WHERE m.dept_id = ${id} AND (m.effective_to IS NULL OR m.effective_to >= current_date)
       ORDER BY e.employee_id`);
    if (members.rows.length) {
      const names = members.rows.map((r) => `${r.name} (${r.employee_id})`);
      throw conflict(`${old.name} has members: ${naming(names)}. Move them to another department first.`, {
        members: members.rows.map((r) => ({ employeeId: r.employee_id, name: r.name })),
      });
    }
    const former = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM org_memberships WHERE dept_id = ${id}`);
    const n = Number(former.rows[0]?.n ?? 0);
    if (n > 0) throw conflict(`${old.name} keeps the history of ${n} former membership(s): disable it instead`);
    await tx.execute(sql`DELETE FROM org_departments WHERE id = ${id}`);
    await renumber(tx, actor.accountId, old.parent_id === null ? null : Number(old.parent_id));
    await audit(tx, actor, { action: 'orgDept.delete', entity: 'org_department', entityId: id, before: snapshot(old) });
  });
  return null;
}
