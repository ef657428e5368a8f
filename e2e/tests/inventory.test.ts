/**
 * Stock as a planner uses it: upload the shop's Manage FBA Inventory report on
 * /inventoryUpload, commit the preview, and find the SKU's position (today's, in the
 * marketplace) on /inventoryMgr. Then /replenish: a red row's chart, and a draft plan made from its advice,
 * which goes the whole way (issue #22): confirmed, put into a new batch on /shipmentBatch, the batch closed
 * for loading and shipped, the plan received short, and the difference raised as a claim on /shipmentDif.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { ADMIN_PASSWORD, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let b: TestBrowser;
let token = '';
// biome-ignore lint/suspicious/noExplicitAny: replies read as loose JSON
async function api(path: string): Promise<any> {
  const res = await fetch(`${server.base}/api/inventory/rest/v1/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, path);
  return (await res.json()).data;
}

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
  token = await server.login('admin', ADMIN_PASSWORD);
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

it('confirms the plan made from advice, batches and ships it, receives it short and raises the claim', async () => {
  const { page } = b;
  const planId = Number(new URL(page.url()).searchParams.get('id'));
  const plan = await api(`shipment-plans/${planId}`);
  const go = async (path: string, testId: string) => {
    await page.goto(`${server.base}${path}`);
    await page.getByTestId(testId).waitFor();
  };
  const pick = async (testId: string, text: string, search = true) => {
    const select = page.getByTestId(testId);
    await select.click();
    if (search) await select.locator('input').fill(text);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  };

  await go(`/inventory/planMgr?keyword=${plan.code}`, 'page-shipment-plans');
  await page.getByTestId(`plan-${planId}-confirm`).click();
  await page.getByTestId(`plan-state-${planId}`).filter({ hasText: 'Confirmed' }).waitFor();

  // A new batch of the plan's shop, destination and mode.
  await go('/shipmentBatch', 'page-shipment-batches');
  await page.getByTestId('batch-create').click();
  await pick('batch-shop', plan.shopName);
  await pick('batch-warehouse', plan.warehouseCode);
  await page
    .getByTestId('batch-mode')
    .getByText(plan.mode === 'air' ? 'Air' : 'Sea', { exact: true })
    .click();
  await page.getByTestId('batch-carrier').fill('COSCO');
  await page.getByTestId('batch-save').click();
  await page.getByTestId('batch-drawer').waitFor({ state: 'hidden' });
  const batch = (await api(`shipment-batches?shopId=${plan.shopId}&state=open&mode=${plan.mode}`)).list[0];
  assert.ok(batch, 'the new batch');

  await go(`/inventory/planMgr?keyword=${plan.code}`, 'page-shipment-plans');
  await page.getByTestId(`plan-${planId}-batch`).click();
  await pick('plan-batch-pick', batch.code, false);
  await page.getByTestId('plan-batch-save').click();
  await page.getByTestId(`plan-state-${planId}`).filter({ hasText: 'Batched' }).waitFor();

  // The batch's detail lists the plan; closed for loading, then shipped.
  await go(`/shipmentBatch?batch=${batch.id}`, 'batch-detail');
  await page.getByTestId(`batch-plan-${planId}`).waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId(`batch-${batch.id}-close`).click();
  await page.getByTestId(`batch-${batch.id}-close-confirm`).click();
  await page.getByTestId(`batch-state-${batch.id}`).filter({ hasText: 'Closed for loading' }).waitFor();
  await page.getByTestId(`batch-${batch.id}-ship`).click();
  await page.getByTestId('batch-ship-tracking').fill('COSU-E2E-1');
  await page.getByTestId('batch-ship-save').click();
  await page.getByTestId(`batch-state-${batch.id}`).filter({ hasText: 'Shipped' }).waitFor();

  // Received short: 3 units of the first line never arrive.
  const shipped = await api(`shipment-plans/${planId}`);
  assert.equal(shipped.state, 'shipped');
  const line = shipped.lines[0];
  await go(`/inventory/planMgr?keyword=${plan.code}`, 'page-shipment-plans');
  await page.getByTestId(`plan-${planId}-receive`).click();
  await page.getByTestId(`receive-qty-${line.sku}`).fill(String(line.shipped - 3));
  await page.getByTestId('plan-receive-save').click();
  await page.getByTestId(`plan-state-${planId}`).filter({ hasText: 'Received' }).waitFor();

  await go(`/shipmentDif?keyword=${plan.code}`, 'page-shipment-dif');
  await page.getByTestId(`dif-${line.id}`).filter({ hasText: '3' }).waitFor();
  await page.getByTestId(`dif-raise-${line.id}`).click();
  await page.getByTestId(`dif-claim-${line.id}`).waitFor();
});
