import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';

const t = testAppPerFile();
let admin: string;
let owner: string;
let ownerId: number;
let ownerRole: number;
let peerId: number;
let outsiderId: number;

const PRODUCTS = 'GET product/rest/v1/products/excel';
const BASE = '/api/tools/rest/v1/reports';
const TZ = 'Asia/Shanghai';

async function user(login: string, perms: string[], email: string | null, account = 1): Promise<{ id: number; role: number }> {
  const [pm] = await t.rows<{ password_hash: string }>(`SELECT password_hash FROM users WHERE login_name = 'pm'`);
  const [u] = await t.rows<{ id: number }>(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type, email) VALUES ($1, $2, $2, $3, 1, $4) RETURNING id`,
    [account, login, pm?.password_hash, email],
  );
  const [r] = await t.rows<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES ($1, $2) RETURNING id`, [
    account,
    `${login} role`,
  ]);
  await t.rows(`INSERT INTO user_roles VALUES ($1, $2)`, [u?.id, r?.id]);
  await t.rows(`INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2)`, [
    r?.id,
    perms,
  ]);
  return { id: Number(u?.id), role: Number(r?.id) };
}

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Products every morning',
  export: { endpoint: PRODUCTS, query: { keyword: 'a' } },
  schedule: { kind: 'daily', time: '08:00', timeZone: TZ },
  recipients: [],
  enabled: true,
  ...over,
});
const create = async (token: string, b: unknown) => t.call('POST', BASE, { token, body: b });
const mailsTo = (email: string) => t.codes.mails.filter((m) => m.email === email);

beforeAll(async () => {
  const perms = ['tools:report', 'tools:report:export', 'tools:download', 'product:manage', 'product:manage:export'];
  const o = await user('report.owner', perms, 'owner@example.com');
  ownerId = o.id;
  ownerRole = o.role;
  peerId = (await user('report.peer', ['product:manage:export'], 'peer@example.com')).id;
  await user('report.nobody', ['product:manage'], 'nobody@example.com');
  const [acct] = await t.rows<{ id: number }>(`SELECT id FROM accounts WHERE id <> 1 ORDER BY id LIMIT 1`);
  outsiderId = (await user('report.outsider', ['product:manage:export'], 'out@example.com', Number(acct?.id))).id;
  [admin, owner] = await Promise.all([t.login('admin'), t.login('report.owner')]);
});

describe('saved reports', () => {
  it('saves a definition with its next run in the owner’s time zone, and edits it with a version', async () => {
    const res = await create(owner, body({ recipients: [peerId] }));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ name: 'Products every morning', format: 'xlsx', version: 1, enabled: true });
    expect(r.recipients.map((p: { id: number }) => p.id)).toEqual([peerId]);
    // 08:00 in Shanghai is 00:00Z.
    expect(r.nextDueAt).toMatch(/T00:00:00\.000Z$/);
    const edit = await t.call('PUT', `${BASE}/${r.id}`, { token: owner, body: { ...body({ name: 'Renamed' }), version: 1 } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ name: 'Renamed', version: 2, recipients: [] });
    const stale = await t.call('PUT', `${BASE}/${r.id}`, { token: owner, body: { ...body(), version: 1 } });
    expect(stale.statusCode).toBe(409);
    // Another user's report is not found.
    expect((await t.call('GET', `${BASE}/${r.id}`, { token: admin })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${BASE}/${r.id}`, { token: admin })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${BASE}/${r.id}`, { token: owner })).statusCode).toBe(200);
  });

  it('refuses recipients outside the account or without the permission, bad schedules and exports, saving nothing', async () => {
    const before = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM report_definitions`);
    const [nobody] = await t.rows<{ id: number }>(`SELECT id FROM users WHERE login_name = 'report.nobody'`);
    for (const [b, path, code] of [
      [body({ recipients: [outsiderId] }), 'recipients.0', 'reports.recipient'],
      [body({ recipients: [peerId, Number(nobody?.id)] }), 'recipients.1', 'reports.recipient'],
      [body({ schedule: { kind: 'daily', time: '08:00', timeZone: 'Mars/Olympus' } }), 'schedule.timeZone', 'reports.timeZone'],
      [body({ schedule: { kind: 'weekly', time: '08:00', timeZone: TZ } }), 'schedule.weekday', 'reports.weekday'],
      [body({ schedule: { kind: 'monthly', time: '08:00', timeZone: TZ } }), 'schedule.monthDay', 'reports.monthDay'],
      [body({ export: { endpoint: 'GET product/rest/v1/costs/template', query: {} } }), 'export', 'exports.notExportable'],
    ] as const) {
      const res = await create(owner, b);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.fields[0]).toMatchObject({ path, code });
    }
    const badTime = await create(owner, body({ schedule: { kind: 'daily', time: '25:00', timeZone: TZ } }));
    expect(badTime.statusCode).toBe(400);
    // An export the owner does not hold.
    const sales = await create(
      owner,
      body({ export: { endpoint: 'GET sales/rest/v1/sales_profit/{dimension}/excel', params: { dimension: 'shop' } } }),
    );
    expect(sales.statusCode).toBe(403);
    expect(await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM report_definitions`)).toEqual(before);
    // The recipient list offers exactly the account's holders of the permission.
    const offered = (await t.call('GET', `${BASE}/recipients`, { token: owner, query: { endpoint: PRODUCTS } })).json().data as {
      id: number;
    }[];
    expect(offered.map((u) => u.id)).toContain(peerId);
    expect(offered.map((u) => u.id)).not.toContain(outsiderId);
    expect(offered.map((u) => u.id)).not.toContain(Number(nobody?.id));
    expect(offered.map((u) => u.id)).not.toContain(ownerId);
  });

  it('two schedulers at the same instant run a due report once and mail the file once, to the owner and the recipient', async () => {
    const r = (await create(owner, body({ name: 'Twice?', recipients: [peerId] }))).json().data;
    // Whatever the demo left queued (a message being sent, a purge) runs first, so each drain below claims a tick.
    await t.app.jobs.drain();
    await t.rows(`UPDATE report_definitions SET next_due_at = now() - interval '1 minute' WHERE id = $1`, [r.id]);
    const mailsBefore = t.codes.mails.length;
    // Two ticks queued, claimed and run at once, as two server processes would.
    await t.rows(`INSERT INTO jobs (kind, payload) VALUES ('reports.tick', '{}'), ('reports.tick', '{}')`);
    await Promise.all([t.app.jobs.drain(1), t.app.jobs.drain(1)]);
    const runs = await t.rows<{ id: number; trigger: string }>(`SELECT id, trigger FROM report_runs WHERE report_id = $1`, [
      r.id,
    ]);
    expect(runs).toHaveLength(1);
    await t.app.jobs.drain();
    // Only this report's mails: the demo's other queued mails (a project's approval notice) drain too.
    const reportMails = () => t.codes.mails.slice(mailsBefore).filter((m) => m.subject?.includes('Twice?'));
    const mails = reportMails();
    expect(mails.map((m) => m.email).sort()).toEqual(['owner@example.com', 'peer@example.com']);
    for (const m of mails) {
      expect(m.attachments).toHaveLength(1);
      expect(m.attachments?.[0]?.filename).toMatch(/\.xlsx$/);
      expect(m.attachments?.[0]?.content.subarray(0, 2).toString('latin1')).toBe('PK');
    }
    const hist = (await t.call('GET', `${BASE}/${r.id}/runs`, { token: owner })).json().data;
    expect(hist.list[0]).toMatchObject({ state: 'done', trigger: 'schedule', mailedTo: ['report.owner', 'report.peer'] });
    expect(hist.list[0].rows).toBeGreaterThanOrEqual(0);
    // The file is in the owner's download centre.
    const file = await t.call('GET', `/api/files/exports/${hist.list[0].storedExportId}`, { token: owner });
    expect(file.statusCode).toBe(200);
    // The next instant is tomorrow's: ticking again queues nothing, and running the same run again sends nothing.
    await t.rows(`INSERT INTO jobs (kind, payload) VALUES ('reports.tick', '{}')`);
    await t.app.jobs.drain();
    expect(await t.rows(`SELECT id FROM report_runs WHERE report_id = $1`, [r.id])).toHaveLength(1);
    await t.rows(`INSERT INTO jobs (kind, payload) VALUES ('reports.run', $1)`, [JSON.stringify({ runId: runs[0]?.id })]);
    await t.rows(`UPDATE report_runs SET state = 'queued' WHERE id = $1`, [runs[0]?.id]);
    await t.app.jobs.drain();
    expect(reportMails()).toHaveLength(2);
    const [def] = await t.rows<{ next_due_at: Date }>(`SELECT next_due_at FROM report_definitions WHERE id = $1`, [r.id]);
    expect(def?.next_due_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('runs as the owner at run time: the permission removed, the run fails with the reason and nothing is sent', async () => {
    const r = (await create(owner, body({ name: 'Lost right', recipients: [peerId] }))).json().data;
    await t.rows(
      `DELETE FROM role_permissions WHERE role_id = $1
          AND permission_id IN (SELECT id FROM permission_items WHERE auth_pattern = 'product:manage:export')`,
      [ownerRole],
    );
    const mailsBefore = t.codes.mails.length;
    const now = await t.call('POST', `${BASE}/${r.id}/run`, { token: owner });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data).toMatchObject({ state: 'queued', trigger: 'manual' });
    await t.app.jobs.drain();
    const [run] = (await t.call('GET', `${BASE}/${r.id}/runs`, { token: owner })).json().data.list;
    expect(run).toMatchObject({ state: 'failed', storedExportId: null, mailedTo: [] });
    expect(run.error).toMatch(/owner may no longer run this export.*product:manage:export/);
    expect(t.codes.mails.length).toBe(mailsBefore);
    const [n] = await t.rows<{ kind: string }>(`SELECT kind FROM notifications WHERE user_id = $1 AND kind = 'report.failed'`, [
      ownerId,
    ]);
    expect(n).toBeDefined();
    await t.rows(
      `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern = 'product:manage:export'`,
      [ownerRole],
    );
  });

  it('run now: a run of its own, mailed once; a recipient who lost the permission is left out', async () => {
    const r = (await create(owner, body({ name: 'Now', recipients: [peerId] }))).json().data;
    const [peerRole] = await t.rows<{ role_id: number }>(`SELECT role_id FROM user_roles WHERE user_id = $1`, [peerId]);
    await t.rows(`DELETE FROM role_permissions WHERE role_id = $1`, [peerRole?.role_id]);
    const mailsBefore = t.codes.mails.length;
    expect((await t.call('POST', `${BASE}/${r.id}/run`, { token: owner })).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(t.codes.mails.slice(mailsBefore).map((m) => m.email)).toEqual(['owner@example.com']);
    const list = (await t.call('GET', BASE, { token: owner })).json().data.list as { id: number; lastRun: { state: string } }[];
    expect(list.find((x) => x.id === r.id)?.lastRun).toMatchObject({ state: 'done' });
  });
});

describe('the SMTP path', () => {
  it('carries the report file as an attachment part through nodemailer (one message per delivery)', async () => {
    const { startFakeMailListener } = await import('../../../test/fake-mail-listener');
    const { MailCodeSender } = await import('../../platform/notify/code-sender');
    const smtp = await startFakeMailListener('smtp');
    try {
      const sender = new MailCodeSender(`smtp://127.0.0.1:${smtp.port}`, 'reports@example.com');
      const content = Buffer.from('PK report bytes for the attachment test');
      await sender.deliver({
        email: 'owner@example.com',
        subject: 'Report: weekly',
        text: 'Attached.',
        attachments: [{ filename: 'weekly.xlsx', contentType: 'application/octet-stream', content }],
      });
      const got = smtp.received();
      expect(got).toContain('RCPT TO:<owner@example.com>');
      expect(got).toContain('filename=weekly.xlsx');
      expect(got.split('filename=weekly.xlsx')).toHaveLength(2);
    } finally {
      await smtp.stop();
    }
  });
});
