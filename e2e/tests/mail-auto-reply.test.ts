/**
 * Auto-reply in the browser against real mail servers: the lead creates a plan on
 * /autoReply/edit (a mailbox, a keyword, a text the linter accepts), turns it on in the
 * list, a matching buyer mail is delivered to the IMAP box, the server's own fetch job
 * stores it and queues the auto reply, which arrives threaded at the SMTP server and shows
 * in the plan's send log. At 1280 px the plan form's body editor is a visible box, an empty
 * body is flagged on it and the breadcrumb names the page as its heading does, and the
 * automation lists (plans, invitations, smart-mail tasks, their detail tables) show their
 * decision columns without scrolling.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startImapServer, startSmtpServer, type TestImapServer, type TestSmtpServer } from '../../apps/server/test/mail-servers';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

const BOX = 'reply@lumio.test';
const BUYER = 'rita.buyer@example.com';
const PLAN = 'E2E broken lamp';

let server: RunningServer;
let imap: TestImapServer;
let smtp: TestSmtpServer;
let b: TestBrowser;
let lead: string;

before(async () => {
  [imap, smtp] = await Promise.all([startImapServer([{ user: BOX, password: 'box-pass-1' }]), startSmtpServer()]);
  server = await startServer({ MAIL_FETCH_MINUTES: '0.05', JOBS_POLL_MS: '200' });
  b = await openBrowser();
  await b.context.addInitScript(() => {
    try {
      window.localStorage.setItem('lang', 'en-US');
    } catch {
      // a sandboxed frame
    }
  });
  lead = await server.login('cs.lead');
  const created = await server.api('POST', 'email/rest/v1/mailboxes', {
    token: lead,
    body: {
      email: BOX,
      name: 'Lumio Replies',
      type: 1,
      marketId: 0,
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
});
after(async () => {
  await b?.close();
  await server?.stop();
  await Promise.all([imap?.stop(), smtp?.stop()]);
});

describe('auto-reply plans', () => {
  it('a plan made on the screen answers a matching mail once; the reply shows in its log', async () => {
    const { page } = b;
    await page.goto(`${server.base}/autoReply`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('cs.lead', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/autoReply');
    await page.getByTestId('plan-create').click();
    await page.waitForURL((u) => u.pathname === '/autoReply/edit');

    const form = page.getByTestId('plan-form');
    await form.getByTestId('plan-name').fill(PLAN);
    const boxes = form.getByTestId('plan-mailboxes');
    await boxes.click();
    await boxes.locator('input').fill('reply@');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: BOX }).first().click();
    await page.keyboard.press('Escape');
    const keywords = form.getByTestId('plan-keywords');
    await keywords.click();
    await keywords.locator('input').fill('broken');
    await page.keyboard.press('Enter');
    await form.getByTestId('plan-subject').fill('We got your message');
    const body = form.getByTestId('plan-body');
    await body.click();
    await body.pressSequentially('Hello {{buyerName}}, thank you for writing. An agent answers within 24 hours.');
    await page.getByTestId('template-lint-ok').waitFor();
    await page.getByTestId('template-preview').getByText('Hello Emily Carter').waitFor();
    await form.getByTestId('plan-save').click();
    await page.waitForURL((u) => u.searchParams.has('id'));
    const id = Number(new URL(page.url()).searchParams.get('id'));
    assert.ok(id > 0);

    // Off until turned on in the list.
    await page.getByTestId('plan-back').click();
    await page.waitForURL((u) => u.pathname === '/autoReply');
    const toggle = page.getByTestId(`plan-state-${id}`);
    await toggle.click();
    await page.locator(`[data-testid="plan-state-${id}"].ant-switch-checked`).waitFor();

    await imap.append(
      BOX,
      [
        `From: Rita Buyer <${BUYER}>`,
        `To: ${BOX}`,
        'Subject: Lamp broken after a week',
        'Message-ID: <e2e-auto-1@example.com>',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hello, my lamp is broken. What can I do?',
      ].join('\r\n'),
    );
    const [mail] = await smtp.waitFor(1, 40_000);
    assert.ok(mail);
    assert.deepEqual(mail.to, [BUYER]);
    assert.equal(mail.parsed.inReplyTo, '<e2e-auto-1@example.com>');
    assert.equal(mail.parsed.subject, 'We got your message');
    assert.match(mail.parsed.text ?? '', /Hello Rita Buyer, thank you for writing/);

    await page.getByTestId(`plan-edit-${id}`).click();
    await page.waitForURL((u) => u.pathname === '/autoReply/edit');
    const deadline = Date.now() + 20_000;
    for (;;) {
      const row = page.getByTestId('plan-log-row').filter({ hasText: BUYER });
      if ((await row.count()) > 0 && /Sent/.test(await row.first().innerText())) break;
      assert.ok(Date.now() < deadline, 'the auto reply did not show as sent in the plan log');
      await page.reload();
      await page.getByTestId('plan-form').waitFor();
    }
    assert.equal(smtp.received.length, 1, 'one auto reply per dialogue');
    assert.deepEqual(b.errors, []);
  });

  it('the plan form at 1280 px: the body editor is a real box, an empty body and no mailbox are named in words on their fields, the breadcrumb is the title', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${server.base}/autoReply/edit`);
    const form = page.getByTestId('plan-form');
    const editor = form.getByTestId('plan-body');
    await editor.waitFor();
    const box = await editor.boundingBox();
    assert.ok(box && box.height >= 120 && box.width >= 300, `the body editor is ${JSON.stringify(box)}`);
    const title = await page.getByTestId('page-title').innerText();
    assert.equal(title, 'New auto-reply plan');
    await page.locator('.ant-breadcrumb').getByText(title, { exact: true }).waitFor();
    assert.match(await page.title(), /^New auto-reply plan/);

    await form.getByTestId('plan-name').fill('E2E empty body');
    await form.getByTestId('plan-subject').fill('Only a subject');
    // Typed and taken back: the editor holds markup but no text.
    await editor.click();
    await editor.pressSequentially('x');
    await page.keyboard.press('Backspace');
    await form.getByTestId('plan-save').click();
    const bodyItem = form.locator('.ant-form-item').filter({ has: page.getByTestId('plan-body') });
    await bodyItem.locator('.ant-form-item-explain-error', { hasText: 'Enter the mail text' }).waitFor();
    await form.locator('[data-testid="plan-body-box"].bo-rte-error').waitFor();
    const boxesItem = form.locator('.ant-form-item').filter({ has: page.getByTestId('plan-mailboxes') });
    await boxesItem.locator('.ant-form-item-explain-error', { hasText: 'Choose at least one mailbox' }).waitFor();
    assert.equal(await form.getByText(/Please enter|At least 1 /).count(), 0);
    assert.equal(new URL(page.url()).searchParams.has('id'), false, 'nothing was saved');

    // Text makes the error go.
    await editor.pressSequentially('Hello {{buyerName}}');
    await bodyItem.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    assert.deepEqual(b.errors, []);
  });

  it('the automation lists at 1280 px: plans, invitations and smart-mail tasks with their detail tables show the decision columns', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1280, height: 860 });
    // An invitation plan and a smart-mail task of a shop of the lead's, from this suite's mailbox.
    const shops = await server.api('GET', 'sales/rest/v1/shops/user', { token: lead });
    const shopId = (shops.body.data as { id: number }[])[0]?.id;
    assert.ok(shopId, JSON.stringify(shops.body));
    const boxes = await server.api('GET', 'email/rest/v1/mailboxes/list?pageNum=1&pageSize=50', { token: lead });
    const mailboxId = (boxes.body.data as { list: { id: number; email: string }[] }).list.find((m) => m.email === BOX)?.id;
    assert.ok(mailboxId, JSON.stringify(boxes.body));
    const skus = await server.api('POST', 'robot-server/rest/v1/invite/plan-skus-pageInfo', {
      token: lead,
      body: { shopId, pageNum: 1, pageSize: 2 },
    });
    const picked = (skus.body.data as { list: { sku: string }[] }).list.map((r) => r.sku);
    assert.ok(picked.length > 0, JSON.stringify(skus.body));
    const invite = await server.api('POST', 'robot-server/rest/v1/invite/plan', {
      token: lead,
      body: {
        name: 'E2E invitation at 1280',
        shopId,
        mailboxId,
        skus: picked,
        subject: 'Your order {{orderId}}',
        body: '<p>Dear {{buyerName}}, how do you like the product?</p>',
        daysAfterDelivery: 10,
      },
    });
    assert.equal(invite.status, 200, JSON.stringify(invite.body));
    const inviteId = (invite.body.data as { id: number }).id;
    const task = await server.api('POST', 'emailSender/rest/v1/autoMails/create', {
      token: lead,
      body: {
        autoMailName: 'E2E review request at 1280',
        shopId,
        mailboxId,
        kind: 'review',
        subject: 'How is your {{productTitle}}, {{buyerName}}?',
        body: '<p>Hello {{buyerName}},</p><p>thank you for order {{orderId}}. We would be glad to hear about your experience.</p>',
        daysAfterDelivery: 7,
      },
    });
    assert.equal(task.status, 200, JSON.stringify(task.body));
    const taskId = (task.body.data as { id: number }).id;

    const firstRow = (testId: string) => page.locator(`[data-testid="${testId}"] tbody tr.ant-table-row`).first().waitFor();
    await page.goto(`${server.base}/autoReply`);
    await firstRow('plans-table');
    await assertColumnsFit(page, 'plans-table', ['Name', 'Mailboxes', 'State', 'Replies', 'Updated', 'Actions']);

    await page.goto(`${server.base}/marketMail/list`);
    await firstRow('invites-table');
    await assertColumnsFit(page, 'invites-table', ['Name', 'Shop', 'State', 'Sent', 'Updated', 'Actions']);
    await page.goto(`${server.base}/marketMail/detail?id=${inviteId}`);
    await firstRow('invite-skus');
    await assertColumnsFit(page, 'invite-skus', ['SKU', 'ASIN', 'Sent', 'Skipped']);

    await page.goto(`${server.base}/smartMail/task`);
    await firstRow('tasks-table');
    await assertColumnsFit(page, 'tasks-table', ['Name', 'Shop', 'State', 'Sent', 'Updated', 'Actions']);
    await page.getByTestId(`task-link-${taskId}`).click();
    await page.waitForURL((u) => u.pathname === '/smartMail/taskInfo');
    // A task that has not run has an empty log: its headers are measured.
    await page.getByTestId('task-log').locator('.ant-table-thead').waitFor();
    await assertColumnsFit(page, 'task-log', ['Order ID', 'Buyer e-mail', 'State', 'Note', 'Created', 'Sent']);
    await page.setViewportSize({ width: 1366, height: 860 });
    assert.deepEqual(b.errors, []);
  });
});
