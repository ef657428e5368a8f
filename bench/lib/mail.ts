/**
 * The mail area's part of the benchmark: a generated mail history (large: 250,000
 * dialogues with 1,000,000 messages over two years in 13 mailboxes, one per marketplace;
 * small: 2,000 dialogues) and the latency of the /mail screen's calls on it, each alone.
 * The mailboxes are switched off (no fetch job tries to reach them) and point at
 * 127.0.0.1:9; they exist only to own the history.
 */
import pg from 'pg';
import { type HttpTarget, runHttp } from './http';
import type { RunStats } from './stats';

export interface MailData {
  mailboxes: number;
  dialogues: number;
  messages: number;
  seconds: number;
}

/** Writes the history with set-based INSERTs (a few statements, no round trip per row). */
export async function seedMail(dbUrl: string, size: 'small' | 'large', say: (s: string) => void): Promise<MailData> {
  const dialogues = size === 'large' ? 250_000 : 2_000;
  const perDialogue = 4;
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query('BEGIN');
    const boxes = await c.query<{ id: number }>(
      `INSERT INTO mail_mailboxes (email, name, type, shop_id, market_id, enabled, imap_host, imap_port, imap_secure, imap_user,
                                   imap_password_enc, smtp_host, smtp_port, smtp_secure, smtp_user, smtp_password_enc, auth_state)
       SELECT 'bench-' || s.id || '@bench.invalid', 'Bench ' || s.name, 1, s.id, s.market_id, false, '127.0.0.1', 9, false, 'bench',
              'disabled', '127.0.0.1', 9, false, 'bench', 'disabled', 1
         FROM (SELECT DISTINCT ON (market_id) id, name, market_id FROM shops WHERE account_id = 1 ORDER BY market_id, id) s
       RETURNING id`,
    );
    say(`  ${boxes.rowCount} mailboxes; ${dialogues.toLocaleString('en-US')} dialogues ...`);
    // Spread over two years, newest last; a quarter archived, a third awaiting a reply.
    await c.query(
      `WITH b AS (SELECT id, shop_id, market_id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n
                    FROM mail_mailboxes WHERE email LIKE 'bench-%@bench.invalid')
       INSERT INTO mail_dialogues (mailbox_id, shop_id, market_id, buyer_email, buyer_name, subject, subject_key, snippet, status,
                                   dialogue_type, archived, unread, message_count, first_message_at, last_message_at, awaiting_since)
       SELECT b.id, b.shop_id, b.market_id, 'buyer' || g || '@marketplace.amazon.invalid', 'Buyer ' || g,
              'Question about order 113-' || lpad((g * 7919 % 10000000)::text, 7, '0'),
              'question about order 113-' || lpad((g * 7919 % 10000000)::text, 7, '0'),
              'Hello, my lamp ' || (ARRAY['flickers','will not connect','arrived broken','is missing a part'])[1 + g % 4],
              (CASE WHEN g % 3 = 0 THEN 0 WHEN g % 3 = 1 THEN 1 ELSE 2 END)::smallint, (1 + g % 5)::smallint, g % 4 = 0, g % 7 = 0, $2,
              t - interval '2 days', t, CASE WHEN g % 3 = 0 THEN t END
         FROM generate_series(1, $1::int) g
         JOIN b ON b.k = g % b.n
         CROSS JOIN LATERAL (SELECT now() - ((($1::int - g)::float8 / $1::int) * 730) * interval '1 day' AS t) ts`,
      [dialogues, perDialogue],
    );
    say(`  ${(dialogues * perDialogue).toLocaleString('en-US')} messages ...`);
    await c.query(
      `INSERT INTO mail_messages (dialogue_id, mailbox_id, direction, message_id, from_email, from_name, to_emails, subject, text_body,
                                  html_body, sent_at, state)
       SELECT d.id, d.mailbox_id, CASE WHEN k % 2 = 1 THEN 'in' ELSE 'out' END, '<bench-' || d.id || '-' || k || '@bench.invalid>',
              CASE WHEN k % 2 = 1 THEN d.buyer_email ELSE 'support@bench.invalid' END, d.buyer_name, '[]'::jsonb, d.subject,
              d.snippet || '. Message ' || k || ' of the thread about the ' ||
                (ARRAY['desk lamp','light strip','smart bulb','floor lamp','camera'])[1 + (d.id + k) % 5] ||
                ', bought in ' || to_char(d.first_message_at, 'FMMonth YYYY') || '. ' || repeat('Thanks for your help. ', 1 + (d.id % 6)),
              NULL, d.first_message_at + (k - 1) * interval '12 hours', CASE WHEN k % 2 = 0 THEN 'sent' END
         FROM mail_dialogues d CROSS JOIN generate_series(1, $1::int) k
        WHERE d.mailbox_id IN (SELECT id FROM mail_mailboxes WHERE email LIKE 'bench-%@bench.invalid')`,
      [perDialogue],
    );
    await c.query('COMMIT');
    // As autovacuum leaves a table at rest: statistics, and the visibility map the index-only counts rely on.
    await c.query('VACUUM ANALYZE mail_dialogues');
    await c.query('VACUUM ANALYZE mail_messages');
    await c.query('ANALYZE mail_mailboxes');
    return {
      mailboxes: boxes.rowCount ?? 0,
      dialogues,
      messages: dialogues * perDialogue,
      seconds: (performance.now() - t0) / 1000,
    };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

export interface MailCall {
  key: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  targetMs: number;
}

export interface MailCallResult extends MailCall {
  single: RunStats;
}

/** The calls of the /mail screen: the list as it opens and with each filter, a search, a thread, the counters. */
export async function mailCalls(dbUrl: string): Promise<MailCall[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  let dialogue: { id: number; buyer_email: string; mailbox_id: number } | undefined;
  try {
    dialogue = (
      await c.query<{ id: number; buyer_email: string; mailbox_id: number }>(
        `SELECT d.id, d.buyer_email, d.mailbox_id FROM mail_dialogues d JOIN mail_mailboxes m ON m.id = d.mailbox_id
          WHERE m.email LIKE 'bench-%' ORDER BY d.id DESC LIMIT 1`,
      )
    ).rows[0];
  } finally {
    await c.end();
  }
  if (!dialogue) return [];
  const T = 'email/rest/v1/mailTrees';
  const T2 = 'email/rest/v2/mailTrees';
  const target = 150;
  return [
    {
      key: 'mailList',
      label: 'list, as /mail opens (every mailbox, page 1)',
      method: 'POST',
      path: `${T}/mailList`,
      body: {},
      targetMs: target,
    },
    {
      key: 'mailListAwaiting',
      label: 'list, awaiting reply, one market',
      method: 'POST',
      path: `${T}/mailList`,
      body: { status: 0, marketId: 3 },
      targetMs: target,
    },
    {
      key: 'mailListArchive',
      label: 'list, the archive, page 50',
      method: 'POST',
      path: `${T}/mailList`,
      body: { archived: true, pageNum: 50 },
      targetMs: target,
    },
    {
      key: 'mailListSearch',
      label: 'list, search by buyer address',
      method: 'POST',
      path: `${T}/mailList`,
      body: { search: dialogue.buyer_email },
      targetMs: target,
    },
    {
      key: 'mailListBuyer',
      label: "list, one buyer's dialogues",
      method: 'POST',
      path: `${T}/mailList`,
      body: { mailBoxId: dialogue.mailbox_id, buyerEmail: dialogue.buyer_email },
      targetMs: target,
    },
    {
      key: 'mailThread',
      label: 'a dialogue thread',
      method: 'POST',
      path: `${T}/dialogue`,
      body: { dialogueId: dialogue.id },
      targetMs: target,
    },
    { key: 'mailStatus', label: 'status counts', method: 'GET', path: `${T2}/mail/status?type=1`, targetMs: target },
    { key: 'mailEmails', label: 'mailboxes with unreplied counts', method: 'GET', path: `${T2}/emails`, targetMs: target },
  ];
}

export async function runMailCalls(base: string, token: string, calls: MailCall[], seconds: number, say: (s: string) => void) {
  const out: MailCallResult[] = [];
  for (const c of calls) {
    const target: HttpTarget = {
      method: c.method,
      url: `${base}/api/${c.path}`,
      headers: { authorization: `Bearer ${token}`, ...(c.body ? { 'content-type': 'application/json' } : {}) },
      ...(c.body ? { body: JSON.stringify(c.body) } : {}),
    };
    const once = () => fetch(target.url, { method: c.method, headers: target.headers, body: target.body });
    const first = await once();
    const body = (await first.json()) as { code?: number; msg?: string };
    if (first.status !== 200 || body.code !== 0)
      throw new Error(`${c.method} ${target.url} answered ${first.status} ${body.msg ?? ''}`);
    for (let i = 0; i < 3; i++) await once().then((r) => r.arrayBuffer());
    const single = await runHttp(target, 1, seconds);
    say(`  ${c.label}: p50 ${single.p50.toFixed(1)} · p95 ${single.p95.toFixed(1)} · p99 ${single.p99.toFixed(1)} ms`);
    out.push({ ...c, single });
  }
  return out;
}
