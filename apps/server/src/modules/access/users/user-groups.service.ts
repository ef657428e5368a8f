/**
 * User groups: named sets of users inside one account; every change audited with its
 * members. Putting a user in or out of a group acts on that user: refused when they hold
 * a permission the caller lacks (roles/privilege.ts). A rename touches nobody.
 */
import type { UserGroup } from '@bo/contract/access/users';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, conflict, notFound, staleVersion } from '../../../platform/errors';
import { assertMayActOn } from '../roles/privilege';

type GroupBody = { name: string; description: string; userIds: number[] };

export async function list(ctx: AppContext, actor: RequestActor): Promise<UserGroup[]> {
  const res = await ctx.db.execute<UserGroup>(sql`
    SELECT g.id, g.name, g.description, g.version,
           COALESCE((SELECT json_agg(json_build_object('id', u.id, 'loginName', u.login_name, 'userName', u.user_name) ORDER BY u.login_name)
                       FROM user_group_members m JOIN users u ON u.id = m.user_id WHERE m.group_id = g.id), '[]') AS members
      FROM user_groups g WHERE g.account_id = ${actor.accountId} ORDER BY lower(g.name)`);
  return res.rows;
}

async function checkMembers(tx: DbOrTx, actor: RequestActor, userIds: number[]) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return ids;
  const r = await tx.execute(sql`SELECT id FROM users WHERE account_id = ${actor.accountId} AND id IN ${intSet(ids)}`);
  if (r.rows.length !== ids.length) throw codedFieldError('userIds', 'access.userNotOfAccount', {}, { message: 'unknown users' });
  return ids;
}

async function nameTaken(tx: DbOrTx, actor: RequestActor, name: string, exceptId: number | null) {
  const r = await tx.execute(sql`
    SELECT 1 FROM user_groups WHERE account_id = ${actor.accountId} AND lower(name) = lower(${name})
       AND (${exceptId}::int IS NULL OR id <> ${exceptId}::int)`);
  return r.rows.length > 0;
}

async function setMembers(tx: DbOrTx, groupId: number, ids: number[]) {
  await tx.execute(sql`DELETE FROM user_group_members WHERE group_id = ${groupId}`);
  if (ids.length)
    await tx.execute(sql`INSERT INTO user_group_members (group_id, user_id) SELECT ${groupId}, x FROM ${intSet(ids)} AS t(x)`);
}

export async function create(ctx: AppContext, actor: RequestActor, body: GroupBody) {
  return ctx.db.transaction(async (tx) => {
    const ids = await checkMembers(tx, actor, body.userIds);
    await assertMayActOn(tx, actor, ids);
    if (await nameTaken(tx, actor, body.name, null)) throw conflict(`a group named ${body.name} exists`);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO user_groups (account_id, name, description) VALUES (${actor.accountId}, ${body.name}, ${body.description}) RETURNING id`);
    const id = Number(r.rows[0]?.id);
    await setMembers(tx, id, ids);
    await audit(tx, actor, { action: 'usergroup.create', entity: 'user_group', entityId: id, after: { ...body, userIds: ids } });
    return { id };
  });
}

async function lockGroup(tx: DbOrTx, actor: RequestActor, id: number) {
  const r = await tx.execute<{ id: number; name: string; description: string; version: number; members: number[] }>(sql`
    SELECT id, name, description, version,
           COALESCE((SELECT array_agg(user_id ORDER BY user_id) FROM user_group_members WHERE group_id = ${id}), '{}') AS members
      FROM user_groups WHERE id = ${id} AND account_id = ${actor.accountId} FOR UPDATE`);
  const g = r.rows[0];
  if (!g) throw notFound(`no user group ${id}`);
  return g;
}

export async function update(ctx: AppContext, actor: RequestActor, id: number, body: GroupBody & { version: number }) {
  return ctx.db.transaction(async (tx) => {
    const g = await lockGroup(tx, actor, id);
    if (g.version !== body.version) throw staleVersion();
    const ids = await checkMembers(tx, actor, body.userIds);
    const kept = new Set(g.members.map(Number));
    const joined = ids.filter((m) => !kept.has(m));
    const left = [...kept].filter((m) => !ids.includes(m));
    await assertMayActOn(tx, actor, [...joined, ...left]);
    if (await nameTaken(tx, actor, body.name, id)) throw conflict(`a group named ${body.name} exists`);
    await tx.execute(sql`
      UPDATE user_groups SET name = ${body.name}, description = ${body.description}, version = version + 1, updated_at = now() WHERE id = ${id}`);
    await setMembers(tx, id, ids);
    await audit(tx, actor, {
      action: 'usergroup.update',
      entity: 'user_group',
      entityId: id,
      before: { name: g.name, description: g.description, userIds: g.members },
      after: { name: body.name, description: body.description, userIds: ids },
    });
    return { version: g.version + 1 };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    const g = await lockGroup(tx, actor, id);
    await assertMayActOn(tx, actor, g.members.map(Number));
    await tx.execute(sql`DELETE FROM user_groups WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'usergroup.delete',
      entity: 'user_group',
      entityId: id,
      before: { name: g.name, userIds: g.members },
    });
  });
  return null;
}
