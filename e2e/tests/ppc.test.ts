/**
 * The PPC board as a PPC specialist uses it: the KPIs and the chart of the demo's ad
 * data, the SKU table sorted by a click (the URL follows), a campaign-type filter, and
 * the csv export, checked against the server. Needs the demo seed (SEED=demo).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

let server: RunningServer;
let b: TestBrowser;
let token: string;

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  token = await server.login('ppc.specialist');
});
after(async () => {
  await b?.close();
  await server?.stop();
});

describe('PPC board', () => {
  it('shows the KPIs, the chart and the SKUs of the demo ad data', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppc/index`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('ppc.specialist', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/ppc/index');
    await page.getByTestId('page-ppc-board').waitFor();
    await page.getByTestId('ppc-kpi-spend').waitFor();
    assert.match((await page.getByTestId('ppc-kpi-spend').innerText()).trim(), /Spend\s+US\$ [\d,]+\.\d{2}/);
    await page.locator('[data-testid="ppc-trend-chart"] canvas').first().waitFor();
    const rows = page.locator('[data-testid="ppc-sku-table"] tbody tr.ant-table-row');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 20);
    const r = await server.api('GET', 'ppc/rest/v4/index/skuPerform', { token });
    const first = (r.body.data as { list: { sku: string }[] }).list[0];
    assert.equal((await rows.first().locator('td').first().innerText()).trim(), first?.sku);
    // At 1280 px the SKU, its spend, ad sales, orders and ACoS show, none under the watch button (issue #19 item 7).
    await assertColumnsFit(page, 'ppc-sku-table', ['SKU', 'Spend', 'Orders', 'Ad sales', 'ACoS']);
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('sorts by ACoS and filters by campaign type: the URL and the rows follow', async () => {
    const { page } = b;
    await page.locator('[data-testid="ppc-sku-table"] th', { hasText: 'ACoS' }).click();
    await page.waitForURL((u) => u.searchParams.get('sortField') === 'acos');
    const r = await server.api('GET', 'ppc/rest/v4/index/skuPerform?sortField=acos&sortOrder=asc', { token });
    const first = (r.body.data as { list: { sku: string }[] }).list[0];
    const rows = page.locator('[data-testid="ppc-sku-table"] tbody tr.ant-table-row');
    await page.waitForFunction(
      (sku) => document.querySelector('[data-testid="ppc-sku-table"] tbody tr.ant-table-row td')?.textContent?.trim() === sku,
      first?.sku,
    );
    assert.ok((await rows.count()) > 0);
    await page.getByTestId('ppc-type-filter').click();
    await page.locator('.ant-select-item-option', { hasText: 'SD Sponsored Display' }).click();
    await page.waitForURL((u) => u.searchParams.getAll('campaignType').includes('sd'));
    // The choice is saved (spec §3): the board opened without choices starts from it.
    await page.goto(`${server.base}/ppc/index`);
    await page.waitForURL((u) => u.searchParams.getAll('campaignType').includes('sd'));
  });

  it('watches a SKU: the monitor shows its alert, as the server stored it', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppc/index`);
    const row = page.locator('[data-testid="ppc-sku-table"] tbody tr.ant-table-row').first();
    await row.waitFor();
    await row.getByRole('button', { name: 'Watch' }).click();
    await page.getByTestId('ppc-watch-name').fill('e2e ACoS watch');
    await page.getByTestId('ppc-watch-threshold').fill('1');
    await page.getByTestId('ppc-watch-ok').click();
    const card = page.getByTestId('ppc-monitors');
    await card.locator('tr', { hasText: 'e2e ACoS watch' }).locator('.ant-tag', { hasText: 'Alert since' }).waitFor();
    // At 1280 px a monitor's target, condition, value, alert and switch show on the board's width (issue #19 item 7).
    await assertColumnsFit(page, 'ppc-monitors', ['Name', 'Watches', 'Condition', 'Now', 'Status', 'On']);
    await page.setViewportSize({ width: 1366, height: 860 });
    const r = await server.api('GET', 'ppc/rest/v1/index/monitoring?alerting=true', { token });
    const list = (r.body.data as { list: { name: string; alert: { value: number } | null }[] }).list;
    const m = list.find((x) => x.name === 'e2e ACoS watch');
    assert.ok(m?.alert && m.alert.value > 0.01);
  });

  it('exports the SKU list as csv', async () => {
    const { page } = b;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ppc-sku-export').click()]);
    const file = await download.path();
    const text = (await fs.readFile(file, 'utf8')).replace(/^\ufeff/, '');
    const lines = text.trim().split('\r\n');
    assert.equal(
      lines[0],
      'sku,asin,shop,marketId,impressions,clicks,spend (USD),orders,sales (USD),units,acos,roas,ctr,cpc,cvr',
    );
    assert.ok(lines.length > 1);
  });
});
