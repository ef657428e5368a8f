/**
 * Issue 19, item 8: every screen in a demo role's menu opens without a single refused
 * call. Each demo user signs in (in a browser of their own, so nothing of the previous
 * user's session remains), lands where the app sends them, then opens every screen of
 * their menu at 1280 px; any API answer 401/403 on the way is a defect: a menu entry the
 * user cannot use, or a screen that asks for what its user may not see.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { openBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';

let server: RunningServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

interface MenuNode {
  url: string | null;
  subMenuList: MenuNode[];
}

async function menuUrls(loginName: string): Promise<string[]> {
  const token = await server.login(loginName, DEMO_PASSWORD);
  const r = await server.api('GET', 'user/rest/robot/v1/menu/getUserMenu/byCurrentUser', { token });
  assert.equal(r.status, 200);
  const urls: string[] = [];
  const walk = (n: MenuNode) => {
    if (n.url) urls.push(n.url);
    for (const c of n.subMenuList) walk(c);
  };
  for (const n of (r.body.data as { menuVOS: MenuNode[] }).menuVOS) walk(n);
  return urls;
}

/** Resolves once no request has been in flight for `quietMs` (a screen's calls have all answered). */
function tracker(page: Page) {
  let inFlight = 0;
  let last = Date.now();
  page.on('request', () => {
    inFlight++;
    last = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async (quietMs = 300) => {
    const start = Date.now();
    last = Math.max(last, start);
    while (inFlight > 0 || Date.now() - last < quietMs) {
      if (Date.now() - start > 30_000) throw new Error(`still ${inFlight} requests in flight after 30 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

/** A client-side navigation, as a click on a menu link does (no reload of the app). */
async function openInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: window.history.length }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
}

const USERS = ['sales.manager', 'sales.analyst', 'ppc.specialist', 'cs.agent', 'cs.lead', 'planner', 'pm', 'shop.a'];

describe('every menu screen of every demo role opens without a refused call', { concurrency: 2 }, () => {
  for (const loginName of USERS) {
    it(loginName, async () => {
      const urls = await menuUrls(loginName);
      const b = await openBrowser();
      try {
        const { page } = b;
        await page.setViewportSize({ width: 1280, height: 800 });
        let at = '/login';
        const refused: string[] = [];
        const onResponse = (res: Response) => {
          const u = new URL(res.url());
          if (!u.pathname.startsWith('/api/')) return;
          if (res.status() === 401 || res.status() === 403)
            refused.push(`${at}: ${res.status()} ${res.request().method()} ${u.pathname}`);
        };
        page.on('response', onResponse);
        const settled = tracker(page);
        await page.goto(`${server.base}/login`);
        await new LoginPage(page).signIn(loginName, DEMO_PASSWORD);
        await page.waitForURL((u) => u.pathname !== '/login');
        await settled();
        for (const url of urls) {
          at = url;
          await openInApp(page, url);
          await settled();
          assert.notEqual(new URL(page.url()).pathname, '/404', `${loginName}: ${url} is in the menu but opens /404`);
          assert.equal(await page.getByTestId('app-error').count(), 0, `${loginName}: ${url} shows the error page`);
        }
        assert.deepEqual(refused, [], `${loginName} met refused calls`);
        assert.deepEqual(b.errors, []);
      } finally {
        await b.close();
      }
    });
  }
});
