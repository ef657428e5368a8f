/**
 * The cost screens as a sales manager uses them: a new unit cost set on /productCost
 * changes the profit /salesProfit shows by exactly units × the cost change (a US listing:
 * USD, rate 1), and a cost file imported through the modal (preview → commit) shows up
 * in the list and in what the server stored; importing it again changes nothing; reverting
 * it from the history takes its entries away again.
 * Needs the demo seed's sales data (SEED=demo).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { amountOf } from '../support/sales-pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

let server: RunningServer;
let b: TestBrowser;
let token: string;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const START = day(-30);
const END = day(-1);

interface SkuRow {
  listingId: number;
  sku: string;
  marketId: number;
  units: number;
  profit: number;
  cogs: number;
}
type Page1<T> = { list: T[] };

async function get<T>(apiPath: string): Promise<T> {
  const r = await server.api('GET', apiPath, { token });
  assert.equal(r.status, 200, `${apiPath}: ${r.body.msg}`);
  return r.body.data as T;
}

const listingProfit = async (sku: string, listingId: number) =>
  (
    await get<Page1<SkuRow>>(
      `sales/rest/v1/listings/sku/sales_profit?startDate=${START}&endDate=${END}&keyword=${encodeURIComponent(sku)}&pageSize=100`,
    )
  ).list.find((r) => r.listingId === listingId);

/** Types a date into an antd DatePicker. */
async function typeDate(page: Page, testId: string, value: string) {
  const input = page
    .getByTestId(testId)
    .locator('input')
    .or(page.locator(`input[data-testid="${testId}"]`))
    .first();
  await input.click();
  await input.press('Control+A');
  await input.fill(value);
  await input.press('Enter');
}

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  token = await server.login('sales.manager', DEMO_PASSWORD);
  const { page } = b;
  await page.goto(`${server.base}/productCost`);
  await page.waitForURL((u) => u.pathname === '/login');
  await new LoginPage(page).signIn('sales.manager', DEMO_PASSWORD);
  await page.waitForURL((u) => u.pathname === '/productCost');
});
after(async () => {
  await b?.close();
  await server?.stop();
});

describe('product costs', () => {
  it('sets a unit cost and /salesProfit shows the profit lower by units × the change', async () => {
    const { page } = b;
    // A US listing that sold in the period, whose SKU has no cost entry from the period's start on.
    const sold = await get<Page1<SkuRow>>(
      `sales/rest/v1/listings/sku/sales_profit?startDate=${START}&endDate=${END}&marketId=0&sortField=units&sortOrder=desc&pageSize=50`,
    );
    let chosen: { row: SkuRow; skuId: number; cost: number } | null = null;
    for (const row of sold.list.filter((r) => r.units > 0)) {
      const [entry] = (
        await get<Page1<{ skuId: number; sku: string }>>(`product/rest/v1/costs?keyword=${encodeURIComponent(row.sku)}`)
      ).list.filter((c) => c.sku === row.sku);
      if (!entry) continue;
      const history = await get<{ entries: { effectiveFrom: string; unitCost: number }[] }>(
        `product/rest/v1/costs/${entry.skuId}`,
      );
      if (history.entries.some((e) => e.effectiveFrom >= START)) continue;
      const inForce = history.entries.find((e) => e.effectiveFrom < START);
      if (!inForce) continue;
      chosen = { row, skuId: entry.skuId, cost: inForce.unitCost };
      break;
    }
    assert.ok(chosen, 'a US listing with sales and a cost in force');
    const { row, skuId, cost } = chosen;
    const newCost = Math.round((cost + 5) * 100) / 100;
    const delta = Math.round((newCost - cost) * 10_000) / 10_000;
    const before = await listingProfit(row.sku, row.listingId);
    assert.ok(before);

    await page.goto(`${server.base}/productCost?keyword=${encodeURIComponent(row.sku)}`);
    await page.getByTestId(`cost-history-${row.sku}`).click();
    await page.getByTestId('cost-history-drawer').waitFor();
    await typeDate(page, 'unit-cost-from', START);
    await page
      .getByTestId('unit-cost-value')
      .locator('input')
      .or(page.locator('input[data-testid="unit-cost-value"]'))
      .first()
      .fill(String(newCost));
    await page.getByTestId('unit-cost-save').click();
    await page.getByTestId(`cost-delete-${START}`).waitFor();

    const history = await get<{ entries: { effectiveFrom: string; unitCost: number }[] }>(`product/rest/v1/costs/${skuId}`);
    assert.deepEqual(history.entries[0], { effectiveFrom: START, effectiveTo: null, unitCost: newCost });
    const after = await listingProfit(row.sku, row.listingId);
    assert.ok(after);
    // USD at rate 1: COGS of each day is units × cost exactly, so profit moves by units × the change.
    assert.equal(Math.round((before.profit - after.profit) * 100), Math.round(before.units * delta * 100));

    await page.goto(
      `${server.base}/salesProfit?keyword=${encodeURIComponent(row.sku)}&startDate=${START}&endDate=${END}&marketId=0`,
    );
    await page.getByTestId('page-sales-profit').waitFor();
    const rowEl = page.locator('tbody tr.ant-table-row', { has: page.getByTestId('profit-row-sku') }).first();
    await rowEl.waitFor();
    // Money cells read "US$ 2,406.00" (or "US$ 12.3k" with the exact figure as the tooltip).
    const cells = await rowEl
      .locator('td .bo-num')
      .evaluateAll((els) => els.map((e) => (e.getAttribute('title') ?? e.textContent ?? '').trim()));
    assert.ok(
      cells.some((c) => /^-?US\$ [\d,]+\.\d{2}$/.test(c) && Math.abs(amountOf(c) - after.profit) < 0.005),
      `the row shows the new profit ${after.profit}: ${cells.join(' | ')}`,
    );
  });

  it('imports a cost file: preview, commit, the values in the list; again: nothing changes', async () => {
    const { page } = b;
    const today = day(0);
    const list = await get<Page1<{ sku: string; skuId: number; effectiveFrom: string | null }>>(
      'product/rest/v1/costs?sortField=sku&pageSize=20',
    );
    // Two SKUs without an entry dated today, so both rows are new.
    const [a, c] = list.list.filter((r) => r.effectiveFrom !== today).slice(1, 3);
    assert.ok(a && c);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('成本');
    sheet.addRow(['SKU', '生效日期', '单位成本(USD)']);
    sheet.addRow([a.sku, today, 12.3456]);
    sheet.addRow([c.sku, today, 7.5]);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'costs-e2e-')), 'costs.xlsx');
    await book.xlsx.writeFile(file);

    const importOnce = async () => {
      await page.goto(`${server.base}/productCost`);
      await page.getByTestId('import-open-sku-costs').click();
      await page.getByTestId('cost-import-upload').waitFor();
      await page.locator('.ant-modal input[type=file]').setInputFiles(file);
      await page.getByTestId('cost-import-upload').click();
      await page.getByTestId('cost-import-counts').waitFor();
      const counts = (await page.getByTestId('cost-import-counts').innerText()).trim();
      await page.getByTestId('cost-import-commit').click();
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await page.getByTestId('cost-import-result').waitFor();
      await page.keyboard.press('Escape');
      return counts;
    };

    assert.match(await importOnce(), /^2 new, 0 changed, 0 unchanged/);
    await page.goto(`${server.base}/productCost?keyword=${encodeURIComponent(a.sku)}`);
    const row = page.getByTestId('unit-costs-table').locator('tbody tr.ant-table-row', { hasText: a.sku }).first();
    await row.waitFor();
    assert.match(await row.innerText(), /12\.3456/);
    const stored = await get<Page1<{ sku: string; unitCost: number; effectiveFrom: string }>>(
      `product/rest/v1/costs?keyword=${encodeURIComponent(c.sku)}`,
    );
    assert.deepEqual(
      stored.list.filter((r) => r.sku === c.sku).map((r) => [r.unitCost, r.effectiveFrom]),
      [[7.5, today]],
    );

    assert.match(await importOnce(), /^0 new, 0 changed, 2 unchanged/);

    // Revert the first import from the history: the confirmation says what comes back, and the two entries it added go.
    const history = await get<Page1<{ id: number; status: string }>>('imports?kind=sku-costs&scope=company&pageSize=5');
    const first = history.list[1];
    assert.equal(first?.status, 'committed');
    await page.goto(`${server.base}/productCost`);
    await page.getByTestId('import-open-sku-costs').click();
    await page.getByRole('tab', { name: 'Import history' }).click();
    await page.getByTestId(`import-revert-${first.id}`).click();
    const confirm = page.locator('.ant-popconfirm:visible');
    assert.match(await confirm.innerText(), /unit costs it wrote.*the 2 it added are removed.*COGS/s);
    await confirm.locator('.ant-btn-dangerous').click();
    await page
      .getByTestId('cost-import-history')
      .locator('tbody tr', { hasText: 'Reverted' })
      .filter({ has: page.locator('td', { hasText: new RegExp(`^${first.id}$`) }) })
      .waitFor();
    const back = await get<Page1<{ sku: string; effectiveFrom: string | null }>>(
      `product/rest/v1/costs?keyword=${encodeURIComponent(c.sku)}`,
    );
    assert.ok(back.list.filter((r) => r.sku === c.sku).every((r) => r.effectiveFrom !== today));
  });

  it('shows BOM cost, recorded unit cost, difference, unit costs and fees at 1280 px, none under the Actions column', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${server.base}/bomcost`);
    await page.locator('[data-testid="bom-table"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'bom-table', ['SKU', 'BOM cost (USD)', 'Recorded unit cost', 'Difference', 'Actions']);
    await page.goto(`${server.base}/productCost`);
    await page.locator('[data-testid="unit-costs-table"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'unit-costs-table', ['SKU', 'Unit cost (USD)', 'Effective from', 'Actions']);
    await page.goto(`${server.base}/productCost?tab=fees`);
    await page.locator('[data-testid="fees-table"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'fees-table', [
      'SKU',
      'Marketplace',
      'Referral rate',
      'FBA fee / unit',
      'Effective from',
      'Actions',
    ]);
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('shows the drawers’ history and BOM lines at 1280 px: BOM lines, unit cost, fee and material price histories', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${server.base}/bomcost`);
    await page.locator('[data-testid="bom-table"] tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('bom-table').locator('[data-testid^="bom-open-"]').first().click();
    await page.locator('[data-testid="bom-lines"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'bom-lines', ['Material code', 'Name', 'Quantity', 'Unit price', 'Line cost (USD)']);
    await page.keyboard.press('Escape');

    await page.goto(`${server.base}/productCost`);
    await page.locator('[data-testid="unit-costs-table"] tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('unit-costs-table').locator('[data-testid^="cost-history-"]').first().click();
    await page.locator('[data-testid="unit-cost-history"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'unit-cost-history', ['Effective from', 'Until', 'Unit cost (USD)', 'Actions']);
    await page.keyboard.press('Escape');

    await page.goto(`${server.base}/productCost?tab=fees`);
    await page.locator('[data-testid="fees-table"] tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('fees-table').locator('[data-testid^="fee-history-"]').first().click();
    await page.locator('[data-testid="fee-history"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'fee-history', ['Effective from', 'Until', 'Referral rate', 'FBA fee / unit', 'Actions']);
    await page.keyboard.press('Escape');

    await page.goto(`${server.base}/mcost`);
    await page.locator('[data-testid^="material-open-"]').first().click();
    await page.locator('[data-testid="material-prices"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'material-prices', ['Effective from', 'Until', 'Unit price', 'Actions']);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('shows the shared empty state when a filter matches nothing', async () => {
    const { page } = b;
    await page.goto(`${server.base}/productCost?keyword=NO-SUCH-SKU-${Date.now()}`);
    const empty = page.getByTestId('unit-costs-table').getByTestId('empty-state');
    await empty.waitFor();
    assert.equal((await empty.innerText()).trim(), 'Nothing matches these filters');
  });

  it('keeps the browser free of uncaught errors', () => {
    assert.deepEqual(b.errors, []);
  });
});
