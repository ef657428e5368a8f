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
let otherShopId: number;
let firstShopId: number;
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

const keywordsOf = async (text: string) => {
  const r = await server.api('GET', `ppc/rest/v1/manager/sp/keywords?shopId=${shopId}&keyword=${encodeURIComponent(text)}`, {
    token,
  });
  return (r.body.data as { list: { id: number; bid: number | null; matchType: string }[] }).list;
};

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  await b.page.setViewportSize({ width: 1280, height: 860 });
  token = await server.login('ppc.specialist');
  const shops = (await server.api('GET', 'ppc/rest/v3/manager/shops/names', { token })).body.data as {
    shopId: number;
    name: string;
  }[];
  shopId = (shops.find((s) => s.name === 'Lumio US') ?? shops[0])?.shopId ?? 0;
  otherShopId = shops.find((s) => s.name === 'Lumio DE')?.shopId ?? 0;
  firstShopId = shops[0]?.shopId ?? 0;
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

  it('changes the budget in the list after confirming the +70 % step, says so in a toast, and the history shows it', async () => {
    const { page } = b;
    const c = await campaignOf();
    assert.ok(c);
    const input = page.getByTestId(`ppc-daily_budget-${c.id}`);
    await input.fill('42.5');
    await input.press('Enter');
    // 25 → 42.50 is +70 %: over the ±50 % step, so it is confirmed before it is sent.
    await page.getByTestId('ppc-confirm-step').getByText('Daily budget: 25.00 → 42.50 USD (+70 %)').waitFor();
    await page.getByTestId('ppc-confirm-ok').click();
    await page.getByTestId('ppc-change-toast').getByText('Daily budget 25.00 → 42.50 saved').waitFor();
    const after = await campaignOf();
    assert.equal(after?.dailyBudget, 42.5);
    assert.equal(after?.version, c.version + 1);
    await page.getByTestId(`ppc-history-${c.id}`).click();
    await page.getByTestId('ppc-history').locator('tr', { hasText: '25 → 42.5' }).waitFor();
    // At 1280 px the drawer shows when, what, the field and its before and after (issue #19 item 7).
    await assertColumnsFit(page, 'ppc-history-table', ['When', 'Entity', 'Field', 'Before → after']);
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.keyboard.press('Escape');
  });

  it('checks an inline bid in its cell, and undoes a saved one from its toast', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppcMgr/sp/keywords?shopId=${shopId}&keyword=e2e%20reading%20lamp&matchType=exact`);
    const row = page.locator('[data-testid="ppc-mgr-table"] tbody tr.ant-table-row').first();
    await row.waitFor();
    const k = (await keywordsOf('e2e reading lamp')).find((x) => x.matchType === 'exact');
    assert.ok(k);
    const cell = page.getByTestId(`ppc-bid-${k.id}`);
    let puts = 0;
    page.on('request', (r) => {
      if (r.url().includes('/manager/changes') && r.method() === 'PUT') puts++;
    });
    await cell.fill('2000');
    await cell.press('Enter');
    await page
      .getByTestId(`ppc-bid-${k.id}-problem`)
      .getByText("Bid must be between 0.02 and 1000 USD (the marketplace's limits)")
      .waitFor();
    assert.equal(await page.locator('.ant-modal-confirm').count(), 0, 'no modal for a value the cell can check');
    assert.equal(puts, 0, 'nothing is sent');
    await cell.fill('0.8');
    await cell.press('Enter');
    const toast = page.getByTestId('ppc-change-toast');
    await toast.getByText('Bid 0.75 → 0.80 saved').waitFor();
    assert.equal((await keywordsOf('e2e reading lamp')).find((x) => x.id === k.id)?.bid, 0.8);
    await toast.getByTestId('ppc-change-undo').click();
    await page.getByText('1 changes undone').waitFor();
    assert.equal((await keywordsOf('e2e reading lamp')).find((x) => x.id === k.id)?.bid, null);
  });

  it('raises the bids of the selected keywords by 10 % in one bulk edit, previewed row by row, with a toast', async () => {
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
    // No own bid: the default 0.75 + 10 % = 0.825 → 0.83, shown for each row before it is sent.
    const preview = page.getByTestId('ppc-bulk-preview');
    await preview.getByText('0.75 → 0.83 USD').first().waitFor();
    assert.equal(await preview.getByText('0.75 → 0.83 USD').count(), 2);
    await assertColumnsFit(page, 'ppc-bulk-preview', ['Entity', 'Before → after', 'Step']);
    await page.setViewportSize({ width: 1366, height: 860 });
    const saved = page.waitForResponse((res) => res.url().includes('/manager/changes') && res.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Apply 2 changes' }).click();
    assert.ok((await saved).ok(), 'the bulk change was accepted');
    await page.getByTestId('ppc-change-toast').getByText('2 bids changed').waitFor();
    const bids = (await keywordsOf('e2e desk lamp')).map((k) => k.bid);
    assert.deepEqual(bids, [0.83, 0.83]);
  });

  it('refuses an absurd percent before sending, marks clamped values, confirms a big step, and undoes it from the toast', async () => {
    const { page } = b;
    await page.locator('[data-testid="ppc-mgr-table"] thead .ant-checkbox-input').check();
    await page.getByTestId('ppc-bulk-edit').click();
    const amount = page.getByTestId('ppc-bulk-amount');
    const apply = page.locator('.ant-modal-footer .ant-btn-primary');
    for (const bad of ['100000', '-200']) {
      await amount.fill(bad);
      await page.getByTestId('ppc-bulk-problem').getByText('The percent must be between -99 % and +1000 %').waitFor();
      assert.ok(await apply.isDisabled(), `${bad} % cannot be applied`);
    }
    // By amount: 0.83 − 5 is below the marketplace's minimum: shown as clamped to 0.02.
    await page.getByTestId('ppc-bulk-op').getByText('Change by amount').click();
    await amount.fill('-5');
    const preview = page.getByTestId('ppc-bulk-preview');
    await preview.getByText("Raised to the marketplace's minimum").first().waitFor();
    await preview.getByText('0.83 → 0.02 USD').first().waitFor();
    // +60 %: 0.83 → 1.33, over the ±50 % step: flagged, then confirmed before it applies.
    await page.getByTestId('ppc-bulk-op').getByText('Change by percent').click();
    await amount.fill('60');
    await preview.getByText('0.83 → 1.33 USD').first().waitFor();
    assert.equal(await preview.getByText('Needs confirmation').count(), 2);
    await apply.click();
    await page.getByTestId('ppc-confirm-step').waitFor();
    const put = page.waitForResponse((res) => res.url().includes('/manager/changes') && res.request().method() === 'PUT');
    await page.getByTestId('ppc-confirm-ok').click();
    const res = await put;
    const body = res.request().postDataJSON() as { confirmed?: boolean; percent?: number };
    assert.deepEqual([body.confirmed, body.percent], [true, 60]);
    // This change's own toast: the previous bulk edit's may still be up with the same words and its own Undo.
    const { data } = (await res.json()) as { data: { batchId: number } };
    const toast = page.locator(`[data-testid="ppc-change-toast"][data-batch="${data.batchId}"]`);
    await toast.getByText('2 bids changed').waitFor();
    assert.deepEqual(
      (await keywordsOf('e2e desk lamp')).map((k) => k.bid),
      [1.33, 1.33],
    );
    await toast.getByTestId('ppc-change-undo').click();
    await page.getByText('2 changes undone').waitFor();
    assert.deepEqual(
      (await keywordsOf('e2e desk lamp')).map((k) => k.bid),
      [0.83, 0.83],
    );
  });

  it('opens a PPC page without a shop in its link on the shop last used, not the alphabetically first', async () => {
    const { page } = b;
    assert.ok(otherShopId && otherShopId !== firstShopId && shopId !== firstShopId);
    await page.evaluate(() => window.localStorage.removeItem('ppcShopId'));
    // Used from a link (the board's drill-down, a shared link): that shop is the last used.
    await page.goto(`${server.base}/ppcMgr/sp/campaigns?shopId=${otherShopId}`);
    await page.getByTestId('ppc-mgr-table').waitFor();
    await page.goto(`${server.base}/ppcMgr/sp/keywords`);
    await page.waitForURL((u) => u.searchParams.get('shopId') !== null);
    assert.equal(new URL(page.url()).searchParams.get('shopId'), String(otherShopId));
    await page.goto(`${server.base}/ppcDiag`);
    await page.waitForURL((u) => u.searchParams.get('shopId') !== null);
    assert.equal(new URL(page.url()).searchParams.get('shopId'), String(otherShopId));
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
