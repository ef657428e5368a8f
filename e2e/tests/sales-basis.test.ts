/**
 * /salesBasisInfo as a sales manager uses it: replace a rate (delete with confirmation,
 * add it anew) and find it in the history and on the server; create a team owning the
 * EOL line and find its director in the director breakdown of /salesProfit; delete the
 * team with confirmation. Needs the demo seed (SEED=demo).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { SalesBasisScreen } from '../support/sales-basis-pages';
import { SalesProfitScreen } from '../support/sales-pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

let server: RunningServer;
let b: TestBrowser;
let token: string;

const utcDay = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + offset * 86_400_000)
    .toISOString()
    .slice(0, 10);
};
const YESTERDAY = utcDay(-1);
const TEAM = 'E2E Clearance';

type Entry = { effectiveFrom: string; rate: number; updatedBy: string | null };
type Team = { id: number; name: string; directorName: string | null; productLines: { nameEn: string }[] };

const sekEntries = async (): Promise<Entry[]> => {
  const r = await server.api('GET', `sales/rest/v1/exchange-rates/SEK?startDate=${YESTERDAY}&endDate=${YESTERDAY}`, { token });
  assert.equal(r.status, 200);
  return (r.body.data as { list: Entry[] }).list;
};
const teamsNamed = async (): Promise<Team[]> => {
  const r = await server.api('GET', `sales/rest/v1/sales/teams?keyword=${encodeURIComponent(TEAM)}`, { token });
  assert.equal(r.status, 200);
  return (r.body.data as { list: Team[] }).list;
};

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  token = await server.login('sales.manager', DEMO_PASSWORD);
});
after(async () => {
  await b?.close();
  await server?.stop();
});

describe('sales master data', () => {
  it('deletes a rate after confirmation and adds it anew: the history and the server show it', async () => {
    const { page } = b;
    await page.goto(`${server.base}/salesBasisInfo`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('sales.manager', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/salesBasisInfo');
    const screen = new SalesBasisScreen(page);
    await screen.waitForIt();
    await screen.chooseCurrency('SEK');
    await page.waitForURL((u) => u.searchParams.get('currency') === 'SEK');
    await page.getByTestId('rate-chart').locator('canvas').waitFor();

    assert.equal((await sekEntries()).length, 1, 'the demo has a SEK rate for yesterday');
    await screen.rateRow(YESTERDAY).waitFor();
    await screen.deleteRate(YESTERDAY);
    await screen.rateRow(YESTERDAY).waitFor({ state: 'detached' });
    assert.deepEqual(await sekEntries(), []);

    await screen.addRate(YESTERDAY, '0.0999');
    await page.locator('.ant-message', { hasText: 'Saved' }).waitFor();
    const row = screen.rateRow(YESTERDAY);
    await row.waitFor();
    assert.match(await row.innerText(), /0\.0999/);
    const [entry] = await sekEntries();
    assert.equal(entry?.rate, 0.0999);
    assert.equal(entry?.updatedBy, 'Sales Manager 销售经理');
    // The list of currencies follows (the current rate is today's entry, yesterday's is in the history).
    await page.getByTestId('currency-SEK-rate').waitFor();
  });

  it('creates a team owning a line: its director shows in the director breakdown of /salesProfit', async () => {
    const { page } = b;
    const screen = new SalesBasisScreen(page);
    await screen.openTab('teams');
    await page.waitForURL((u) => u.searchParams.get('tab') === 'teams');
    await screen.teamRow('Lighting A').waitFor();
    await screen.createTeam(TEAM, 'Planner', 'EOL');
    await screen.teamRow(TEAM).waitFor();
    const [team] = await teamsNamed();
    assert.equal(team?.directorName, 'Planner 计划员');
    assert.deepEqual(
      team?.productLines.map((l) => l.nameEn),
      ['EOL'],
    );

    await page.goto(`${server.base}/salesProfit?tab=sale_director&startDate=${utcDay(-365)}&endDate=${utcDay(-1)}`);
    const profit = new SalesProfitScreen(page);
    await profit.waitForIt();
    const planner = profit.rows().filter({ has: page.getByTestId('profit-row-director').filter({ hasText: 'Planner' }) });
    await planner.waitFor();
    assert.match(await planner.innerText(), new RegExp(TEAM));
  });

  it('deletes the team after confirmation: it is gone from the list and the server', async () => {
    const { page } = b;
    const [team] = await teamsNamed();
    assert.ok(team);
    await page.goto(`${server.base}/salesBasisInfo?tab=teams`);
    const screen = new SalesBasisScreen(page);
    await screen.teamRow(TEAM).waitFor();
    await screen.deleteTeam(team.id);
    await screen.teamRow(TEAM).waitFor({ state: 'detached' });
    assert.deepEqual(await teamsNamed(), []);
  });

  it('shows the currencies, rate history, teams and marketplaces at 1280 px without scrolling', async () => {
    const { page } = b;
    await page.goto(`${server.base}/salesBasisInfo?currency=SEK`);
    const screen = new SalesBasisScreen(page);
    await screen.waitForIt();
    await screen.rateRow(YESTERDAY).waitFor();
    await assertColumnsFit(page, 'currency-list', ['Currency', 'Current rate (USD)', 'vs. previous']);
    await assertColumnsFit(page, 'rate-history', ['Effective from', 'USD per unit', 'Actions']);
    await screen.openTab('teams');
    await screen.teamRow('Lighting A').waitFor();
    await assertColumnsFit(page, 'teams-table', ['Team name', 'Sales director', 'Product lines owned', 'Actions']);
    await screen.openTab('markets');
    await page.locator('[data-testid="markets-table"] tbody tr.ant-table-row').first().waitFor();
    await assertColumnsFit(page, 'markets-table', ['Marketplace', 'Currency', 'Shops']);
    await page.setViewportSize({ width: 1366, height: 860 });
  });

  it('keeps the browser free of uncaught errors', () => {
    assert.deepEqual(b.errors, []);
  });
});
