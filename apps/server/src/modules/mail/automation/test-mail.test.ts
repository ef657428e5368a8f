/**
 * Issue #18 (12): a test mail goes only to the caller's own address or to a user of the
 * caller's account. Any other address is refused before anything reaches the SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { loopbackMailServers, startSmtpServer, type TestSmtpServer } from '../../../../test/mail-servers';
import { addMailbox } from '../../../../test/mailboxes';

const AM = '/api/emailSender/rest/v1/autoMails';
const RP = '/api/mail-auto-reply-plan';
const TEXT = { subject: 'Your order {{orderId}}', body: '<p>Hello {{buyerName}}, thank you for your order.</p>' };

let t: TestApp;
let smtp: TestSmtpServer;
let lead: string;
let mailboxId = 0;

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({ MAIL_CONNECT_TIMEOUT_MS: 2000 }), startSmtpServer()]);
  lead = await t.login('cs.lead');
  mailboxId = await addMailbox(t, lead, {
    email: 'care@lumio.test',
    name: 'Care',
    ...loopbackMailServers({ port: 1, user: 'care', password: 'unused' }, smtp),
  });
});
afterAll(async () => {
  await Promise.all([t?.close(), smtp?.stop()]);
});

const send = (url: string, to: string) => t.call('POST', url, { token: lead, body: { mailboxId, to, ...TEXT } });
/** Nothing more arrives at the SMTP server within a moment. */
const nothingArrives = async (count: number) => {
  await new Promise((r) => setTimeout(r, 300));
  expect(smtp.received.length).toBe(count);
};

describe('test mails', () => {
  it('refuse an outside address with 400 on `to`, and nothing reaches the SMTP server', async () => {
    for (const url of [`${AM}/sendTestMail`, `${RP}/send-test-mail`]) {
      const res = await send(url, 'someone@outside.example');
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields).toEqual([
        {
          path: 'to',
          code: 'mail.testMailTo',
          params: {},
          message: 'A test mail goes only to your own address or to a user of your account',
        },
      ]);
    }
    await nothingArrives(0);
  });

  it('refuse a user of another account and a disabled colleague', async () => {
    await t.database.pool.query(`UPDATE users SET enabled = false WHERE login_name = 'pm'`);
    try {
      expect((await send(`${AM}/sendTestMail`, 'shop.a@example.com')).statusCode).toBe(400);
      expect((await send(`${AM}/sendTestMail`, 'pm@example.com')).statusCode).toBe(400);
    } finally {
      await t.database.pool.query(`UPDATE users SET enabled = true WHERE login_name = 'pm'`);
    }
    await nothingArrives(0);
  });

  it("send to the caller's own address, and to a colleague's (any letter case)", async () => {
    const own = await send(`${AM}/sendTestMail`, 'cs.lead@example.com');
    expect(own.statusCode).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(['cs.lead@example.com']);
    expect(mail?.parsed.subject).toMatch(/^\[TEST\] Your order /);
    expect(mail?.parsed.messageId).toBe(own.json().data.messageId);
    const colleague = await send(`${RP}/send-test-mail`, 'CS.Agent@Example.com');
    expect(colleague.statusCode).toBe(200);
    expect((await smtp.waitFor(2))[1]?.to.map((a) => a.toLowerCase())).toEqual(['cs.agent@example.com']);
    const audit = await t.database.pool.query(`SELECT after FROM audit_log WHERE action = 'send_test_mail' ORDER BY id`);
    expect(audit.rows.map((r) => r.after.to)).toEqual(['cs.lead@example.com', 'CS.Agent@Example.com']);
  });

  it("list the allowed recipients: the caller's own first, then the account's users, nobody else's", async () => {
    for (const url of [`${AM}/testRecipients`, `${RP}/test-recipients`]) {
      const res = await t.call('GET', url, { token: lead });
      expect(res.statusCode).toBe(200);
      const list = res.json().data as { email: string; own: boolean }[];
      expect(list[0]).toMatchObject({ email: 'cs.lead@example.com', own: true });
      expect(list.filter((r) => r.own)).toHaveLength(1);
      const emails = list.map((r) => r.email);
      expect(emails).toContain('cs.agent@example.com');
      expect(emails).not.toContain('shop.a@example.com');
      expect(emails).not.toContain('shop.b@example.com');
    }
  });
});
