/**
 * The reply call: commits the outgoing mail (its Message-ID fixed now, threading headers
 * taken from the dialogue) with the draft's attachments, and a send job, in one
 * transaction, and removes the caller's draft there too: the queued mail now holds the
 * text and the attachments, and an editor reopened on the dialogue starts empty (a reply
 * that fails comes back as the draft, send.job.ts). The mail goes out in the background.
 * The same text as the dialogue's last reply of the past DUPLICATE_REPLY_MINUTES is
 * refused unless forced (the dialogue row is locked, so two clicks cannot both pass).
 */
import { randomUUID } from 'node:crypto';
import { ERROR_CODES, STATUS } from '@bo/contract';
import { DUPLICATE_REPLY_MINUTES } from '@bo/contract/mail/sending';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { AppError, conflict } from '../../../platform/errors';
import { demoDone } from '../../../platform/http/binder';
import { enqueue } from '../../../platform/jobs/jobs';
import { loadDialogue } from '../dialogues/dialogues.service';
import { htmlToText, sanitizeMailHtml } from '../dialogues/sanitize';
import { SEND } from './send.job';

const RE = /^\s*(re|回复|答复)\s*[:：]/i;

/** Texts compared for the duplicate guard: whitespace and case do not make a reply new. */
const sameText = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

/** 409 when the dialogue's last reply (not provably failed) of the past minutes has this text. */
async function refuseDuplicate(tx: Tx, dialogueId: number, text: string) {
  const [last] = (
    await tx.execute<{ id: number; text_body: string; created_at: Date }>(
      sql`SELECT id, text_body, created_at FROM mail_messages
           WHERE dialogue_id = ${dialogueId} AND direction = 'out' AND state <> 'failed'
             AND created_at > now() - make_interval(mins => ${DUPLICATE_REPLY_MINUTES}::int)
           ORDER BY created_at DESC, id DESC LIMIT 1`,
    )
  ).rows;
  if (last && sameText(last.text_body, text)) {
    const at = new Date(last.created_at).toISOString();
    throw new AppError(
      STATUS.CONFLICT,
      ERROR_CODES.DUPLICATE_REPLY,
      `the same text was already replied to this dialogue at ${at} (within ${DUPLICATE_REPLY_MINUTES} minutes); send it again only on purpose (force)`,
      { messageRowId: last.id, createdAt: at },
    );
  }
}

export async function reply(
  ctx: AppContext,
  actor: RequestActor,
  body: { dialogueId: number; subject?: string; content: string; force?: boolean },
) {
  if (ctx.config.DEMO_MODE) return demoDone({ id: 0, messageId: '', state: 'queued' as const });
  return ctx.db.transaction(async (tx) => {
    const d = await loadDialogue(tx, actor, body.dialogueId, true);
    const [mb] = (
      await tx.execute<{ email: string; enabled: boolean; deleted: boolean }>(
        sql`SELECT email, enabled, deleted_at IS NOT NULL AS deleted FROM mail_mailboxes WHERE id = ${d.mailbox_id}`,
      )
    ).rows;
    if (!mb || mb.deleted || !mb.enabled)
      throw conflict('the mailbox of this dialogue is removed or disabled: nothing can be sent from it');
    // Answer the buyer's latest mail; References carry the thread so far (RFC 5322 §3.6.4).
    const [last] = (
      await tx.execute<{ message_id: string; references: string[] }>(
        sql`SELECT message_id, "references" FROM mail_messages WHERE dialogue_id = ${d.id} AND direction = 'in'
             ORDER BY sent_at DESC, id DESC LIMIT 1`,
      )
    ).rows;
    const references = last ? [...last.references.filter((r) => r !== last.message_id), last.message_id].slice(-20) : [];
    const subject = body.subject ?? (RE.test(d.subject) ? d.subject : `Re: ${d.subject}`);
    const html = sanitizeMailHtml(body.content);
    const text = htmlToText(html);
    if (!body.force) await refuseDuplicate(tx, d.id, text);
    const domain = mb.email.split('@')[1] ?? 'localhost';
    const messageId = `<${randomUUID()}@${domain}>`;
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, in_reply_to, "references", from_email, to_emails,
                                   subject, text_body, html_body, state, user_id)
        VALUES (${d.id}, ${d.mailbox_id}, 'out', ${messageId}, ${last?.message_id ?? null}, ${JSON.stringify(references)}::jsonb,
                ${mb.email}, ${JSON.stringify([d.buyer_email])}::jsonb, ${subject}, ${text}, ${html}, 'queued', ${actor.userId})
        RETURNING id`)
    ).rows;
    const id = (row as { id: number }).id;
    await tx.execute(sql`
      INSERT INTO mail_attachments (token, message_id, file_name, content_type, size, content)
      SELECT md5(random()::text || clock_timestamp()::text || a.id), ${id}, a.file_name, a.content_type, a.size, a.content
        FROM mail_attachments a JOIN mail_drafts dr ON dr.id = a.draft_id
       WHERE dr.dialogue_id = ${d.id} AND dr.user_id = ${actor.userId} AND a.blocked IS NULL
       ORDER BY a.id`);
    // The draft is spent: its text and attachments now belong to the queued mail.
    await tx.execute(sql`
      WITH gone AS (DELETE FROM mail_drafts WHERE dialogue_id = ${d.id} AND user_id = ${actor.userId} RETURNING id)
      DELETE FROM mail_attachments WHERE draft_id IN (SELECT id FROM gone)`);
    await tx.execute(sql`UPDATE mail_dialogues SET message_count = message_count + 1, version = version + 1 WHERE id = ${d.id}`);
    await enqueue(tx, SEND, { messageId: id }, { dedupeKey: `${SEND}:${id}`, maxAttempts: 4 });
    await audit(tx, actor, {
      action: 'reply',
      entity: 'mail_dialogue',
      entityId: d.id,
      after: { messageRowId: id, messageId, to: d.buyer_email, subject, ...(body.force ? { forced: true } : {}) },
    });
    return { id, messageId, state: 'queued' as const };
  });
}
