/**
 * Issue 3's browser journeys: an administrator makes a role with two pages and one
 * button, gives it to a new user, and that user sees exactly those pages and the button
 * only where granted; a registered seller is approved (or rejected) on /user/child; an
 * external shop account sees only its own shop.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, type TestBrowser } from '../support/browser';
import { AppShell, LoginPage } from '../support/pages';
import { ADMIN_PASSWORD, DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

let server: RunningServer;
let b: TestBrowser;

before(async () => {
  server = await startServer();
  b = await openBrowser();
});
after(async () => {
  await b?.close();
  await server?.stop();
});

async function signIn(page: Page, loginName: string, password: string) {
  await page.goto(`${server.base}/login`);
  await new LoginPage(page).signIn(loginName, password);
  await page.getByTestId('side-menu').waitFor();
}

async function signOut(page: Page) {
  // /404 stands outside the layout: sign out from a page that has the header.
  if (!(await page.getByTestId('logout').isVisible())) await page.goto(`${server.base}/user/info`);
  await new AppShell(page).signOut();
  await page.waitForURL((u) => u.pathname === '/login');
}

/** Checks the tree node whose permission pattern is exactly `pattern`. */
async function checkPattern(page: Page, pattern: string) {
  const tree = page.getByTestId('role-tree');
  await tree.getByTestId('role-tree-search').fill(pattern);
  const node = tree.locator('.ant-tree-treenode').filter({ has: page.getByText(pattern, { exact: true }) });
  await node.locator('.ant-tree-checkbox').click();
  await node.locator('.ant-tree-checkbox-checked').waitFor();
  await tree.getByTestId('role-tree-search').fill('');
}

/** Picks an option of an antd multiple Select by typing it, as a keyboard user would. */
async function pick(page: Page, select: Locator, text: string) {
  await select.click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
  await select.locator('input').fill(text);
  await option.first().waitFor();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await select.getByText(text).first().waitFor();
}

async function menuPaths(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('side-menu')
    .locator('[data-testid^="menu-item-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('menu-item-', '')).sort();
}

describe('roles and users', () => {
  it('gives a new user exactly the pages and the button of the role made for them', async () => {
    const { page } = b;
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${server.base}/role/perms`);
    await page.getByTestId('roles-table').waitFor();
    await page.getByTestId('role-create').click();
    await page.getByTestId('role-name').fill('e2e reviewer');
    await checkPattern(page, 'user:child:create'); // checks its page user:child too
    await checkPattern(page, 'system:audit');
    await page.getByTestId('role-save').click();
    await page.getByTestId('role-drawer').waitFor({ state: 'hidden' });
    await page.getByTestId('roles-table').getByText('e2e reviewer').waitFor();
    // What the server stored is what the screen showed.
    const adminToken = await server.login('admin');
    const roles = await server.api('GET', 'user/rest/v1/roles?keyword=e2e', { token: adminToken });
    const role = (roles.body.data as { list: { id: number }[] }).list[0];
    assert.ok(role, 'the role was created');
    const perms = await server.api('GET', `user/rest/v1/roles/permissions/${role.id}`, { token: adminToken });
    assert.deepEqual((perms.body.data as { authPattern: string }[]).map((p) => p.authPattern).sort(), [
      'system:audit',
      'user:child',
      'user:child:create',
    ]);

    await page.goto(`${server.base}/user/child`);
    await page.getByTestId('users-table').waitFor();
    await page.getByTestId('user-create').click();
    const form = page.getByTestId('user-form');
    await form.getByTestId('user-login-name').fill('e2e.reviewer');
    await form.getByTestId('user-display-name').fill('E2E Reviewer');
    await form.getByTestId('user-password').fill('Reviewer-pass-1');
    await form.getByTestId('user-password-confirm').fill('Reviewer-pass-1');
    await pick(page, form.getByTestId('user-roles'), 'e2e reviewer');
    await form.getByTestId('user-save').click();
    await page.getByTestId('users-table').getByText('e2e.reviewer').waitFor();
    const users = await server.api('GET', 'user/rest/v1/users/child?keyword=e2e.reviewer', { token: adminToken });
    const created = (users.body.data as { list: { roles: { name: string }[] }[] }).list[0];
    assert.deepEqual(
      created?.roles.map((r) => r.name),
      ['e2e reviewer'],
      'the user holds the role',
    );

    // A user group holding the new user.
    await page.goto(`${server.base}/user/child?tab=groups`);
    await page.getByTestId('group-create').click();
    await page.getByTestId('group-name').fill('e2e team');
    await pick(page, page.getByTestId('group-members'), 'e2e.reviewer');
    await page.getByTestId('group-save').click();
    const groups = page.getByTestId('groups-table');
    await groups.getByText('e2e team').waitFor();
    await groups.getByText('E2E Reviewer').waitFor();
    await signOut(page);

    await signIn(page, 'e2e.reviewer', 'Reviewer-pass-1');
    assert.deepEqual(await menuPaths(page), ['/system/audit', '/user/child', '/user/info']);
    await page.goto(`${server.base}/user/child`);
    await page.getByTestId('users-table').waitFor();
    assert.equal(await page.getByTestId('user-create').count(), 1, 'the granted create button shows');
    assert.equal(await page.locator('[data-testid^="user-edit-"]').count(), 0, 'edit was not granted');
    await page.goto(`${server.base}/role/perms`);
    await page.getByTestId('page-404').waitFor();
    await signOut(page);
  });
});

describe('users and roles tables at 1280 px', () => {
  it('shows state and shops, none under the Actions column, and role names on one line', async () => {
    const { page } = b;
    await signIn(page, 'admin', ADMIN_PASSWORD);
    // The English texts (the longer ones) for this check only; the suite's other tests keep the default language.
    await page.evaluate(() => window.localStorage.setItem('lang', 'en-US'));
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${server.base}/user/child`);
    await page.locator('[data-testid="users-table"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'users-table', ['Login name', 'State', 'Shops', 'Actions']);
    await page.goto(`${server.base}/role/perms`);
    const names = page.locator('[data-testid="roles-table"] tbody tr.ant-table-row td:first-child strong');
    await names.first().waitFor();
    await assertColumnsFit(page, 'roles-table', ['Role', 'Users', 'Permissions', 'Actions']);
    // A role's holders fit their drawer.
    await page.locator('[data-testid^="role-users-"]').first().click();
    await page.locator('[data-testid="role-holders"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'role-holders', ['Login name', 'Name']);
    await page.keyboard.press('Escape');
    // A role's history (the kit's drawer): each entry's field, before and after fit beside the timeline.
    await page
      .locator('[data-testid="roles-table"] tr', { hasText: 'e2e reviewer' })
      .locator('[data-testid^="role-edit-"]')
      .click();
    await page.getByTestId('role-history').click();
    await page.locator('[data-testid="history-changes"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'history-changes', ['Field', 'Before', 'After']);
    await page.getByTestId('history-drawer').locator('.ant-drawer-close').click();
    await page.getByTestId('role-drawer').locator('.ant-drawer-close').click();
    await page.getByTestId('role-drawer').waitFor({ state: 'hidden' });
    // A role's name keeps to one line ("administrator" broke inside the word).
    const lines = await names.evaluateAll((els) =>
      els.map((el) => ({
        text: el.textContent ?? '',
        lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      })),
    );
    assert.deepEqual(
      lines.filter((l) => l.lines > 1),
      [],
      'role names on one line',
    );
    // The user groups (the e2e team made above) and a seller's shops, with their switches.
    await page.goto(`${server.base}/user/child?tab=groups`);
    await page.locator('[data-testid="groups-table"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'groups-table', ['Name', 'Members', 'Actions']);
    await page.goto(`${server.base}/shop/auth`);
    // The sellers open expanded: the first one's shops.
    const shops = page.locator('[data-testid^="seller-shops-"]').first();
    await shops.locator('tbody tr.ant-table-row').first().waitFor();
    const shopsId = await shops.getAttribute('data-testid');
    assert.ok(shopsId);
    await assertColumnsFit(page, shopsId, ['Shop', 'Marketplace', 'Shop authorised', 'Advertising', 'SP-API']);
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.evaluate(() => window.localStorage.removeItem('lang'));
    await signOut(page);
  });
});

describe('registrations', () => {
  it('a seller registers, the administrator approves with a role, the seller signs in', async () => {
    const { page } = b;
    await page.goto(`${server.base}/register`);
    await page.getByTestId('register-login-name').fill('e2e.seller');
    await page.getByTestId('register-user-name').fill('E2E Seller');
    await page.getByTestId('register-email').fill('e2e.seller@example.com');
    await page.getByTestId('register-company').fill('E2E Seller Ltd');
    await page.getByTestId('register-password').fill('Seller-pass-1');
    await page.getByTestId('register-confirm').fill('Seller-pass-1');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-done').waitFor();

    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${server.base}/user/child?tab=registrations`);
    const table = page.getByTestId('registrations-table');
    await table.getByText('E2E Seller Ltd').waitFor();
    await page.getByTestId('registration-approve-e2e.seller').click();
    await pick(page, page.getByTestId('registration-roles'), 'external shop account');
    await page.getByTestId('registration-approve-ok').click();
    await table.getByText('E2E Seller Ltd').waitFor({ state: 'detached' });
    await signOut(page);

    await page.goto(`${server.base}/login`);
    await new LoginPage(page).signIn('e2e.seller', 'Seller-pass-1');
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(`${server.base}/user/info`);
    await page.getByTestId('side-menu').waitFor();
    assert.equal(await new AppShell(page).userName(), 'E2E Seller');
    await signOut(page);
  });

  it('the administrator rejects one after confirming', async () => {
    const reg = await server.api('POST', 'user/rest/v1/users/register', {
      body: { loginName: 'e2e.spam', userName: 'Spam', email: 'spam@example.com', company: 'Spam Ltd', password: 'Spam-pass-12' },
    });
    assert.equal(reg.status, 200);
    const { page } = b;
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${server.base}/user/child?tab=registrations`);
    const table = page.getByTestId('registrations-table');
    await table.getByText('Spam Ltd').waitFor();
    await page.getByTestId('registration-reject-e2e.spam').click();
    await page.getByTestId('registration-reject-ok').click();
    await table.getByText('Spam Ltd').waitFor({ state: 'detached' });
    await signOut(page);
    const login = await server.api('POST', 'user/rest/v2/login', { body: { loginName: 'e2e.spam', password: 'Spam-pass-12' } });
    assert.equal(login.status, 403);
  });
});

describe('external shop accounts', () => {
  it('see only their own shop', async () => {
    const { page } = b;
    await signIn(page, 'shop.a', DEMO_PASSWORD);
    await page.goto(`${server.base}/shop/auth`);
    const table = page.getByTestId('shops-table');
    await table.waitFor();
    await table.getByText('A2SHOPASELLER').waitFor();
    const text = await table.innerText();
    assert.ok(!text.includes('A3SHOPBSELLER'), 'shop B is not listed');
    assert.ok(!text.includes('A1LUMIOSELLER'), 'the company shops are not listed');
    const token = await new AppShell(page).token();
    const r = await server.api('GET', 'sales/rest/v1/shops/user', { token: token ?? '' });
    assert.deepEqual(
      (r.body.data as { name: string }[]).map((s) => s.name),
      ['Brightway Home US'],
    );
    await page.goto(`${server.base}/user/child`);
    await page.getByTestId('page-404').waitFor();
    await signOut(page);
  });

  it('keeps the browser free of uncaught errors', () => {
    assert.deepEqual(b.errors, []);
  });
});
