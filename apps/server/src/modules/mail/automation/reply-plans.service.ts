/**
 * Auto-reply plans: an incoming buyer mail in one of a plan's mailboxes whose subject or
 * text contains one of its keywords (no keyword: every mail) gets the plan's template as
 * a reply, once per dialogue (the dialogue is the primary key of the send log). The reply
 * is queued in the same transaction that stores the incoming mail and goes out through
 * the reply send job (at most once); it leaves the dialogue awaiting an agent's answer.
 * Plans belong to the company account; mailboxes must be visible to the caller.
 */
import { randomUUID } from 'node:crypto';
import {
  AUTO_REPLY_STATES,
  type createReplyPlanBody,
  type listReplyPlans,
  type updateReplyPlanBody,
} from '@bo/contract/mail/automation';
import { lintErrors, lintTemplate } from '@bo/contract/mail/messaging-rules';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { likeContains, limitOffset } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { fieldConflict, notFound, staleVersion } from '../../../platform/errors';
import { enqueue } from '../../../platform/jobs/jobs';
import { SEND } from '../sending/send.job';
import { mailboxVisible } from '../shared/scope';
import { assertMailbox, iso, vetText } from './common';
import { renderFor } from './engine';
import { intArray, textArray } from './sql-arrays';

type CreateBody = z.infer<typeof createReplyPlanBody>;
type UpdateBody = z.infer<typeof updateReplyPlanBody>;
type ListQuery = z.infer<(typeof listReplyPlans)['query']>;

interface Raw extends Record<string, unknown> {
  id: number;
  name: string;
  mailbox_ids: number[];
  mailbox_emails: string[] | null;
  keywords: string[];
  subject: string;
  body: string;
  state: number;
  replies: number;
  version: number;
  updated_at: Date;
}

const SELECT = sql`
  SELECT p.*, (SELECT array_agg(m.email ORDER BY m.email) FROM mail_mailboxes m WHERE m.id = ANY(p.mailbox_ids)) AS mailbox_emails,
         (SELECT count(*)::int FROM mail_auto_reply_sends r WHERE r.plan_id = p.id) AS replies
    FROM mail_auto_reply_plans p`;

const toRow = (r: Raw) => ({
  id: r.id,
  name: r.name,
  mailboxIds: r.mailbox_ids,
  mailboxEmails: r.mailbox_emails ?? [],
  keywords: r.keywords,
  stateId: r.state,
  replies: Number(r.replies),
  version: r.version,
  updatedAt: iso(r.updated_at) as string,
});

const visible = (actor: RequestActor) => sql`p.account_id = ${actor.accountId}`;

async function find(db: DbOrTx, actor: RequestActor, id: number, lock = false): Promise<Raw> {
  const res = await db.execute<Raw>(
    sql`${SELECT} WHERE p.id = ${id} AND ${visible(actor)} ${lock ? sql`FOR UPDATE OF p` : sql``}`,
  );
  const r = res.rows[0];
  if (!r) throw notFound(`no auto-reply plan ${id}`);
  return r;
}

export const states = () => AUTO_REPLY_STATES.map((s) => ({ ...s }));

export async function list(ctx: AppContext, actor: RequestActor, q: ListQuery) {
  const where: SQL[] = [visible(actor)];
  if (q.keyword) where.push(sql`(p.name ILIKE ${likeContains(q.keyword)} OR p.subject ILIKE ${likeContains(q.keyword)})`);
  if (q.stateId) where.push(sql`p.state = ${q.stateId}`);
  if (q.mailboxId) where.push(sql`${q.mailboxId}::int = ANY(p.mailbox_ids)`);
  const w = sql.join(where, sql` AND `);
  const res = await ctx.db.execute<Raw>(sql`${SELECT} WHERE ${w} ORDER BY p.updated_at DESC, p.id DESC ${limitOffset(q)}`);
  const total = Number(
    (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_auto_reply_plans p WHERE ${w}`)).rows[0]?.n ?? 0,
  );
  return { list: res.rows.map(toRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function get(ctx: AppContext, actor: RequestActor, id: number) {
  const r = await find(ctx.db, actor, id);
  const log = await ctx.db.execute<{
    dialogue_id: number;
    buyer_email: string;
    subject: string;
    state: string;
    created_at: Date;
  }>(sql`
    SELECT s.dialogue_id, d.buyer_email, m.subject, m.state, s.created_at
      FROM mail_auto_reply_sends s JOIN mail_messages m ON m.id = s.message_row_id JOIN mail_dialogues d ON d.id = s.dialogue_id
     WHERE s.plan_id = ${id} ORDER BY s.created_at DESC LIMIT 50`);
  return {
    ...toRow(r),
    subject: r.subject,
    body: r.body,
    log: log.rows.map((l) => ({
      dialogueId: l.dialogue_id,
      buyerEmail: l.buyer_email,
      subject: l.subject,
      state: l.state,
      createdAt: iso(l.created_at) as string,
    })),
  };
}

export async function mailboxes(ctx: AppContext, actor: RequestActor) {
  const res = await ctx.db.execute<{ id: number; email: string; name: string }>(sql`
    SELECT m.id, m.email, m.name FROM mail_mailboxes m WHERE m.deleted_at IS NULL AND ${mailboxVisible(actor)} ORDER BY lower(m.email)`);
  return res.rows;
}

const lockNames = (tx: DbOrTx, actor: RequestActor) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('mail_auto_reply_plans'), ${actor.accountId})`);

async function nameTaken(tx: DbOrTx, accountId: number, name: string, exceptId: number | null) {
  const res = await tx.execute(sql`
    SELECT 1 FROM mail_auto_reply_plans WHERE account_id = ${accountId} AND lower(name) = lower(${name})
       ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}`);
  if (res.rows.length) throw fieldConflict(`a plan named ${name} exists`, 'name', 'nameTaken');
}

const cleanKeywords = (k: string[]) => [...new Set(k.map((s) => s.trim()).filter(Boolean))];

export async function create(ctx: AppContext, actor: RequestActor, b: CreateBody) {
  const { body, issues } = vetText(b.subject, b.body);
  const ids = [...new Set(b.mailboxIds)];
  return ctx.db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) await assertMailbox(tx, actor, id, null, `mailboxIds.${i}`);
    await lockNames(tx, actor);
    await nameTaken(tx, actor.accountId, b.name, null);
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO mail_auto_reply_plans (account_id, name, mailbox_ids, keywords, subject, body, state, created_by, updated_by)
      VALUES (${actor.accountId}, ${b.name}, ${intArray(ids)}, ${textArray(cleanKeywords(b.keywords))}, ${b.subject}, ${body}, 2,
              ${actor.userId}, ${actor.userId})
      RETURNING id`);
    const id = Number(res.rows[0]?.id);
    await audit(tx, actor, {
      action: 'autoReplyPlan.create',
      entity: 'mail_auto_reply_plan',
      entityId: id,
      after: { ...b, body },
    });
    return { id, version: 1, issues };
  });
}

export async function update(ctx: AppContext, actor: RequestActor, b: UpdateBody) {
  const { body, issues } = vetText(b.subject, b.body);
  const ids = [...new Set(b.mailboxIds)];
  return ctx.db.transaction(async (tx) => {
    await lockNames(tx, actor);
    const old = await find(tx, actor, b.id, true);
    if (old.version !== b.version) throw staleVersion();
    for (const [i, id] of ids.entries()) await assertMailbox(tx, actor, id, null, `mailboxIds.${i}`);
    await nameTaken(tx, actor.accountId, b.name, b.id);
    await tx.execute(sql`
      UPDATE mail_auto_reply_plans SET name = ${b.name}, mailbox_ids = ${intArray(ids)}, keywords = ${textArray(cleanKeywords(b.keywords))},
             subject = ${b.subject}, body = ${body}, version = version + 1, updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${b.id}`);
    await audit(tx, actor, {
      action: 'autoReplyPlan.update',
      entity: 'mail_auto_reply_plan',
      entityId: b.id,
      before: { name: old.name, mailboxIds: old.mailbox_ids, keywords: old.keywords, subject: old.subject, body: old.body },
      after: { ...b, body },
    });
    return { id: b.id, version: b.version + 1, issues };
  });
}

export async function duplicate(ctx: AppContext, actor: RequestActor, id: number) {
  return ctx.db.transaction(async (tx) => {
    await lockNames(tx, actor);
    const old = await find(tx, actor, id, true);
    let name = `${old.name} (copy)`.slice(0, 80);
    for (
      let n = 2;
      (
        await tx.execute(
          sql`SELECT 1 FROM mail_auto_reply_plans WHERE account_id = ${actor.accountId} AND lower(name) = lower(${name})`,
        )
      ).rows.length;
      n++
    )
      name = `${old.name} (copy ${n})`.slice(0, 80);
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO mail_auto_reply_plans (account_id, name, mailbox_ids, keywords, subject, body, state, created_by, updated_by)
      SELECT account_id, ${name}, mailbox_ids, keywords, subject, body, 2, ${actor.userId}, ${actor.userId}
        FROM mail_auto_reply_plans WHERE id = ${id}
      RETURNING id`);
    const newId = Number(res.rows[0]?.id);
    await audit(tx, actor, {
      action: 'autoReplyPlan.copy',
      entity: 'mail_auto_reply_plan',
      entityId: newId,
      after: { from: id, name },
    });
    return { id: newId, version: 1, issues: lintTemplate({ subject: old.subject, body: old.body }) };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    const old = await find(tx, actor, id, true);
    await tx.execute(sql`DELETE FROM mail_auto_reply_plans WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'autoReplyPlan.delete',
      entity: 'mail_auto_reply_plan',
      entityId: id,
      before: { name: old.name },
    });
  });
  return null;
}

export async function setState(ctx: AppContext, actor: RequestActor, id: number, stateId: number) {
  return ctx.db.transaction(async (tx) => {
    const old = await find(tx, actor, id, true);
    if (stateId === 1) vetText(old.subject, old.body);
    await tx.execute(
      sql`UPDATE mail_auto_reply_plans SET state = ${stateId}, version = version + 1, updated_by = ${actor.userId}, updated_at = now() WHERE id = ${id}`,
    );
    await audit(tx, actor, {
      action: 'autoReplyPlan.state',
      entity: 'mail_auto_reply_plan',
      entityId: id,
      before: { state: old.state },
      after: { state: stateId },
    });
    return { stateId, version: old.version + 1 };
  });
}

/** The plan that answers a text: the oldest plan that is on, of the mailbox, with a matching keyword (or none). */
export function matches(keywords: string[], subject: string, text: string): boolean {
  if (keywords.length === 0) return true;
  const hay = `${subject}\n${text}`.toLowerCase();
  return keywords.some((k) => hay.includes(k.toLowerCase()));
}

/**
 * Called by storeIncoming, in its transaction, for a new buyer mail: queues the auto reply
 * of the first matching plan unless the dialogue had one. Answers the queued message row id.
 */
export async function autoReplyFor(
  tx: DbOrTx,
  mb: { id: number; accountId: number; email: string },
  d: {
    dialogueId: number;
    buyerEmail: string;
    buyerName: string;
    messageId: string;
    references: string[];
    subject: string;
    text: string;
  },
): Promise<number | null> {
  const plans = await tx.execute<{ id: number; keywords: string[]; subject: string; body: string }>(sql`
    SELECT id, keywords, subject, body FROM mail_auto_reply_plans
     WHERE account_id = ${mb.accountId} AND state = 1 AND ${mb.id}::int = ANY(mailbox_ids) ORDER BY id`);
  const plan = plans.rows.find((p) => matches(p.keywords, d.subject, d.text));
  if (!plan) return null;
  if (lintErrors(lintTemplate({ subject: plan.subject, body: plan.body })).length) return null;
  const taken = await tx.execute(sql`SELECT 1 FROM mail_auto_reply_sends WHERE dialogue_id = ${d.dialogueId}`);
  if (taken.rows.length) return null;
  let r: { subject: string; html: string; text: string };
  try {
    r = renderFor(plan, { buyerName: d.buyerName || null });
  } catch {
    return null;
  }
  const domain = mb.email.split('@')[1] ?? 'localhost';
  const messageId = `<auto-reply.${randomUUID()}@${domain}>`;
  const references = [...d.references.filter((x) => x !== d.messageId), d.messageId].slice(-20);
  const [row] = (
    await tx.execute<{ id: number }>(sql`
      INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, in_reply_to, "references", from_email, to_emails,
                                 subject, text_body, html_body, state)
      VALUES (${d.dialogueId}, ${mb.id}, 'out', ${messageId}, ${d.messageId}, ${JSON.stringify(references)}::jsonb, ${mb.email},
              ${JSON.stringify([d.buyerEmail])}::jsonb, ${r.subject}, ${r.text}, ${r.html}, 'queued')
      RETURNING id`)
  ).rows;
  const id = (row as { id: number }).id;
  await tx.execute(
    sql`INSERT INTO mail_auto_reply_sends (dialogue_id, plan_id, message_row_id) VALUES (${d.dialogueId}, ${plan.id}, ${id})`,
  );
  await tx.execute(sql`UPDATE mail_dialogues SET message_count = message_count + 1 WHERE id = ${d.dialogueId}`);
  await enqueue(tx, SEND, { messageId: id }, { dedupeKey: `${SEND}:${id}`, maxAttempts: 4 });
  return id;
}
