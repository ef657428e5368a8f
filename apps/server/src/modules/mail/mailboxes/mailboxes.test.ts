import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  freePort,
  loopbackMailServers,
  startImapServer,
  startSmtpServer,
  type TestImapServer,
  type TestSmtpServer,
} from '../../../../test/mail-servers';

const API = '/api/email/rest/v1';
let t: TestApp;
let imap: TestImapServer;
let smtp: TestSmtpServer;
let admin: string;
let lead: string;

const USER = 'support@lumio.test';
const mailboxBody = (over: Record<string, unknown> = {}) => ({
  email: USER,
  name: 'Lumio Support',
  type: 1,
  shopId: null,
  marketId: 0,
  ...loopbackMailServers({ port: imap.port, user: USER, password: 'imap-secret-1' }, smtp),
  ...over,
});

beforeAll(async () => {
  [t, imap, smtp] = await Promise.all([
    createTestApp({ MAIL_CONNECT_TIMEOUT_MS: 2000 }),
    startImapServer([{ user: USER, password: 'imap-secret-1' }]),
    startSmtpServer(),
  ]);
  admin = await t.login('admin');
  lead = await t.login('cs.lead');
});
afterAll(async () => {
  await Promise.all([t?.close(), imap?.stop(), smtp?.stop()]);
});

describe('mailboxes', () => {
  let id = 0;
  let version = 0;

  it('creates a mailbox; the passwords are sealed and never answered', async () => {
    const res = await t.call('POST', `${API}/mailboxes`, { token: lead, body: mailboxBody() });
    expect(res.statusCode).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({ email: USER, hasImapPassword: true, hasSmtpPassword: true, authState: 0, marketId: 0 });
    expect(res.body).not.toContain('imap-secret-1');
    expect(res.body).not.toContain(smtp.password);
    id = m.id;
    version = m.version;
    const row = (
      await t.database.pool.query('SELECT imap_password_enc, smtp_password_enc FROM mail_mailboxes WHERE id = $1', [id])
    ).rows[0];
    expect(row.imap_password_enc).toMatch(/^v1:/);
    expect(row.imap_password_enc).not.toContain('imap-secret');
    const audit = (
      await t.database.pool.query(`SELECT after::text AS a FROM audit_log WHERE entity = 'mail_mailbox' AND entity_id = $1`, [
        String(id),
      ])
    ).rows;
    expect(audit.length).toBe(1);
    expect(audit[0].a).not.toContain('imap-secret');
    const list = await t.call('GET', `${API}/mailboxes/list`, { token: lead });
    expect(list.json().data.total).toBe(1);
    expect(list.body).not.toContain('imap-secret');
  });

  it('refuses a second mailbox with the same address (any case) and says so in isDuplicate', async () => {
    const dup = await t.call('POST', `${API}/mailboxes`, { token: lead, body: mailboxBody({ email: USER.toUpperCase() }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().data.fields[0].path).toBe('email');
    const q = await t.call('GET', `${API}/mailboxes/isDuplicate`, { token: lead, query: { email: 'SUPPORT@lumio.test' } });
    expect(q.json().data).toBe(true);
    const self = await t.call('GET', `${API}/mailboxes/isDuplicate`, { token: lead, query: { email: USER, id: String(id) } });
    expect(self.json().data).toBe(false);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const res = await t.call('POST', `${API}/mailboxes`, {
      token: lead,
      body: mailboxBody({ email: 'not-an-address', imapPort: 70000, smtpHost: 'bad host!' }),
    });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json()
      .data.fields.map((f: { path: string }) => f.path)
      .sort();
    expect(paths).toEqual(['email', 'imapPort', 'smtpHost']);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM mail_mailboxes')).rows[0].n).toBe(1);
  });

  it('checkAuth signs in to the real IMAP and SMTP servers and records it', async () => {
    const res = await t.call('GET', `${API}/mailboxes/checkAuth`, { token: lead, query: { id: String(id) } });
    expect(res.json().data).toEqual({ imap: { ok: true, error: null }, smtp: { ok: true, error: null } });
    const got = await t.call('GET', `${API}/mailboxes/${id}`, { token: lead });
    expect(got.json().data.authState).toBe(1);
    version = got.json().data.version;
  });

  it('checkMailBox says which side failed: wrong password, nothing listening', async () => {
    const dead = await freePort();
    // A server of its own: dovecot slows down later sign-ins from an address that failed one.
    const other = await startImapServer([{ user: USER, password: 'imap-secret-1' }]);
    const res = await t.call('POST', `${API}/mailboxes/checkMailBox`, {
      token: lead,
      body: {
        ...mailboxBody({ imapPassword: 'wrong', imapPort: other.port, smtpPort: dead }),
        email: undefined,
        name: undefined,
      },
    });
    await other.stop();
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.imap.ok).toBe(false);
    expect(d.imap.error).toContain('refused the sign-in');
    expect(d.smtp.ok).toBe(false);
    expect(d.smtp.error).toContain(`127.0.0.1:${dead} refused the connection`);
    // With the stored mailbox and no password, the stored passwords are used.
    const stored = await t.call('POST', `${API}/mailboxes/checkMailBox`, {
      token: lead,
      body: { ...mailboxBody({ id, imapPassword: undefined, smtpPassword: undefined }), email: undefined, name: undefined },
    });
    expect(stored.json().data.imap).toEqual({ ok: true, error: null });
  });

  it('sendAuthMail really sends through the mailbox', async () => {
    const res = await t.call('GET', `${API}/mailboxes/sendAuthMail/`, { token: lead, query: { id: String(id) } });
    expect(res.statusCode).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual([USER]);
    expect(mail?.parsed.messageId).toBe(res.json().data.messageId);
  });

  it('updates with an optimistic version and keeps the passwords when none are sent', async () => {
    const body = { ...mailboxBody({ name: 'Renamed' }), id, version, imapPassword: undefined, smtpPassword: undefined };
    const ok = await t.call('PUT', `${API}/mailboxes`, { token: lead, body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.name).toBe('Renamed');
    const stale = await t.call('PUT', `${API}/mailboxes`, { token: lead, body });
    expect(stale.statusCode).toBe(409);
    const check = await t.call('GET', `${API}/mailboxes/checkAuth`, { token: lead, query: { id: String(id) } });
    expect(check.json().data.imap.ok).toBe(true);
  });

  it('links users; common mail shows the linked mailboxes; shop accounts see none of ours', async () => {
    const agentId = (await t.database.pool.query(`SELECT id FROM users WHERE login_name = 'cs.agent'`)).rows[0].id;
    const link = await t.call('POST', `${API}/mail-box-users`, {
      token: lead,
      query: { mailBoxId: String(id), userId: String(agentId) },
    });
    expect(link.statusCode).toBe(200);
    const agent = await t.login('cs.agent');
    const common = await t.call('GET', `${API}/getCommonMail`, { token: agent });
    expect(common.json().data.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await t.call('GET', `${API}/mailboxes/${id}`, { token: lead })).json().data.userIds).toEqual([agentId]);
    const shopA = await t.login('shop.a');
    expect((await t.call('GET', `${API}/getCommonMail`, { token: shopA })).json().data).toEqual([]);
    const unlink = await t.call('DELETE', `${API}/mail-box-users`, {
      token: lead,
      query: { mailBoxId: String(id), userId: String(agentId) },
    });
    expect(unlink.statusCode).toBe(200);
    expect((await t.call('GET', `${API}/mailboxes/${id}`, { token: lead })).json().data.userIds).toEqual([]);
    const authed = await t.call('GET', `${API}/mailboxes/queryAuthAutoMail`, { token: lead });
    expect(authed.json().data.map((m: { id: number }) => m.id)).toEqual([id]);
  });

  it('deletes: gone from lists, the address is free again', async () => {
    const res = await t.call('DELETE', `${API}/mailboxes/${id}/delete`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect((await t.call('GET', `${API}/mailboxes/${id}`, { token: lead })).statusCode).toBe(404);
    const q = await t.call('GET', `${API}/mailboxes/isDuplicate`, { token: lead, query: { email: USER } });
    expect(q.json().data).toBe(false);
  });
});
