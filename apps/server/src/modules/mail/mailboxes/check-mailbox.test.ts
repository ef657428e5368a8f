/**
 * Issue #18 (2): a connection check never sends a stored password anywhere but to the
 * stored server, port, user and TLS setting. Checking other settings takes the typed
 * password and the mailbox edit permission; checking an unsaved mailbox the create or edit
 * permission; every check is audited without a password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMailListener, startFakeMailListener } from '../../../../test/fake-mail-listener';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { startImapServer, startSmtpServer, type TestImapServer, type TestSmtpServer } from '../../../../test/mail-servers';
import { addMailbox } from '../../../../test/mailboxes';

const API = '/api/email/rest/v1';
const USER = 'care@lumio.test';
const IMAP_SECRET = 'imap-Stored-Secret-41';
const SMTP_SECRET = 'smtp-Stored-Secret-42';

let t: TestApp;
let imap: TestImapServer;
let smtp: TestSmtpServer;
let fakeImap: FakeMailListener;
let fakeSmtp: FakeMailListener;
let lead: string;
let agent: string;
let id = 0;

/** The stored settings; `over` changes some of them. */
const settings = (over: Record<string, unknown> = {}) => ({
  imapHost: '127.0.0.1',
  imapPort: imap.port,
  imapSecure: false,
  imapUser: USER,
  smtpHost: '127.0.0.1',
  smtpPort: smtp.port,
  smtpSecure: false,
  smtpUser: smtp.user,
  ...over,
});
/** Both sides pointed at the listeners. */
const atListeners = (over: Record<string, unknown> = {}) =>
  settings({ imapPort: fakeImap.port, smtpPort: fakeSmtp.port, ...over });
const check = (token: string, body: Record<string, unknown>) => t.call('POST', `${API}/mailboxes/checkMailBox`, { token, body });
const noSecretReachedTheListeners = () => {
  expect(fakeImap.sawSecret(IMAP_SECRET)).toBe(false);
  expect(fakeImap.sawSecret(SMTP_SECRET)).toBe(false);
  expect(fakeSmtp.sawSecret(SMTP_SECRET)).toBe(false);
  expect(fakeSmtp.sawSecret(IMAP_SECRET)).toBe(false);
};

beforeAll(async () => {
  [t, imap, smtp, fakeImap, fakeSmtp] = await Promise.all([
    createTestApp({ MAIL_CONNECT_TIMEOUT_MS: 2000 }),
    startImapServer([{ user: USER, password: IMAP_SECRET }]),
    startSmtpServer({ user: 'smtp-user', password: SMTP_SECRET }),
    startFakeMailListener('imap'),
    startFakeMailListener('smtp'),
  ]);
  lead = await t.login('cs.lead');
  // cs.agent holds the mailbox page (userCenter:cs:configuration) and none of its buttons.
  agent = await t.login('cs.agent');
  id = await addMailbox(t, lead, {
    email: USER,
    name: 'Care',
    ...settings(),
    imapPassword: IMAP_SECRET,
    smtpPassword: SMTP_SECRET,
  });
});
afterAll(async () => {
  await Promise.all([t?.close(), imap?.stop(), smtp?.stop(), fakeImap?.stop(), fakeSmtp?.stop()]);
});

describe('checkMailBox and stored passwords', () => {
  it('a view-only user pointing a stored mailbox at a listener of their choice: 403, no connection, no password', async () => {
    const res = await check(agent, { id, ...atListeners() });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toContain('userCenter:cs:configuration:edit');
    expect(fakeImap.connections() + fakeSmtp.connections()).toBe(0);
    noSecretReachedTheListeners();
  });

  it('a view-only user cannot move a single detail either: host, port, user or TLS', async () => {
    for (const over of [
      { imapHost: 'localhost' },
      { smtpPort: fakeSmtp.port },
      { imapUser: 'someone.else@lumio.test' },
      { smtpSecure: true },
    ]) {
      const res = await check(agent, { id, ...settings(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(403);
    }
    noSecretReachedTheListeners();
  });

  it('an editor who types no password for changed settings: 400 on that password, nothing sent', async () => {
    const both = await check(lead, { id, ...atListeners() });
    expect(both.statusCode).toBe(400);
    expect(
      both
        .json()
        .data.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['imapPassword', 'smtpPassword']);
    // Only the SMTP side moved: its password must be typed; the IMAP side's stored one stays home.
    const smtpOnly = await check(lead, { id, ...settings({ smtpPort: fakeSmtp.port }), imapPassword: undefined });
    expect(smtpOnly.statusCode).toBe(400);
    expect(smtpOnly.json().data.fields.map((f: { path: string }) => f.path)).toEqual(['smtpPassword']);
    expect(fakeImap.connections() + fakeSmtp.connections()).toBe(0);
    noSecretReachedTheListeners();
  });

  it('an editor who types the passwords may check other settings: the typed ones are sent, never the stored ones', async () => {
    const res = await check(lead, { id, ...atListeners(), imapPassword: 'typed-imap-pw', smtpPassword: 'typed-smtp-pw' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.imap.ok).toBe(false);
    expect(res.json().data.smtp.ok).toBe(false);
    expect(fakeImap.sawSecret('typed-imap-pw')).toBe(true);
    expect(fakeSmtp.sawSecret('typed-smtp-pw')).toBe(true);
    noSecretReachedTheListeners();
  });

  it('a view-only user may check the stored settings: the stored passwords go to the stored servers', async () => {
    const res = await check(agent, { id, ...settings() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ imap: { ok: true, error: null }, smtp: { ok: true, error: null } });
  });

  it('an unsaved mailbox (no id) needs the create or edit permission', async () => {
    const body = { ...atListeners(), imapPassword: 'new-imap-pw', smtpPassword: 'new-smtp-pw' };
    const before = fakeImap.connections();
    const refused = await check(agent, body);
    expect(refused.statusCode).toBe(403);
    expect(fakeImap.connections()).toBe(before);
    const allowed = await check(lead, body);
    expect(allowed.statusCode).toBe(200);
    const noPassword = await check(lead, atListeners());
    expect(noPassword.statusCode).toBe(400);
    noSecretReachedTheListeners();
  });

  it('every check is audited — who, which mailbox, which host:port, the outcome — and no password is in it', async () => {
    const rows = (
      await t.database.pool.query(
        `SELECT a.actor_user_id, u.login_name, a.entity_id, a.after, a.after::text AS text
           FROM audit_log a JOIN users u ON u.id = a.actor_user_id
          WHERE a.action = 'check_connection' ORDER BY a.id`,
      )
    ).rows as { login_name: string; entity_id: string | null; after: Record<string, unknown>; text: string }[];
    // The agent's refusal, 4 single-detail refusals, 2 editor refusals, the typed check, the
    // stored check, and (refused, checked, refused) for the unsaved mailbox.
    expect(rows.length).toBe(12);
    expect(rows[0]).toMatchObject({
      login_name: 'cs.agent',
      entity_id: String(id),
      after: {
        outcome: 'refused',
        imap: { server: `127.0.0.1:${fakeImap.port}`, user: USER, secure: false },
        smtp: { server: `127.0.0.1:${fakeSmtp.port}` },
      },
    });
    const typed = rows.find((r) => r.after.outcome === 'checked' && r.login_name === 'cs.lead' && r.entity_id === String(id));
    expect(typed?.after).toMatchObject({
      imap: { server: `127.0.0.1:${fakeImap.port}`, password: 'typed', ok: false },
      smtp: { server: `127.0.0.1:${fakeSmtp.port}`, password: 'typed', ok: false },
    });
    const stored = rows.find((r) => r.after.outcome === 'checked' && r.login_name === 'cs.agent');
    expect(stored?.after).toMatchObject({
      imap: { server: `127.0.0.1:${imap.port}`, password: 'stored', ok: true },
      smtp: { server: `127.0.0.1:${smtp.port}`, password: 'stored', ok: true },
    });
    expect(rows.filter((r) => r.entity_id === null).length).toBe(3);
    for (const r of rows)
      for (const secret of [IMAP_SECRET, SMTP_SECRET, 'typed-imap-pw', 'typed-smtp-pw', 'new-imap-pw', 'new-smtp-pw'])
        expect(r.text).not.toContain(secret);
  });

  it('the stored check (checkAuth) is audited as well', async () => {
    const res = await t.call('GET', `${API}/mailboxes/checkAuth`, { token: agent, query: { id: String(id) } });
    expect(res.json().data.imap.ok).toBe(true);
    const [row] = (
      await t.database.pool.query(
        `SELECT after FROM audit_log WHERE action = 'check_connection' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
        [String(id)],
      )
    ).rows;
    expect(row.after).toMatchObject({ outcome: 'checked', imap: { password: 'stored', ok: true } });
  });
});
