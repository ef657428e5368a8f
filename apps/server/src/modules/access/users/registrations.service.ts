/**
 * Registrations waiting for approval. /register makes a pending shop account in an
 * account of its own, so no account's /user/child lists it: the company account decides.
 * Rules: only a user of the company account holding user:child:approve lists, approves
 * or rejects; approving enables the user and may give roles of the approver's account
 * that grant nothing beyond the approver's own permissions (shops come later, from the
 * seller's own shop authorisation: an external account only ever sees its own shops);
 * rejecting keeps the user as 'rejected' (never signs in, the name stays taken, the
 * record stays for the audit log). Both carry the version (409 when stale), both obey
 * the privilege rule (roles/privilege.ts), both are audited.
 */
import type { Registration } from '@bo/contract/access/users';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet, likeContains, pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../../platform/auth/actor';
import { revokeUserSessions } from '../../../platform/auth/sessions.service';
import type { AppContext } from '../../../platform/context';
import { forbidden, notFound, staleVersion } from '../../../platform/errors';
import { assertMayActOn } from '../roles/privilege';
import { checkRoles } from './child-users.service';

const assertCompany = (actor: RequestActor) => {
  if (!isInternal(actor)) throw forbidden('only the company account approves registrations');
};

export async function list(ctx: AppContext, actor: RequestActor, q: { keyword?: string; pageNum: number; pageSize: number }) {
  assertCompany(actor);
  const kw = likeContains(q.keyword);
  const { rows, total } = await pageOf<Registration>(
    ctx.db,
    {
      select: sql`
    SELECT u.id, u.login_name AS "loginName", u.user_name AS "userName", u.email, a.name AS company, u.version,
           to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`,
      from: sql`
      FROM users u JOIN accounts a ON a.id = u.account_id
     WHERE u.state = 'pending' AND u.account_id <> 1
       AND (${kw}::text IS NULL OR u.login_name ILIKE ${kw} OR u.user_name ILIKE ${kw} OR u.email ILIKE ${kw} OR a.name ILIKE ${kw})`,
      orderBy: sql`u.created_at, u.id`,
    },
    q,
  );
  return {
    list: rows,
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

async function lockPending(tx: DbOrTx, actor: RequestActor, id: number, version: number) {
  const r = await tx.execute<{ id: number; login_name: string; version: number }>(sql`
    SELECT id, login_name, version FROM users WHERE id = ${id} AND state = 'pending' AND account_id <> 1 FOR UPDATE`);
  const u = r.rows[0];
  if (!u) throw notFound(`no registration ${id} is waiting for approval`);
  if (u.version !== version) throw staleVersion();
  await assertMayActOn(tx, actor, [u.id]);
  return u;
}

export async function approve(ctx: AppContext, actor: RequestActor, id: number, body: { version: number; roleIds: number[] }) {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const u = await lockPending(tx, actor, id, body.version);
    const roles = await checkRoles(tx, actor, body.roleIds);
    await tx.execute(sql`
      UPDATE users SET enabled = true, state = 'active', version = version + 1, updated_at = now() WHERE id = ${id}`);
    if (roles.ids.length) {
      await tx.execute(sql`
        INSERT INTO user_roles (user_id, role_id) SELECT ${id}, x FROM ${intSet(roles.ids)} AS t(x) ON CONFLICT DO NOTHING`);
    }
    await audit(tx, actor, {
      action: 'user.registration.approve',
      entity: 'user',
      entityId: id,
      before: { loginName: u.login_name, state: 'pending', enabled: false },
      after: { loginName: u.login_name, state: 'active', enabled: true, roles: roles.names },
    });
    return { version: u.version + 1 };
  });
}

export async function reject(ctx: AppContext, actor: RequestActor, id: number, body: { version: number; reason: string }) {
  assertCompany(actor);
  await ctx.db.transaction(async (tx) => {
    const u = await lockPending(tx, actor, id, body.version);
    await tx.execute(sql`
      UPDATE users SET enabled = false, state = 'rejected', version = version + 1, updated_at = now() WHERE id = ${id}`);
    await revokeUserSessions(tx, id);
    await audit(tx, actor, {
      action: 'user.registration.reject',
      entity: 'user',
      entityId: id,
      before: { loginName: u.login_name, state: 'pending' },
      after: { loginName: u.login_name, state: 'rejected', reason: body.reason },
    });
  });
  return null;
}
