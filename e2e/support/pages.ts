/** Page objects on data-testid: the tests say what a user does, not how the DOM is built. */
import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page) {}
  async signIn(loginName: string, password: string): Promise<void> {
    await this.page.getByTestId('login-name').fill(loginName);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }
  async waitForIt(): Promise<void> {
    await this.page.getByTestId('login-submit').waitFor();
  }
}

export class AppShell {
  constructor(private readonly page: Page) {}
  menu() {
    return this.page.getByTestId('side-menu');
  }
  async userName(): Promise<string> {
    return (await this.page.getByTestId('user-name').innerText()).trim();
  }
  async signOut(): Promise<void> {
    await this.page.getByTestId('logout').click();
  }
  async token(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem('token'));
  }
}

export const pathAndQuery = (page: Page) => {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
};
