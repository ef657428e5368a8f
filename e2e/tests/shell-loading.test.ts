/**
 * The shell before antd (issue 7, web speed): the splash is painted from index.html with
 * no script at all; a chunk that fails to download (antd's frame around every screen, or a
 * screen) shows the shell's own panel, whose Retry recovers; the dashboard's second wave
 * (filter bar, listing tables) arrives after its charts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { ADMIN_PASSWORD, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let b: TestBrowser;

before(async () => {
  server = await startServer();
  b = await openBrowser();
});
after(async () => {
  await b?.close();
  await server?.stop();
});

describe('shell loading', () => {
  it('paints the splash before any script has run', async () => {
    const { page } = b;
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    try {
      await page.goto(`${server.base}/login`);
      await page.locator('.bo-splash .bo-spinner').waitFor();
      assert.equal(await page.locator('.bo-splash .bo-brand-mark').textContent(), 'L');
    } finally {
      await page.unroute(/\/assets\/.*\.js$/);
    }
  });

  it("shows the chunk panel without antd when antd's frame fails to load, and Retry recovers", async () => {
    const { page } = b;
    let block = true;
    const frame = /\/assets\/AntdFrame-[\w-]+\.js$/;
    await page.route(frame, (route) => (block ? route.abort() : route.continue()));
    try {
      await page.goto(`${server.base}/login`);
      await page.getByTestId('chunk-error').waitFor();
      // antd is not there: the panel's buttons are the shell's own.
      assert.equal(await page.locator('.ant-btn').count(), 0);
      block = false;
      await page.getByTestId('chunk-retry').click();
      await new LoginPage(page).waitForIt();
    } finally {
      await page.unroute(frame);
    }
  });

  it('recovers a dashboard whose screen chunk failed, and brings the filters and tables after the chart', async () => {
    const { page } = b;
    await new LoginPage(page).signIn('admin', ADMIN_PASSWORD);
    await page.getByTestId('page-dashboard-index').waitFor();
    // A cold start of the same screen in a new tab, its chunk refused once (routing also
    // bypasses the browser's cache, which holds the chunk by now).
    let block = true;
    const screen = /\/assets\/DashboardPage-[\w-]+\.js$/;
    await b.context.route(screen, (route) => (block ? route.abort() : route.continue()));
    try {
      const fresh = await b.context.newPage();
      await fresh.goto(`${server.base}/dashboard/index`);
      await fresh.getByTestId('chunk-error').waitFor();
      block = false;
      await fresh.getByTestId('chunk-retry').click();
      await fresh.getByTestId('page-dashboard-index').waitFor();
      await fresh.locator('[data-testid="dashboard-trend-chart"] svg rect').first().waitFor();
      await fresh.getByTestId('sales-filters').waitFor();
      await fresh.getByTestId('sales-filter-reset').waitFor();
      assert.equal(await fresh.getByTestId('sales-filters-pending').count(), 0);
      await fresh.locator('[data-testid="dashboard-top-skus"] .ant-table-row').first().waitFor();
      const marks = await fresh.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name));
      assert.ok(marks.includes('bo:first-chart'), `marks: ${marks.join(', ')}`);
      assert.ok(marks.includes('bo:first-table'), `marks: ${marks.join(', ')}`);
      await fresh.close();
    } finally {
      await b.context.unroute(screen);
    }
  });
});
