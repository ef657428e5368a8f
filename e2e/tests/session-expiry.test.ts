/**
 * An expired session goes back to sign-in and returns to where the user was. The server
 * runs with a 3-second idle limit so that the session really expires.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage, pathAndQuery } from '../support/pages';
import { ADMIN_PASSWORD, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let b: TestBrowser;

before(async () => {
  server = await startServer({ SESSION_IDLE_SECONDS: '3' });
  b = await openBrowser();
});
after(async () => {
  await b?.close();
  await server?.stop();
});

it('returns to sign-in when the token expires, then back to the same page and query', async () => {
  const { page } = b;
  await page.goto(`${server.base}/login`);
  await new LoginPage(page).signIn('admin', ADMIN_PASSWORD);
  // Signed in: the home page (the dashboard) opens.
  await page.waitForURL((u) => u.pathname === '/dashboard/index');
  await page.goto(`${server.base}/user/info?tab=profile`);
  await page.getByTestId('page-user-info').waitFor();
  await new Promise((r) => setTimeout(r, 4500));
  // Any call now answers 401: reloading the screen makes calls.
  await page.reload();
  await page.waitForURL((u) => u.pathname === '/login');
  await new LoginPage(page).signIn('admin', ADMIN_PASSWORD);
  await page.waitForURL((u) => u.pathname === '/user/info');
  assert.equal(pathAndQuery(page), '/user/info?tab=profile');
});
