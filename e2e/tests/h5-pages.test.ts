/**
 * H5 pages as an operator builds one (issue #24): on /user-platform/h5Making, a new page with a
 * heading and a paragraph typed in the block editor shows in the phone preview as it is typed;
 * saved and published (with its confirmation), its public URL opens without a session and shows
 * what the preview showed, under its strict Content-Security-Policy.
 */
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

it('build an H5 page, publish it and open its public URL', async () => {
  const { page } = b;
  const token = await server.login('admin', ADMIN_PASSWORD);
  await b.context.addInitScript((t) => window.localStorage.setItem('token', t), token);

  await page.goto(`${server.base}/user-platform/h5Making`);
  await page.getByTestId('h5-create').click();
  await page.getByTestId('page-h5-edit').waitFor();
  await page.getByTestId('h5-slug').fill('e2e-spring');
  await page.getByTestId('h5-title-en').fill('Spring <lights>');

  await page.getByTestId('h5-add-block').click();
  await page.getByRole('menuitem', { name: 'Heading' }).click();
  await page.getByTestId('h5-block-0-textEn').fill('Bloom scenes');
  await page.getByTestId('h5-add-block').click();
  await page.getByRole('menuitem', { name: 'Paragraph' }).click();
  await page.getByTestId('h5-block-1-en').fill('Try the **Blossom** effect tonight.');

  // The phone preview follows the typing (the server's renderer, in English).
  await page.getByTestId('h5-preview-lang').getByText('English').click();
  const preview = page.frameLocator('[data-testid="h5-preview"]');
  await preview.locator('strong', { hasText: 'Blossom' }).waitFor();
  await preview.locator('h1', { hasText: 'Spring <lights>' }).waitFor();

  await page.getByTestId('h5-save').click();
  await page.getByText('Page e2e-spring saved').waitFor();
  await page.getByTestId('h5-edit-publish').click();
  await page.getByTestId('h5-edit-publish-confirm').click();
  await page.getByTestId('h5-edit-public').waitFor();

  // The public URL, without a session, as the app's webview opens it.
  const res = await fetch(`${server.base}/h5/e2e-spring?lang=en-US`);
  assert.equal(res.status, 200);
  assert.match(String(res.headers.get('content-security-policy')), /default-src 'none'/);
  const html = await res.text();
  assert.ok(html.includes('Spring &lt;lights&gt;'), 'the title is escaped');
  assert.ok(html.includes('<strong>Blossom</strong>'));

  await page.goto(`${server.base}/h5/e2e-spring?lang=en-US`);
  await page.locator('h2', { hasText: 'Bloom scenes' }).waitFor();
  assert.equal(await page.locator('h1').textContent(), 'Spring <lights>');
  assert.equal(await page.locator('strong').textContent(), 'Blossom');
});
