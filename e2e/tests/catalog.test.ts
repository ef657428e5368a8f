/**
 * The product-information screens as an administrator uses them: create a product with a
 * SKU, find it in the list, open its details, add its model info, link the SKU to an
 * ASIN in a shop, and delete with confirmation (refused while the product is linked).
 * Every step is checked against what the server stored.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { confirm, ProductList, pickOption } from '../support/catalog-pages';
import { LoginPage } from '../support/pages';
import { ADMIN_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

let server: RunningServer;
let b: TestBrowser;
let token: string;
let productId: number;

type Page<T> = { list: T[]; total: number };
interface Product {
  id: number;
  model: string;
  lifecycle: number;
  categoryCode: string;
  productLineName: string;
  skuCount: number;
  listingCount: number;
}
interface Detail extends Product {
  skus: { id: number; sku: string; variant: string; listings: { asin: string; shopName: string; marketId: number }[] }[];
}

const MODEL = 'E2E-100';
const SKU = 'E2E-100-W';
const ASIN = 'B0E2E00001';

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  token = await server.login('admin', ADMIN_PASSWORD);
});
after(async () => {
  await b?.close();
  await server?.stop();
});

const api = async <T>(path: string) => {
  const r = await server.api('GET', `product/rest/v1/${path}`, { token });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data as T;
};

describe('product information', () => {
  it('creates a product with a SKU and opens its details', async () => {
    const { page } = b;
    await page.goto(`${server.base}/productMgr`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('admin', ADMIN_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/productMgr/list');
    const list = new ProductList(page);
    await list.waitForIt();
    await list.create({
      model: MODEL,
      name: '测试灯带',
      nameEn: 'E2E light strip',
      line: 'Light strips',
      category: '6111',
      sku: SKU,
      variant: 'white, 5 m',
    });
    await page.waitForURL((u) => u.pathname === '/productMgr/details');
    productId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByTestId('product-title').filter({ hasText: MODEL }).waitFor();

    const stored = await api<Detail>(`products/${productId}`);
    assert.equal(stored.model, MODEL);
    assert.equal(stored.lifecycle, 0);
    assert.equal(stored.categoryCode, '6111');
    assert.equal(stored.productLineName, '灯带');
    assert.deepEqual(
      stored.skus.map((s) => [s.sku, s.variant]),
      [[SKU, 'white, 5 m']],
    );
    await page.getByTestId('sku-table').getByText(SKU).waitFor();
    await page.getByTestId('product-sales-empty').waitFor();
  });

  it('finds it in the list by SKU and deep-links back to its details', async () => {
    const { page } = b;
    await page.getByTestId('product-back').click();
    const list = new ProductList(page);
    await list.waitForIt();
    // Positions are named in the UI language only (they were "利润款 Profit maker" for everyone).
    await page.getByTestId('products-position').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.filter({ hasText: 'Profit maker' }).waitFor();
    const positionTexts = await options.allInnerTexts();
    assert.ok(positionTexts.includes('Traffic driver'), positionTexts.join(' | '));
    assert.ok(!positionTexts.some((text) => /[\u3400-\u9fff]/.test(text)), positionTexts.join(' | '));
    await page.keyboard.press('Escape');
    await list.search('e2e-100-w');
    await list.row(MODEL).waitFor();
    // The English UI names the product line in English (stored in both languages).
    const tableRow = page.getByTestId('products-table').locator('tr', { has: list.row(MODEL) });
    await tableRow.getByText('Light strips', { exact: true }).waitFor();
    assert.ok(!(await tableRow.innerText()).includes('灯带'));
    const found = await api<Page<Product>>('products?keyword=e2e-100-w');
    assert.deepEqual(
      found.list.map((p) => [p.model, p.skuCount, p.listingCount]),
      [[MODEL, 1, 0]],
    );
    // The search survives a reload: it lives in the query string.
    await page.reload();
    await list.row(MODEL).waitFor();
    await list.row(MODEL).click();
    await page.waitForURL((u) => u.pathname === '/productMgr/details' && u.searchParams.get('id') === String(productId));
  });

  it('adds the model info of the product', async () => {
    const { page } = b;
    await page.goto(`${server.base}/modelInfo?keyword=${MODEL}&has=without`);
    await page.getByTestId(`mi-fill-${MODEL}`).click();
    const form = page.getByTestId('model-info-form');
    // antd puts the test id of an InputNumber on its <input> itself.
    const fill = async (id: string, value: string) => {
      const el = form.getByTestId(id);
      const input = (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input').first();
      await input.fill(value);
    };
    await fill('mi-lengthMm', '5000');
    await fill('mi-widthMm', '10');
    await fill('mi-heightMm', '2');
    await fill('mi-packageLengthMm', '150');
    await fill('mi-packageWidthMm', '150');
    await fill('mi-packageHeightMm', '60');
    await fill('mi-netWeightG', '320');
    await fill('mi-grossWeightG', '410');
    await form.getByTestId('mi-hsCode').fill('94054090');
    await form.getByTestId('mi-countryOfOrigin').fill('cn');
    await form.getByTestId('mi-save').click();
    // The package is smaller than the strip: the form says so and nothing is stored.
    await form.getByText('the package is smaller than the product').waitFor();
    assert.equal((await api<Page<{ info: unknown }>>(`model-info?keyword=${MODEL}`)).list[0]?.info, null);
    await fill('mi-packageLengthMm', '5000');
    await pickOption(page, form.getByTestId('mi-certifications'), 'FCC');
    await form.getByTestId('mi-hsCode').click();
    await form.getByTestId('mi-save').click();
    // Filled in, the product leaves the "missing" view.
    await page.getByTestId(`mi-fill-${MODEL}`).waitFor({ state: 'detached' });
    const stored = (
      await api<
        Page<{
          info: { lengthMm: number; grossWeightG: number; hsCode: string; countryOfOrigin: string; certifications: string[] };
        }>
      >(`model-info?keyword=${MODEL}`)
    ).list[0]?.info;
    assert.deepEqual(
      stored && [stored.lengthMm, stored.grossWeightG, stored.hsCode, stored.countryOfOrigin, stored.certifications],
      [5000, 410, '94054090', 'CN', ['FCC']],
    );
  });

  it('links the SKU to an ASIN in a shop; the marketplace comes from the shop', async () => {
    const { page } = b;
    await page.goto(`${server.base}/productLinkMgr`);
    await page.getByTestId('link-create').click();
    const form = page.getByTestId('link-form');
    await pickOption(page, form.getByTestId('link-sku'), SKU);
    // The SKU search answers as you type; a late answer can take the click meant for the
    // shop's list, so the shop is picked again when its marketplace does not show.
    const market = form.getByText('DE · Germany, EUR');
    for (let attempt = 1; ; attempt++) {
      await pickOption(page, form.getByTestId('link-shop'), 'Lumio DE');
      const shown = await market.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (shown) break;
      if (attempt === 3) await market.waitFor();
    }
    await form.getByTestId('link-asin').fill('b0e2e0000');
    await form.getByTestId('link-save').click();
    await form
      .getByText('An ASIN is 10 letters or digits', { exact: false })
      .or(form.getByText('10 upper-case letters or digits'))
      .first()
      .waitFor();
    await form.getByTestId('link-asin').fill(ASIN.toLowerCase());
    await form.getByTestId('link-save').click();
    await page.getByTestId(`link-edit-${ASIN}`).first().waitFor();
    const detail = await api<Detail>(`products/${productId}`);
    assert.deepEqual(
      detail.skus[0]?.listings.map((l) => [l.asin, l.shopName, l.marketId]),
      [[ASIN, 'Lumio DE', 1]],
    );
  });

  it('shows lifecycle and link status at 1280 px, none under the Actions column', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${server.base}/productMgr/list`);
    await page.locator('[data-testid="products-table"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'products-table', ['Model', 'Lifecycle', 'Actions']);
    await page.goto(`${server.base}/productLinkMgr`);
    await page.locator('[data-testid="links-table"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'links-table', ['SKU', 'ASIN', 'Shop', 'Status', 'Actions']);
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('shows a demo product’s SKUs, listings and sales by marketplace at 1280 px', async () => {
    const { page } = b;
    const list = await api<Page<Product>>('products?pageSize=50');
    const product = list.list.find((p) => p.listingCount > 0 && p.model !== MODEL);
    assert.ok(product, 'the demo has a listed product');
    const detail = await api<Detail>(`products/${product.id}`);
    const sku = detail.skus.find((s) => s.listings.length > 0);
    assert.ok(sku);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${server.base}/productMgr/details?id=${product.id}`);
    await page.locator('[data-testid="sku-table"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'sku-table', ['SKU', 'Unit cost now', 'Actions']);
    await page
      .getByTestId('sku-table')
      .locator('tr.ant-table-row', { hasText: sku.sku })
      .locator('.ant-table-row-expand-icon')
      .click();
    await page.locator(`[data-testid="sku-listings-${sku.sku}"] tbody tr.ant-table-row`).first().waitFor();
    await assertColumnsFit(page, `sku-listings-${sku.sku}`, ['Shop', 'ASIN', 'Status', 'Price']);
    await page.locator('[data-testid="product-sales-markets"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'product-sales-markets', ['Marketplace', 'Revenue', 'Profit']);
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('deletes with confirmation: refused while linked, then the link and the product go', async () => {
    const { page } = b;
    await page.goto(`${server.base}/productMgr/list?keyword=${MODEL}`);
    await page.getByTestId(`product-delete-${MODEL}`).click();
    await confirm(page, 'product-delete-confirm');
    // The popconfirm's note also says "cannot be deleted"; it stays in the DOM, hidden, once closed.
    await page
      .getByText(/cannot be deleted: its SKUs still have links/)
      .first()
      .waitFor();
    assert.equal((await server.api('GET', `product/rest/v1/products/${productId}`, { token })).status, 200);

    await page.goto(`${server.base}/productLinkMgr?keyword=${ASIN}`);
    await page.getByTestId(`link-delete-${ASIN}`).click();
    await confirm(page, 'link-delete-confirm');
    await page.getByText('No links').or(page.getByText('Nothing matches these filters')).first().waitFor();
    assert.equal((await api<Page<unknown>>(`links?keyword=${ASIN}`)).total, 0);

    await page.goto(`${server.base}/productMgr/details?id=${productId}`);
    await page.getByTestId('product-details-delete').click();
    await confirm(page, 'product-details-delete-confirm');
    await page.waitForURL((u) => u.pathname === '/productMgr/list');
    assert.equal((await server.api('GET', `product/rest/v1/products/${productId}`, { token })).status, 404);
    assert.equal((await api<Page<unknown>>(`model-info?keyword=${MODEL}`)).total, 0);
    assert.deepEqual(b.errors, []);
  });
});
