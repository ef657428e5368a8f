/**
 * Issue #18 in the browser. A mail the parser refuses (a header over 1 MB) is set aside by
 * the server's own fetch job while the mail after it arrives; /mail/mailboxes shows the
 * mailbox's fetch error and the set-aside mail, an editor retries it, a viewer cannot. The
 * test-mail form of an auto-reply plan offers only the caller's own address and the
 * account's users', and the chosen one receives the mail.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { headerBombMail } from '../../apps/server/test/hostile-mail';
import { startImapServer, startSmtpServer, type TestImapServer, type TestSmtpServer } from '../../apps/server/test/mail-servers';
import { openBrowser, type TestBrowser } from '../support/browser';
import { AppShell, LoginPage } from '../support/pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

const BOX = 'care@lumio.test';

let server: RunningServer;
let imap: TestImapServer;
let smtp: TestSmtpServer;
let b: TestBrowser;
let lead: string;
let mailboxId = 0;
let planId = 0;

type Failure = { id: number; uid: number; attempts: number; state: string };
const failures = async () =>
  (await server.api('GET', `email/rest/v1/mailboxes/${mailboxId}/fetchFailures`, { token: lead })).body.data as Failure[];
const waitUntil = async (what: string, cond: () => Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

before(async () => {
  [imap, smtp] = await Promise.all([startImapServer([{ user: BOX, password: 'box-pass-1' }]), startSmtpServer()]);
  // Fetch every 3 s and look for jobs every 200 ms: a failing mail is set aside within seconds.
  server = await startServer({ MAIL_FETCH_MINUTES: '0.05', JOBS_POLL_MS: '200' });
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  lead = await server.login('cs.lead');
  await imap.append(BOX, headerBombMail('bomb'));
  await imap.append(
    BOX,
    `From: Buyer <buyer@example.com>\r\nTo: ${BOX}\r\nSubject: After the bomb\r\nMessage-ID: <after@example.com>\r\n\r\nHello\r\n`,
  );
  const created = await server.api('POST', 'email/rest/v1/mailboxes', {
    token: lead,
    body: {
      email: BOX,
      name: 'Lumio Care',
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
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  mailboxId = (created.body.data as { id: number }).id;
  const plan = await server.api('POST', 'mail-auto-reply-plan', {
    token: lead,
    body: {
      name: 'Test-mail plan',
      mailboxIds: [mailboxId],
      keywords: [],
      subject: 'We got your message',
      body: '<p>Hello {{buyerName}}, thank you for writing. An agent answers within 24 hours.</p>',
    },
  });
  assert.equal(plan.status, 200, JSON.stringify(plan.body));
  planId = (plan.body.data as { id: number }).id;
  await waitUntil('the bomb to be set aside', async () => (await failures())[0]?.state === 'set_aside');
});
after(async () => {
  await b?.close();
  await server?.stop();
  await Promise.all([imap?.stop(), smtp?.stop()]);
});

describe('issue #18 on the mail screens', () => {
  it('the test-mail form offers only the caller and the account’s users, and the chosen one gets the mail', async () => {
    const { page } = b;
    await page.goto(`${server.base}/autoReply/edit?id=${planId}`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('cs.lead', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/autoReply/edit');
    const to = page.getByTestId('plan-test-to');
    await to.getByText('Me <cs.lead@example.com>').waitFor();
    await to.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.filter({ hasText: 'cs.agent@example.com' }).waitFor();
    const offered = await options.allInnerTexts();
    assert.ok(
      offered.every((o) => /@example\.com>$/.test(o) && !/shop\.[ab]@/.test(o)),
      offered.join(' | '),
    );
    await options.filter({ hasText: 'cs.agent@example.com' }).click();
    await page.getByTestId('plan-test-send').click();
    const [mail] = await smtp.waitFor(1, 30_000);
    assert.deepEqual(mail?.to, ['cs.agent@example.com']);
    assert.match(mail?.parsed.subject ?? '', /^\[TEST\] We got your message/);
  });

  it('the mailbox list shows the fetch error and the set-aside mail; an editor retries it', async () => {
    const { page } = b;
    await page.goto(`${server.base}/mail/mailboxes`);
    const list = page.getByTestId('mailbox-list');
    await list
      .getByTestId('mailbox-fetch-error')
      .getByText(/UID 1: .*Max header size/)
      .waitFor();
    await list.getByTestId('mailbox-set-aside').getByText('1 mail set aside').click();
    const drawer = page.getByTestId('fetch-failures');
    const row = drawer.locator('tr', { hasText: 'Header bomb' });
    await row.getByText('Set aside').waitFor();
    await row.getByText('Max header size', { exact: false }).waitFor();
    // At 1280 px the drawer shows the mail, why and how often it failed, its state, when, and Retry.
    await assertColumnsFit(page, 'fetch-failures', ['Subject', 'Error', 'Attempts', 'State', 'Last failure', 'Actions']);
    await page.setViewportSize({ width: 1366, height: 860 });
    await row.getByTestId('fetch-failure-retry').click();
    await page.getByText('UID 1 is tried again at the next fetch').waitFor();
    // The mail after it was stored long ago; the retried one fails again, once, at the next fetch.
    await waitUntil('the retry', async () => (await failures())[0]?.attempts === 1);
    // This suite's mailbox only: the demo seed's mailboxes have dialogues of their own.
    const dialogues = await server.api('POST', 'email/rest/v1/mailTrees/mailList', {
      token: lead,
      body: { mailBoxId: mailboxId },
    });
    assert.deepEqual(
      (dialogues.body.data as { list: { subject: string }[] }).list.map((d) => d.subject),
      ['After the bomb'],
    );
    assert.deepEqual(b.errors, []);
  });

  it('a viewer sees the failed mail but has no retry', async () => {
    const { page } = b;
    await page.goto(`${server.base}/mail/mailboxes`);
    await new AppShell(page).signOut();
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('cs.agent', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(`${server.base}/mail/mailboxes`);
    await page.getByTestId('mailbox-list').locator('tr', { hasText: BOX }).getByTestId('mailbox-failures').click();
    await page.getByTestId('fetch-failures').locator('tr', { hasText: 'Header bomb' }).waitFor();
    assert.equal(await page.getByTestId('fetch-failure-retry').count(), 0);
  });
});
