/**
 * Stock as a planner uses it: upload the shop's Manage FBA Inventory report on
 * /inventoryUpload, commit the preview, and find the SKU's position (today's, in the
 * marketplace) on /inventoryMgr. Then /replenish: a red row's chart, and a draft plan made from its advice.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
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

it('imports a Manage FBA Inventory report and shows the position on /inventoryMgr', async () => {
  const file = readFileSync(new URL('../../apps/server/test/fixtures/imports/inventory/myi-2020.txt', import.meta.url));
  const { page } = b;
  // Signed in through the API (the sign-in screen has suites of its own): the app reads the stored token.
  const token = await server.login('admin', ADMIN_PASSWORD);
  await b.context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  await page.goto(`${server.base}/inventoryUpload`);
  await page.getByTestId('page-inventory-upload').waitFor();

  const shop = page.getByTestId('stock-import-shop');
  await shop.click();
  await shop.locator('input').fill('Lumio US');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Lumio US' }).first().click();
  await page
    .getByTestId('page-inventory-upload')
    .locator('input[type=file]')
    .setInputFiles({ name: 'myi-e2e.txt', mimeType: 'text/plain', buffer: file });
  await page.getByTestId('stock-import-upload').click();

  const detail = page.getByTestId('stock-import-detail');
  await detail.getByTestId('stock-import-records').getByText('H6260-5M').first().waitFor();
  await detail.getByTestId('stock-import-commit').click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await detail.getByTestId('stock-import-result').waitFor();

  // In-app navigation (no reload of the app): the router follows the history.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/inventoryMgr?keyword=H6260-5M');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByTestId('page-inventory-mgr').waitFor();
  // The fixture's 420 fulfillable units, as of today in the US marketplace.
  await page.getByTestId('stock-fulfillable-H6260-5M-FBA-US').filter({ hasText: /^420$/ }).waitFor();
});

it('opens /replenish, reads a red row’s red-green line, and makes a draft plan from its advice', async () => {
  const { page } = b;
  await page.goto(`${server.base}/replenish?state=red`);
  await page.getByTestId('page-replenish').waitFor();
  const row = page
    .getByTestId('rgl-table')
    .locator('tr.ant-table-row', { has: page.locator('[data-testid^="rgl-advice-"]') })
    .first();
  await row.locator('[data-testid^="rgl-state-"]', { hasText: 'Red' }).waitFor();
  const advice = (await row.locator('[data-testid^="rgl-advice-"]').innerText()).split(' ')[0] ?? '';
  assert.ok(Number(advice.replace(/,/g, '')) > 0, `advice ${advice}`);

  // The row opens its projected stock against the reorder point and safety stock.
  await row.locator('td').nth(3).click();
  await page.getByTestId('replenish-chart').waitFor();
  await page.keyboard.press('Escape');

  await row.locator('.ant-table-selection-column input').check();
  await page.getByTestId('rgl-create-plan').click();
  await page.waitForURL(/\/editShipmentPlan\?id=\d+/);
});
