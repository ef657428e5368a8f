/**
 * The sales-data screens as a sales manager uses them: /salesData by day, then by week
 * per shop, and its export against the table; /salesDataGroup by shop then lifecycle,
 * expanded, and its export; /salesDataAnalysis against the same period last year, only
 * the growing rows, and its export. The figures are checked against the API (the sum of
 * the series equals the /salesProfit total for the same filter).
 * Needs the demo seed's sales data (SEED=demo).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { amountOf, chooseOption } from '../support/sales-pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

let server: RunningServer;
let b: TestBrowser;
let token: string;

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  token = await server.login('sales.manager');
});
after(async () => {
  await b?.close();
  await server?.stop();
});

const rows = (page: Page, table: string) => page.locator(`[data-testid="${table}"] tbody tr.ant-table-row`);
/** A row's cells as text; a compact figure ("12.3k") reads as its exact value (its tooltip). */
const cellsOf = async (row: Locator) =>
  (
    await row
      .locator('td')
      .evaluateAll((tds) =>
        tds.map((td) => td.querySelector('[title].bo-num')?.getAttribute('title') ?? (td as HTMLElement).innerText),
      )
  ).map((s) => s.trim());

/** Clicks an export button and answers the first sheet's rows (cell values, 1-based columns dropped). */
async function exportSheet(page: Page, testId: string): Promise<unknown[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  assert.match(download.suggestedFilename(), /\.xlsx$/);
  const bytes = await fs.readFile(await download.path());
  assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'an .xlsx is a zip file');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

const cents = (v: unknown) => Math.round(Number(v) * 100);

describe('/salesData', () => {
  it('shows one column per day of the last 30 days, then weeks per shop', async () => {
    const { page } = b;
    await page.goto(`${server.base}/salesData`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('sales.manager', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/salesData');
    await rows(page, 'data-table').first().waitFor();
    const dayHeaders = await page.locator('[data-testid="data-table"] thead th').allInnerTexts();
    assert.equal(dayHeaders.filter((h) => /^\d{2}-\d{2}$/.test(h.trim())).length, 30, 'thirty day columns');
    // At 1280 px the listing and its total show; the days scroll between them, none under either (issue #19 item 7).
    await assertColumnsFit(page, 'data-table', ['Listing', 'Total'], 1280, { scrolls: true });
    await page.setViewportSize({ width: 1366, height: 860 });

    await page.getByTestId('data-granularity-week').click();
    await page.waitForURL((u) => u.searchParams.get('granularity') === 'week');
    const shopsLoaded = page.waitForResponse(
      (r) => r.url().includes('/sales-data/series?') && r.url().includes('rows=shop') && r.url().includes('granularity=week'),
    );
    await page.getByTestId('data-rows-shop').click();
    await page.waitForURL((u) => u.searchParams.get('rows') === 'shop');
    const reply = (await (await shopsLoaded).json()) as { data: { total: number; periods: unknown[] } };
    // The table shows the reply: shops as rows, one column per ISO week.
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="data-table"] thead th')?.textContent === 'Shop' &&
        Array.from(document.querySelectorAll('[data-testid="data-table"] thead th')).filter((th) =>
          /^\d{4}-W\d{2}$/.test(th.textContent ?? ''),
        ).length === n,
      reply.data.periods.length,
    );
    assert.ok(reply.data.periods.length >= 5 && reply.data.periods.length <= 6, '30 days span 5 or 6 ISO weeks');
    assert.equal(await rows(page, 'data-table').count(), Math.min(reply.data.total, 20));

    // The sum row is the /salesProfit total of the same period.
    const picker = page.locator('.bo-sales-filters .ant-picker-range input');
    const [start, end] = [await picker.nth(0).inputValue(), await picker.nth(1).inputValue()];
    const profit = await server.api('GET', `sales/rest/v1/listings/shop/sales_profit?startDate=${start}&endDate=${end}`, {
      token,
    });
    const totals = await cellsOf(page.getByTestId('data-totals'));
    assert.equal(
      cents(amountOf(totals[totals.length - 1] ?? '')),
      cents((profit.body.data as { sum: { revenue: number } }).sum.revenue),
    );
  });

  it('exports exactly the table: the same shops, weeks and totals', async () => {
    const { page } = b;
    const tableRows = rows(page, 'data-table');
    const count = await tableRows.count();
    const first = await cellsOf(tableRows.first());
    const sheet = await exportSheet(page, 'data-export');
    // Heading, one row per shop (all on the first page), the total row.
    assert.equal(sheet.length, count + 2);
    const header = sheet[0] as string[];
    assert.equal(header[0], 'Shop');
    assert.match(String(header[2]), /^\d{4}-W\d{2}$/);
    const row = sheet[1] as unknown[];
    assert.ok(first[0]?.endsWith(String(row[0])), `${first[0]} is ${String(row[0])}`);
    assert.equal(cents(row[row.length - 1]), cents(amountOf(first[first.length - 1] ?? '')));
    const totals = await cellsOf(page.getByTestId('data-totals'));
    const last = sheet[sheet.length - 1] as unknown[];
    assert.equal(last[0], 'Total');
    assert.equal(cents(last[last.length - 1]), cents(amountOf(totals[totals.length - 1] ?? '')));
  });
});

describe('/salesDataGroup', () => {
  it('groups by shop then lifecycle, expands a group, and exports it', async () => {
    const { page } = b;
    await page.goto(`${server.base}/salesDataGroup`);
    await rows(page, 'group-table').first().waitFor();
    await chooseOption(page, page.getByTestId('group-by'), 'Shop');
    await page.waitForURL((u) => u.searchParams.get('groupBy') === 'shop');
    // The first dropdown has closed (its options are not the second one's).
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
    await chooseOption(page, page.getByTestId('group-then-by'), 'Lifecycle');
    await page.waitForURL((u) => u.searchParams.get('thenBy') === 'lifecycle');
    await page.getByTestId('group-chart-canvas').waitFor();
    const first = rows(page, 'group-table').first();
    await first.locator('.ant-table-row-expand-icon').waitFor();
    const group = await cellsOf(first);
    await first.locator('.ant-table-row-expand-icon').click();
    await page.locator('[data-testid="group-table"] tr.bo-data-child').first().waitFor();

    const sheet = await exportSheet(page, 'group-export');
    assert.deepEqual((sheet[0] as string[]).slice(0, 3), ['Shop', 'Lifecycle', 'Units']);
    const top = sheet[1] as unknown[];
    assert.equal(String(top[0]), group[0]);
    assert.equal(top[1], 'Subtotal');
    // Shop, lifecycle, units, orders, revenue in the sheet; in the table, the cell under the revenue header.
    const headers = (await page.locator('[data-testid="group-table"] thead th').allInnerTexts()).map((h) => h.trim());
    const revenueAt = headers.findIndex((h) => h.startsWith('Revenue'));
    assert.ok(revenueAt > 0, headers.join());
    assert.equal(cents(top[4]), cents(amountOf(group[revenueAt] ?? '')));
    const reply = await server.api('GET', 'sales/rest/v1/sales-data/groups?groupBy=shop&thenBy=lifecycle', { token });
    const data = reply.body.data as { list: { revenue: number; children: { revenue: number }[] }[] };
    for (const g of data.list) {
      assert.equal(cents(g.children.reduce((s, c) => s + c.revenue, 0)), cents(g.revenue), 'the subtotal is its children');
    }
    // At 1280 px the group, its revenue, profit and margin show (issue #19 item 7).
    await assertColumnsFit(page, 'group-table', ['Shop / Lifecycle', 'Revenue (US$)', 'Profit (US$)', 'Margin']);
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});

describe('/salesDataAnalysis', () => {
  it('compares with the same period last year, keeps the growing rows, and exports them', async () => {
    const { page } = b;
    await page.goto(`${server.base}/salesDataAnalysis`);
    await rows(page, 'analysis-table').first().waitFor();
    await page.getByTestId('analysis-compare-yoy').click();
    await page.waitForURL((u) => u.searchParams.get('compare') === 'yoy');
    await page.getByTestId('analysis-dimension-shop').click();
    await page.waitForURL((u) => u.searchParams.get('dimension') === 'shop');
    const growingLoaded = page.waitForResponse(
      (r) => r.url().includes('/sales-data/analysis?') && r.url().includes('status=growing'),
    );
    await page.getByTestId('analysis-status-growing').click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'growing');
    const growing = (await (await growingLoaded).json()) as { data: { total: number } };
    assert.ok(growing.data.total > 0, 'some shops sold more than a year ago');
    // The table shows the filtered reply: only growing rows.
    await page.waitForFunction(
      (n) => {
        const tags = Array.from(document.querySelectorAll('[data-testid="analysis-row-status"]'));
        return tags.length === n && tags.every((t) => t.textContent === 'Growing');
      },
      Math.min(growing.data.total, 20),
    );
    const periods = await page.getByTestId('analysis-periods').innerText();
    // "<start> to <end> against <start a year earlier> to <end a year earlier>"
    const [start, , compareStart] = periods.match(/\d{4}-\d{2}-\d{2}/g) ?? [];
    assert.equal(Number(compareStart?.slice(0, 4)), Number(start?.slice(0, 4)) - 1, periods);
    assert.equal(compareStart?.slice(5), start?.slice(5), periods);
    const statuses = await page.getByTestId('analysis-row-status').allInnerTexts();
    assert.ok(statuses.length > 0 && statuses.every((s) => s.trim() === 'Growing'), statuses.join());
    await page.getByTestId('analysis-chart').waitFor();

    const first = await cellsOf(rows(page, 'analysis-table').first());
    const sheet = await exportSheet(page, 'analysis-export');
    assert.equal(sheet.length, statuses.length + 2);
    const row = sheet[1] as unknown[];
    assert.ok(first[0]?.endsWith(String(row[0])), `${first[0]} is ${String(row[0])}`);
    // Shop, marketplace, ten measures of each period, then the change: the table's fourth cell.
    assert.equal(cents(row[22]), cents(amountOf(first[3] ?? '')));
    assert.equal(row[25], 'Growing');
    // At 1280 px the row, both periods, the change and its status show (issue #19 item 7).
    await assertColumnsFit(page, 'analysis-table', ['Shop', 'Period', 'Comparison', 'Change', 'Change %', 'Status']);
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('keeps the browser free of uncaught errors', () => {
    assert.deepEqual(b.errors, []);
  });
});
