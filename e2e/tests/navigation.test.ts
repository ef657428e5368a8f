/**
 * Issue 2's browser journeys: deep links survive sign-in, unknown paths show /404,
 * a user without the dashboard lands on /user/info, sign-out revokes the token.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { AppShell, LoginPage, pathAndQuery } from '../support/pages';
import { ADMIN_PASSWORD, DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';

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

describe('navigation', () => {
  it('shows the login page in the browser language when no language was chosen', async () => {
    const { page } = b;
    // The browser is en-US and nothing is stored under `lang`: English, not the zh-CN default.
    await page.goto(`${server.base}/login`);
    await page.getByTestId('login-submit').waitFor();
    assert.equal(await page.evaluate(() => window.localStorage.getItem('lang')), null);
    assert.match(await page.getByTestId('login-submit').innerText(), /Sign in/);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');
  });

  it('sends a deep link with a query to sign-in and lands on it afterwards', async () => {
    const { page } = b;
    await page.goto(`${server.base}/user/info?tab=password&x=1`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('admin', ADMIN_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/user/info');
    assert.equal(pathAndQuery(page), '/user/info?tab=password&x=1');
    await page.getByTestId('page-user-info').waitFor();
    assert.match(await new AppShell(page).userName(), /Administrator/);
  });

  it('shows /404 for an unknown path', async () => {
    const { page } = b;
    await page.goto(`${server.base}/no/such/screen`);
    await page.getByTestId('page-404').waitFor();
    assert.equal(new URL(page.url()).pathname, '/404');
  });

  it('shows /404 for a catalogue route that has no screen yet', async () => {
    const { page } = b;
    await page.goto(`${server.base}/pmc`);
    await page.getByTestId('page-404').waitFor();
  });

  it('signs out, and the old token is refused by the server', async () => {
    const { page } = b;
    await page.goto(`${server.base}/user/info`);
    await page.getByTestId('page-user-info').waitFor();
    const shell = new AppShell(page);
    const token = await shell.token();
    assert.ok(token);
    await shell.signOut();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(await shell.token(), null);
    const r = await server.api('GET', 'user/rest/v1/login', { token });
    assert.equal(r.status, 401);
  });

  it('takes a user without the dashboard to /user/info after sign-in', async () => {
    const { page } = b;
    await page.goto(`${server.base}/login`);
    await new LoginPage(page).signIn('pm', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/user/info');
    await page.getByTestId('page-user-info').waitFor();
    await new AppShell(page).signOut();
    await page.waitForURL((u) => u.pathname === '/login');
  });

  it('falls back from a shop in the link the user cannot see, naming no raw id', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppcMgr/sp/campaigns?shopId=999999`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('ppc.specialist', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/ppcMgr/sp/campaigns' && u.searchParams.get('shopId') !== '999999');
    const select = page.getByTestId('ppc-mgr-shop');
    await select.waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="ppc-mgr-shop"]')?.textContent ?? '').trim() !== '');
    assert.ok(!(await select.innerText()).includes('999999'), 'the select shows a shop name, not the id');
    await new AppShell(page).signOut();
    await page.waitForURL((u) => u.pathname === '/login');
  });

  it('keeps the browser free of uncaught errors', () => {
    assert.deepEqual(b.errors, []);
  });
});
