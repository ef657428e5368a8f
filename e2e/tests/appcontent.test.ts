/**
 * App content (issue #24): admin writes a home banner for Japan and app versions 3.5 up to 4
 * (an image that fits the slot, uploaded from the drawer), publishes it from its row, sees it
 * in the preview as a Japanese app on 3.6, and the app read API serves it to that app and not
 * to an American app or an older Japanese one. Then admin makes an app key on /user-platform/appKeys
 * (shown once), the read API takes it, and refuses it once it is disabled from its row. And a
 * declared kind beyond banners end to end: admin writes a FAQ entry for German Android apps on
 * /user-platform/faqSetting, publishes it, and the read API answers it to those apps only, in
 * their language. Last, a light effect: admin writes a flowing effect in the music library,
 * sees its swatch follow the colours in the drawer and in its row, publishes it, and the read
 * API answers it in that library.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import zlib from 'node:zlib';
import { openBrowser, type TestBrowser } from '../support/browser';
import { LoginPage } from '../support/pages';
import { ADMIN_PASSWORD, type RunningServer, startServer } from '../support/server';
import { assertColumnsFit } from '../support/table-fit';

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

/** A PNG of one colour, width × height (a banner image of the home slot's 2:1). */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Items = { kind: string; items: { id: number; alt: string }[] };

it('publishes a banner for Japan and app 3.5–4: the app read API serves it to that app only', async () => {
  const { page } = b;
  await page.goto(`${server.base}/login`);
  await new LoginPage(page).signIn('admin', ADMIN_PASSWORD);
  await page.getByTestId('side-menu').waitFor();
  await page.goto(`${server.base}/user-platform/bannerManege`);
  await page.getByTestId('banners-table').getByText('Holiday sale · US').waitFor();
  await assertColumnsFit(page, 'banners-table', ['Image', 'Name', 'State', 'Window', 'Actions']);

  // An image of the slot's 2:1 (the refusals are the server tests'), taken with its thumbnail.
  await page.getByTestId('banner-create').click();
  await page.getByTestId('banner-name').fill('E2E · Japan 3.5+');
  await page
    .getByTestId('banner-image-file')
    .setInputFiles({ name: 'japan.png', mimeType: 'image/png', buffer: solidPng(1000, 500, [30, 90, 200]) });
  await page.getByTestId('banner-image-thumb').waitFor();
  await page.getByTestId('banner-alt-en').fill('Spring lights in Japan');
  await page.getByTestId('banner-countries').locator('input').fill('JP');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByTestId('banner-version-range').fill('>=3.5.0 <4');
  await page.getByTestId('banner-save').click();
  await page.getByText('Banner “E2E · Japan 3.5+” saved').waitFor();

  const token = await server.login('admin', ADMIN_PASSWORD);
  const mine = (await server.api('GET', 'appcontent/rest/v1/banners/home?keyword=E2E', { token })).body.data as {
    list: { id: number; state: string; targeting: { countries: string[]; versionRange: string } }[];
  };
  const banner = mine.list[0];
  assert.ok(banner, 'the banner is listed');
  assert.deepEqual(banner.targeting.countries, ['JP']);
  assert.equal(banner.state, 'draft');

  await page.getByTestId(`banner-${banner.id}-publish`).click();
  await page.getByTestId(`banner-${banner.id}-publish-confirm`).click();
  await page.getByTestId(`banner-state-${banner.id}`).filter({ hasText: 'Published' }).waitFor();

  // The preview, as a Japanese app on 3.6, shows it.
  await page.getByTestId('banner-preview-open').click();
  await page.getByTestId('preview-country').fill('JP');
  await page.getByTestId('preview-version').fill('3.6.0');
  await page.getByTestId('preview-run').click();
  await page.getByTestId(`preview-item-${banner.id}`).waitFor();

  const read = async (query: string) => {
    const res = await fetch(`${server.base}/api/app/v1/content/banner?slot=home&${query}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('etag') ?? '', /^"/);
    return ((await res.json()) as { data: Items }).data.items.map((i) => i.id);
  };
  assert.ok((await read('country=JP&version=3.6.0&lang=ja')).includes(banner.id), 'a Japanese app on 3.6 gets it');
  assert.ok(!(await read('country=US&version=3.6.0')).includes(banner.id), 'an American app does not');
  assert.ok(!(await read('country=JP&version=3.4.9')).includes(banner.id), 'a Japanese app on 3.4 does not');
});

it('makes an app key, shown once: the read API takes it, and refuses it once it is disabled', async () => {
  const { page } = b;
  await page.goto(`${server.base}/user-platform/appKeys`);
  await page.getByTestId('app-keys-table').getByText('Demo app').waitFor();
  await page.getByTestId('app-key-create').click();
  await page.getByTestId('app-key-name').fill('E2E Android');
  await page.getByTestId('app-key-save').click();
  const shown = page.getByTestId('app-key-value');
  await shown.waitFor();
  const key = (await shown.innerText()).trim();
  assert.match(key, /^lk_[A-Za-z0-9_-]{32}$/);
  await page.getByTestId('app-key-shown-close').click();

  const read = (k: string) => fetch(`${server.base}/api/app/v1/content/banner?slot=home`, { headers: { 'x-app-key': k } });
  assert.equal((await read(key)).status, 200, 'the new key is taken');

  const token = await server.login('admin', ADMIN_PASSWORD);
  const listed = (await server.api('GET', 'appcontent/rest/v1/app-keys?keyword=E2E', { token })).body.data as {
    list: { id: number; keyHint: string }[];
  };
  const row = listed.list[0];
  assert.ok(row, 'the key is listed');
  assert.ok(!JSON.stringify(listed).includes(key), 'the list never holds the key itself');
  await page.getByTestId(`app-key-${row.id}-disable`).click();
  await page.getByTestId(`app-key-${row.id}-disable-confirm`).click();
  await page.getByTestId(`app-key-state-${row.id}`).filter({ hasText: 'Disabled' }).waitFor();
  assert.equal((await read(key)).status, 401, 'a disabled key is refused');
});

it('writes and publishes a FAQ entry: the read API answers it to the apps its targeting takes, in their language', async () => {
  const { page } = b;
  await page.goto(`${server.base}/user-platform/faqSetting`);
  await page.getByTestId('faqs-table').getByText('Pairing').waitFor();
  await assertColumnsFit(page, 'faqs-table', ['Name', 'Question', 'State', 'Window', 'Actions']);

  await page.getByTestId('faq-create').click();
  await page.getByTestId('faq-name').fill('E2E · DE Android');
  await page.getByTestId('faq-question-zh').fill('怎么重置灯？');
  await page.getByTestId('faq-question-en').fill('How do I reset the light?');
  await page.getByTestId('faq-answer-zh').fill('长按开关 10 秒。');
  await page.getByTestId('faq-answer-en').fill('Hold the switch for 10 seconds.');
  await page.getByTestId('faq-countries').locator('input').fill('DE');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByTestId('faq-save').click();
  await page.getByText('Question “E2E · DE Android” saved').waitFor();

  const token = await server.login('admin', ADMIN_PASSWORD);
  const mine = (await server.api('GET', 'appcontent/rest/v1/faq/main?keyword=E2E', { token })).body.data as {
    list: { id: number; state: string; category: string }[];
  };
  const entry = mine.list[0];
  assert.ok(entry, 'the entry is listed');
  assert.equal(entry.state, 'draft');

  await page.getByTestId(`faq-${entry.id}-publish`).click();
  await page.getByTestId(`faq-${entry.id}-publish-confirm`).click();
  await page.getByTestId(`faq-state-${entry.id}`).filter({ hasText: 'Published' }).waitFor();

  const read = async (query: string) => {
    const res = await fetch(`${server.base}/api/app/v1/content/faq?slot=main&${query}`);
    assert.equal(res.status, 200);
    return ((await res.json()) as { data: { items: { id: number; question: string }[] } }).data.items;
  };
  const de = await read('country=DE&lang=de');
  assert.equal(de.find((i) => i.id === entry.id)?.question, 'How do I reset the light?', 'a German app gets it in English');
  const zh = await read('country=DE&lang=zh-CN');
  assert.equal(zh.find((i) => i.id === entry.id)?.question, '怎么重置灯？', 'a Chinese-language app gets it in Chinese');
  assert.ok(!(await read('country=US&lang=en')).some((i) => i.id === entry.id), 'an American app does not');
});

it('writes a flowing light effect, sees its swatch, publishes it: the read API answers it in its library', async () => {
  const { page } = b;
  await page.goto(`${server.base}/user-platform/lightEffectLibraries?library=music`);
  await page.getByTestId('light-effects-table').getByText('Party beat').first().waitFor();
  await page.getByTestId('light-effect-create').click();
  await page.getByTestId('light-effect-name').fill('E2E flow');
  await page.getByTestId('light-effect-title-en').fill('E2E waves');
  await page.getByTestId('light-effect-mode').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Flow' }).click();
  await page.getByTestId('light-effect-colors-1').fill('#0000FF');
  await page.getByTestId('light-effect-speed').fill('70');
  const swatch = page.getByTestId('light-effect-drawer-swatch');
  assert.equal(await swatch.getAttribute('data-mode'), 'flow');
  assert.match((await swatch.getAttribute('aria-label')) ?? '', /#FF8800 #0000FF/);
  await page.getByTestId('light-effect-save').click();
  await page.getByText('Effect “E2E flow” saved').waitFor();

  const token = await server.login('admin', ADMIN_PASSWORD);
  const list = (await server.api('GET', 'appcontent/rest/v1/light-effects/music?keyword=E2E', { token })).body.data as {
    list: { id: number; speed: number }[];
  };
  const effect = list.list[0];
  assert.ok(effect, 'the effect is listed');
  assert.equal(effect.speed, 70);
  await page.getByTestId(`light-effect-swatch-${effect.id}`).waitFor();
  await page.getByTestId(`light-effect-${effect.id}-publish`).click();
  await page.getByTestId(`light-effect-${effect.id}-publish-confirm`).click();
  await page.getByTestId(`light-effect-state-${effect.id}`).filter({ hasText: 'Published' }).waitFor();

  const read = async (slot: string) => {
    const res = await fetch(`${server.base}/api/app/v1/content/lightEffect?slot=${slot}&lang=en`);
    return ((await res.json()) as { data: { items: { id: number; title: string; colors: string[] }[] } }).data.items;
  };
  const item = (await read('music')).find((i) => i.id === effect.id);
  assert.equal(item?.title, 'E2E waves');
  assert.deepEqual(item?.colors, ['#FF8800', '#0000FF']);
  assert.ok(!(await read('scene')).some((i) => i.id === effect.id), 'not in another library');
});
