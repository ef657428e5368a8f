/**
 * Assignment: a dialogue is answered by one agent. Agents are the active users of the
 * caller's company account whose roles grant the reply permission. Every assigned
 * dialogue carries the version the caller read; one stale version refuses the whole
 * batch (409), so a bulk assignment never half-applies.
 */
import { REPLY_DUE_HOURS } from '@bo/contract/mail/operations';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { intSet } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, notFound, staleVersion } from '../../../platform/errors';
import { mailboxVisible } from '../shared/scope';

export const REPLY_PERMISSION = 'email:emails:send';

/** Users of the account who may answer mail. */
export async function agents(db: DbOrTx, actor: RequestActor) {
  return (
    await db.execute<{ id: number; user_name: string; login_name: string }>(sql`
      SELECT u.id, u.user_name, u.login_name FROM users u
       WHERE u.account_id = ${actor.accountId} AND u.enabled AND u.state = 'active'
         AND EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
                       JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
                      WHERE ur.user_id = u.id AND pi.auth_pattern = ${REPLY_PERMISSION})
       ORDER BY lower(u.user_name), u.id`)
  ).rows;
}

const breachedCond = sql`d.status = 0 AND d.awaiting_since <= now() - make_interval(hours => ${REPLY_DUE_HOURS})`;

export async function agentCounts(ctx: AppContext, actor: RequestActor, type: number) {
  const list = await agents(ctx.db, actor);
  const where: SQL[] = [mailboxVisible(actor), sql`NOT d.archived`];
  if (type) where.push(sql`m.type = ${type}`);
  const counts = (
    await ctx.db.execute<{ assignee_id: number | null; open: number; awaiting: number; breached: number }>(sql`
      SELECT d.assignee_id, count(*)::int AS open, count(*) FILTER (WHERE d.status = 0)::int AS awaiting,
             count(*) FILTER (WHERE ${breachedCond})::int AS breached
        FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id
       WHERE ${sql.join(where, sql` AND `)}
       GROUP BY d.assignee_id`)
  ).rows;
  const by = new Map(counts.map((c) => [c.assignee_id, c]));
  const zero = { open: 0, awaiting: 0, breached: 0 };
  const pick = (c?: { open: number; awaiting: number; breached: number }) =>
    c ? { open: c.open, awaiting: c.awaiting, breached: c.breached } : zero;
  return {
    agents: list.map((u) => ({ userId: u.id, userName: u.user_name, loginName: u.login_name, ...pick(by.get(u.id)) })),
    unassigned: pick(by.get(null)),
  };
}

export async function assign(
  ctx: AppContext,
  actor: RequestActor,
  items: { dialogueId: number; version: number }[],
  assigneeId: number | null,
) {
  return ctx.db.transaction(async (tx) => {
    if (assigneeId !== null && !(await agents(tx, actor)).some((a) => a.id === assigneeId))
      throw codedFieldError('assigneeId', 'mail.notAgent');
    const ids = items.map((i) => i.dialogueId);
    const found = (
      await tx.execute<{ id: number; version: number; assignee_id: number | null }>(
        sql`SELECT d.id, d.version, d.assignee_id FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id
             WHERE d.id IN ${intSet(ids)} AND ${mailboxVisible(actor)} ORDER BY d.id FOR UPDATE OF d`,
      )
    ).rows;
    if (found.length !== ids.length) throw notFound('dialogue not found');
    const byId = new Map(found.map((f) => [f.id, f]));
    if (items.some((i) => byId.get(i.dialogueId)?.version !== i.version)) throw staleVersion();
    const change = found.filter((f) => f.assignee_id !== assigneeId);
    if (change.length) {
      await tx.execute(
        sql`UPDATE mail_dialogues SET assignee_id = ${assigneeId}, assigned_at = ${assigneeId === null ? null : sql`now()`},
                   version = version + 1
             WHERE id IN ${intSet(change.map((c) => c.id))}`,
      );
      for (const c of change)
        await audit(tx, actor, {
          action: assigneeId === null ? 'unassign' : 'assign',
          entity: 'mail_dialogue',
          entityId: c.id,
          before: { assigneeId: c.assignee_id },
          after: { assigneeId },
        });
    }
    const after = (
      await tx.execute<{ id: number; version: number }>(
        sql`SELECT id, version FROM mail_dialogues WHERE id IN ${intSet(ids)} ORDER BY id`,
      )
    ).rows;
    return { updated: change.length, items: after.map((a) => ({ dialogueId: a.id, version: a.version })) };
  });
}
