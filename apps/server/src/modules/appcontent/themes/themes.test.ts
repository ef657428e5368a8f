/**
 * Activity themes (/user-platform/activityThemes): colours are `#RRGGBB` (stored upper case), a
 * name in one language at least, the banner image fits the theme's rule (at upload and at save),
 * and the activity's window has both ends; each refusal names its field and writes nothing. A
 * published theme is what the read API answers while its activity runs, in the app's language;
 * the preview at an instant answers the same items and ETag as the read API.
 */
import { describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../../test/harness';
import { multipart } from '../../../../test/multipart';
import { gradientPng } from '../covers/cover-image';
import { THEME_SIZE } from './themes.seed';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true });
const B = '/api/appcontent/rest/v1/activity-themes/main';
const themes = () => rowCount(t, 'app_content', `kind = 'activityTheme'`);
const files = () => rowCount(t, 'files');

const upload = (bytes: Buffer) => {
  const { payload, headers } = multipart({}, { name: 'theme.png', bytes });
  return t.app.inject({
    method: 'POST',
    url: `${B}/image`,
    payload,
    headers: { ...headers, authorization: `Bearer ${t.admin}` },
  });
};
const banner = async () => {
  const res = await upload(await gradientPng(THEME_SIZE, 'ok', '#112233', '#445566'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
};
const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

const valid = (imageFileId: number) => ({
  name: 'test theme',
  nameZh: '测试活动',
  nameEn: 'Test activity',
  primaryColor: '#ff8800',
  secondaryColor: '#00AA55',
  backgroundColor: '#FFFFFF',
  textColor: '#222222',
  imageFileId,
  windowStart: iso(Date.now() - day),
  windowEnd: iso(Date.now() + 7 * day),
});

describe('activity theme banner', () => {
  it('refuses an image that is not 2:1, storing nothing', async () => {
    const before = await files();
    const square = await upload(await gradientPng([800, 800], 'x', '#000000', '#ffffff'));
    expect(square.statusCode).toBe(400);
    expect(fieldCodesOf(square)).toEqual(['file:appContent.imageSize']);
    expect(await files()).toBe(before);
  });
});

describe('activity themes', () => {
  it('refuses bad colours, a missing name or window end, and a banner of another shape, writing nothing', async () => {
    const image = await banner();
    const square = (
      await t.rows<{ id: number }>(
        `SELECT (payload->>'imageFileId')::int AS id FROM app_content WHERE kind = 'cover' AND slot = 'splash' ORDER BY id LIMIT 1`,
      )
    )[0]?.id;
    const before = await themes();
    const cases: [Record<string, unknown>, string][] = [
      [{ primaryColor: 'orange' }, 'primaryColor:appContent.color'],
      [{ textColor: '#12345' }, 'textColor:appContent.color'],
      [{ nameZh: '', nameEn: '' }, 'nameZh:appContent.nameRequired'],
      [{ windowEnd: null }, 'windowEnd:appContent.activityWindow'],
      [{ windowStart: null }, 'windowStart:appContent.activityWindow'],
      [{ windowEnd: iso(Date.now() - 2 * day) }, 'windowEnd:endBeforeStart'],
      [{ imageFileId: square }, 'imageFileId:appContent.imageSize'],
    ];
    for (const [change, code] of cases) {
      const res = await t.call('POST', B, { token: t.admin, body: { ...valid(image), ...change } });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    expect(await themes()).toBe(before);
  });

  it('answers a published theme while its activity runs, in the app’s language; the preview the same', async () => {
    const image = await banner();
    const made = await t.call('POST', B, { token: t.admin, body: { ...valid(image), countries: ['JP'] } });
    expect(made.statusCode, made.body).toBe(200);
    const rec = made.json().data;
    expect(rec).toMatchObject({ primaryColor: '#FF8800', width: 1200, height: 600, state: 'draft' });
    const pub = await t.call('POST', `${B}/${rec.id}/actions`, {
      token: t.admin,
      body: { action: 'publish', version: rec.version },
    });
    expect(pub.statusCode, pub.body).toBe(200);

    const read = (q: string) => t.app.inject({ method: 'GET', url: `/api/app/v1/content/activityTheme?${q}` });
    const mine = async (q: string) =>
      ((await read(q)).json().data.items as Record<string, unknown>[]).find((i) => i.id === rec.id);
    const zh = await mine('country=JP&lang=zh-CN');
    expect(zh).toMatchObject({
      name: '测试活动',
      colors: { primary: '#FF8800', secondary: '#00AA55', background: '#FFFFFF', text: '#222222' },
      image: { url: `/api/app/v1/media/${image}`, width: 1200, height: 600 },
    });
    // The activity's end, as the app gets it (the list shows it to the second).
    expect(Math.floor(Date.parse(String(zh?.windowEnd)) / 1000)).toBe(Date.parse(rec.windowEnd) / 1000);
    expect((await mine('country=JP&lang=en'))?.name).toBe('Test activity');
    expect(await mine('country=US&lang=en')).toBeUndefined();

    const preview = await t.call('POST', `${B}/preview`, { token: t.admin, body: { country: 'JP', lang: 'en' } });
    const answer = await read('country=JP&lang=en');
    expect(preview.json().data.etag).toBe(answer.headers.etag);
    expect(preview.json().data.items).toEqual(answer.json().data.items);

    // After the activity's end the preview no longer has it.
    const later = await t.call('POST', `${B}/preview`, {
      token: t.admin,
      body: { country: 'JP', lang: 'en', at: iso(Date.now() + 8 * day) },
    });
    expect((later.json().data.items as { id: number }[]).map((i) => i.id)).not.toContain(rec.id);
  });

  it('lists the seeded themes, searching their names', async () => {
    const list = await t.call('GET', B, { token: t.admin, query: { keyword: 'Black Friday' } });
    expect(list.statusCode).toBe(200);
    expect((list.json().data.list as { nameEn: string }[]).map((r) => r.nameEn)).toContain('Black Friday');
  });
});
