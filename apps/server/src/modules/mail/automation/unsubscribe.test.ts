/**
 * Buyers who write back asking to stop: the phrases in the marketplaces' languages, only in
 * the buyer's own words (not in the quoted mail), and, through storeIncoming, the
 * unsubscribe entry on the company's blacklist, a manual entry turned into one, no
 * auto-reply to such a mail, and nothing for an ordinary question.
 */
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { storeIncoming } from '../dialogues/store';
import { optOutPhrase, ownWords } from './unsubscribe';

describe('optOutPhrase', () => {
  it.each([
    ['Unsubscribe', ''],
    ['Re: How was your lamp?', 'Please stop sending me these emails.'],
    ['Re: review', 'Remove me from your mailing list, thanks'],
    ['Re: review', "Don't email me again"],
    ['AW: Bewertung', 'Bitte abbestellen, keine E-Mails mehr.'],
    ['RE: avis', 'Je veux me désinscrire'],
    ['RE: opinión', 'Por favor, no me envíen más correos'],
    ['R: recensione', 'non inviatemi più email'],
    ['回复：评价邀请', '请退订，谢谢'],
    ['Re: レビューのお願い', '配信停止してください'],
    ['Re: hi', 'I want to opt-out of these'],
  ])('finds the opt-out in %s / %s', (subject, text) => {
    expect(optOutPhrase(subject, text)).not.toBeNull();
  });

  it.each([
    ['Re: order 114-1234567-1234567', 'The strip flickers since yesterday. What can I do?'],
    ['Question', 'I got no more messages from the courier about my parcel'],
    ['Subscription', 'How do I subscribe to your newsletter?'],
    ['Re: review', 'Stopped working after a week, please help'],
  ])('leaves an ordinary mail alone: %s / %s', (subject, text) => {
    expect(optOutPhrase(subject, text)).toBeNull();
  });

  it('reads only the buyer’s own words, not the quoted mail below them', () => {
    const reply = [
      'Thanks, the replacement works!',
      '',
      'On Mon, 3 Nov 2026 at 10:00, Lumio Support <support@lumio.example> wrote:',
      '> To stop receiving these mails, unsubscribe here.',
    ].join('\n');
    expect(ownWords(reply)).toBe('Thanks, the replacement works!\n');
    expect(optOutPhrase('Re: your order', reply)).toBeNull();
    expect(optOutPhrase('Re: your order', '> unsubscribe\nthanks')).toBeNull();
  });
});

describe('an opt-out mail through storeIncoming', () => {
  let t: TestApp;
  let mailbox: { id: number; accountId: number; email: string; shopId: number | null; marketId: number | null };
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await t.database.pool.query(text, params)).rows as T[];
  let n = 0;
  const deliver = async (from: string, subject: string, body: string) => {
    n++;
    const raw = Buffer.from(
      [
        `From: Buyer <${from}>`,
        `To: ${mailbox.email}`,
        `Subject: ${subject}`,
        `Message-ID: <optout-${n}@buyers.example>`,
        'Date: Tue, 24 Nov 2026 10:00:00 +0000',
        'Content-Type: text/plain; charset=utf-8',
        '',
        body,
      ].join('\r\n'),
    );
    const parsed = await simpleParser(raw);
    return t.database.db.transaction((tx) => storeIncoming(tx, mailbox, parsed, raw, null));
  };
  const blocks = (email: string) =>
    q<{ source: string; reason: string }>(`SELECT source, reason FROM mail_buyer_blocks WHERE account_id = 1 AND email = $1`, [
      email,
    ]);

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await q<{ id: number }>(
      `INSERT INTO mail_mailboxes (email, imap_host, imap_port, imap_secure, imap_user, imap_password_enc,
                                   smtp_host, smtp_port, smtp_secure, smtp_user, smtp_password_enc)
       VALUES ('service@lumio.example', '127.0.0.1', 1, false, 'u', 'x', '127.0.0.1', 1, false, 'u', 'x') RETURNING id`,
    );
    mailbox = { id: row!.id, accountId: 1, email: 'service@lumio.example', shopId: null, marketId: null };
    // An auto-reply plan that answers every mail in this mailbox.
    await q(
      `INSERT INTO mail_auto_reply_plans (account_id, name, state, mailbox_ids, keywords, subject, body, created_by, updated_by)
       VALUES (1, 'answer all', 1, ARRAY[$1::int], '{}', 'We got your mail', 'Thank you, we will answer within a day.', 1, 1)`,
      [mailbox.id],
    );
  });
  afterAll(async () => t?.close());

  const autoReplies = async (dialogueId: number) =>
    (await q<{ n: number }>(`SELECT count(*)::int AS n FROM mail_auto_reply_sends WHERE dialogue_id = $1`, [dialogueId]))[0]!.n;

  it('puts the buyer on the blacklist as an unsubscribe, keeps the mail, and sends no auto-reply', async () => {
    const dialogueId = await deliver('Stop.Me@Buyers.Example', 'Re: How do you like your lamp?', 'Please unsubscribe me.');
    expect(dialogueId).not.toBeNull();
    expect(await blocks('stop.me@buyers.example')).toEqual([{ source: 'unsubscribe', reason: 'asked by mail: “unsubscribe”' }]);
    expect(await autoReplies(dialogueId!)).toBe(0);
    const [msg] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM mail_messages WHERE dialogue_id = $1`, [dialogueId]);
    expect(msg!.n).toBe(1);
  });

  it('turns a manual entry into an unsubscribe, which staff then cannot delete', async () => {
    await q(
      `INSERT INTO mail_buyer_blocks (account_id, email, reason, source) VALUES (1, 'known@buyers.example', 'rude', 'manual')`,
    );
    await deliver('known@buyers.example', 'Unsubscribe', '');
    expect(await blocks('known@buyers.example')).toEqual([{ source: 'unsubscribe', reason: 'asked by mail: “Unsubscribe”' }]);
    const [entry] = await q<{ id: number }>(`SELECT id FROM mail_buyer_blocks WHERE email = 'known@buyers.example'`);
    const lead = await t.login('cs.lead');
    const refused = await t.call('DELETE', `/api/email/rest/v1/blacklist/${entry!.id}`, { token: lead });
    expect(refused.statusCode).toBe(409);
  });

  it('an ordinary question gets the auto-reply and no entry', async () => {
    const dialogueId = await deliver('asks@buyers.example', 'Question about my strip', 'Does it work with Alexa?');
    expect(await blocks('asks@buyers.example')).toEqual([]);
    expect(await autoReplies(dialogueId!)).toBe(1);
  });
});
