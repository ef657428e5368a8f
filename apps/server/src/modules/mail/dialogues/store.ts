/**
 * Stores one fetched mail, idempotently: (mailbox, Message-ID) is unique, so fetching
 * the same mail twice (a retry, a reset UIDVALIDITY) stores it once. Attachments over
 * the size limits or of an executable type keep only their name, marked blocked.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type FieldCode, type FieldParams, fieldText } from '@bo/contract';
import {
  BLOCKED_EXTENSIONS,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
} from '@bo/contract/mail/sending';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { DbOrTx } from '../../../db/client';
import { pgText } from '../../../db/pg-text';
import { autoReplyFor } from '../automation/reply-plans.service';
import { recordOptOut } from '../automation/unsubscribe';
import { dialogueTypeByRules } from '../keywords/keywords.service';
import { classifyDialogue } from './classify';
import { incomingMail } from './incoming';
import { htmlToText, sanitizeMailHtml } from './sanitize';
import { findDialogue, normaliseSubject } from './threading';

export interface MailboxFacts {
  id: number;
  accountId: number;
  email: string;
  shopId: number | null;
  marketId: number | null;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const attachmentToken = () => randomBytes(12).toString('base64url');

/** Why an attachment is refused, or null. */
export function attachmentRefusal(
  fileName: string,
  size: number,
  totalSoFar: number,
  count: number,
): { code: FieldCode; params: FieldParams } | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (fileName.includes('.') && (BLOCKED_EXTENSIONS as readonly string[]).includes(ext))
    return { code: 'mail.attachmentType', params: { ext } };
  if (size > MAX_ATTACHMENT_BYTES) return { code: 'mail.attachmentTooLarge', params: { mb: MAX_ATTACHMENT_BYTES / 1024 / 1024 } };
  if (totalSoFar + size > MAX_ATTACHMENTS_TOTAL_BYTES)
    return { code: 'mail.attachmentsTotal', params: { mb: MAX_ATTACHMENTS_TOTAL_BYTES / 1024 / 1024 } };
  if (count >= MAX_ATTACHMENTS) return { code: 'mail.attachmentsCount', params: { max: MAX_ATTACHMENTS } };
  return null;
}

export const snippetOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

/** Set on a mail read only in part (over the fetch's size limit): said in its text, its attachments not kept. */
export interface StoreOptions {
  truncated?: string;
}

/**
 * Answers the dialogue id, or null when the mail was already stored or is our own. Every
 * value of the mail is read through `incomingMail` (storable, bounded).
 */
export async function storeIncoming(
  tx: DbOrTx,
  mb: MailboxFacts,
  parsed: ParsedMail,
  raw: Buffer,
  uid: number | null,
  opts: StoreOptions = {},
): Promise<number | null> {
  const mail = incomingMail(parsed);
  const fromEmail = mail.fromEmail;
  const fromName = mail.fromName;
  // Our own mail (a copy to ourselves, a confirmation mail) is not a buyer's.
  if (!fromEmail || fromEmail === mb.email.toLowerCase()) return null;
  const messageId = mail.messageId ?? `<no-id.${createHash('sha256').update(raw).digest('hex').slice(0, 32)}@fetched>`;
  const [dup] = (
    await tx.execute<{ id: number }>(sql`SELECT id FROM mail_messages WHERE mailbox_id = ${mb.id} AND message_id = ${messageId}`)
  ).rows;
  if (dup) return null;

  const notes = [...(opts.truncated ? [opts.truncated] : []), ...mail.notes];
  if (mail.attachmentsLeftOut) notes.push(`${mail.attachmentsLeftOut} more attachments not kept`);
  const note = notes.length ? `[${notes.join('; ')}]` : '';
  const subject = mail.subject;
  const cleanHtml = mail.html ? sanitizeMailHtml(mail.html) : null;
  const html = cleanHtml && note ? `<p><em>${escapeHtml(note)}</em></p>${cleanHtml}` : cleanHtml;
  const bodyText = (mail.text ?? (cleanHtml ? htmlToText(cleanHtml) : '')).slice(0, 500_000);
  const text = note ? `${note}\n\n${bodyText}` : bodyText;
  const inReplyTo = mail.inReplyTo;
  const references = mail.references;
  const sentAt = mail.sentAt;
  // A b-tree key (mail_dialogues_buyer_idx): bounded well under PostgreSQL's 2.7 kB.
  const subjectKey = pgText(normaliseSubject(subject), 300);

  let dialogueId = await findDialogue(tx, mb.id, { inReplyTo, references, buyerEmail: fromEmail, subjectKey });
  if (dialogueId === null) {
    // The company's keyword rules (/mail/setKeyWord) decide; the built-in guess covers the rest.
    const type = (await dialogueTypeByRules(tx, mb.accountId, { subject, body: text })) ?? classifyDialogue(subject, text);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO mail_dialogues (mailbox_id, shop_id, market_id, buyer_email, buyer_name, subject, subject_key, dialogue_type,
                                  first_message_at, last_message_at)
      VALUES (${mb.id}, ${mb.shopId}, ${mb.marketId}, ${fromEmail}, ${fromName}, ${subject}, ${subjectKey},
              ${type}, ${sentAt}, ${sentAt})
      RETURNING id`);
    dialogueId = (r.rows[0] as { id: number }).id;
  }
  const ins = await tx.execute<{ id: number }>(sql`
    INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, in_reply_to, "references", from_email, from_name,
                               to_emails, subject, text_body, html_body, sent_at, imap_uid)
    VALUES (${dialogueId}, ${mb.id}, 'in', ${messageId}, ${inReplyTo}, ${JSON.stringify(references)}::jsonb, ${fromEmail},
            ${fromName}, ${JSON.stringify(mail.to)}::jsonb, ${subject}, ${text}, ${html},
            ${sentAt}, ${uid})
    ON CONFLICT (mailbox_id, message_id) DO NOTHING
    RETURNING id`);
  const msg = ins.rows[0];
  if (!msg) return null;

  let total = 0;
  let count = 0;
  for (const a of mail.attachments) {
    const fileName = a.fileName;
    const refused = opts.truncated ? null : attachmentRefusal(fileName, a.size, total, count);
    const refusal = opts.truncated
      ? 'not kept: the mail was read only in part'
      : refused && fieldText(refused.code, 'en-US', refused.params);
    if (!refusal) {
      total += a.size;
      count++;
    }
    await tx.execute(sql`
      INSERT INTO mail_attachments (token, message_id, file_name, content_type, size, content, blocked)
      VALUES (${attachmentToken()}, ${msg.id}, ${fileName}, ${a.contentType}, ${a.size},
              ${refusal ? null : a.content}, ${refusal})`);
  }

  await tx.execute(sql`
    UPDATE mail_dialogues SET message_count = message_count + 1,
           last_message_at = greatest(last_message_at, ${sentAt}),
           snippet = CASE WHEN ${sentAt} >= last_message_at THEN ${snippetOf(text)} ELSE snippet END,
           status = 0, awaiting_since = coalesce(awaiting_since, ${sentAt}), unread = true, archived = false, archived_at = NULL,
           buyer_name = CASE WHEN buyer_name = '' THEN ${fromName} ELSE buyer_name END,
           version = version + 1
     WHERE id = ${dialogueId}`);
  // A buyer who asks to stop goes on the blacklist (automation/unsubscribe.ts) and gets no
  // robot's answer either; in this transaction, so the entry exists exactly when the mail does.
  if (await recordOptOut(tx, mb.accountId, fromEmail, { subject, text })) return dialogueId;
  // Auto-reply plans answer in this transaction: the reply exists exactly when the mail was stored.
  await autoReplyFor(tx, mb, {
    dialogueId,
    buyerEmail: fromEmail,
    buyerName: fromName,
    messageId,
    references,
    subject,
    text,
  });
  return dialogueId;
}
