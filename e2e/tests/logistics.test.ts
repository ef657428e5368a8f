/**
 * Logistics as a planner uses it: add a carrier on /carrierManage, give it a rate card to the
 * US, and find its cost on /logisticsCalc next to the demo carriers'.
 */
import { after, before, it } from 'node:test';
import { openBrowser, type TestBrowser } from '../support/browser';
import { ADMIN_PASSWORD, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let b: TestBrowser;

before(async () => {
  server = await startServer();
  b = await openBrowser();
  await b.context.addInitScript(() => window.localStorage.setItem('lang', 'en-US'));
});
after(async () => {
  await b?.close();
  await server?.stop();
});

it('creates a carrier and a rate card, then calculates and sees its cost', async () => {
  const { page } = b;
  const token = await server.login('admin', ADMIN_PASSWORD);
  await b.context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  await page.goto(`${server.base}/carrierManage`);
  await page.getByTestId('carriers-table').getByText('SEA-FBA').waitFor();

  // The carrier: sea only (the form's default mode).
  await page.getByTestId('carrier-create').click();
  await page.getByTestId('carrier-code').fill('e2e-sea');
  await page.getByTestId('carrier-name').fill('E2E Sea Lines');
  await page.getByTestId('carrier-save').click();
  await page.getByText('Carrier E2E-SEA saved').waitFor();

  // Its card to the US (the form's default marketplace): 1.00 a kg from 2026-01-01, 20 days.
  await page.getByTestId('tab-cards').click();
  await page.getByTestId('cards-table').waitFor();
  await page.getByTestId('card-create').click();
  await page.getByTestId('card-carrier').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'E2E-SEA' }).click();
  await page.getByTestId('card-mode').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Sea' }).click();
  await page.getByTestId('card-per-kg').fill('1');
  await page.getByTestId('card-days').fill('20');
  await page.getByTestId('card-from').click();
  await page.getByTestId('card-from').fill('2026-01-01');
  // Enter takes the typed day and submits the drawer's form, as the save button does.
  await page.keyboard.press('Enter');
  await page.getByText('Rate card saved').waitFor();
  await page.getByTestId('cards-table').getByText('E2E-SEA').waitFor();

  // 100 units of 20 x 15 x 5 cm at 0.4 kg to the US: 40 kg x 1.00 = 40.00, cheaper than the demo sea card's minimum of 60.
  await page.goto(
    `${server.base}/logisticsCalc?lengthCm=20&widthCm=15&heightCm=5&weightKg=0.4&units=100&marketId=0&on=2026-06-01`,
  );
  await page.getByTestId('page-logistics-calc').waitFor();
  const first = page.getByTestId('calc-quotes').locator('tbody tr.ant-table-row').first();
  await first.getByText('E2E-SEA').waitFor();
  await first.getByText('40.00').first().waitFor();
  await page.getByTestId('calc-fba-tier').filter({ hasText: 'Large standard' }).waitFor();
  await page.getByTestId('calc-chart').waitFor();
});
