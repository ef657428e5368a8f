/**
 * Mail end to end against real servers on loopback: dovecot (IMAP) and a capturing SMTP
 * server. Fetch → dialogues, the mail tree, drafts with attachments, replies with
 * threading headers, and sending at most once across a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  freePort,
  loopbackMailServers,
  startImapServer,
  startSmtpServer,
  type TestImapServer,
  type TestSmtpServer,
} from '../../../test/mail-servers';
import { addMailbox } from '../../../test/mailboxes';
import { sendHooks } from './sending/send.job';

const V1 = '/api/email/rest/v1';
const TREE = `${V1}/mailTrees`;
const BOX = 'care@lumio.test';
const BUYER = 'jane.buyer@example.com';

let t: TestApp;
let imap: TestImapServer;
let smtp: TestSmtpServer;
let lead: string;
let agent: string;
let mailboxId = 0;

function rawMail(o: {
  id: string;
  subject: string;
  html?: string;
  text?: string;
  inReplyTo?: string;
  from?: string;
  attach?: { name: string; type: string; body: string }[];
}) {
  const b = 'XXBOUNDARYXX';
  const head = [
    `From: Jane Buyer <${o.from ?? BUYER}>`,
    `To: ${BOX}`,
    `Subject: ${o.subject}`,
    `Message-ID: ${o.id}`,
    `Date: ${new Date().toUTCString()}`,
    ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`, `References: ${o.inReplyTo}`] : []),
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${b}"`,
  ];
  const parts = [
    `--${b}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${o.text ?? 'Hello, my lamp does not turn on.'}\r\n`,
    ...(o.html ? [`--${b}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${o.html}\r\n`] : []),
    ...(o.attach ?? []).map(
      (a) =>
        `--${b}\r\nContent-Type: ${a.type}; name="${a.name}"\r\nContent-Disposition: attachment; filename="${a.name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(a.body).toString('base64')}\r\n`,
    ),
  ];
  return `${head.join('\r\n')}\r\n\r\n${parts.join('')}--${b}--\r\n`;
}

function filesForm(fields: Record<string, string>, files: { name: string; type: string; bytes: Buffer }[]) {
  const boundary = `----mail${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const q1 = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.database.pool.query(text, params)).rows[0] as T;
const runJobs = async () => {
  await t.app.jobs.ensureRecurring();
  return t.app.jobs.drain();
};
const list = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', `${TREE}/mailList`, { token, body: { mailBoxId: mailboxId, ...body } });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    total: number;
    list: { dialogueId: number; subject: string; status: number; archived: boolean; marketId: number; buyerEmail: string }[];
  };
};

beforeAll(async () => {
  [t, imap, smtp] = await Promise.all([
    createTestApp({ MAIL_CONNECT_TIMEOUT_MS: 3000 }),
    startImapServer([{ user: BOX, password: 'box-pass-1' }]),
    startSmtpServer(),
  ]);
  lead = await t.login('cs.lead');
  agent = await t.login('cs.agent');
  const shop = await q1<{ id: number; market_id: number }>(`SELECT id, market_id FROM shops WHERE name = 'Lumio US'`);
  mailboxId = await addMailbox(t, lead, {
    email: BOX,
    name: 'Lumio Care',
    type: 1,
    shopId: shop.id,
    ...loopbackMailServers({ port: imap.port, user: BOX, password: 'box-pass-1' }, smtp),
  });
});
afterAll(async () => {
  delete sendHooks.afterSmtp;
  await Promise.all([t?.close(), imap?.stop(), smtp?.stop()]);
});

describe('receiving', () => {
  let dialogueId = 0;

  it('a mail delivered to the IMAP box becomes a dialogue after the fetch job, with hostile HTML made inert', async () => {
    await imap.append(
      BOX,
      rawMail({
        id: '<m1@example.com>',
        subject: 'Lamp broken',
        html: '<p onclick="steal()">Hi <b>there</b></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click</a><style>body{display:none}</style><a href="https://example.com/o">order</a>',
        attach: [
          { name: 'receipt.pdf', type: 'application/pdf', body: '%PDF-1.4 receipt' },
          { name: 'invoice.exe', type: 'application/octet-stream', body: 'MZ evil' },
        ],
      }),
    );
    expect(await runJobs()).toBeGreaterThanOrEqual(2); // the fetch-all run and the mailbox's fetch
    const page = await list(agent);
    expect(page.total).toBe(1);
    const d = page.list[0] as (typeof page.list)[number];
    expect(d).toMatchObject({ subject: 'Lamp broken', status: 0, archived: false, marketId: 0, buyerEmail: BUYER });
    dialogueId = d.dialogueId;

    const th = await t.call('POST', `${TREE}/dialogue`, { token: agent, body: { dialogueId } });
    expect(th.statusCode).toBe(200);
    const msg = th.json().data.messages[0];
    expect(msg.html).toContain('<b>there</b>');
    for (const bad of ['<script', 'alert(1)', 'onerror', 'onclick', 'javascript:', '<style', 'display:none'])
      expect(msg.html).not.toContain(bad);
    expect(msg.html).toContain('rel="noopener noreferrer nofollow"');
    const [pdf, exe] = msg.attachments;
    expect(pdf).toMatchObject({ fileName: 'receipt.pdf', blocked: null, size: 16 });
    expect(exe).toMatchObject({ fileName: 'invoice.exe', blocked: 'Type .exe is not accepted' });
    const bin = await t.call('GET', `${V1}/emailSender/attachments/binary`, { token: agent, query: { uri: pdf.uri } });
    expect(bin.statusCode).toBe(200);
    expect(bin.headers['content-disposition']).toContain('attachment;');
    expect(bin.body).toBe('%PDF-1.4 receipt');
    expect(
      (await t.call('GET', `${V1}/emailSender/attachments/binary`, { token: agent, query: { uri: exe.uri } })).statusCode,
    ).toBe(404);
    // A guessed uri (right id, wrong token) finds nothing.
    const wrong = `${pdf.uri.split('.')[0]}.AAAAAAAAAAAAAAAA`;
    expect((await t.call('GET', `${V1}/emailSender/attachments`, { token: agent, query: { uri: wrong } })).statusCode).toBe(404);
  });

  it('fetching again stores nothing twice; answers thread by headers, then by buyer and subject', async () => {
    expect(await runJobs()).toBeGreaterThanOrEqual(0);
    await t.app.jobs.drain();
    await imap.append(BOX, rawMail({ id: '<m2@example.com>', subject: 'Something else', inReplyTo: '<m1@example.com>' }));
    await imap.append(BOX, rawMail({ id: '<m3@example.com>', subject: 'RE: Lamp broken', text: 'Any news?' }));
    await imap.append(BOX, rawMail({ id: '<m4@example.com>', subject: 'A new question' }));
    // The same mail delivered twice (e.g. to two folders then moved) is one message.
    await imap.append(BOX, rawMail({ id: '<m4@example.com>', subject: 'A new question' }));
    await t.database.pool.query(`UPDATE jobs SET run_at = now() WHERE kind = 'mail.fetch-all' AND state = 'queued'`);
    await runJobs();
    const page = await list(agent);
    expect(page.total).toBe(2);
    const first = await q1<{ n: number }>(`SELECT count(*)::int AS n FROM mail_messages WHERE dialogue_id = $1`, [dialogueId]);
    expect(first.n).toBe(3);
    expect((await q1<{ n: number }>(`SELECT count(*)::int AS n FROM mail_messages`)).n).toBe(4);
    const box = await q1<{ last_uid: number; uid_validity: string }>(
      `SELECT last_uid, uid_validity FROM mail_mailboxes WHERE id = $1`,
      [mailboxId],
    );
    expect(box.last_uid).toBe(5);
    expect(box.uid_validity).toMatch(/^\d+$/);
  });

  it('a changed UIDVALIDITY reads the box from the start and still stores nothing twice', async () => {
    await t.database.pool.query(`UPDATE mail_mailboxes SET uid_validity = '1', last_uid = 999 WHERE id = $1`, [mailboxId]);
    await t.database.pool.query(`UPDATE jobs SET run_at = now() WHERE kind = 'mail.fetch-all' AND state = 'queued'`);
    await runJobs();
    expect((await q1<{ n: number }>(`SELECT count(*)::int AS n FROM mail_messages`)).n).toBe(4);
    const box = await q1<{ last_uid: number; uid_validity: string }>(
      `SELECT last_uid, uid_validity FROM mail_mailboxes WHERE id = $1`,
      [mailboxId],
    );
    expect(box).toMatchObject({ last_uid: 5 });
    expect(box.uid_validity).not.toBe('1');
  });

  it('search, filters, markets, buyers, statuses, todo counts and mail info', async () => {
    expect((await list(agent, { search: 'any news' })).list.map((d) => d.dialogueId)).toEqual([dialogueId]);
    expect((await list(agent, { marketId: 1 })).total).toBe(0);
    expect((await list(agent, { type: 2 })).total).toBe(0);
    expect((await list(agent, { status: 1 })).total).toBe(0);
    // "Lamp broken" is a repair, "A new question" a pre-sale question.
    expect((await list(agent, { dialogueType: 4 })).list.map((d) => d.dialogueId)).toEqual([dialogueId]);
    expect((await list(agent, { dialogueType: 1 })).list.map((d) => d.subject)).toEqual(['A new question']);
    const markets = await t.call('GET', `${TREE}/buyers/markets`, { token: agent, query: { email: BOX } });
    expect(markets.json().data).toEqual([{ marketId: 0, code: 'US', total: 2, unreplied: 2 }]);
    const buyers = await t.call('GET', `${TREE}/buyers/markets/0`, { token: agent, query: { email: BOX } });
    expect(buyers.json().data[0]).toMatchObject({ buyerEmail: BUYER, dialogues: 2, unreplied: 2 });
    const st = await t.call('GET', '/api/email/rest/v2/mailTrees/mail/status', {
      token: agent,
      query: { mailBoxId: String(mailboxId) },
    });
    expect(st.json().data[0]).toMatchObject({ id: -1, count: 2 });
    const todo = await t.call('GET', `${V1}/mail-trees/dialogue-type/todo-quantity`, { token: agent });
    expect(todo.json().data[0]).toEqual({ dialogueType: 0, quantity: 2 });
    expect(todo.json().data.find((x: { dialogueType: number }) => x.dialogueType === 4)).toEqual({
      dialogueType: 4,
      quantity: 1,
    });
    const info = await t.call('GET', `${TREE}/buyers/mailInfo`, { token: agent, query: { dialogueId: String(dialogueId) } });
    expect(info.json().data).toMatchObject({ inboundCount: 3, outboundCount: 0, shopName: 'Lumio US' });
    const emails = await t.call('GET', '/api/email/rest/v2/mailTrees/emails', { token: agent });
    expect(emails.json().data).toEqual([expect.objectContaining({ id: mailboxId, unreplied: 2 })]);
  });

  it('external shop accounts see nothing of another shop’s mailbox', async () => {
    const shopA = await t.login('shop.a');
    const res = await t.call('POST', `${TREE}/mailList`, { token: shopA, body: {} });
    expect(res.json().data.total).toBe(0);
    expect((await t.call('POST', `${TREE}/dialogue`, { token: shopA, body: { dialogueId } })).statusCode).toBe(404);
    expect(
      (await t.call('GET', `${V1}/emailSender/drafts`, { token: shopA, query: { dialogueId: String(dialogueId) } })).statusCode,
    ).toBe(404);
  });

  it('archives and restores; a new mail from the buyer reopens; repair-order status with versions', async () => {
    const a = await t.call('PUT', `${TREE}/dialogue/archive`, { token: agent, body: { dialogueIds: [dialogueId] } });
    expect(a.json().data).toEqual({ updated: 1 });
    expect((await list(agent)).total).toBe(1);
    expect((await list(agent, { archived: true })).list.map((d) => d.dialogueId)).toEqual([dialogueId]);
    const rep = await t.call('PUT', `${V1}/mail-trees/repair-orders/dialogues/${dialogueId}`, {
      token: agent,
      body: { status: 2 },
    });
    expect(rep.statusCode).toBe(200);
    const stale = await t.call('PUT', `${V1}/mail-trees/repair-orders/dialogues/${dialogueId}`, {
      token: agent,
      body: { status: 3, version: rep.json().data.version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    await imap.append(BOX, rawMail({ id: '<m5@example.com>', subject: 'Re: Lamp broken', inReplyTo: '<m3@example.com>' }));
    await t.database.pool.query(`UPDATE jobs SET run_at = now() WHERE kind = 'mail.fetch-all' AND state = 'queued'`);
    await runJobs();
    expect((await list(agent, { archived: true })).total).toBe(0);
    const audits = await q1<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'mail_dialogue' AND entity_id = $1`,
      [String(dialogueId)],
    );
    expect(audits.n).toBe(2);
  });
});

describe('replying', () => {
  let dialogueId = 0;
  beforeAll(async () => {
    dialogueId = (await list(agent, { search: 'Lamp broken' })).list[0]?.dialogueId as number;
  });

  it('saves a draft with an attachment (multipart), refuses executables, deletes an attachment', async () => {
    const form = filesForm({ dialogueId: String(dialogueId), content: '<p>Draft <b>one</b></p><script>x()</script>' }, [
      { name: 'manual.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF manual') },
      { name: 'extra.txt', type: 'text/plain', bytes: Buffer.from('extra') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email/rest/v2/email-sender/drafts',
      headers: { ...form.headers, authorization: `Bearer ${agent}` },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const draft = res.json().data;
    expect(draft.content).toBe('<p>Draft <b>one</b></p>');
    expect(draft.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['manual.pdf', 'extra.txt']);
    const bad = filesForm({ dialogueId: String(dialogueId), content: 'x' }, [
      { name: 'run.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ') },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/email/rest/v2/email-sender/drafts',
      headers: { ...bad.headers, authorization: `Bearer ${agent}` },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('run.exe');
    const del = await t.call('DELETE', `${V1}/emailSender/drafts/attachments`, {
      token: agent,
      query: { uri: draft.attachments[1].uri },
    });
    expect(del.json().data.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['manual.pdf']);
    // Another user's draft is not theirs to see.
    const other = await t.call('GET', `${V1}/emailSender/drafts`, { token: lead, query: { dialogueId: String(dialogueId) } });
    expect(other.json().data).toMatchObject({ content: '', attachments: [] });
    const json = await t.call('POST', '/api/email/rest/v2/email-sender/drafts', {
      token: agent,
      body: { dialogueId, content: '<p>Dear Jane, a new lamp is on its way.</p>' },
    });
    expect(json.json().data.attachments).toHaveLength(1);
  });

  it('a reply arrives at the SMTP server with In-Reply-To, References and the attachment; a copy lands in Sent', async () => {
    const before = smtp.received.length;
    const res = await t.call('POST', `${V1}/emailSender/reply`, {
      token: agent,
      body: { dialogueId, content: '<p>Dear Jane, a new lamp is on its way.</p>' },
    });
    expect(res.statusCode).toBe(200);
    const { id, messageId, state } = res.json().data;
    expect(state).toBe('queued');
    await t.app.jobs.drain();
    const got = await smtp.waitFor(before + 1);
    const mail = got[before] as (typeof got)[number];
    expect(mail.to).toEqual([BUYER]);
    expect(mail.parsed.messageId).toBe(messageId);
    expect(mail.parsed.subject).toBe('Re: Lamp broken');
    expect(mail.parsed.inReplyTo).toBe('<m5@example.com>');
    const refs = ([] as string[]).concat(mail.parsed.references ?? []);
    expect(refs.at(-1)).toBe('<m5@example.com>');
    expect(refs).toContain('<m3@example.com>');
    expect(mail.parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['manual.pdf', '%PDF manual']]);
    expect(mail.parsed.html).toContain('a new lamp is on its way');
    const row = await q1<{ state: string }>(`SELECT state FROM mail_messages WHERE id = $1`, [id]);
    expect(row.state).toBe('sent');
    const d = (await list(agent, { search: 'Lamp broken' })).list[0];
    expect(d?.status).toBe(1);
    const draft = await t.call('GET', `${V1}/emailSender/drafts`, { token: agent, query: { dialogueId: String(dialogueId) } });
    expect(draft.json().data).toMatchObject({ content: '', attachments: [], updatedAt: null });
    const c = await imap.client(BOX);
    const lock = await c.getMailboxLock('Sent');
    const found = await c.search({ header: { 'message-id': messageId } });
    lock.release();
    await c.logout();
    expect(found).toHaveLength(1);
  });

  it('the reply spends the draft at once; the same text again within 10 minutes is refused (409) unless forced', async () => {
    const text = '<p>Your refund is on its way.</p>';
    await t.call('POST', '/api/email/rest/v2/email-sender/drafts', { token: agent, body: { dialogueId, content: text } });
    const first = await t.call('POST', `${V1}/emailSender/reply`, { token: agent, body: { dialogueId, content: text } });
    expect(first.statusCode).toBe(200);
    // Before the send job has run: the editor reopened on the dialogue starts empty.
    const draft = await t.call('GET', `${V1}/emailSender/drafts`, { token: agent, query: { dialogueId: String(dialogueId) } });
    expect(draft.json().data).toMatchObject({ content: '', attachments: [], updatedAt: null });
    // A second click, another agent, other whitespace or case: the same answer.
    const again = await t.call('POST', `${V1}/emailSender/reply`, {
      token: lead,
      body: { dialogueId, content: '<p>your refund is  on its way. </p>' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 40902, data: { messageRowId: first.json().data.id } });
    expect(again.json().msg).toContain('same text');
    const other = await t.call('POST', `${V1}/emailSender/reply`, {
      token: agent,
      body: { dialogueId, content: '<p>The tracking number follows.</p>' },
    });
    expect(other.statusCode).toBe(200);
    // Compared with the last reply only, and sent when forced.
    const forced = await t.call('POST', `${V1}/emailSender/reply`, {
      token: agent,
      body: { dialogueId, content: '<p>The tracking number follows.</p>', force: true },
    });
    expect(forced.statusCode).toBe(200);
    // Older than the window: no question asked.
    await t.database.pool.query(
      `UPDATE mail_messages SET created_at = created_at - interval '11 minutes' WHERE dialogue_id = $1 AND direction = 'out'`,
      [dialogueId],
    );
    const later = await t.call('POST', `${V1}/emailSender/reply`, {
      token: agent,
      body: { dialogueId, content: '<p>The tracking number follows.</p>' },
    });
    expect(later.statusCode).toBe(200);
    await t.app.jobs.drain();
    const sent = await q1<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_messages WHERE dialogue_id = $1 AND direction = 'out' AND text_body LIKE 'The tracking number%'`,
      [dialogueId],
    );
    expect(sent.n).toBe(3);
  });

  it('an unreachable SMTP server: a clear error, retried, then failed; the text comes back as the draft', async () => {
    const dead = await freePort();
    await t.database.pool.query(`UPDATE mail_mailboxes SET smtp_port = $1 WHERE id = $2`, [dead, mailboxId]);
    try {
      await t.call('POST', '/api/email/rest/v2/email-sender/drafts', {
        token: agent,
        body: { dialogueId, content: '<p>Keep me</p>' },
      });
      const res = await t.call('POST', `${V1}/emailSender/reply`, {
        token: agent,
        body: { dialogueId, content: '<p>Keep me</p>' },
      });
      const { id } = res.json().data;
      await t.app.jobs.drain(1);
      const after1 = await q1<{ state: string; last_error: string }>(
        `SELECT state, last_error FROM mail_messages WHERE id = $1`,
        [id],
      );
      expect(after1.state).toBe('queued');
      expect(after1.last_error).toContain(`SMTP server 127.0.0.1:${dead} refused the connection`);
      // Skip the backoff: every remaining attempt now.
      for (let i = 0; i < 3; i++) {
        await t.database.pool.query(`UPDATE jobs SET run_at = now() WHERE kind = 'mail.send' AND state = 'queued'`);
        await t.app.jobs.drain(1);
      }
      const final = await q1<{ state: string; last_error: string }>(`SELECT state, last_error FROM mail_messages WHERE id = $1`, [
        id,
      ]);
      expect(final.state).toBe('failed');
      expect(final.last_error).toContain('not sent:');
      const th = await t.call('POST', `${TREE}/dialogue`, { token: agent, body: { dialogueId } });
      const out = th.json().data.messages.find((m: { id: number }) => m.id === id);
      expect(out).toMatchObject({ state: 'failed', text: 'Keep me' });
      const draft = await t.call('GET', `${V1}/emailSender/drafts`, { token: agent, query: { dialogueId: String(dialogueId) } });
      expect(draft.json().data.content).toBe('<p>Keep me</p>');
    } finally {
      await t.database.pool.query(`UPDATE mail_mailboxes SET smtp_port = $1 WHERE id = $2`, [smtp.port, mailboxId]);
    }
  });

  it('a crash after the SMTP hand-over never sends twice: the restarted run marks the mail unknown', async () => {
    const before = smtp.received.length;
    const res = await t.call('POST', `${V1}/emailSender/reply`, {
      token: agent,
      body: { dialogueId, content: '<p>Crash test</p>' },
    });
    const { id } = res.json().data;
    sendHooks.afterSmtp = async () => {
      throw new Error('process died');
    };
    try {
      await t.app.jobs.drain(1);
    } finally {
      delete sendHooks.afterSmtp;
    }
    expect(smtp.received.length).toBe(before + 1);
    expect((await q1<{ state: string }>(`SELECT state FROM mail_messages WHERE id = $1`, [id])).state).toBe('sending');
    // The restarted worker runs the job again.
    await t.database.pool.query(`UPDATE jobs SET run_at = now() WHERE kind = 'mail.send' AND state = 'queued'`);
    await t.app.jobs.drain();
    const row = await q1<{ state: string; last_error: string }>(`SELECT state, last_error FROM mail_messages WHERE id = $1`, [
      id,
    ]);
    expect(row.state).toBe('unknown');
    expect(row.last_error).toContain('check before sending again');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.length).toBe(before + 1);
  });

  it('a process that died after the Sent copy: the new run finds it in Sent and marks it sent without sending', async () => {
    const before = smtp.received.length;
    const res = await t.call('POST', `${V1}/emailSender/reply`, {
      token: agent,
      body: { dialogueId, content: '<p>Second crash</p>' },
    });
    const { id, messageId } = res.json().data;
    // The dead process got as far as SMTP and the Sent copy, then died holding the job's lease.
    await t.database.pool.query(`UPDATE mail_messages SET state = 'sending' WHERE id = $1`, [id]);
    await t.database.pool.query(
      `UPDATE jobs SET state = 'running', attempts = 1, locked_by = 'dead', locked_until = now() - interval '1 second' WHERE kind = 'mail.send' AND payload->>'messageId' = $1`,
      [String(id)],
    );
    await imap.append(
      BOX,
      `From: ${BOX}\r\nTo: ${BUYER}\r\nSubject: Re: Lamp broken\r\nMessage-ID: ${messageId}\r\n\r\nSecond crash\r\n`,
      'Sent',
    );
    await t.app.jobs.drain();
    expect((await q1<{ state: string }>(`SELECT state FROM mail_messages WHERE id = $1`, [id])).state).toBe('sent');
    expect(smtp.received.length).toBe(before);
  });

  it('refuses an empty reply and a reply without the send permission', async () => {
    const empty = await t.call('POST', `${V1}/emailSender/reply`, { token: agent, body: { dialogueId, content: '<p> </p>' } });
    expect(empty.statusCode).toBe(400);
    const shopA = await t.login('shop.a');
    const res = await t.call('POST', `${V1}/emailSender/reply`, { token: shopA, body: { dialogueId, content: 'hi' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('routing', () => {
  it('a new dialogue takes its type from the account’s keyword rules before the built-in guess', async () => {
    const admin = await t.login('admin');
    // "invoice" means nothing to the built-in guess (it would say 5, other).
    const rule = await t.call('POST', `${V1}/keywords/dialogue`, {
      token: admin,
      body: { keyword: 'invoice', targetId: 2, matchType: 'word', field: 'any', priority: 5 },
    });
    expect(rule.statusCode).toBe(200);
    await imap.append(
      BOX,
      rawMail({ id: '<route1@example.com>', subject: 'Invoice please', from: 'route@example.com', text: 'Hi' }),
    );
    await imap.append(
      BOX,
      rawMail({ id: '<route2@example.com>', subject: 'Thanks', from: 'other@example.com', text: 'Great lamp' }),
    );
    await t.database.pool.query(`UPDATE jobs SET run_at = now() WHERE kind = 'mail.fetch-all' AND state = 'queued'`);
    await runJobs();
    const type = async (email: string) =>
      (await q1<{ dialogue_type: number }>(`SELECT dialogue_type FROM mail_dialogues WHERE buyer_email = $1`, [email]))
        .dialogue_type;
    expect(await type('route@example.com')).toBe(2);
    expect(await type('other@example.com')).toBe(5);
  });
});
