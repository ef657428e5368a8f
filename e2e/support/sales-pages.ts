/** Page objects of the sales screens (/dashboard/index, /salesProfit), on data-testid. */
import type { Locator, Page } from 'playwright-core';

/** Picks an option of an antd Select by its visible text. */
export async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

/** "US$ 1,234.50" or "1,234.50" → 1234.5 */
export const amountOf = (text: string): number => Number(text.replace(/[^\d.-]/g, ''));

export class SalesDashboard {
  constructor(private readonly page: Page) {}
  async waitForIt(): Promise<void> {
    await this.page.getByTestId('page-dashboard-index').waitFor();
  }
  kpi(key: 'revenue' | 'profit' | 'margin' | 'units' | 'orders' | 'adSpend') {
    return this.page.getByTestId(`kpi-${key}-value`);
  }
  async revenue(): Promise<string> {
    return (await this.kpi('revenue').innerText()).trim();
  }
  /** The trend chart (SVG, shared/charts/lite): its revenue bars and the tooltip its hover shows. */
  trendChart() {
    return this.page.getByTestId('dashboard-trend-chart');
  }
  trendBars() {
    return this.trendChart().locator('svg g[data-series] rect');
  }
  trendTooltip() {
    return this.page.getByTestId('dashboard-trend-chart-tooltip');
  }
  async choosePeriod(label: string): Promise<void> {
    await chooseOption(this.page, this.page.getByTestId('sales-period-preset'), label);
  }
  topSkuLinks() {
    return this.page.getByTestId('rank-top-sku');
  }
}

export class SalesProfitScreen {
  constructor(private readonly page: Page) {}
  async waitForIt(): Promise<void> {
    await this.page.getByTestId('page-sales-profit').waitFor();
  }
  table() {
    return this.page.getByTestId('profit-table');
  }
  /** The data rows (not the totals row) of the table. */
  rows() {
    return this.table().locator('tbody tr.ant-table-row');
  }
  async openTab(dimension: 'sku' | 'shop' | 'product_line' | 'sale_director'): Promise<void> {
    await this.page.getByTestId(`profit-tab-${dimension}`).click();
  }
  exportButton() {
    return this.page.getByTestId('profit-export');
  }
}
