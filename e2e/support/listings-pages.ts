/** Page objects of the listings screens (/skuAnalysis, /listings/index, /listingFilter), on data-testid. */
import type { Locator, Page } from 'playwright-core';
import { chooseOption } from './sales-pages';

export class SkuAnalysisScreen {
  constructor(private readonly page: Page) {}
  async waitForIt(): Promise<void> {
    await this.page.getByTestId('page-sku-analysis').waitFor();
  }
  picker(): Locator {
    return this.page.getByTestId('page-sku-analysis').locator('input[placeholder]').first();
  }
  /** Types into the SKU search and picks the first suggestion once they match the text; answers the SKU the URL took. */
  async pickFirstSuggestion(text: string): Promise<string> {
    await this.picker().click();
    await this.picker().fill(text);
    const option = this.page.locator('.ant-select-dropdown:visible [data-testid="sku-suggestion"]').first();
    // The list first shows the previous answer; wait for the one for this text.
    await this.page.waitForFunction(
      (typed) =>
        document
          .querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [data-testid="sku-suggestion"]')
          ?.textContent?.toUpperCase()
          .includes(typed.toUpperCase()) ?? false,
      text,
    );
    await option.click();
    await this.page.waitForURL((u) => Boolean(u.searchParams.get('sku')));
    return new URL(this.page.url()).searchParams.get('sku') ?? '';
  }
  kpi(key: 'units' | 'revenue' | 'profit' | 'margin' | 'refundRate' | 'adShare'): Locator {
    return this.page.getByTestId(`sku-kpi-${key}-value`);
  }
  heading(): Locator {
    return this.page.getByTestId('sku-head-sku');
  }
  listingAsins(): Locator {
    return this.page.getByTestId('sku-listing-asin');
  }
  trendCanvas(): Locator {
    return this.page.getByTestId('sku-trend-chart').locator('canvas');
  }
  async choosePeriod(label: string): Promise<void> {
    await chooseOption(this.page, this.page.getByTestId('sales-period-preset'), label);
  }
  async chooseGranularity(g: 'day' | 'week' | 'month'): Promise<void> {
    await this.page.getByTestId(`sku-granularity-${g}`).click();
  }
}

export class MonitorScreen {
  constructor(private readonly page: Page) {}
  async waitForIt(): Promise<void> {
    await this.page.getByTestId('page-listing-monitor').waitFor();
  }
  rows(): Locator {
    return this.page.getByTestId('monitor-table').locator('tbody tr.ant-table-row');
  }
  rowsWithAsin(asin: string): Locator {
    return this.rows().filter({ has: this.page.getByTestId('monitor-row-asin').filter({ hasText: asin }) });
  }
  async addAsins(asins: string[]): Promise<void> {
    await this.page.getByTestId('monitor-add').click();
    await this.page.getByTestId('watch-add-asins').fill(asins.join('\n'));
    await this.page.getByTestId('watch-add-submit').click();
    await this.page.getByTestId('watch-add-modal').waitFor({ state: 'hidden' });
  }
  async removeRow(row: Locator): Promise<void> {
    await row.getByTestId('monitor-row-remove').click();
    await this.page.getByTestId('monitor-remove-confirm').click();
  }
}

export class ListingFilterScreen {
  constructor(private readonly page: Page) {}
  async waitForIt(): Promise<void> {
    await this.page.getByTestId('page-listing-filter').waitFor();
  }
  rows(): Locator {
    return this.page.getByTestId('filter-table').locator('tbody tr.ant-table-row');
  }
  async setRevenueMin(value: string): Promise<void> {
    // antd puts the test id on the input itself, or on its wrapper in other versions.
    await this.page
      .locator('input[data-testid="filter-revenue-min"], [data-testid="filter-revenue-min"] input')
      .first()
      .fill(value);
    await this.page.getByTestId('filter-apply').click();
  }
  async total(): Promise<number> {
    const text = await this.page.getByTestId('filter-total').innerText();
    return Number((/([\d,]+)/.exec(text)?.[1] ?? '').replace(/,/g, ''));
  }
  async saveAs(name: string): Promise<void> {
    await this.page.getByTestId('filter-save').click();
    await this.page.getByTestId('filter-save-name').fill(name);
    await this.page.getByTestId('filter-save-submit').click();
    await this.page.getByTestId('filter-save-modal').waitFor({ state: 'hidden' });
  }
  async openSaved(name: string): Promise<void> {
    await this.page.getByTestId('saved-filters-menu').click();
    await this.page.getByTestId('saved-filter-open').filter({ hasText: name }).click();
  }
  exportButton(): Locator {
    return this.page.getByTestId('filter-export');
  }
  reset(): Locator {
    return this.page.getByTestId('sales-filter-reset');
  }
}
