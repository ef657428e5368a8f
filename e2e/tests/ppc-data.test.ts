/**
 * The PPC data gaps as a PPC specialist meets them: an ad report imported from /ppcMgr
 * (the ad kinds of the import facility, here a Sponsored Brands keyword report), SB
 * placements listed while SD says they do not apply, and a harvest rule written and
 * previewed on /ppcRules. Each step checked against the server. Needs the demo seed.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { DEMO_PASSWORD, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let b: TestBrowser;
let token: string;
let shopId: number;
const CAMPAIGN = `E2E SB ${Date.now()}`;

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
  token = await server.login('ppc.specialist');
  const shops = (await server.api('GET', 'ppc/rest/v3/manager/shops/names', { token })).body.data as {
    shopId: number;
    name: string;
  }[];
  shopId = (shops.find((s) => s.name === 'Lumio US') ?? shops[0])?.shopId ?? 0;
  assert.ok(shopId);
});
after(async () => {
  await b?.close();
  await server?.stop();
});

describe('PPC data', () => {
  it('imports a Sponsored Brands keyword report from /ppcMgr: preview, commit, the keywords are there', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppcMgr/sb/campaigns?shopId=${shopId}`);
    await page.waitForURL((u) => u.pathname === '/login');
    await new LoginPage(page).signIn('ppc.specialist', DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/ppcMgr/sb/campaigns');
    await page.getByTestId('ppc-import-open').click();
    await page.getByTestId('ppc-import-kind').waitFor();
    const modal = page.locator('.ant-modal');
    await page.getByTestId('ppc-import-kind').click();
    await page.locator('.ant-select-item-option', { hasText: 'Sponsored Brands keyword report' }).click();
    await page.getByTestId('ppc-import-shop').click();
    await page.keyboard.type('Lumio US');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Lumio US' }).first().click();
    const fixture = readFileSync(
      new URL('../../apps/server/test/fixtures/imports/ppc/sb-keyword-console-14d.csv', import.meta.url),
      'utf8',
    ).replaceAll('Fixture SB KW', CAMPAIGN);
    await modal
      .locator('input[type=file]')
      .setInputFiles({ name: 'sb-keywords.csv', mimeType: 'text/csv', buffer: Buffer.from(fixture) });
    await page.getByTestId('ppc-import-upload').click();
    await page.getByTestId('ppc-import-preview').waitFor();
    // The counts line shows while the file is still being read (0 new …): wait for the records.
    await page.getByTestId('ppc-import-counts').filter({ hasText: '3 new' }).waitFor();
    await page.getByTestId('ppc-import-rows').locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('ppc-import-commit').click();
    await page.locator('.ant-popconfirm-buttons button.ant-btn-primary').click();
    await page.getByTestId('ppc-import-result').waitFor();
    const kws = await server.api(
      'GET',
      `ppc/rest/v1/manager/sb/keywords?shopId=${shopId}&keyword=${encodeURIComponent('desk lamp')}&startDate=2026-03-01&endDate=2026-03-31&pageSize=100`,
      { token },
    );
    const list = (kws.body.data as { list: { campaignName: string; keywordText: string; matchType: string }[] }).list;
    assert.ok(
      list.some((k) => k.campaignName === CAMPAIGN && k.keywordText === 'desk lamp' && k.matchType === 'exact'),
      JSON.stringify(list.slice(0, 5)),
    );
  });

  it('lists SB placements with their range and says SD has none', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppcMgr/sb/placements?shopId=${shopId}`);
    await page.getByTestId('ppc-placements-range').waitFor();
    assert.match(await page.getByTestId('ppc-placements-range').innerText(), /-99% to 99%/);
    await page.getByTestId('ppc-mgr-table').locator('tbody tr.ant-table-row').first().waitFor();
    await page.goto(`${server.base}/ppcMgr/sd/placements?shopId=${shopId}`);
    await page.getByTestId('ppc-placements-not-applicable').waitFor();
    assert.match(await page.getByTestId('ppc-placements-not-applicable').innerText(), /not applicable to Sponsored Display/);
  });

  it('writes a search-term harvest rule and previews it', async () => {
    const { page } = b;
    await page.goto(`${server.base}/ppcRules/keywordRules`);
    await page.getByTestId('page-rules-keyword').waitFor();
    await page.getByTestId('rule-create').click();
    await page.getByTestId('rule-name').fill('e2e harvest winners');
    await page.locator('label.ant-radio-button-wrapper', { hasText: 'Search terms' }).dispatchEvent('click');
    await page.getByTestId('rule-shops').click();
    await page.keyboard.type('Lumio US');
    await page.locator('.ant-select-item-option', { hasText: 'Lumio US' }).first().click();
    await page.keyboard.press('Escape');
    // Search terms with a click over 14 days.
    await page.getByTestId('rule-value-0-0').fill('1');
    await page.getByTestId('rule-action').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Harvest as keyword' }).click();
    await page.getByTestId('rule-harvest-adgroup').click();
    // Ad group options read "campaign › ad group".
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '›' }).first().click();
    await page.getByTestId('rule-harvest-bidmode').getByText('CPC × factor').click();
    await page.getByTestId('rule-action-value').fill('1.1');
    await page.getByTestId('rule-preview').click();
    const preview = page.getByTestId('rule-preview-result');
    await preview.waitFor();
    await preview.locator('tbody tr.ant-table-row').first().waitFor();
    const text = await preview.innerText();
    assert.match(text, /Create/);
    await page.getByTestId('rule-save').click();
    await page.locator('[data-testid="rules-table"] tr', { hasText: 'e2e harvest winners' }).waitFor();
    const list = await server.api('GET', 'ppc/rest/v1/rules?name=e2e%20harvest', { token });
    const rule = (list.body.data as { list: { level: string; action: { type: string; bidMode: string } }[] }).list[0];
    assert.equal(rule?.level, 'search_term');
    assert.deepEqual([rule?.action.type, rule?.action.bidMode], ['harvest', 'cpc_factor']);
  });
});
