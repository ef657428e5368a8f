/**
 * Search terms and diagnosis as a PPC specialist uses them on the demo data: a search term
 * harvested as a keyword from its row (the server holds the keyword, source harvest) and
 * undone; a diagnosis finding fixed with one click (the bid moves through the change
 * path, source diagnosis) and its batch undone from the recent fixes. Needs SEED=demo.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

let server: RunningServer;
let b: TestBrowser;
let token: string;
let shopId = 0;

type Json = Record<string, unknown>;

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  token = await server.login('ppc.specialist');
  const shops = (await server.api('GET', 'ppc/rest/v3/manager/shops/names', { token })).body.data as {
    shopId: number;
    name: string;
  }[];
  shopId = shops.find((s) => s.name === 'Lumio US')?.shopId ?? 0;
  assert.ok(shopId > 0);
});
after(async () => {
  await b?.close();
  await server?.stop();
});

describe('search terms and diagnosis', () => {
  it('harvests a search term as a keyword from its row, then undoes it', async () => {
    const { page } = b;
    await page.goto(`${server.base}/searchTerm?shopId=${shopId}&notKeyword=true`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('ppc.specialist', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/searchTerm');
    const row = page.locator('[data-testid="ppc-terms-table"] tbody tr.ant-table-row').first();
    await row.waitFor();
    const term = (await row.locator('td').nth(1).innerText()).trim();
    await row.getByRole('button', { name: 'Add keyword' }).click();
    await page.getByTestId('ppc-terms-bid').fill('0.55');
    await page.getByTestId('ppc-terms-keyword-ok').click();
    await page.getByTestId('ppc-terms-undo-last').waitFor();
    const hist = await server.api('GET', `ppc/rest/v1/manager/changes?shopId=${shopId}&source=harvest`, { token });
    const created = (hist.body.data as { list: Json[] }).list[0] as Json;
    assert.equal(created.field, 'create');
    assert.equal(created.entityType, 'keyword');
    assert.match(String(created.entityName), new RegExp(`${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(exact\\)$`));
    await page.getByTestId('ppc-terms-undo-last').click();
    await page.getByTestId('ppc-terms-undo-last').waitFor({ state: 'detached' });
    const after = await server.api('GET', `ppc/rest/v1/manager/changes?shopId=${shopId}&source=undo`, { token });
    assert.equal(((after.body.data as { list: Json[] }).list[0] as Json).undoes, created.id);
  });

  it('fixes a finding with one click and undoes the batch from the recent fixes', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppcDiag?shopId=${shopId}&kind=bid_above_cpc`);
    const row = page.locator('[data-testid="ppc-diag-table"] tbody tr.ant-table-row').first();
    await row.waitFor();
    // At 1280 px the target, its spend and ACoS, the finding, the fix and its button show (issue #19 item 7).
    await assertColumnsFit(page, 'ppc-diag-table', ['Keyword / target', 'Spend', 'ACoS', 'Finding', 'Proposed fix']);
    await page.setViewportSize({ width: 1366, height: 860 });
    await row.getByRole('button', { name: 'Fix' }).click();
    await page.getByTestId('ppc-diag-undo-last').waitFor();
    const hist = await server.api('GET', `ppc/rest/v1/manager/changes?shopId=${shopId}&source=diagnosis`, { token });
    const change = (hist.body.data as { list: Json[] }).list[0] as Json;
    assert.equal(change.field, 'bid');
    assert.ok(Number(change.after) < Number(change.before));
    const undo = page.getByTestId(`ppc-diag-undo-${change.id}`);
    await undo.click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /OK|Yes/ })
      .click();
    await page.locator('[data-testid="ppc-diag-history"] .ant-tag', { hasText: 'Undone' }).first().waitFor();
    await assertColumnsFit(page, 'ppc-diag-history', ['When', 'Keyword / target', 'Change']);
    await page.setViewportSize({ width: 1366, height: 860 });
    const again = await server.api('GET', `ppc/rest/v1/manager/changes?shopId=${shopId}&source=diagnosis`, { token });
    assert.ok(((again.body.data as { list: Json[] }).list[0] as Json).undoneBy);
  });
});
