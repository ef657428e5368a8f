/**
 * The import screen as an operator uses it: upload an All Orders report for a shop, read
 * the preview and what it would remove, confirm the large removal a second time, find the
 * figures in sales & profit, then revert it from the history and find the old figures back.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { ADMIN_PASSWORD, type RunningServer, startServer } from '../support/server';
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

const DAY = '2026-01-10';

it('uploads an All Orders report, previews it, commits it, and the sales figures follow', async () => {
  const token = await server.login('admin', ADMIN_PASSWORD);
  const shops = (await server.api('GET', 'sales/rest/v1/shops/user', { token })).body.data as { id: number; name: string }[];
  const lumioUs = shops.find((s) => s.name === 'Lumio US');
  assert.ok(lumioUs, 'the demo seed has Lumio US');
  const skus = (
    await server.api(
      'GET',
      `sales/rest/v1/listings/sku/sales_profit?shopId=${lumioUs.id}&pageSize=1&startDate=2025-12-01&endDate=2026-01-31`,
      { token },
    )
  ).body.data as { list: { sku: string; asin: string }[] };
  const listing = skus.list[0];
  assert.ok(listing, 'Lumio US has a listing with sales');
  const dayFigures = async () =>
    (
      await server.api(
        'GET',
        `sales/rest/v1/listings/sku/sales_profit?shopId=${lumioUs.id}&startDate=${DAY}&endDate=${DAY}&pageSize=500`,
        {
          token,
        },
      )
    ).body.data as { list: { sku: string; units: number; revenue: number }[] };
  const stored = await dayFigures();

  // An All Orders file in the 2023 layout: two orders of that listing on one US day.
  const header =
    readFileSync(new URL('../../apps/server/test/fixtures/imports/ao-2023.txt', import.meta.url), 'utf8').split(/\r?\n/)[0] ?? '';
  const columns = header.split('\t');
  const row = (orderId: string, qty: number, price: string) =>
    columns
      .map(
        (c) =>
          ({
            'amazon-order-id': orderId,
            'purchase-date': `${DAY}T20:00:00+00:00`,
            'last-updated-date': `${DAY}T21:00:00+00:00`,
            'order-status': 'Shipped',
            'fulfillment-channel': 'Amazon',
            'sales-channel': 'Amazon.com',
            'product-name': 'E2E strip',
            sku: listing.sku,
            asin: listing.asin,
            'item-status': 'Shipped',
            quantity: String(qty),
            currency: 'USD',
            'item-price': price,
            'is-business-order': 'false',
            'signature-confirmation-recommended': 'false',
          })[c] ?? '',
      )
      .join('\t');
  const file = [header, row('113-0000001-0000001', 2, '59.98'), row('113-0000002-0000002', 1, '29.99')].join('\n');

  const { page } = b;
  await page.goto(`${server.base}/importTraffic`);
  await page.waitForURL((u) => u.pathname === '/login');
  await new LoginPage(page).signIn('admin', ADMIN_PASSWORD);
  await page.waitForURL((u) => u.pathname === '/importTraffic');
  await page.getByTestId('page-import').waitFor();

  // Report kind (a plain select), then the shop (searchable).
  await page.locator('.ant-form-item', { hasText: 'Report' }).locator('.ant-select').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'All Orders report' }).click();
  const shop = page.getByTestId('import-shop');
  await shop.click();
  await shop.locator('input').fill('Lumio US');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Lumio US' }).first().click();
  await page
    .getByTestId('page-import')
    .locator('input[type=file]')
    .setInputFiles({ name: 'all-orders-e2e.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
  await page.getByTestId('import-upload').click();

  // The preview: one row (one listing, one day), nothing written yet.
  const detail = page.getByTestId('import-detail');
  await detail.waitFor();
  await detail.getByTestId('import-rows').getByText(listing.sku).waitFor();
  await detail.getByText(DAY).first().waitFor();

  // What the commit would do to the stored day: the shop's other listings of that day become zero.
  await detail.getByTestId('import-impact').waitFor();
  // At 1280 px the impact's days show units, revenue and the listings set to zero on one line each (issue #19 item 7).
  await assertColumnsFit(page, 'import-impact-days', ['Day', 'Units', 'Revenue USD', 'Listings set to zero']);
  if (stored.list.some((r) => r.sku !== listing.sku && r.units > 0)) {
    await detail.getByTestId('import-impact-dropped').waitFor();
    await assertColumnsFit(page, 'import-impact-dropped', ['Day', 'SKU', 'Units', 'Revenue USD']);
  }

  await detail.getByTestId('import-commit').click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  // One listing against a whole demo day removes much more than it adds: a second confirmation.
  await page.getByTestId('import-large-removal').waitFor();
  await assertColumnsFit(page, 'import-large-removal-days', ['Day', 'Units', 'Revenue USD', 'Listings set to zero']);
  await page.getByTestId('import-confirm-large').click();
  await detail.getByTestId('import-result').waitFor();
  await assertColumnsFit(page, 'import-commit-changes', ['Day', 'Units', 'Revenue USD']);
  await page.setViewportSize({ width: 1366, height: 860 });

  const after = (
    await server.api(
      'GET',
      `sales/rest/v1/listings/sku/sales_profit?shopId=${lumioUs.id}&keyword=${encodeURIComponent(listing.asin)}&startDate=${DAY}&endDate=${DAY}`,
      { token },
    )
  ).body.data as { list: { sku: string; units: number; orders: number; revenue: number }[] };
  const written = after.list.find((r) => r.sku === listing.sku);
  assert.deepEqual(
    { units: written?.units, orders: written?.orders, revenue: written?.revenue },
    { units: 3, orders: 2, revenue: 89.97 },
    'the day now holds the file’s figures',
  );

  await page.keyboard.press('Escape');
  await page.getByTestId('import-history').getByText('all-orders-e2e.txt').waitFor();

  // Revert it from the history: the day holds what it held before.
  const historyRow = page.getByTestId('import-history').locator('tr', { hasText: 'all-orders-e2e.txt' });
  await historyRow.getByRole('button', { name: 'Revert' }).click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await historyRow.getByText('Reverted').waitFor();
  const back = await dayFigures();
  const key = (l: { list: { sku: string; units: number; revenue: number }[] }) =>
    l.list.map((r) => `${r.sku} ${r.units} ${r.revenue}`).sort();
  assert.deepEqual(key(back), key(stored), 'the revert puts back every figure of the day');
});
