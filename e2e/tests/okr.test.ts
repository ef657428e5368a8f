/**
 * OKR (spec §2.6): the administrator writes an improvement objective with two hand-scored key
 * results, publishes it, checks in on both from the key results' screen, and the dashboard
 * shows the objective's weighted score.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { ADMIN_PASSWORD, type RunningServer, startServer } from '../support/server';

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

/** The input of a kit field, whether the test id sits on the input or around it. */
async function inputOf(field: Locator): Promise<Locator> {
  return (await field.evaluate((e) => e.tagName)) === 'INPUT' ? field : field.locator('input');
}

async function checkIn(page: Page, kr: string, score: string, comment: string) {
  const row = page.getByTestId('okr-krs-table').locator('tr', { hasText: kr });
  await row.locator('[data-testid^="kr-checkin-"]').click();
  await (await inputOf(page.getByTestId('okr-checkin-score'))).fill(score);
  await page.getByTestId('okr-checkin-comment').fill(comment);
  await page.getByTestId('okr-checkin-save').click();
  await page.getByTestId('okr-checkin-form').waitFor({ state: 'detached' });
}

it('creates an objective with two key results, publishes it, checks in, and sees the dashboard score', async () => {
  const { page } = b;
  await page.goto(`${server.base}/okrMgr/improvement`);
  await page.waitForURL((u) => u.pathname === '/login');
  await new LoginPage(page).signIn('admin', ADMIN_PASSWORD);
  await page.getByTestId('page-okr-31').waitFor();

  await page.getByTestId('okr-create').click();
  await (await inputOf(page.getByTestId('okr-form-title'))).fill('E2E fewer returns');
  await page.getByTestId('okr-kr-0-title').fill('Rewrite the manuals');
  await page.getByTestId('okr-kr-add').click();
  await page.getByTestId('okr-kr-1-title').fill('Train the support team');
  await page.getByTestId('okr-save').click();
  const link = page.getByTestId('okr-objectives').locator('[data-testid^="okr-objective-"]', { hasText: 'E2E fewer returns' });
  await link.waitFor();
  const id = (await link.getAttribute('data-testid'))?.replace('okr-objective-', '');
  assert.ok(id);
  assert.equal((await page.getByTestId(`okr-state-${id}`).innerText()).trim(), 'Draft');

  await page.getByTestId(`okr-${id}-publish`).click();
  await page.getByTestId(`okr-${id}-publish-confirm`).click();
  await page.getByTestId(`okr-state-${id}`).getByText('Published').waitFor();

  await page.goto(`${server.base}/krMgr/index?keyword=E2E%20fewer`);
  await page.getByTestId('page-okr-kr').waitFor();
  await page.getByTestId('okr-krs-table').getByText('Rewrite the manuals').waitFor();
  await checkIn(page, 'Rewrite the manuals', '1', 'All manuals rewritten');
  await checkIn(page, 'Train the support team', '0.5', 'Half of the team trained');

  // Equal weights (50 each): (1 + 0.5) / 2.
  await page.goto(`${server.base}/okr/dashboard`);
  await page.getByTestId('page-okr-dashboard').waitFor();
  const score = page.getByTestId(`okr-dashboard-score-${id}`);
  await score.waitFor();
  assert.equal(await score.getAttribute('data-score'), '0.75');
});
