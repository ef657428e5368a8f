/**
 * Auto mails across crashes: the built server runs an active review task over 24 due
 * orders against the real test SMTP server (and dovecot for the Sent folder), and is
 * killed with SIGKILL three times, each time at the worst moment: while the SMTP server
 * holds a mail it has received but not yet acknowledged. It is started again on the same
 * data each time. Afterwards every buyer's mail arrived exactly once: the mails cut at
 * the hand-over are marked `unknown` (never sent again), every other one `sent`, none
 * left queued. One job at a time, so that the kill always lands in one known send.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import {
  type CapturedMail,
  startImapServer,
  startSmtpServer,
  type TestImapServer,
  type TestSmtpServer,
} from '../../apps/server/test/mail-servers';
import { ADMIN_PASSWORD, freePort, type SpawnedServer, spawnServer } from '../support/server';

const BOX = 'auto@lumio.test';
const ORDERS = 24;
/** The arrivals at which the server is killed. */
const KILL_AT = [3, 9, 16];

let server: SpawnedServer | null = null;
let imap: TestImapServer | null = null;
let smtp: TestSmtpServer | null = null;
let dataDir = '';

after(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all([imap?.stop(), smtp?.stop()]);
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function api(base: string, method: string, p: string, token: string, body?: unknown) {
  const r = await fetch(`${base}/api/${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: (await r.json()) as { code: number; msg: string; data: Record<string, unknown> } };
}

async function login(base: string): Promise<string> {
  const r = await fetch(`${base}/api/user/rest/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: 'admin', password: ADMIN_PASSWORD }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

async function database(): Promise<pg.Client> {
  const port = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  const c = new pg.Client({ connectionString: `postgres://postgres:embedded@127.0.0.1:${port}/backoffice` });
  await c.connect();
  return c;
}

const waitUntil = async (what: string, ok: () => boolean | Promise<boolean>, ms = 90_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('auto mails and kill -9', { timeout: 600_000 }, () => {
  it(`delivers every due mail exactly once across ${KILL_AT.length} kills at the SMTP hand-over`, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-autocrash-'));
    await fs.chmod(dataDir, 0o755);
    let killed: Promise<unknown> | null = null;
    const cut: CapturedMail[] = [];
    imap = await startImapServer([{ user: BOX, password: 'box-pass-1' }]);
    smtp = await startSmtpServer(undefined, {
      onMessage(mail, count) {
        if (!KILL_AT.includes(count) || !server) return;
        // The mail is here, the sender has no 250 yet: the worst moment to die.
        cut.push(mail);
        const s = server;
        killed = new Promise((r) => s.child.once('exit', r));
        s.child.kill('SIGKILL');
      },
    });
    const env = {
      JOBS_POLL_MS: '100',
      JOBS_CONCURRENCY: '1',
      JOBS_LEASE_SECONDS: '5',
      MAIL_AUTO_MINUTES: '0.02',
      MAIL_FETCH_MINUTES: '600',
    };
    const port = await freePort();
    server = await spawnServer(dataDir, port, env);
    const token = await login(server.base);

    const db = await database();
    let shopId = 0;
    try {
      shopId = (await db.query(`SELECT id FROM shops WHERE name = 'Lumio US'`)).rows[0].id;
      const asin = (await db.query(`SELECT asin FROM listings WHERE shop_id = $1 ORDER BY id LIMIT 1`, [shopId])).rows[0].asin;
      await db.query(`DELETE FROM orders WHERE shop_id = $1`, [shopId]);
      for (let i = 1; i <= ORDERS; i++)
        await db.query(
          `INSERT INTO orders (shop_id, market_id, order_id, asin, sku, order_status, buyer_email, buyer_name, purchase_date, delivery_date)
           VALUES ($1, 0, $2, $3, 'SKU-C', 'Shipped', $4, 'Crash Buyer', now() - interval '20 days', current_date - 12)`,
          [shopId, `113-${String(i).padStart(7, '0')}-0000000`, asin, `crash.buyer.${i}@buyers.example`],
        );
    } finally {
      await db.end();
    }

    const box = await api(server.base, 'POST', 'email/rest/v1/mailboxes', token, {
      email: BOX,
      name: 'Lumio Auto',
      type: 1,
      shopId,
      imapHost: '127.0.0.1',
      imapPort: imap.port,
      imapSecure: false,
      imapUser: BOX,
      imapPassword: 'box-pass-1',
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecure: false,
      smtpUser: smtp.user,
      smtpPassword: smtp.password,
    });
    assert.equal(box.status, 200, JSON.stringify(box.body));
    const task = await api(server.base, 'POST', 'emailSender/rest/v1/autoMails/create', token, {
      autoMailName: 'Crash review request',
      shopId,
      mailboxId: box.body.data.id,
      kind: 'review',
      subject: 'Your order {{orderId}}',
      body: '<p>Hello {{buyerName}}, how do you like the product of order {{orderId}}?</p>',
      daysAfterDelivery: 7,
      sendHourFrom: 0,
      sendHourTo: 24,
    });
    assert.equal(task.status, 200, JSON.stringify(task.body));
    const taskId = task.body.data.id as number;
    const on = await api(server.base, 'PUT', `emailSender/rest/v1/autoMails/reset?autoMailId=${taskId}`, token);
    assert.equal(on.status, 200, JSON.stringify(on.body));

    for (const k of KILL_AT) {
      await waitUntil(`arrival ${k}`, () => smtp !== null && smtp.received.length >= k);
      await waitUntil('the kill', () => killed !== null);
      await killed;
      killed = null;
      server = await spawnServer(dataDir, port, env);
    }
    // The rest goes out, and the mails cut at the hand-over are resolved (their jobs' leases lapse).
    await waitUntil('every mail', () => (smtp?.received.length ?? 0) >= ORDERS);
    const settled = async () => {
      const c = await database();
      try {
        const r = await c.query(
          `SELECT count(*) FILTER (WHERE state IN ('queued', 'sending'))::int AS open FROM mail_auto_sends WHERE task_id = $1 AND source = 'autoMail'`,
          [taskId],
        );
        return r.rows[0].open === 0;
      } finally {
        await c.end();
      }
    };
    await waitUntil('the send log to settle', settled);
    // One more scheduling round and a little time: nothing else may arrive.
    await new Promise((r) => setTimeout(r, 3000));

    const to = (smtp.received as CapturedMail[]).map((m) => m.to[0]).sort();
    const expected = Array.from({ length: ORDERS }, (_, i) => `crash.buyer.${i + 1}@buyers.example`).sort();
    assert.deepEqual(to, expected, 'every buyer got the mail exactly once');
    const c = await database();
    try {
      const rows = (
        await c.query(
          `SELECT buyer_email, state FROM mail_auto_sends WHERE task_id = $1 AND source = 'autoMail' ORDER BY buyer_email`,
          [taskId],
        )
      ).rows as { buyer_email: string; state: string }[];
      assert.equal(rows.length, ORDERS);
      const unknown = rows
        .filter((r) => r.state === 'unknown')
        .map((r) => r.buyer_email)
        .sort();
      assert.deepEqual(unknown, cut.map((m) => m.to[0]).sort(), 'the mails cut at the hand-over are unknown, not resent');
      assert.equal(rows.filter((r) => r.state === 'sent').length, ORDERS - cut.length);
    } finally {
      await c.end();
    }
    process.stdout.write(`# ${KILL_AT.length} kills, ${ORDERS} mails, each arrived once\n`);
  });
});
