/**
 * The message centre's messages (/user-platform/messageCenter; docs/app-messages.md). Rules:
 * - only a draft is edited (409 naming the state otherwise); only drafts and cancelled messages
 *   are deleted; the state moves by MESSAGE_MACHINE (409 naming the state), the sender moves
 *   scheduled → sending → sent on its own;
 * - send (now) and schedule queue the sender's job in the transaction that moves the message, so
 *   a message is scheduled exactly when its job exists; schedule needs a send time still to come
 *   and neither may start past the expiry (400);
 * - the audience's models are the catalogue's (400 naming the unknown ones);
 * - cancel stops further deliveries at the sender's next batch (it locks the message first) and
 *   drops the devices still held by quiet hours; deliveries already made stay in the inboxes.
 * Every write is audited (`app_message`). The messages are company data.
 */
import { type Lang, refusalText, transitionFrom } from '@bo/contract';
import {
  type AppMessage,
  type Audience,
  MESSAGE_MACHINE,
  type MessageAction,
  type MessageBody,
} from '@bo/contract/appmessages/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import { isInternal, type RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, conflict, forbidden, notFound, staleVersion } from '../../platform/errors';
import { enqueue } from '../../platform/jobs/jobs';
import { catalogModels } from '../catalog/catalog.reads';
import * as repo from './messages.repository';

export const SEND_JOB = 'appmessages.send';

export function assertCompany(actor: RequestActor): void {
  if (!isInternal(actor)) throw forbidden('app messages are company data');
}

/** What an audit row keeps of a message. */
const terms = (m: AppMessage) => ({
  name: m.name,
  titleZh: m.titleZh,
  titleEn: m.titleEn,
  bodyZh: m.bodyZh,
  bodyEn: m.bodyEn,
  link: m.link,
  targeting: m.targeting,
  sendAt: m.sendAt,
  throttlePerMinute: m.throttlePerMinute,
  quietStart: m.quietStart,
  quietEnd: m.quietEnd,
  expiresAt: m.expiresAt,
  state: m.state,
});

async function messageOf(db: DbOrTx, id: number, lock = false): Promise<AppMessage> {
  const r = await repo.messageById(db, id, lock);
  if (!r) throw notFound(`no app message ${id}`);
  return repo.toMessage(r);
}

export async function listMessages(ctx: AppContext, actor: RequestActor, q: repo.MessageQuery) {
  assertCompany(actor);
  const { rows, total } = await repo.pageOfMessages(ctx.db, q);
  return { list: rows.map(repo.toMessage), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The catalogue's models, for the audience's choices. */
export async function models(ctx: AppContext, actor: RequestActor) {
  assertCompany(actor);
  const res = await ctx.db.execute<{ model: string; name: string; name_en: string }>(
    sql`SELECT upper(m.model) AS model, m.name, m.name_en FROM ${catalogModels} m ORDER BY m.model`,
  );
  return res.rows.map((r) => ({ model: r.model, name: r.name ?? '', nameEn: r.name_en ?? '' }));
}

/** 400 naming the audience's models the catalogue does not have. */
async function checkModels(tx: DbOrTx, wanted: readonly string[]): Promise<void> {
  if (wanted.length === 0) return;
  const res = await tx.execute<{ model: string }>(
    sql`SELECT upper(m.model) AS model FROM ${catalogModels} m WHERE upper(m.model) IN ${repo.textSetOf(wanted)}`,
  );
  const known = new Set(res.rows.map((r) => r.model));
  const unknown = wanted.filter((m) => !known.has(m));
  if (unknown.length) throw codedFieldError('models', 'appContent.unknownModel', { models: unknown.join(', ') });
}

export async function estimateAudience(ctx: AppContext, actor: RequestActor, a: Audience) {
  assertCompany(actor);
  return repo.estimate(ctx.db, a);
}

export async function createMessage(ctx: AppContext, actor: RequestActor, b: MessageBody): Promise<AppMessage> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    await checkModels(tx, b.models);
    const id = await repo.insertMessage(tx, b, actor.userId);
    const m = await messageOf(tx, id);
    await audit(tx, actor, { action: 'create', entity: 'app_message', entityId: id, after: terms(m) });
    return m;
  });
}

async function locked(tx: DbOrTx, id: number, version: number): Promise<AppMessage> {
  const before = await messageOf(tx, id, true);
  if (before.version !== version) throw staleVersion();
  return before;
}

const stateConflict = (m: AppMessage, lang: Lang, zh: string, en: string) =>
  conflict(lang === 'zh-CN' ? `${zh}（当前：${MESSAGE_MACHINE.states[m.state].label.zh}）` : `${en} (it is ${m.state})`, {
    state: m.state,
  });

export async function updateMessage(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: MessageBody & { version: number },
  lang: Lang,
): Promise<AppMessage> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await locked(tx, id, b.version);
    if (before.state !== 'draft') throw stateConflict(before, lang, '只能修改草稿消息', 'only a draft message is edited');
    await checkModels(tx, b.models);
    await repo.updateMessage(tx, id, b, actor.userId);
    const after = await messageOf(tx, id);
    await audit(tx, actor, { action: 'update', entity: 'app_message', entityId: id, before: terms(before), after: terms(after) });
    return after;
  });
}

const AUDIT_OF = {
  send: 'appMessage.send',
  schedule: 'appMessage.schedule',
  unschedule: 'appMessage.unschedule',
  cancel: 'appMessage.cancel',
} as const satisfies Record<MessageAction, string>;

export async function actOnMessage(
  ctx: AppContext,
  actor: RequestActor,
  id: number,
  b: { action: MessageAction; version: number },
  lang: Lang,
  now: Date = new Date(),
): Promise<AppMessage> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await locked(tx, id, b.version);
    const step = transitionFrom(MESSAGE_MACHINE, before.state, b.action);
    if (!step) throw conflict(refusalText(MESSAGE_MACHINE, before.state, b.action, lang), { state: before.state });
    const expires = before.expiresAt ? Date.parse(before.expiresAt) : null;
    if (b.action === 'send' || b.action === 'schedule') {
      const start = b.action === 'send' ? now.getTime() : before.sendAt ? Date.parse(before.sendAt) : null;
      if (start === null || start <= now.getTime()) {
        if (b.action === 'schedule') throw codedFieldError('sendAt', 'appMessages.sendAtNotFuture');
      }
      if (expires !== null && start !== null && expires <= start) throw codedFieldError('expiresAt', 'appMessages.expired');
      const sendAt = new Date(start ?? now.getTime()).toISOString();
      await tx.execute(sql`
        UPDATE app_messages SET state = 'scheduled', send_at = ${sendAt}, updated_by = ${actor.userId},
               version = version + 1, updated_at = now()
         WHERE id = ${id}`);
      // The sender's job, in this transaction: it exists exactly when the message is scheduled.
      await enqueue(tx, SEND_JOB, { messageId: id }, { delayMs: Math.max(0, (start ?? now.getTime()) - now.getTime()) });
    } else if (b.action === 'unschedule') {
      await tx.execute(sql`
        UPDATE app_messages SET state = 'draft', updated_by = ${actor.userId}, version = version + 1, updated_at = now()
         WHERE id = ${id}`);
    } else {
      await tx.execute(sql`
        UPDATE app_messages SET state = 'cancelled', finished_at = now(), updated_by = ${actor.userId},
               version = version + 1, updated_at = now()
         WHERE id = ${id}`);
      await tx.execute(sql`UPDATE app_message_deliveries SET state = 'expired' WHERE message_id = ${id} AND state = 'deferred'`);
    }
    const after = await messageOf(tx, id);
    await audit(tx, actor, {
      action: AUDIT_OF[b.action],
      entity: 'app_message',
      entityId: id,
      before: { state: before.state, sendAt: before.sendAt },
      after: { state: after.state, sendAt: after.sendAt },
    });
    return after;
  });
}

export async function deleteMessage(ctx: AppContext, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  assertCompany(actor);
  return ctx.db.transaction(async (tx) => {
    const before = await messageOf(tx, id, true);
    if (before.state !== 'draft' && before.state !== 'cancelled')
      throw stateConflict(before, lang, '只能删除草稿或已取消的消息', 'only a draft or cancelled message is deleted');
    await tx.execute(sql`DELETE FROM app_messages WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'app_message', entityId: id, before: terms(before) });
    return null;
  });
}
