/**
 * The back office (/backMgr), reserved to the back-office user (admin): the task manager
 * (cancel a queued job, queue it again, its log), the FBA codes (demo rows, add, a taken code
 * refused on its field), a document written in the rich-text editor and found in the list, a
 * menu entry hidden in the menu configuration and gone from the menu, and a system notice that admin publishes for everyone and
 * sales.manager sees once after sign-in, acknowledges, and no longer sees after a reload.
 * Everyone else gets /404 on the screens and 403 from the API.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openBrowser, type TestBrowser } from '../support/browser';
import { AppShell, LoginPage } from '../support/pages';
import { ADMIN_PASSWORD, DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

let server: RunningServer;
let b: TestBrowser;

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
});
after(async () => {
  await b?.close();
  await server?.stop();
});

async function signIn(page: Page, loginName: string, password: string) {
  await page.goto(`${server.base}/login`);
  await new LoginPage(page).signIn(loginName, password);
  await page.getByTestId('side-menu').waitFor();
}

async function signOut(page: Page) {
  if (!(await page.getByTestId('logout').isVisible())) await page.goto(`${server.base}/user/info`);
  await new AppShell(page).signOut();
  await page.waitForURL((u) => u.pathname === '/login');
}

it('task manager: cancels a queued job, queues it again, and shows both in its log', async () => {
  const { page } = b;
  const token = await server.login('admin', ADMIN_PASSWORD);
  // A recurring job waiting for its next run (not due within the next half minute, so the worker leaves it alone).
  const queued = (await server.api('GET', 'backmgr/rest/v1/jobs?state=queued&pageSize=100', { token })).body.data as {
    list: { id: number; kind: string; runAt: string }[];
  };
  const job = queued.list.find((j) => Date.parse(j.runAt) > Date.now() + 30_000);
  assert.ok(job, `a recurring job waits for its next run: ${JSON.stringify(queued.list)}`);

  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto(`${server.base}/backMgr/backendAdmin?state=queued`);
  const table = page.getByTestId('jobs-table');
  await table.getByTestId(`job-state-${job.id}`).waitFor();
  await assertColumnsFit(page, 'jobs-table', ['No.', 'Kind', 'State', 'Attempts', 'Last error', 'Actions']);

  await page.getByTestId(`job-${job.id}-cancel`).click();
  await page.getByTestId(`job-${job.id}-cancel-confirm`).click();
  await page.getByText(`Job #${job.id} was cancelled`).waitFor();
  await page.goto(`${server.base}/backMgr/backendAdmin?state=cancelled`);
  await table.getByTestId(`job-state-${job.id}`).filter({ hasText: 'Cancelled' }).waitFor();
  await page.getByTestId(`job-open-${job.id}`).click();
  const drawer = page.getByTestId('job-detail');
  await drawer.getByTestId('job-payload').waitFor();
  await drawer.getByTestId(`job-${job.id}-retry`).click();
  await page.getByTestId(`job-${job.id}-retry-confirm`).click();
  await page.getByText(`Job #${job.id} is queued again`).waitFor();
  const log = drawer.getByTestId('job-log');
  await log.getByText('Retried by hand').waitFor();
  await log.getByText('Cancelled').waitFor();

  const detail = (await server.api('GET', `backmgr/rest/v1/jobs/${job.id}`, { token })).body.data as {
    state: string;
    events: { event: string; by: string | null }[];
  };
  assert.notEqual(detail.state, 'cancelled');
  assert.deepEqual(
    detail.events.filter((e) => e.by !== null).map((e) => e.event),
    ['cancelled', 'requeued'],
  );
  await page.keyboard.press('Escape');
});

it('FBA codes: demo codes by marketplace, a new one, a taken code refused on its field', async () => {
  const { page } = b;
  await page.goto(`${server.base}/backMgr/fbacode`);
  const table = page.getByTestId('fba-table');
  await table.getByText('PHX7', { exact: true }).waitFor();
  await assertColumnsFit(page, 'fba-table', ['Code', 'Marketplace', 'Name', 'In use', 'Actions']);

  await page.getByTestId('fba-create').click();
  await page.getByTestId('fba-code').fill('phx7');
  await page.getByTestId('fba-name').fill('Phoenix again');
  await page.getByTestId('fba-save').click();
  await page.getByTestId('fba-form').getByText('This marketplace has this code already').waitFor();
  await page.getByTestId('fba-code').fill('tst1');
  await page.getByTestId('fba-name').fill('E2E test centre');
  await page.getByTestId('fba-save').click();
  await page.getByText('Code TST1 saved').waitFor();
  await page.getByTestId('fba-search').locator('input').fill('E2E test');
  await page.getByTestId('fba-search').locator('input').press('Enter');
  await table.getByText('TST1', { exact: true }).waitFor();
  // The search narrows the list to the new code.
  await table.getByText('PHX7', { exact: true }).waitFor({ state: 'detached' });
  await page.waitForURL((u) => u.searchParams.get('keyword') === 'E2E test');
});

it('documents and menu: /backMgr opens the documents; a new one is listed; a hidden menu entry leaves the menu', async () => {
  const { page } = b;
  await page.goto(`${server.base}/backMgr`);
  await page.waitForURL((u) => u.pathname === '/backMgr/docList');
  const table = page.getByTestId('doc-table');
  await table.getByText('Shipping procedure').waitFor();
  await assertColumnsFit(page, 'doc-table', ['Title', 'Category', 'State', 'Last changed', 'Actions']);

  await page.getByTestId('doc-create').click();
  await page.waitForURL((u) => u.pathname === '/backMgr/addDoc');
  await page.getByTestId('doc-title-en').fill('E2E packing checklist');
  const body = page.getByTestId('doc-body');
  await body.click();
  await page.keyboard.type('Wrap each lamp twice.');
  await page.keyboard.press('ControlOrMeta+A');
  await page.getByTestId('doc-body-box').getByRole('button', { name: 'Bold' }).click();
  await page.getByTestId('doc-save').click();
  await page.waitForURL((u) => u.pathname === '/backMgr/docDetail');
  await page.getByTestId('doc-detail-body').locator('b, strong').getByText('Wrap each lamp twice.').waitFor();
  await page.getByTestId('doc-versions').getByText('v1').waitFor();
  // In-app from here (no page loads): the list finds it by its title.
  const menu = page.getByTestId('side-menu');
  await menu.getByTestId('menu-item-/backMgr/docList').click();
  await page.getByTestId('doc-search').locator('input').fill('E2E');
  await page.getByTestId('doc-search').locator('input').press('Enter');
  await table.getByText('E2E packing checklist').waitFor();
  await table.getByText('Shipping procedure').waitFor({ state: 'detached' });

  // Hide the FBA codes from the menu: the menu drops it (everyone's on their next load; admin's at once).
  await menu.getByTestId('menu-item-/backMgr/menuConfig').click();
  await page.getByTestId('menu-group-backMgr').click();
  await menu.getByTestId('menu-item-/backMgr/fbacode').waitFor();
  await page.getByTestId('menu-shown-/backMgr/fbacode').click();
  await page.getByText('“FBA codes” is hidden').waitFor();
  await menu.getByTestId('menu-item-/backMgr/fbacode').waitFor({ state: 'detached' });
  await page.reload();
  await menu.getByTestId('menu-item-/backMgr/menuConfig').waitFor();
  assert.equal(await menu.getByTestId('menu-item-/backMgr/fbacode').count(), 0, 'still hidden after a reload');
  // Back to the catalogue.
  await page.getByTestId('menu-reset-/backMgr/fbacode').click();
  await page.getByTestId('menu-reset-confirm').click();
  await menu.getByTestId('menu-item-/backMgr/fbacode').waitFor();
});

it('a notice admin publishes for everyone: sales.manager sees it once, acknowledges, and it stays gone', async () => {
  const { page } = b;
  await page.goto(`${server.base}/backMgr/notice`);
  const table = page.getByTestId('notices-table');
  // The demo notices: a draft and a withdrawn one.
  await table.getByText('Weekend maintenance').waitFor();
  await assertColumnsFit(page, 'notices-table', ['Title', 'Level', 'State', 'Publish window', 'Actions']);

  await page.getByTestId('notice-create').click();
  await page.getByTestId('notice-title-en').fill('E2E price list update');
  await page.getByTestId('notice-body-en').fill('New price lists apply from Monday.');
  await page.getByTestId('notice-save').click();
  await page.getByText('Notice “E2E price list update” saved').waitFor();
  const row = table.locator('tr').filter({ hasText: 'E2E price list update' });
  await row.getByText('Draft').waitFor();
  await row.locator('[data-testid$="-publish"]').click();
  await page.locator('[data-testid$="-publish-confirm"]').click();
  await row.getByText('Published').waitFor();
  await signOut(page);

  await signIn(page, 'sales.manager', DEMO_PASSWORD);
  const modal = page.getByTestId('notice-modal');
  await modal.getByText('E2E price list update').waitFor();
  await modal.getByText('New price lists apply from Monday.').waitFor();
  await page.getByTestId('notice-acknowledge').click();
  await modal.waitFor({ state: 'detached' });
  const reloaded = page.waitForResponse((r) => r.url().includes('/notices/unacknowledged'));
  await page.reload();
  const after = (await (await reloaded).json()) as { data: unknown[] };
  assert.deepEqual(after.data, [], 'the page asked again and got nothing');
  await page.getByTestId('side-menu').waitFor();
  const token = await server.login('sales.manager', DEMO_PASSWORD);
  const mine = (await server.api('GET', 'user/rest/v1/notices/unacknowledged', { token })).body.data as { titleEn: string }[];
  assert.deepEqual(mine, [], 'nothing left to acknowledge');
  assert.equal(await page.getByTestId('notice-modal').count(), 0, 'the notice does not come back');

  // Not the back-office user: /404 on the screen, 403 from the API.
  await page.goto(`${server.base}/backMgr/notice`);
  await page.getByTestId('page-404').waitFor();
  const refused = await server.api('GET', 'backmgr/rest/v1/notices', { token });
  assert.equal(refused.status, 403);
  await signOut(page);

  const admin = await server.login('admin', ADMIN_PASSWORD);
  const list = (await server.api('GET', 'backmgr/rest/v1/notices?keyword=E2E%20price', { token: admin })).body.data as {
    list: { acknowledged: number }[];
  };
  assert.equal(list.list[0]?.acknowledged, 1, 'one acknowledgement recorded');
});
