/**
 * /mailTemplate as a customer-service lead uses it: write a reply template with a link,
 * see the messaging-rule linter refuse it (and nothing stored), fix the text, save, find
 * it in the list and check what the server stored; then delete it with confirmation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { confirm } from '../support/catalog-pages';
import { LoginPage } from '../support/pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let b: TestBrowser;
let token: string;

const NAME = 'E2E shipping update';
type Row = { templateId: number; name: string; subject: string; scope: string };

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  token = await server.login('cs.lead', DEMO_PASSWORD);
});
after(async () => {
  await b?.close();
  await server?.stop();
});

const stored = async () => {
  const r = await server.api('GET', `email/rest/v1/reply/templates?keyword=${encodeURIComponent(NAME)}`, { token });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return (r.body.data as { list: Row[] }).list;
};

describe('mail templates', () => {
  it('refuses a link with the rule and the excerpt, saves once it is fixed', async () => {
    const { page } = b;
    await page.goto(`${server.base}/mailTemplate`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('cs.lead', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/mailTemplate');
    await page.getByTestId('templates-table').waitFor();

    await page.getByTestId('template-create').click();
    const form = page.getByTestId('template-form');
    await form.getByTestId('template-name').fill(NAME);
    await form.getByTestId('template-category').locator('input').fill('shipping');
    await form.getByTestId('template-subject').fill('Your order {{orderId}}');
    const body = form.getByTestId('template-body');
    await body.click();
    await body.pressSequentially('Hi {{buyerName}}, track your parcel at https://track.lumio.example/abc today.');

    // The linter answers while typing: the link is refused, with its excerpt.
    const linkIssue = form.getByTestId('template-lint-link');
    await linkIssue.waitFor();
    assert.match(await linkIssue.innerText(), /https:\/\/track\.lumio\.example\/abc/);
    assert.match(await linkIssue.innerText(), /No links or web addresses/);
    await form.getByTestId('template-save').click();
    await form.getByTestId('template-blocked').waitFor();
    assert.deepEqual(await stored(), []);

    // The preview renders the sample values.
    assert.equal(await form.getByTestId('template-preview-subject').innerText(), 'Your order 112-4827361-5523419');

    // Fix: the tracking number instead of the link.
    await body.fill('');
    await body.pressSequentially('Hi {{buyerName}}, your parcel is on its way: {{carrier}} {{trackingNumber}}.');
    await form.getByTestId('template-lint-ok').waitFor();
    // The preview follows the typing: wait until it shows the last keystroke too.
    await form
      .getByTestId('template-preview-body')
      .filter({ hasText: 'Hi Emily Carter, your parcel is on its way: UPS 1Z999AA10123456784.' })
      .waitFor();
    await form.getByTestId('template-save').click();
    await page.getByTestId('template-form').waitFor({ state: 'detached' });

    await page.getByTestId('templates-table').getByText(NAME).waitFor();
    const [row] = await stored();
    assert.ok(row);
    assert.equal(row.subject, 'Your order {{orderId}}');
    assert.equal(row.scope, 'shared');
    const content = await server.api('GET', `email/rest/v1/reply/templates/${row.templateId}/content`, { token });
    assert.match((content.body.data as { body: string }).body, /\{\{carrier\}\} \{\{trackingNumber\}\}/);

    // Filters live in the query string.
    await page.getByTestId('templates-search').locator('input').fill('E2E');
    await page.getByTestId('templates-search').locator('input').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('keyword') === 'E2E');

    await page.getByTestId(`template-delete-${row.templateId}`).click();
    await confirm(page, 'template-delete-confirm');
    await page.getByTestId('templates-table').getByText(NAME).waitFor({ state: 'detached' });
    assert.deepEqual(await stored(), []);
    assert.deepEqual(b.errors, []);
  });
});
