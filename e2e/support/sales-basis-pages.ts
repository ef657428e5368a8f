/** Page object of /salesBasisInfo, on data-testid (and antd's own classes inside its pickers). */
import type { Page } from 'playwright-core';

/** Picks an option of a searchable antd Select by typing (long lists render only what is in view). */
async function typeAndChoose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

export class SalesBasisScreen {
  constructor(private readonly page: Page) {}
  async waitForIt(): Promise<void> {
    await this.page.getByTestId('page-sales-basis').waitFor();
  }
  async openTab(tab: 'rates' | 'teams' | 'markets'): Promise<void> {
    await this.page.getByTestId(`basis-tab-${tab}`).click();
  }
  async chooseCurrency(currency: string): Promise<void> {
    await this.page.getByTestId(`currency-${currency}`).click();
  }
  rateRow(day: string) {
    return this.page.getByTestId('rate-history').locator('tr', { has: this.page.getByTestId(`rate-edit-${day}`) });
  }
  async deleteRate(day: string): Promise<void> {
    await this.page.getByTestId(`rate-delete-${day}`).click();
    await this.page.getByTestId('rate-delete-confirm').click();
  }
  async addRate(day: string, rate: string): Promise<void> {
    await this.page.getByTestId('rate-add').click();
    const modal = this.page.locator('.ant-modal:visible');
    await modal.locator('.ant-picker input').fill(day);
    await modal.locator('.ant-picker input').press('Enter');
    await modal.locator('.ant-input-number input').fill(rate);
    await this.page.getByTestId('rate-save').click();
  }
  teamRow(name: string) {
    return this.page.getByTestId('teams-table').locator('tr.ant-table-row', { hasText: name });
  }
  async createTeam(name: string, director: string, line: string): Promise<void> {
    await this.page.getByTestId('team-create').click();
    await this.page.getByTestId('team-name').fill(name);
    await typeAndChoose(this.page, 'team-director', director);
    await typeAndChoose(this.page, 'team-lines', line);
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('team-save').click();
  }
  async deleteTeam(id: number): Promise<void> {
    await this.page.getByTestId(`team-delete-${id}`).click();
    await this.page.getByTestId('team-delete-confirm').click();
  }
}
