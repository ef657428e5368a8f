/**
 * Auto mails across crashes. The built server runs an active review task while a client
 * streams FBA shipments imports at it (each one new order lines, delivered ten days ago,
 * a new buyer each), so that the scheduler keeps queueing and the send job keeps mailing
 * through the real test SMTP server (and dovecot for the Sent folder). The server is
 * killed with SIGKILL MAIL_CRASH_CYCLES times (else CRASH_CYCLES, else a smoke count of
 * 3 that keeps npm test short; 20 for the full run): every third kill (the first, the
 * fourth, …) at the SMTP hand-over (the mail is at the SMTP server, the sender has no 250
 * yet), the others after a delay of 0.2–2 s drawn from a seeded generator
 * (MAIL_CRASH_SEED, printed), in the middle of the stream. It is started again on the same data each
 * time. Afterwards:
 * - every restart came up healthy, every acknowledged import is committed;
 * - no buyer got the mail twice (0 duplicate sends);
 * - every acknowledged order line has its send row, none left queued or sending;
 *   `sent` rows arrived exactly once, `unknown` rows (a crash after the hand-over, for a
 *   human to check) at most once and never again, and every mail cut at the hand-over
 *   is `unknown`.
 * Runs on the embedded PostgreSQL, and on TEST_DATABASE_URL's server when it is set.
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
import { ADMIN_PASSWORD, freePort, newDataDir, removeDataDir, type SpawnedServer, spawnServer } from '../support/server';

const CYCLES = Number(process.env.MAIL_CRASH_CYCLES ?? process.env.CRASH_CYCLES ?? 3);
const SEED = Number(process.env.MAIL_CRASH_SEED ?? 20260706);
const BOX = 'auto@lumio.test';
/** A mail secret for both databases (with an outside database the key must come from the environment). */
const MAIL_SECRET_KEY = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const SHIPMENTS_HEADER = [
  'amazon-order-id',
  'purchase-date',
  'shipment-date',
  'buyer-email',
  'buyer-name',
  'sku',
  'quantity-shipped',
  'estimated-arrival-date',
  'sales-channel',
].join('\t');

/** mulberry32: a small seeded generator, so that a failing run can be repeated. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const orderIdOf = (n: number) => `114-${String(n).padStart(7, '0')}-0000000`;
const buyerOf = (n: number) => `crash.buyer.${n}@marketplace.amazon.com`;

function shipments(sku: string, from: number, count: number): string {
  const rows = Array.from({ length: count }, (_, i) =>
    [
      orderIdOf(from + i),
      `${daysAgo(14)}T12:00:00+00:00`,
      `${daysAgo(12)}T12:00:00+00:00`,
      buyerOf(from + i),
      'Crash Buyer',
      sku,
      '1',
      `${daysAgo(10)}T12:00:00+00:00`,
      'Amazon.com',
    ].join('\t'),
  );
  return `${SHIPMENTS_HEADER}\n${rows.join('\n')}\n`;
}

async function api(base: string, method: string, p: string, token: string, body?: unknown, form?: FormData) {
  const r = await fetch(`${base}/api/${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: form ?? (body ? JSON.stringify(body) : undefined),
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

const waitUntil = async (what: string, ok: () => boolean | Promise<boolean>, ms = 120_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const cutByKill = (err: unknown) =>
  /fetch failed|ECONNRESET|ECONNREFUSED|socket|terminated|other side closed/i.test(
    String((err as Error).message) + String((err as Error).cause),
  );

let imap: TestImapServer | null = null;
let smtp: TestSmtpServer | null = null;
const dirs: string[] = [];
const servers: SpawnedServer[] = [];

after(async () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await Promise.all([imap?.stop(), smtp?.stop()]);
  for (const d of dirs) await removeDataDir(d);
});

async function tempDir() {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-autocrash-'));
  await fs.chmod(d, 0o755);
  dirs.push(d);
  return d;
}

async function crashRun(label: string, extraEnv: Record<string, string>, connect: (dataDir: string) => Promise<pg.Client>) {
  const rng = random(SEED);
  // The embedded run starts from a copy of npm test's prepared data directory (initdb,
  // migrations, demo seed done once for every suite) when there is one; the external
  // database's server keeps only its files in an empty one.
  const dataDir = extraEnv.DATABASE_URL ? await tempDir() : await newDataDir();
  if (!extraEnv.DATABASE_URL) dirs.push(dataDir);
  const database = () => connect(dataDir);
  let server: SpawnedServer | null = null;
  const killing = { armed: false };
  const cut: CapturedMail[] = [];
  imap = await startImapServer([{ user: BOX, password: 'box-pass-1' }]);
  smtp = await startSmtpServer(undefined, {
    onMessage(mail) {
      if (!killing.armed || !server) return;
      // The mail is here, the sender has no 250 yet: the worst moment to die.
      killing.armed = false;
      cut.push(mail);
      server.child.kill('SIGKILL');
    },
  });
  const env = {
    JOBS_POLL_MS: '100',
    JOBS_CONCURRENCY: '1',
    JOBS_LEASE_SECONDS: '5',
    MAIL_AUTO_MINUTES: '0.02',
    MAIL_FETCH_MINUTES: '600',
    MAIL_SECRET_KEY,
    ...extraEnv,
  };
  const port = await freePort();
  const start = async () => {
    const t0 = Date.now();
    const s = await spawnServer(dataDir, port, env);
    servers.push(s);
    assert.ok(Date.now() - t0 < 60_000, 'a restart takes less than a minute');
    return s;
  };
  server = await start();
  let token = await login(server.base);

  let shopId = 0;
  let sku = '';
  const db0 = await database();
  try {
    shopId = (await db0.query(`SELECT id FROM shops WHERE name = 'Lumio US'`)).rows[0].id;
    sku = (
      await db0.query(
        `SELECT sk.sku FROM listings li JOIN skus sk ON sk.id = li.sku_id WHERE li.shop_id = $1 ORDER BY li.id LIMIT 1`,
        [shopId],
      )
    ).rows[0].sku;
    // The demo's order lines would be mailed too: this run brings its own, through imports.
    await db0.query(`DELETE FROM orders WHERE shop_id = $1`, [shopId]);
  } finally {
    await db0.end();
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
    autoMailName: `Crash review request ${label}`,
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

  const acknowledged: { importId: number; from: number; count: number }[] = [];
  let next = 1;
  let handOverKills = 0;
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const s = server;
    let firstAck: () => void = () => {};
    const acked = new Promise<void>((r) => (firstAck = r));
    // The stream of writes: shipments imports, two or three new order lines each.
    const writer = (async () => {
      for (;;) {
        const from = next;
        const count = 2 + (from % 2);
        next += count;
        try {
          const form = new FormData();
          form.set('kind', 'fba-shipments');
          form.set('shopId', String(shopId));
          form.set('file', new Blob([shipments(sku, from, count)]), 'shipments.txt');
          const preview = await api(s.base, 'POST', 'imports', token, undefined, form);
          if (preview.status !== 200) throw new Error(`preview ${preview.status} ${JSON.stringify(preview.body)}`);
          const id = preview.body.data.id as number;
          const done = await api(s.base, 'POST', `imports/${id}/commit`, token, {});
          if (done.status !== 200) throw new Error(`commit ${done.status} ${JSON.stringify(done.body)}`);
          acknowledged.push({ importId: id, from, count });
          firstAck();
          await new Promise((r) => setTimeout(r, 100));
        } catch (err) {
          // The kill cut the request: expected; anything else is a finding.
          if (!cutByKill(err)) throw err;
          return;
        }
      }
    })();
    await Promise.race([acked, writer]);
    const exited = new Promise((r) => s.child.once('exit', r));
    if (cycle % 3 === 0) {
      // At the next SMTP hand-over (or after 10 s, when no mail was due: then at that moment).
      handOverKills++;
      killing.armed = true;
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (killing.armed) {
        killing.armed = false;
        s.child.kill('SIGKILL');
      }
    } else {
      await new Promise((r) => setTimeout(r, 200 + Math.floor(rng() * 1800)));
      s.child.kill('SIGKILL');
    }
    await exited;
    await writer;
    server = await start();
    token = await login(server.base);
  }
  const acknowledgedLines = acknowledged.reduce((n, a) => n + a.count, 0);
  assert.ok(acknowledged.length >= CYCLES, `acknowledged imports: ${acknowledged.length}`);

  // The rest goes out; the mails cut by a kill are resolved once their jobs' leases lapse.
  const settled = async () => {
    const c = await database();
    try {
      const r = await c.query(
        `SELECT count(*) FILTER (WHERE state IN ('queued', 'sending'))::int AS open,
                count(*)::int AS rows
           FROM mail_auto_sends WHERE task_id = $1 AND source = 'autoMail'`,
        [taskId],
      );
      return r.rows[0].open === 0 && r.rows[0].rows >= acknowledgedLines;
    } finally {
      await c.end();
    }
  };
  await waitUntil('the send log to settle', settled);
  // One more scheduling round and a little time: nothing else may arrive.
  await new Promise((r) => setTimeout(r, 3000));
  assert.ok(await settled(), 'still settled');

  const c = await database();
  try {
    for (const a of acknowledged) {
      const imp = (await c.query('SELECT status FROM imports WHERE id = $1', [a.importId])).rows[0];
      assert.equal(imp?.status, 'committed', `import ${a.importId} was acknowledged`);
    }
    const rows = (
      await c.query(
        `SELECT order_id, buyer_email, state FROM mail_auto_sends WHERE task_id = $1 AND source = 'autoMail' ORDER BY order_id`,
        [taskId],
      )
    ).rows as { order_id: string; buyer_email: string; state: string }[];
    const stateOf = new Map(rows.map((r) => [r.buyer_email, r.state]));
    for (const a of acknowledged)
      for (let n = a.from; n < a.from + a.count; n++)
        assert.ok(stateOf.has(buyerOf(n)), `order ${orderIdOf(n)} has its send row`);
    assert.equal(new Set(rows.map((r) => r.order_id)).size, rows.length, 'one send row per order');

    const arrivals = new Map<string, number>();
    for (const m of smtp.received as CapturedMail[]) arrivals.set(m.to[0] as string, (arrivals.get(m.to[0] as string) ?? 0) + 1);
    const twice = [...arrivals].filter(([, n]) => n > 1);
    assert.deepEqual(twice, [], 'no buyer got the mail twice');
    for (const [to] of arrivals)
      assert.ok(['sent', 'unknown'].includes(stateOf.get(to) ?? ''), `${to} has a sent or unknown row`);
    for (const r of rows) {
      assert.ok(['sent', 'unknown'].includes(r.state), `${r.order_id} is ${r.state}`);
      if (r.state === 'sent') assert.equal(arrivals.get(r.buyer_email), 1, `${r.buyer_email} was sent: it arrived once`);
    }
    for (const m of cut) assert.equal(stateOf.get(m.to[0] as string), 'unknown', `${m.to[0]} was cut at the hand-over`);
    const unknown = rows.filter((r) => r.state === 'unknown').length;
    process.stdout.write(
      `# ${label}: seed ${SEED}, ${CYCLES} kills (${handOverKills} at the SMTP hand-over), ${acknowledged.length} imports, ${acknowledgedLines} acknowledged order lines, ` +
        `${rows.length - unknown} sent, ${unknown} unknown, ${arrivals.size} buyers mailed, 0 twice\n`,
    );
  } finally {
    await c.end();
    if (server.child.exitCode === null) {
      const exited = new Promise((r) => server?.child.once('exit', r));
      server.child.kill('SIGKILL');
      await exited;
    }
    await Promise.all([imap?.stop(), smtp?.stop()]);
    imap = null;
    smtp = null;
  }
}

describe('auto mails and kill -9', { timeout: 1_800_000 }, () => {
  it(`never sends a mail twice across ${CYCLES} kills at random moments (embedded PostgreSQL)`, async () => {
    await crashRun('embedded', {}, async (dataDir) => {
      // The embedded server the last start left running: its port is in postmaster.pid.
      const port = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]);
      const client = new pg.Client({ connectionString: `postgres://postgres:embedded@127.0.0.1:${port}/backoffice` });
      await client.connect();
      return client;
    });
  });

  it('does the same on the external PostgreSQL (TEST_DATABASE_URL)', { skip: !process.env.TEST_DATABASE_URL }, async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `bo_mailcrash_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(process.env.TEST_DATABASE_URL as string);
    u.pathname = `/${name}`;
    try {
      await crashRun('external', { DATABASE_URL: u.toString() }, async () => {
        const client = new pg.Client({ connectionString: u.toString() });
        await client.connect();
        return client;
      });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
