/**
 * Performance reviews (spec §2.3): the PPC specialist writes and submits a self review of the
 * demo's open cycle, the sales manager (their leader in the organisation) completes it with a
 * final rating, and the specialist sees the rating on the review. Study records: the specialist
 * adds a course and completes it, the sales manager confirms it from the team view.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';

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

async function signInAt(page: Page, path: string, login: string) {
  await page.goto(`${server.base}${path}`);
  await page.waitForURL((u) => u.pathname === '/login');
  await new LoginPage(page).signIn(login, DEMO_PASSWORD);
}

/** Gives every dimension of a scores input `stars` stars. */
async function score(page: Page, testId: string, stars: number) {
  const rows = page.locator(`[data-testid^="${testId}-"]`);
  const n = await rows.count();
  assert.ok(n > 0, 'the cycle scores the company values');
  for (let i = 0; i < n; i++)
    await rows
      .nth(i)
      .locator('li.ant-rate-star')
      .nth(stars - 1)
      .locator('div')
      .first()
      .click();
}

async function move(page: Page, action: string, state: string) {
  await page.getByTestId(`growth-action-${action}`).click();
  await page.getByTestId(`growth-action-${action}-confirm`).filter({ visible: true }).click();
  await page.getByTestId('growth-view-state').getByText(state).waitFor();
}

it('an employee submits a self review, the leader reviews it, the employee sees the rating', async () => {
  const { page } = b;
  await signInAt(page, '/performance/index', 'ppc.specialist');
  await page.getByTestId('page-performance').waitFor();
  const write = page.locator('[data-testid^="growth-write-self-"]').first();
  await write.waitFor();
  const id = (await write.getAttribute('data-testid'))?.replace('growth-write-self-', '');
  assert.ok(id);
  await write.click();
  await page.getByTestId('page-performance-self').waitFor();
  await page.getByTestId('growth-okr').waitFor();
  await page.getByTestId('growth-goals').fill('Kept ACoS under 25 % on every market');
  await page.getByTestId('growth-achievements').fill('Moved the DE campaigns to exact match');
  await score(page, 'growth-self-scores', 4);
  await page.getByTestId('growth-self-save').click();
  await page.getByTestId('page-performance-view').waitFor();
  await move(page, 'submitSelf', 'With leader');
  await page.getByTestId('logout').click();

  await signInAt(page, `/performance/report-leader?id=${id}`, 'sales.manager');
  await page.getByTestId('page-performance-leader').waitFor();
  await page.getByTestId('growth-self-part').getByText('Moved the DE campaigns to exact match').waitFor();
  await score(page, 'growth-leader-scores', 4);
  await page.getByTestId('growth-leader-comments').fill('Clear results; take the UK launch next quarter.');
  await page.getByTestId('growth-rating').click();
  await page.locator('.ant-select-item-option', { hasText: '4 · Exceeds expectations' }).click();
  await page.getByTestId('growth-leader-save').click();
  await page.getByTestId('page-performance-view').waitFor();
  await move(page, 'review', 'To acknowledge');
  await page.getByTestId('logout').click();

  await signInAt(page, `/performance/view?id=${id}`, 'ppc.specialist');
  await page.getByTestId('page-performance-view').waitFor();
  assert.equal((await page.getByTestId('growth-view-rating').innerText()).trim(), '4 · Exceeds expectations');
  await page.getByTestId('growth-timeline').getByText('Complete review').waitFor();
});

it('an employee adds a study record and completes it, the leader confirms it', async () => {
  const { page } = b;
  const title = 'Amazon DSP fundamentals';
  await page.getByTestId('logout').click();
  await signInAt(page, '/study', 'ppc.specialist');
  await page.getByTestId('page-study').waitFor();
  await page.getByTestId('study-summary').waitFor();
  await page.getByTestId('study-create').click();
  await page.getByTestId('study-title').fill(title);
  await page.getByTestId('study-hours').fill('7.5');
  await page.getByTestId('study-provider').fill('Amazon Ads Learning Console');
  await page.getByTestId('study-save').click();
  const row = page.getByTestId('study-list').locator('tr', { hasText: title });
  await row.getByText('Planned').waitFor();
  const open = row.locator('[data-testid^="study-open-"]');
  const id = (await open.getAttribute('data-testid'))?.replace('study-open-', '');
  assert.ok(id);
  await page.getByTestId(`study-complete-${id}`).click();
  await page.getByTestId(`study-complete-${id}-confirm`).filter({ visible: true }).click();
  await page.getByTestId(`study-state-${id}`).getByText('To confirm').waitFor();
  await page.getByTestId('logout').click();

  await signInAt(page, '/study?view=team', 'sales.manager');
  await page.getByTestId(`study-confirm-${id}`).click();
  await page.getByTestId(`study-confirm-${id}-confirm`).filter({ visible: true }).click();
  await page.getByTestId(`study-state-${id}`).getByText('Confirmed').waitFor();
  assert.equal(await page.getByTestId(`study-confirm-${id}`).count(), 0);
});
