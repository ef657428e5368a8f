/**
 * Dayparting as a PPC specialist uses it: write a schedule for one campaign of Lumio US,
 * paint the week on the heat map, save it, run the current hour now, find the run and its
 * changes in the history, and delete it (the base values come back). Needs the demo seed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

let server: RunningServer;
let b: TestBrowser;
let token: string;

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  token = await server.login('ppc.specialist');
});
after(async () => {
  await b?.close();
  await server?.stop();
});

interface Run {
  id: number;
  pct: number;
  changed: number;
  entities: number;
}

describe('CPC scheduling', () => {
  it('paints a schedule, saves it, runs the hour and shows its history', async () => {
    const { page } = b;
    await page.goto(`${server.base}/cpc-scheduling`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('ppc.specialist', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/cpc-scheduling');
    await page.getByTestId('page-cpc-scheduling').waitFor();

    await page.getByTestId('schedule-create').click();
    await page.getByTestId('schedule-name').fill('e2e dayparting');
    await page.getByTestId('schedule-shop').click();
    await page.keyboard.type('Lumio US');
    await page.locator('.ant-select-item-option', { hasText: 'Lumio US' }).first().click();
    // One SP campaign of the shop, picked by its option's title (the shop's dropdown may still be closing).
    const shops = await server.api('GET', 'ppc/rest/v3/manager/shops/names', { token });
    const shopId = (shops.body.data as { shopId: number; name: string }[]).find((s) => s.name === 'Lumio US')?.shopId;
    const camps = await server.api('GET', `ppc/rest/v1/schedules/campaigns?shopId=${shopId}`, { token });
    const campaign = (camps.body.data as { name: string; campaignType: string }[]).find((c) => c.campaignType === 'sp');
    assert.ok(campaign);
    await page.getByTestId('schedule-campaigns').click();
    await page.keyboard.type(campaign.name);
    await page.locator(`.ant-select-item-option[title="SP · ${campaign.name}"]`).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('schedule-budgets').click();

    // Paint the whole week at 50 % by dragging from Monday 00:00 to Sunday 23:00.
    await page.getByTestId('schedule-paint').fill('50');
    await page.getByTestId('grid-cell-0-0').hover();
    await page.mouse.down();
    await page.getByTestId('grid-cell-6-23').hover();
    await page.mouse.up();
    assert.equal(await page.getByTestId('grid-cell-3-12').getAttribute('data-pct'), '50');
    // A click paints one cell; copying Monday to Tuesday–Friday copies it; dragging again paints over it.
    await page.getByTestId('schedule-paint').fill('150');
    await page.getByTestId('grid-cell-0-5').click();
    assert.equal(await page.getByTestId('grid-cell-0-5').getAttribute('data-pct'), '150');
    await page.getByTestId('schedule-copy').click();
    assert.equal(await page.getByTestId('grid-cell-3-5').getAttribute('data-pct'), '150');
    assert.equal(await page.getByTestId('grid-cell-5-5').getAttribute('data-pct'), '50');
    await page.getByTestId('schedule-paint').fill('50');
    await page.getByTestId('grid-cell-0-0').hover();
    await page.mouse.down();
    await page.getByTestId('grid-cell-6-23').hover();
    await page.mouse.up();

    await page.getByTestId('schedule-preview').click();
    await page.getByTestId('schedule-preview-result').locator('tbody tr.ant-table-row').first().waitFor();

    await page.getByTestId('schedule-save').click();
    const row = page.locator('[data-testid="schedules-table"] tr', { hasText: 'e2e dayparting' });
    await row.waitFor();
    const list = await server.api('GET', 'ppc/rest/v1/schedules?name=e2e', { token });
    const schedule = (list.body.data as { list: { id: number; state: string; grid: number[][] }[] }).list[0];
    assert.equal(schedule?.state, 'enabled');
    assert.ok(schedule?.grid.every((d) => d.every((p) => p === 50)));
    // At 1280 px the schedule, its multiplier now, its state, its last run and the actions show, none under another (issue #19 item 7).
    await assertColumnsFit(page, 'schedules-table', ['Name', 'Multiplier now', 'State', 'Last run', 'Actions']);
    await page.setViewportSize({ width: 1366, height: 860 });

    await page.getByTestId(`schedule-run-${schedule?.id}`).click();
    await page.getByTestId('schedule-run-confirm').click();
    await row.locator('text=Manual').waitFor();
    const runs = await server.api('GET', `ppc/rest/v1/schedules/${schedule?.id}/runs`, { token });
    const run = (runs.body.data as { list: Run[] }).list[0];
    assert.equal(run?.pct, 50);
    assert.ok((run?.changed ?? 0) > 0, JSON.stringify(run));

    await page.getByTestId(`schedule-history-${schedule?.id}`).click();
    await page.getByTestId('schedule-runs').locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('schedule-history').getByRole('tab', { name: 'Changes' }).click();
    const changes = page.getByTestId('schedule-changes').locator('tbody tr.ant-table-row');
    await changes.first().waitFor();
    assert.equal(await changes.count(), Math.min(20, run?.changed ?? 0));
    await page.getByTestId('schedule-history').locator('.ant-drawer-close').click();

    await page.getByTestId(`schedule-delete-${schedule?.id}`).click();
    await page.getByTestId('schedule-delete-confirm').click();
    await row.waitFor({ state: 'detached' });
    const gone = await server.api('GET', `ppc/rest/v1/schedules/${schedule?.id}`, { token });
    assert.equal(gone.status, 404);
  });
});
