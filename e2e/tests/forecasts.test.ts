/**
 * An estimate from the planner to the reviewer (issue #22): the planner estimates a listing's next weeks
 * on /forecast/index, which puts it in review; the administrator, who may approve, sees the header's
 * count go up by one, finds the estimate in the review queue (/forecast/newAudit), approves it, and the
 * count goes down again.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { ADMIN_PASSWORD, DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let planner: TestBrowser;
let admin: TestBrowser;

// biome-ignore lint/suspicious/noExplicitAny: replies read as loose JSON
async function api(token: string, path: string): Promise<any> {
  const res = await fetch(`${server.base}/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, path);
  return (await res.json()).data;
}

before(async () => {
  server = await startServer();
  planner = await openBrowser();
  admin = await openBrowser();
  for (const b of [planner, admin]) await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
});
after(async () => {
  await planner?.close();
  await admin?.close();
  await server?.stop();
});

it('the planner estimates, the reviewer sees the count rise, approves in the queue, and sees it fall', async () => {
  const plannerToken = await server.login('planner', DEMO_PASSWORD);
  const adminToken = await server.login('admin', ADMIN_PASSWORD);
  await planner.context.addInitScript((t) => window.localStorage.setItem('token', t), plannerToken);
  await admin.context.addInitScript((t) => window.localStorage.setItem('token', t), adminToken);

  // The reviewer's count before: the header's badge reads what the server counts.
  const before = (await api(adminToken, 'sales/rest/v2/forecast-reviews/to-review-count')).count as number;
  await admin.page.goto(`${server.base}/forecast/newAudit`);
  await admin.page.getByTestId('page-forecast-queue').waitFor();
  await admin.page
    .getByTestId('queue-left')
    .filter({ hasText: String(before) })
    .waitFor();

  // A listing with a forecast and no estimate under way: the planner estimates four weeks.
  const list = await api(plannerToken, 'ms-ai-sales/rest/v2/forecasts?pageSize=50');
  const pending = await api(adminToken, 'sales/rest/v2/forecasts/listPendingReview?status=PENDING&pageSize=100');
  const busy = new Set((pending.list as { listingId: number }[]).map((e) => e.listingId));
  const row = (list.list as { listingId: number; sku: string }[]).find((r) => !busy.has(r.listingId));
  assert.ok(row, 'a listing without an estimate in review');
  const { page } = planner;
  await page.goto(`${server.base}/forecast/index?keyword=${encodeURIComponent(row.sku)}`);
  await page.getByTestId(`forecast-estimate-${row.listingId}`).click();
  const form = page.getByTestId('estimate-form');
  await form.waitFor();
  const periods = form.getByTestId('estimate-periods').locator('input');
  for (const units of ['120', '130', '140', '150']) {
    await periods.fill(units);
    await periods.press('Enter');
  }
  await form.getByTestId('estimate-reason').fill('Prime Big Deal Days lead-in (e2e)');
  await page.getByTestId('estimate-save').click();
  await form.waitFor({ state: 'hidden' });

  // The server counts one more for the reviewer, and the queue's count (the badge's query) follows.
  const after = (await api(adminToken, 'sales/rest/v2/forecast-reviews/to-review-count')).count as number;
  assert.equal(after, before + 1);
  await admin.page.reload();
  await admin.page
    .getByTestId('queue-left')
    .filter({ hasText: String(after) })
    .waitFor();
  assert.equal(await admin.page.getByTestId('forecast-review-badge').locator('sup').innerText(), String(after));

  // The queue is oldest first: skip to the planner's estimate, then approve it.
  const mine = await api(adminToken, 'sales/rest/v2/forecasts/listPendingReview?queue=mine&pageSize=100');
  const estimate = (mine.list as { id: number; listingId: number }[]).find((e) => e.listingId === row.listingId);
  assert.ok(estimate, 'the new estimate waits for the administrator');
  for (let i = 0; i < after && !(await admin.page.getByTestId(`queue-estimate-${estimate.id}`).isVisible()); i++) {
    await admin.page.getByTestId('queue-skip').click();
  }
  await admin.page.getByTestId(`queue-estimate-${estimate.id}`).waitFor();
  await admin.page.getByTestId('queue-approve').click();
  await admin.page
    .getByTestId('queue-left')
    .filter({ hasText: String(before) })
    .waitFor();
  const last = (await api(adminToken, 'sales/rest/v2/forecast-reviews/to-review-count')).count as number;
  assert.equal(last, before);
  // The header's badge shows the same count (none when nothing waits).
  const badge = admin.page.getByTestId('forecast-review-badge').locator('sup');
  if (before > 0) await badge.filter({ hasText: String(before) }).waitFor();
  else await badge.waitFor({ state: 'detached' });
});
