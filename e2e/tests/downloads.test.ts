/**
 * The download centre (/assets/download): an export run on the product list is kept, listed
 * with what it was and its filters, downloaded again with the same bytes and name, and
 * deleted after confirming.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
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

it('keeps an export of the product list and downloads it again from /assets/download', async () => {
  const { page } = b;
  await page.goto(`${server.base}/productMgr/list?keyword=a`);
  await page.waitForURL((u) => u.pathname === '/login');
  await new LoginPage(page).signIn('admin', ADMIN_PASSWORD);
  await page.waitForURL((u) => u.pathname === '/productMgr/list');

  const exportButton = page.getByTestId('products-export');
  await exportButton.waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="products-export"]')?.hasAttribute('disabled'));
  const [first] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  const firstBytes = await fs.readFile(await first.path());
  assert.equal(firstBytes.subarray(0, 2).toString('latin1'), 'PK', 'an .xlsx is a zip file');

  // The menu has the download centre now.
  await page.goto(`${server.base}/assets/download`);
  await page.getByTestId('page-downloads').waitFor();
  const table = page.getByTestId('downloads-table');
  const row = table.locator('tr', { hasText: first.suggestedFilename() }).first();
  await row.waitFor();
  await row.getByText('Products', { exact: true }).waitFor();
  await row.getByText('keyword: a').waitFor();
  await assertColumnsFit(page, 'downloads-table', ['File name', 'What', 'Filters', 'Exported', 'Actions']);

  const again = row.locator('[data-testid^="download-again-"]');
  const [second] = await Promise.all([page.waitForEvent('download'), again.click()]);
  assert.equal(second.suggestedFilename(), first.suggestedFilename());
  const secondBytes = await fs.readFile(await second.path());
  assert.ok(secondBytes.equals(firstBytes), 'the same bytes as the export gave');

  // Deleting asks first, then the row is gone.
  const testId = await again.getAttribute('data-testid');
  const id = testId?.replace('download-again-', '');
  await page.getByTestId(`download-delete-${id}`).click();
  await page.getByTestId('download-delete-confirm').click();
  await page.getByTestId(`download-delete-${id}`).waitFor({ state: 'detached' });
});

it('runs an export in the background with its progress, keeps it in /assets/download, and runs a saved report now', async () => {
  const { page } = b;
  // Signed in by the test above (same browser).
  await page.goto(`${server.base}/productMgr/list?keyword=a`);
  const runJob = page.getByTestId('products-export-job');
  await runJob.waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="products-export-job"]')?.hasAttribute('disabled'));
  await runJob.click();
  const dialog = page.getByTestId('products-export-job-dialog');
  await dialog.getByTestId('products-export-job-state').filter({ hasText: 'Done' }).waitFor({ timeout: 15_000 });
  await dialog.getByTestId('products-export-job-rows').filter({ hasText: 'rows' }).waitFor();
  const [fromJob] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('products-export-job-download').click(),
  ]);
  const jobBytes = await fs.readFile(await fromJob.path());
  assert.equal(jobBytes.subarray(0, 2).toString('latin1'), 'PK');
  await dialog.getByTestId('products-export-job-close').click();

  // The download centre has it, newest first, with the same bytes.
  await page.goto(`${server.base}/assets/download`);
  const first = page.getByTestId('downloads-table').locator('tbody tr', { hasText: fromJob.suggestedFilename() }).first();
  await first.waitFor();
  const [again] = await Promise.all([page.waitForEvent('download'), first.locator('[data-testid^="download-again-"]').click()]);
  assert.ok((await fs.readFile(await again.path())).equals(jobBytes), 'the same bytes as the background export');

  // A saved report of the product list, run now: the run finishes and keeps its file.
  await page.goto(`${server.base}/report`);
  await page.getByTestId('page-reports').waitFor();
  await page.getByTestId('report-create').click();
  await page.getByTestId('report-name').fill('E2E products');
  await page.getByTestId('report-endpoint').click();
  await page.locator('.ant-select-item-option', { hasText: 'product models' }).click();
  await page.getByTestId('report-filters').fill('keyword=a');
  await page.getByTestId('report-save').click();
  const row = page.getByTestId('reports-table').locator('tbody tr', { hasText: 'E2E products' });
  await row.waitFor();
  await row.locator('[data-testid^="report-run-"]').first().click();
  const runs = page.getByTestId('report-runs-drawer');
  await runs.locator('[data-testid^="report-run-state-"]').filter({ hasText: 'Sent' }).first().waitFor({ timeout: 15_000 });
  await runs.locator('[data-testid^="report-run-file-"]').first().waitFor();
});
