/**
 * The mail automation's inputs as an operator keeps them: /blacklist (add a buyer with a
 * reason, find it by search that survives a reload, delete it after confirming) and a
 * returns report imported on /importTraffic (no period asked, the order lines previewed
 * as records, committed, and unchanged when the same file comes again).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
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

it('adds a buyer to the blacklist, finds it after a reload, deletes it after confirming', async () => {
  const { page } = b;
  await page.goto(`${server.base}/blacklist`);
  await page.waitForURL((u) => u.pathname === '/login');
  await new LoginPage(page).signIn('admin', ADMIN_PASSWORD);
  await page.waitForURL((u) => u.pathname === '/blacklist');
  await page.getByTestId('page-blacklist').waitFor();

  await page.getByTestId('blacklist-create').click();
  await page.getByTestId('blacklist-email').fill('not an address');
  await page.getByTestId('blacklist-reason').fill('Threatened the agent');
  await page.getByTestId('blacklist-save').click();
  await page.getByTestId('blacklist-form').getByText('write an e-mail address').waitFor();
  await page.getByTestId('blacklist-email').fill('E2E.Rude@Marketplace.Amazon.com');
  await page.getByTestId('blacklist-save').click();
  const table = page.getByTestId('blacklist-table');
  await table.getByText('e2e.rude@marketplace.amazon.com').waitFor();
  await table.getByText('Added by staff').first().waitFor();

  // The same address again: refused on the field.
  await page.getByTestId('blacklist-create').click();
  await page.getByTestId('blacklist-email').fill('e2e.rude@marketplace.amazon.com');
  await page.getByTestId('blacklist-reason').fill('again');
  await page.getByTestId('blacklist-save').click();
  await page.getByTestId('blacklist-form').getByText('This address is on the list already').waitFor();
  // Closing a form with what was typed in it asks first (the kit's unsaved-changes guard).
  await page.keyboard.press('Escape');
  await page.getByTestId('kit-discard-changes').click();
  await page.getByTestId('blacklist-form').waitFor({ state: 'detached' });

  await page.getByTestId('blacklist-search').locator('input').fill('threatened');
  await page.getByTestId('blacklist-search').locator('input').press('Enter');
  await page.waitForURL((u) => u.searchParams.get('keyword') === 'threatened');
  await page.reload();
  await table.getByText('e2e.rude@marketplace.amazon.com').waitFor();
  assert.equal(await page.getByTestId('blacklist-search').locator('input').inputValue(), 'threatened');

  await table.locator('[data-testid^="blacklist-delete-"]').first().click();
  await page.getByTestId('blacklist-delete-confirm').click();
  await table.getByText('No data matches the filters').or(table.locator('.ant-empty')).first().waitFor();
  const token = await server.login('admin', ADMIN_PASSWORD);
  const left = (await server.api('GET', 'email/rest/v1/blacklist?keyword=e2e.rude', { token })).body.data as { total: number };
  assert.equal(left.total, 0, 'the entry is gone');
});

it('imports a returns report: no period, the order lines as records, unchanged the second time', async () => {
  const token = await server.login('admin', ADMIN_PASSWORD);
  const shops = (await server.api('GET', 'sales/rest/v1/shops/user', { token })).body.data as { id: number; name: string }[];
  const lumioUs = shops.find((s) => s.name === 'Lumio US');
  assert.ok(lumioUs, 'the demo seed has Lumio US');
  const page1 = (
    await server.api('GET', `sales/rest/v1/listings/sku/sales_profit?shopId=${lumioUs.id}&pageSize=1&sortField=sku`, { token })
  ).body.data as { list: { sku: string; asin: string }[] };
  const listing = page1.list[0];
  assert.ok(listing);
  const file = [
    'return-date\torder-id\tsku\tasin\tfnsku\tproduct-name\tquantity\tfulfillment-center-id\tdetailed-disposition\treason\tstatus\tlicense-plate-number\tcustomer-comments',
    `2026-07-24T15:20:11+00:00\t115-0000001-0000001\t${listing.sku}\t${listing.asin}\tX00E2E0001\tE2E item\t1\tPDX9\tSELLABLE\tUNWANTED_ITEM\tPending\tLPNE2E00001\t`,
  ].join('\n');

  const { page } = b;
  await page.goto(`${server.base}/importTraffic`);
  await page.getByTestId('page-import').waitFor();
  const upload = async () => {
    const kind = page.locator('.ant-form-item', { hasText: 'Report' }).locator('.ant-select').first();
    // The second upload finds the kind still chosen: open the list only when it is not.
    if (!(await kind.innerText()).includes('Returns report')) {
      await kind.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Returns report' }).click();
    }
    await page.getByText('a return requested but not yet received or refunded is open').waitFor();
    assert.equal(await page.locator('.ant-form-item', { hasText: 'Period' }).count(), 0, 'no period for an order report');
    const shop = page.getByTestId('import-shop');
    // As with the kind: the second upload finds the shop still chosen, and reopening the list
    // over the upload area only races its closing animation.
    if (!(await shop.innerText()).includes('Lumio US')) {
      await shop.click();
      await shop.locator('input').fill('Lumio US');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Lumio US' }).first().click();
    }
    await page
      .getByTestId('page-import')
      .locator('input[type=file]')
      .setInputFiles({ name: 'returns-e2e.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    await page.getByTestId('import-upload').click();
    const detail = page.getByTestId('import-detail');
    await detail.waitFor();
    return detail;
  };

  let detail = await upload();
  const records = detail.getByTestId('import-records');
  await records.getByText(`115-0000001-0000001 | ${listing.asin}`).waitFor();
  await records.getByText('New order line').waitFor();
  await records.getByText('returnState: open').waitFor();
  await detail.getByTestId('import-commit').click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await detail.getByTestId('import-result').waitFor();
  await page.keyboard.press('Escape');

  detail = await upload();
  await detail.getByTestId('import-records').getByText('Unchanged').waitFor();
});
