/**
 * The sales screens as a sales manager uses them: the dashboard's KPIs and chart, a
 * change of period (URL and figures follow), a top SKU opening /skuAnalysis kept to its
 * marketplace and period, /salesProfit filtered to that SKU,
 * the shop breakdown, and its export as a real .xlsx whose first row is the table's.
 * Needs the demo seed's sales data (SEED=demo).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { amountOf, SalesDashboard, SalesProfitScreen } from '../support/sales-pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

let server: RunningServer;
let b: TestBrowser;

before(async () => {
  server = await startServer();
  b = await openBrowser();
  // The screens' texts in English, whatever the user's profile says.
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
});
after(async () => {
  await b?.close();
  await server?.stop();
});

/** Waits for a performance mark of the page (the function runs in the browser: the name is its argument). */
const markSet = (name: string) => b.page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, name);

describe('sales dashboard and sales & profit', () => {
  it('shows KPI cards with revenue and a drawn trend chart', async () => {
    const { page } = b;
    await page.goto(`${server.base}/dashboard/index`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('sales.manager', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/dashboard/index');
    const dashboard = new SalesDashboard(page);
    await dashboard.waitForIt();
    await dashboard.kpi('revenue').waitFor();
    const revenue = await dashboard.revenue();
    assert.match(revenue, /^US\$ [\d,]+\.\d{2}$/);
    assert.ok(amountOf(revenue) > 0, `revenue of the last 30 days is ${revenue}`);
    await dashboard.trendBars().first().waitFor();
    await markSet('bo:first-chart');
    // The last bucket's figures under the pointer, in the reporting currency. The pointer goes to the
    // bar's column at the chart's mid-height: a bucket without sales (today's, just after midnight) has a
    // bar of no height whose box lies on the axis, outside the plot.
    await dashboard.trendChart().scrollIntoViewIfNeeded();
    const box = await dashboard.trendBars().last().boundingBox();
    const chart = await dashboard.trendChart().boundingBox();
    assert.ok(box && chart, 'the last revenue bar and the chart have boxes');
    await page.mouse.move(box.x + box.width / 2, chart.y + chart.height / 2);
    await dashboard.trendTooltip().waitFor();
    assert.match(await dashboard.trendTooltip().innerText(), /US\$ [\d,]+\.\d{2}/);
    await markSet('bo:first-table');
  });

  it('shows the ranked SKUs’ revenue, profit and margin at 1280 px in the half-width panels', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1280, height: 860 });
    for (const order of ['top', 'bottom']) {
      await page.locator(`[data-testid="dashboard-${order}-table"] tbody tr.ant-table-row`).first().waitFor();
      await assertColumnsFit(page, `dashboard-${order}-table`, ['SKU / ASIN', 'Revenue (US$)', 'Profit (US$)', 'Margin']);
    }
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('changes the period: the URL and the figures follow', async () => {
    const { page } = b;
    const dashboard = new SalesDashboard(page);
    const before = await dashboard.revenue();
    await dashboard.choosePeriod('Last 7 days');
    await page.waitForURL((u) => u.searchParams.has('startDate') && u.searchParams.has('endDate'));
    const url = new URL(page.url());
    const days =
      (Date.parse(url.searchParams.get('endDate') ?? '') - Date.parse(url.searchParams.get('startDate') ?? '')) / 86_400_000 + 1;
    assert.equal(days, 7);
    await page.waitForFunction(
      (previous) => document.querySelector('[data-testid="kpi-revenue-value"]')?.textContent?.trim() !== previous,
      before,
    );
    assert.ok(amountOf(await dashboard.revenue()) < amountOf(before), 'seven days sell less than thirty');
    // A reload reopens the same view.
    const withPeriod = page.url();
    await page.reload();
    await dashboard.kpi('revenue').waitFor();
    assert.equal(page.url(), withPeriod);
  });

  it('opens /skuAnalysis for a top SKU with its marketplace and the period kept', async () => {
    const { page } = b;
    const dashboard = new SalesDashboard(page);
    const link = dashboard.topSkuLinks().first();
    await link.waitFor();
    const sku = (await link.innerText()).trim();
    // The row's marketplace (its shop column may give way in the half-width panel; the link carries it).
    const linked = new URL((await link.getAttribute('href')) ?? '', server.base).searchParams.getAll('marketId');
    assert.equal(linked.length, 1);
    const period = new URL(page.url()).searchParams;
    await link.click();
    await page.waitForURL((u) => u.pathname === '/skuAnalysis');
    const opened = new URL(page.url()).searchParams;
    assert.equal(opened.get('sku'), sku);
    assert.equal(opened.get('startDate'), period.get('startDate'));
    assert.equal(opened.get('endDate'), period.get('endDate'));
    assert.deepEqual(opened.getAll('marketId'), linked);
    // The marketplace shows as a readable chip in the filter, and the analysis covers only it.
    const chips = page.locator('[data-testid^="market-chip-"]:not([data-testid="market-chip-rest"])');
    await chips.first().waitFor();
    // The select may render a chip twice (one copy measures the room): one marketplace, however drawn.
    const markets = new Set(await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))));
    assert.equal(markets.size, 1, [...markets].join(', '));
    await page.getByTestId('sku-head-sku').waitFor();
    assert.equal((await page.getByTestId('sku-head-sku').innerText()).trim(), sku);

    await page.goto(
      `${server.base}/salesProfit?${new URLSearchParams({ keyword: sku, startDate: period.get('startDate') ?? '', endDate: period.get('endDate') ?? '' })}`,
    );
    const profit = new SalesProfitScreen(page);
    await profit.waitForIt();
    await profit.rows().first().waitFor();
    assert.equal((await profit.rows().first().getByTestId('profit-row-sku').innerText()).trim(), sku);
    await page.getByTestId('profit-totals').waitFor();
  });

  it('switches to the shop breakdown and exports it as a real .xlsx matching the table', async () => {
    const { page } = b;
    const profit = new SalesProfitScreen(page);
    await profit.openTab('shop');
    await page.waitForURL((u) => u.searchParams.get('tab') === 'shop');
    const first = profit.rows().first();
    await first.getByTestId('profit-row-shop').waitFor();
    const shopName = (await first.getByTestId('profit-row-shop').innerText()).trim();
    // Shop, marketplace, then the measures in contract order: units, orders, revenue, ...
    // A compact figure ("US$ 123k") carries the exact one as its tooltip.
    const revenueCell = first.locator('td').nth(4).locator('.bo-num');
    const revenue = amountOf((await revenueCell.getAttribute('title')) ?? (await revenueCell.innerText()));

    const [download] = await Promise.all([page.waitForEvent('download'), profit.exportButton().click()]);
    assert.match(download.suggestedFilename(), /\.xlsx$/);
    // "Downloaded" comes once the whole file is in, with its name and size.
    const done = page.getByTestId('profit-export-done');
    await done.waitFor();
    assert.match(await done.innerText(), /^Downloaded .*\.xlsx \(\d+(\.\d)? (B|KB|MB)\)$/);
    const file = await download.path();
    const bytes = await fs.readFile(file);
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'an .xlsx is a zip file');

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    assert.ok(sheet, 'the workbook has a sheet');
    const row = sheet.getRow(2);
    assert.equal(String(row.getCell(1).value), shopName);
    assert.equal(Math.round(Number(row.getCell(5).value) * 100) / 100, revenue);
  });

  it('shows revenue, profit and margin at 1280 px, with nothing under a fixed column', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1280, height: 860 });
    const profit = new SalesProfitScreen(page);
    await profit.openTab('sku');
    await profit.rows().first().getByTestId('profit-row-sku').waitFor();
    await assertColumnsFit(page, 'profit-table', ['SKU', 'Revenue', 'Profit', 'Margin']);
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('keeps the browser free of uncaught errors', () => {
    assert.deepEqual(b.errors, []);
  });
});
