/**
 * Replies go out at most once, across crashes and restarts:
 *  1. the reply call commits the message (state `queued`, its Message-ID fixed) and a job;
 *  2. the job commits `sending` BEFORE it talks SMTP, sends, appends the same bytes to the
 *     mailbox's Sent folder, then commits `sent`;
 *  3. a job that finds its message already `sending` knows a run died mid-send: it never
 *     sends blindly, it looks for the Message-ID in the Sent folder (found: `sent`), else
 *     marks the message `unknown` for a human to check.
 * An error that proves nothing went out (refused connection, refused sign-in, a 4xx/5xx
 * answer) puts the message back to `queued` for a retry, or `failed` after the last one.
 * The reply call removed the agent's draft (the message holds the text); a reply that
 * fails for good comes back as the agent's draft when they have none, so no text is lost.
 */

import { DEMO_REPLY_NOTE } from '@bo/contract/mail/mailboxes';
import { sql } from 'drizzle-orm';
import type { AreaJob } from '../../../platform/area';
import type { AppContext } from '../../../platform/context';
import { snippetOf } from '../dialogues/store';
import { type MailboxSecrets, secretsOf } from '../mailboxes/mailboxes.service';
import { composeMail, describeMailError, imapConnect, smtpTransport } from '../shared/connect';

export const SEND = 'mail.send';

/** Test seam: runs between the SMTP hand-over and the Sent-folder copy (a crash there is tested). */
export const sendHooks: { afterSmtp?: (messageRowId: number) => Promise<void> } = {};

type OutRaw = {
  id: number;
  dialogue_id: number;
  mailbox_id: number;
  message_id: string;
  in_reply_to: string | null;
  references: string[];
  to_emails: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  state: string;
  created_at: Date;
  user_id: number | null;
  sender_name: string | null;
};

/** True when the error proves the server did not accept the mail. */
export function definitelyNotSent(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number; command?: string };
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return true;
  if (e.code && ['ECONNECTION', 'EAUTH', 'ENOAUTH', 'EENVELOPE', 'EDNS', 'ETLS', 'ECONNREFUSED'].includes(e.code)) return true;
  const early =
    !e.command ||
    e.command === 'CONN' ||
    e.command === 'EHLO' ||
    e.command === 'HELO' ||
    e.command === 'STARTTLS' ||
    e.command.startsWith('AUTH');
  return early && (e.code === 'ETIMEDOUT' || e.code === 'ESOCKET' || e.code === 'ECONNRESET');
}

/**
 * What a failed SMTP hand-over leaves: `unknown` when the server may have the mail (`unknownNote`
 * says what happens next), else queued for another attempt (thrown, so the job retries) or
 * `failed` after the last one. Answers the state it set when it did not throw.
 */
export async function recordSmtpFailure(
  err: unknown,
  msg: string,
  attempt: { n: number; max: number },
  unknownNote: string,
  setState: (state: 'unknown' | 'queued' | 'failed', error: string) => Promise<unknown>,
): Promise<'unknown' | 'failed'> {
  if (!definitelyNotSent(err)) {
    await setState('unknown', `the SMTP server broke off after the mail was handed over (${msg})${unknownNote}`);
    return 'unknown';
  }
  const last = attempt.n >= attempt.max;
  await setState(last ? 'failed' : 'queued', last ? `not sent: ${msg}` : `not sent yet (attempt ${attempt.n}): ${msg}`);
  if (!last) throw new Error(msg);
  return 'failed';
}

export async function sentFolderHas(ctx: AppContext, s: MailboxSecrets, messageId: string): Promise<boolean> {
  const c = await imapConnect(s.imap, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
  try {
    const sent = (await c.list()).find((f) => f.specialUse === '\\Sent') ?? (await c.list()).find((f) => /^sent/i.test(f.name));
    if (!sent) return false;
    const lock = await c.getMailboxLock(sent.path, { readOnly: true });
    try {
      const found = await c.search({ header: { 'message-id': messageId } }, { uid: true });
      return Array.isArray(found) && found.length > 0;
    } finally {
      lock.release();
    }
  } finally {
    await c.logout().catch(() => c.close());
  }
}

export async function appendToSent(ctx: AppContext, s: MailboxSecrets, raw: Buffer) {
  const c = await imapConnect(s.imap, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
  try {
    const sent = (await c.list()).find((f) => f.specialUse === '\\Sent') ?? (await c.list()).find((f) => /^sent/i.test(f.name));
    await c.append(sent?.path ?? 'Sent', raw, ['\\Seen']);
  } finally {
    await c.logout().catch(() => c.close());
  }
}

async function markSent(ctx: AppContext, m: OutRaw, note: string | null = null) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE mail_messages SET state = 'sent', last_error = ${note}, sent_at = now() WHERE id = ${m.id}`);
    // An auto reply (auto-reply plan) does not answer the buyer for the agents: the dialogue stays awaiting a reply.
    await tx.execute(sql`
      UPDATE mail_dialogues SET status = 1, awaiting_since = NULL, last_message_at = greatest(last_message_at, now()),
             snippet = ${snippetOf(m.text_body)}, version = version + 1
       WHERE id = ${m.dialogue_id} AND NOT EXISTS (SELECT 1 FROM mail_auto_reply_sends WHERE message_row_id = ${m.id})`);
    // The draft this reply came from, unless it was edited after the reply was queued.
    if (m.user_id !== null)
      await tx.execute(sql`
        WITH gone AS (DELETE FROM mail_drafts WHERE dialogue_id = ${m.dialogue_id} AND user_id = ${m.user_id} AND updated_at <= ${m.created_at} RETURNING id)
        DELETE FROM mail_attachments WHERE draft_id IN (SELECT id FROM gone)`);
  });
}

const setState = (ctx: AppContext, id: number, state: string, error: string | null) =>
  ctx.db.execute(sql`UPDATE mail_messages SET state = ${state}, last_error = ${error} WHERE id = ${id}`);

export async function sendMessage(ctx: AppContext, id: number, attempt: { n: number; max: number }): Promise<void> {
  // Step 1: take the message from queued to sending, committed before any SMTP traffic.
  const claim = await ctx.db.transaction(async (tx) => {
    const [m] = (
      await tx.execute<OutRaw>(sql`
        SELECT msg.*, u.user_name AS sender_name FROM mail_messages msg LEFT JOIN users u ON u.id = msg.user_id
         WHERE msg.id = ${id} AND msg.direction = 'out' FOR UPDATE OF msg`)
    ).rows;
    if (!m) return null;
    const before = m.state;
    if (before === 'queued') await tx.execute(sql`UPDATE mail_messages SET state = 'sending' WHERE id = ${id}`);
    return { m, before };
  });
  if (!claim || ['sent', 'failed', 'unknown'].includes(claim.before)) return;
  const { m } = claim;
  const s = await secretsOf(ctx, m.mailbox_id);
  if (!s) return setState(ctx, id, 'failed', 'the mailbox no longer exists').then(() => {});
  // A demo mailbox is not connected: the reply is recorded as sent with a note saying it never left (decisions.md "Mail demo").
  if (s.demo) return markSent(ctx, m, DEMO_REPLY_NOTE);

  if (claim.before === 'sending') {
    // A run died between `sending` and `sent`: did the mail go out?
    if (await sentFolderHas(ctx, s, m.message_id)) return markSent(ctx, m);
    await setState(
      ctx,
      id,
      'unknown',
      'an earlier attempt stopped while handing the mail to the SMTP server and no copy is in the Sent folder: it may or may not have reached the buyer; check before sending again',
    );
    return;
  }

  // Step 2: build the mail once; SMTP gets these bytes and the Sent folder the same.
  const atts = (
    await ctx.db.execute<{ file_name: string; content_type: string; content: Buffer }>(
      sql`SELECT file_name, content_type, content FROM mail_attachments WHERE message_id = ${id} AND content IS NOT NULL ORDER BY id`,
    )
  ).rows;
  // nodemailer's stream transport composes without sending: the exact bytes for SMTP and for Sent.
  const raw = await composeMail({
    from: { name: m.sender_name ? `${m.sender_name} - ${s.name || s.email}` : s.name || s.email, address: s.email },
    to: m.to_emails,
    subject: m.subject,
    text: m.text_body,
    html: m.html_body ?? undefined,
    messageId: m.message_id,
    inReplyTo: m.in_reply_to ?? undefined,
    references: m.references.length ? m.references : undefined,
    date: new Date(),
    attachments: atts.map((a) => ({ filename: a.file_name, contentType: a.content_type, content: a.content })),
  });

  const t = await smtpTransport(s.smtp, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
  try {
    await t.sendMail({ envelope: { from: s.email, to: m.to_emails }, raw });
  } catch (err) {
    const msg = describeMailError('SMTP', s.smtp, err, ctx.config.MAIL_CONNECT_TIMEOUT_MS);
    const outcome = await recordSmtpFailure(err, msg, attempt, ': check before sending again', (state, error) =>
      setState(ctx, id, state, error),
    );
    if (outcome === 'failed' && m.user_id !== null)
      await ctx.db.execute(sql`
        INSERT INTO mail_drafts (dialogue_id, user_id, subject, content)
        VALUES (${m.dialogue_id}, ${m.user_id}, '', ${m.html_body ?? m.text_body})
        ON CONFLICT (dialogue_id, user_id) DO NOTHING`);
    return;
  } finally {
    t.close();
  }
  await sendHooks.afterSmtp?.(id);
  // Step 3: the copy in Sent is what a restarted run checks; losing it only costs that check.
  try {
    await appendToSent(ctx, s, raw);
  } catch (err) {
    ctx.log.warn({ err, messageId: m.message_id }, 'mail send: could not copy the mail to the Sent folder');
  }
  await markSent(ctx, m);
}

export const sendJobs = (ctx: AppContext): Record<string, AreaJob> => ({
  [SEND]: {
    run: async (payload, job) => {
      await sendMessage(ctx, (payload as { messageId: number }).messageId, { n: job.attempt, max: job.maxAttempts });
    },
  },
});
