/**
 * Desktop updates as a release manager uses them: stage the demo's draft 2.6.1 to 10 % on
 * /user-platform/desktopAppUpdate, then the update call answers a device inside the rollout's
 * buckets with 2.6.1 and one outside with nothing, and the screen's "check as a device" agrees.
 */
import { bucketOf } from '@bo/contract/desktopapps/rollout';
import assert from 'node:assert/strict';
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

const devices = Array.from({ length: 200 }, (_, i) => `e2e-device-${i}`);
const inside = devices.find((d) => bucketOf('lumio-desktop', '2.6.1', d) < 1000) as string;
const outside = devices.find((d) => bucketOf('lumio-desktop', '2.6.1', d) >= 1000) as string;

async function updateFor(device: string) {
  const q = new URLSearchParams({ product: 'lumio-desktop', platform: 'windows', version: '2.5.0', device });
  const res = await fetch(`${server.base}/api/app/v1/desktop/update?${q}`);
  assert.equal(res.status, 200);
  return ((await res.json()) as { data: { update: { version: string } | null } }).data.update;
}

it('stage a desktop update to 10 %', async () => {
  const { page } = b;
  const token = await server.login('admin', ADMIN_PASSWORD);
  await b.context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  const list = await fetch(`${server.base}/api/desktopapps/rest/v1/releases?state=draft`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const draft = ((await list.json()) as { data: { list: { id: number; version: string }[] } }).data.list.find(
    (r) => r.version === '2.6.1',
  );
  assert.ok(draft, 'the demo seed has the draft 2.6.1');
  assert.equal(await updateFor(inside), null);

  await page.goto(`${server.base}/user-platform/desktopAppUpdate?state=draft`);
  await page.getByTestId(`desktop-release-state-${draft.id}`).waitFor();
  await page.getByTestId(`desktop-release-${draft.id}-rollout`).click();
  await page
    .locator('input[data-testid="desktop-rollout-percentage"], [data-testid="desktop-rollout-percentage"] input')
    .fill('10');
  await page.getByTestId('desktop-rollout-save').click();
  await page.getByText('Release 2.6.1: 10 %').waitFor();

  assert.equal((await updateFor(inside))?.version, '2.6.1');
  assert.equal(await updateFor(outside), null);

  // The screen's device check answers as the call does.
  await page.getByTestId('desktop-check-version').fill('2.5.0');
  await page.getByTestId('desktop-check-device').fill(inside);
  await page.getByTestId('desktop-check-run').click();
  await page.getByTestId('desktop-check-offer').filter({ hasText: 'Offers 2.6.1' }).waitFor();
  await page.getByTestId('desktop-check-device').fill(outside);
  await page.getByTestId('desktop-check-run').click();
  await page.getByTestId('desktop-check-none').waitFor();
});
