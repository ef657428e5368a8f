/**
 * /ppcMgr as a PPC specialist uses it: create an SP campaign with products, keywords and
 * negatives on the create page, find it in the campaign list, change its budget in place,
 * and see the change in its history — each step checked against the server. Needs the
 * demo seed (SEED=demo).
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
let shopId: number;
let asin: string;
const NAME = `E2E SP ${Date.now()}`;

interface Campaign {
  id: number;
  name: string;
  dailyBudget: number;
  version: number;
}

const campaignOf = async (): Promise<Campaign | undefined> => {
  const r = await server.api('GET', `ppc/rest/v1/manager/sp/campaigns?shopId=${shopId}&keyword=${encodeURIComponent(NAME)}`, {
    token,
  });
  return (r.body.data as { list: Campaign[] }).list[0];
};

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  token = await server.login('ppc.specialist');
  const shops = (await server.api('GET', 'ppc/rest/v3/manager/shops/names', { token })).body.data as {
    shopId: number;
    name: string;
  }[];
  shopId = (shops.find((s) => s.name === 'Lumio US') ?? shops[0])?.shopId ?? 0;
  const products = (await server.api('GET', `ppc/rest/v1/manager/products?shopId=${shopId}`, { token })).body.data as {
    asin: string;
  }[];
  asin = products[0]?.asin ?? '';
  assert.ok(shopId && asin);
});
after(async () => {
  await b?.close();
  await server?.stop();
});

describe('PPC management', () => {
  it('creates an SP campaign with products, keywords and negatives', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppcMgr/sp/create?shopId=${shopId}`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('ppc.specialist', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/ppcMgr/sp/create');
    await page.getByTestId('page-ppc-create-sp').waitFor();
    await page.getByTestId('ppc-create-name').fill(NAME);
    await page.getByTestId('ppc-create-dailyBudget').fill('25');
    await page.getByTestId('ppc-create-defaultBid').fill('0.75');
    await page.getByTestId('ppc-create-products').click();
    await page.keyboard.type(asin);
    await page.locator('.ant-select-item-option', { hasText: asin }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('ppc-create-keywords').fill('e2e desk lamp\ne2e reading lamp');
    await page.getByTestId('ppc-create-negatives').fill('free');
    await page.getByTestId('ppc-create-negative-asins').fill('B0E2ENEG01');
    await page.getByTestId('ppc-create-submit').click();
    await page.waitForURL((u) => u.pathname === '/ppcMgr/sp/campaigns' && u.searchParams.get('keyword') === NAME);
    const row = page.locator('[data-testid="ppc-mgr-table"] tbody tr.ant-table-row', { hasText: NAME });
    await row.waitFor();
    const c = await campaignOf();
    assert.ok(c);
    assert.equal(c.dailyBudget, 25);
    const hist = await server.api('GET', `ppc/rest/v1/manager/changes?campaignId=${c.id}&pageSize=50`, { token });
    const fields = (hist.body.data as { list: { entityType: string; field: string }[] }).list;
    // campaign, ad group, one product ad, 2 keywords × (exact, phrase), one negative keyword, one negative product
    assert.equal(fields.filter((f) => f.field === 'create').length, 9);
    assert.ok(fields.some((f) => f.entityType === 'negative_product'));
  });

  it('changes the budget in the list, and the history shows it', async () => {
    const { page } = b;
    const c = await campaignOf();
    assert.ok(c);
    const input = page.getByTestId(`ppc-daily_budget-${c.id}`);
    await input.fill('42.5');
    await input.press('Enter');
    await page.waitForFunction(
      (id) => (document.querySelector(`[data-testid="ppc-daily_budget-${id}"]`) as HTMLInputElement | null)?.disabled === false,
      c.id,
    );
    for (let i = 0; i < 50 && (await campaignOf())?.dailyBudget !== 42.5; i++) await new Promise((r) => setTimeout(r, 100));
    const after = await campaignOf();
    assert.equal(after?.dailyBudget, 42.5);
    assert.equal(after?.version, c.version + 1);
    await page.getByTestId(`ppc-history-${c.id}`).click();
    await page.getByTestId('ppc-history').locator('tr', { hasText: '25 → 42.5' }).waitFor();
  });

  it('raises the bids of the selected keywords by 10 % in one bulk edit', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppcMgr/sp/keywords?shopId=${shopId}&keyword=e2e%20desk%20lamp`);
    const rows = page.locator('[data-testid="ppc-mgr-table"] tbody tr.ant-table-row');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="ppc-mgr-table"] tbody tr.ant-table-row').length === 2,
    );
    assert.equal(await rows.count(), 2);
    await page.locator('[data-testid="ppc-mgr-table"] thead .ant-checkbox-input').check();
    await page.getByTestId('ppc-bulk-edit').click();
    await page.getByTestId('ppc-bulk-amount').fill('10');
    // The modal may close before the change's reply arrives: wait for the reply itself.
    const saved = page.waitForResponse((res) => res.url().includes('/manager/changes') && res.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Apply 2 changes' }).click();
    assert.ok((await saved).ok(), 'the bulk change was accepted');
    await page.getByTestId('ppc-bulk-modal').waitFor({ state: 'hidden' });
    const r = await server.api('GET', `ppc/rest/v1/manager/sp/keywords?shopId=${shopId}&keyword=e2e%20desk%20lamp`, { token });
    const bids = (r.body.data as { list: { bid: number | null }[] }).list.map((k) => k.bid);
    // No own bid: the default 0.75 + 10 % = 0.825 → 0.83.
    assert.deepEqual(bids, [0.83, 0.83]);
  });
});

describe('PPC tables at 1280 px', () => {
  const table = '[data-testid="ppc-mgr-table"] tbody tr.ant-table-row';
  const header = (name: string) => b.page.locator('[data-testid="ppc-mgr-table"] thead th', { hasText: new RegExp(`^${name}$`) });

  it('shows spend, sales, orders and ACoS of campaigns, keywords and search terms, with nothing under the fixed column', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${server.base}/ppcMgr/sp/campaigns?shopId=${shopId}`);
    await page.locator(table).first().waitFor();
    await assertColumnsFit(page, 'ppc-mgr-table', ['Campaign', 'Spend', 'Ad sales', 'Orders', 'ACoS']);
    await page.goto(`${server.base}/ppcMgr/sp/keywords?shopId=${shopId}`);
    await page.locator(table).first().waitFor();
    await assertColumnsFit(page, 'ppc-mgr-table', ['Keyword', 'Bid', 'Spend', 'Ad sales', 'Orders', 'ACoS']);
    await page.goto(`${server.base}/searchTerm?shopId=${shopId}`);
    await page.locator('[data-testid="ppc-terms-table"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'ppc-terms-table', ['Search term', 'Spend', 'Ad sales', 'Orders', 'ACoS']);
  });

  it('keeps a column the user shows, per user, until reset', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppcMgr/sp/campaigns?shopId=${shopId}`);
    await page.locator(table).first().waitFor();
    assert.equal(await header('CTR').count(), 0, 'CTR folds away at 1280 px');
    await page.getByTestId('columns-open').click();
    await page.getByTestId('column-toggle-ctr').click();
    await header('CTR').waitFor();
    await page.reload();
    await page.locator(table).first().waitFor();
    await header('CTR').waitFor();
    await page.getByTestId('columns-open').click();
    await page.getByTestId('columns-reset').click();
    await header('CTR').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});
