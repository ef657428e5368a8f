/**
 * Covers (/user-platform/coverMgr): each slot holds its image to its own rule at upload (nothing
 * stored on refusal) and at save (a banner's image is not a cover's; nothing written on refusal,
 * with field codes); a published cover is what the read API answers for its slot, in the app's
 * language, and the preview answers the same items and ETag.
 */
import { COVER_SLOT_DEFS } from '@bo/contract/appcontent/covers';
import { describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../../test/harness';
import { multipart } from '../../../../test/multipart';
import { bannerImage } from '../appcontent.seed';
import { coverPng } from './cover-image';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true });
const API = '/api/appcontent/rest/v1/covers';
const covers = () => rowCount(t, 'app_content', `kind = 'cover'`);
const files = () => rowCount(t, 'files');

const upload = (slot: string, name: string, bytes: Buffer) => {
  const { payload, headers } = multipart({}, { name, bytes });
  return t.app.inject({
    method: 'POST',
    url: `${API}/${slot}/image`,
    payload,
    headers: { ...headers, authorization: `Bearer ${t.admin}` },
  });
};
const stored = async (slot: 'home' | 'splash') => {
  const res = await upload(slot, `${slot}.png`, await coverPng(slot, slot, '#112233', '#445566'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; width: number; height: number };
};

describe('cover images', () => {
  it('takes an image of the slot’s shape, with its dimensions', async () => {
    expect(await stored('home')).toMatchObject({ width: 1200, height: 800 });
    expect(await stored('splash')).toMatchObject({ width: 1080, height: 2340 });
  });

  it('refuses an image of another slot’s shape, storing nothing', async () => {
    const before = await files();
    const splashOnHome = await upload('home', 'tall.png', await coverPng('splash', 'x', '#000000', '#ffffff'));
    expect(splashOnHome.statusCode).toBe(400);
    expect(fieldCodesOf(splashOnHome)).toEqual(['file:appContent.imageSize']);
    expect(splashOnHome.json().data.fields[0].params).toMatchObject({ w: 3, h: 2, min: 750, max: 2160 });
    const bannerOnSplash = await upload('splash', 'wide.png', await bannerImage('home', 'x', '#000000', '#ffffff'));
    expect(fieldCodesOf(bannerOnSplash)).toEqual(['file:appContent.imageSize']);
    expect(await files()).toBe(before);
  });
});

describe('cover records', () => {
  it('refuses a bad body or an image that does not fit the slot with field codes, writing nothing', async () => {
    const home = await stored('home');
    const splash = await stored('splash');
    const before = await covers();
    const cases: [string, Record<string, unknown>, string][] = [
      ['home', { name: 'x', imageFileId: home.id }, 'altZh:appContent.altRequired'],
      ['home', { name: 'x', imageFileId: home.id, altEn: 'A', link: 'javascript:alert(1)' }, 'link:appContent.link'],
      ['home', { imageFileId: home.id, altEn: 'A' }, 'name:required'],
      ['home', { name: 'x', imageFileId: splash.id, altEn: 'A' }, 'imageFileId:appContent.imageSize'],
      ['splash', { name: 'x', imageFileId: 999999, altEn: 'A' }, 'imageFileId:appContent.imageMissing'],
    ];
    for (const [slot, body, code] of cases) {
      const res = await t.call('POST', `${API}/${slot}`, { token: t.admin, body });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    expect(await covers()).toBe(before);
  });

  it('publishes a cover that the read API answers for its slot in the app’s language; the preview answers the same', async () => {
    const splash = await stored('splash');
    const made = await t.call('POST', `${API}/splash`, {
      token: t.admin,
      body: { name: 'test splash', imageFileId: splash.id, altZh: '测试', altEn: 'Test', countries: ['DE'], priority: 900 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const rec = made.json().data;
    expect(rec).toMatchObject({ slot: 'splash', state: 'draft', width: 1080, height: 2340 });
    const pub = await t.call('POST', `${API}/splash/${rec.id}/actions`, {
      token: t.admin,
      body: { action: 'publish', version: rec.version },
    });
    expect(pub.statusCode, pub.body).toBe(200);

    const read = (q: string) => t.app.inject({ method: 'GET', url: `/api/app/v1/content/cover?${q}` });
    const items = async (q: string) => (await read(q)).json().data.items as Record<string, unknown>[];
    const mine = (list: Record<string, unknown>[]) => list.find((i) => i.id === rec.id);
    expect(mine(await items('slot=splash&country=DE&lang=zh-CN'))).toMatchObject({
      alt: '测试',
      image: { url: `/api/app/v1/media/${splash.id}`, width: 1080, height: 2340 },
    });
    expect(mine(await items('slot=splash&country=DE&lang=en'))?.alt).toBe('Test');
    expect(mine(await items('slot=home&country=DE&lang=en'))).toBeUndefined();
    expect(mine(await items('slot=splash&country=FR&lang=en'))).toBeUndefined();
    // The live cover's image is served to apps.
    expect((await t.app.inject({ method: 'GET', url: `/api/app/v1/media/${splash.id}` })).statusCode).toBe(200);

    const preview = await t.call('POST', `${API}/splash/preview`, { token: t.admin, body: { country: 'DE', lang: 'en' } });
    const answer = await read('slot=splash&country=DE&lang=en');
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.etag).toBe(answer.headers.etag);
    expect(preview.json().data.items).toEqual(answer.json().data.items);
  });

  it('lists the seeded covers of each slot and holds both slots to the one screen’s permission', async () => {
    expect(COVER_SLOT_DEFS.home.permission).toBe(COVER_SLOT_DEFS.splash.permission);
    for (const slot of ['home', 'splash']) {
      const list = await t.call('GET', `${API}/${slot}`, { token: t.admin });
      expect(list.statusCode).toBe(200);
      const rows = list.json().data.list as { slot: string }[];
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.every((r) => r.slot === slot)).toBe(true);
    }
  });
});
