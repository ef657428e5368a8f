/** Page objects of the product-information screens (products, model info, product links). */
import type { Locator, Page } from 'playwright-core';

/**
 * Opens the select, types, clicks the matching entry, and checks that the select now shows
 * it; tries again when it does not (under load a late answer of an earlier search can
 * replace the list as the click lands, and the form is then saved without the value).
 */
async function pickChecked(page: Page, select: Locator, text: string, entry: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await select.locator('input').fill(text);
    // Click the matching entry: Enter would take the first one, which may be a stale search's.
    await page.locator(`.ant-select-dropdown:visible ${entry}`, { hasText: text }).first().click();
    const shown = await select
      .filter({ hasText: text })
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    if (attempt === 3) throw new Error(`the select did not take "${text}" after ${attempt} tries`);
    await page.keyboard.press('Escape');
  }
}

/** Picks an option of an antd Select by typing it, as a keyboard user would. */
export async function pickOption(page: Page, select: Locator, text: string): Promise<void> {
  await pickChecked(page, select, text, '.ant-select-item-option');
}

/** Picks a node of an antd TreeSelect by its title. */
export async function pickTreeNode(page: Page, select: Locator, title: string): Promise<void> {
  await pickChecked(page, select, title, '.ant-select-tree-node-content-wrapper');
}

/** Confirms the open Popconfirm (its OK button carries the test id). */
export async function confirm(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).filter({ visible: true }).click();
}

export class ProductList {
  constructor(private readonly page: Page) {}
  async waitForIt() {
    await this.page.getByTestId('products-table').waitFor();
  }
  async search(keyword: string) {
    await this.page.getByTestId('products-search').locator('input').fill(keyword);
    await this.page.getByTestId('products-search').locator('input').press('Enter');
    await this.page.waitForURL((u) => u.searchParams.get('keyword') === keyword);
  }
  row(model: string) {
    return this.page.getByTestId(`product-link-${model}`);
  }
  async create(p: { model: string; name: string; nameEn: string; line: string; category: string; sku: string; variant: string }) {
    const { page } = this;
    await page.getByTestId('product-create').click();
    const form = page.getByTestId('product-form');
    await form.getByTestId('product-model').fill(p.model);
    await form.getByTestId('product-name').fill(p.name);
    await form.getByTestId('product-name-en').fill(p.nameEn);
    await pickTreeNode(page, form.getByTestId('product-line'), p.line);
    await pickOption(page, form.getByTestId('product-category'), p.category);
    await form.getByTestId('product-add-sku').click();
    await form.getByTestId('product-sku-0').fill(p.sku);
    await form.getByTestId('product-variant-0').fill(p.variant);
    await form.getByTestId('product-save').click();
  }
}
