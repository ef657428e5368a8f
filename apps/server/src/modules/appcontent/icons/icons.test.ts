/**
 * Light-effect icons (/user-platform/lightEffectIconMgr): the image is square, 96–512 px, 256 KB
 * at most (at upload, nothing stored on refusal, and at save), a name in one language at least,
 * a group of the effects' categories; each refusal names its field and writes nothing. A published
 * icon is what the read API answers, in the app's language; the preview answers the same.
 */
import { describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../../test/harness';
import { multipart } from '../../../../test/multipart';
import { gradientPng } from '../covers/cover-image';
import { iconPng } from './icon-image';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true });
const B = '/api/appcontent/rest/v1/light-effect-icons/main';
const icons = () => rowCount(t, 'app_content', `kind = 'lightEffectIcon'`);
const files = () => rowCount(t, 'files');

const upload = (bytes: Buffer) => {
  const { payload, headers } = multipart({}, { name: 'icon.png', bytes });
  return t.app.inject({
    method: 'POST',
    url: `${B}/image`,
    payload,
    headers: { ...headers, authorization: `Bearer ${t.admin}` },
  });
};

describe('light-effect icons', () => {
  it('refuses images that are not square or out of 96–512 px, storing nothing', async () => {
    const before = await files();
    for (const png of [
      await gradientPng([300, 200], 'x', '#000000', '#ffffff'),
      await iconPng('S', '#000000', 64),
      await iconPng('L', '#000000', 600),
    ]) {
      const res = await upload(png);
      expect(res.statusCode).toBe(400);
      expect(fieldCodesOf(res)).toEqual(['file:appContent.imageSize']);
    }
    expect(await files()).toBe(before);
  });

  it('refuses a missing name, an unknown group or a banner-shaped image with field codes, writing nothing', async () => {
    const ok = await upload(await iconPng('T', '#123456'));
    expect(ok.statusCode, ok.body).toBe(200);
    const icon = ok.json().data.id as number;
    const [wide] = await t.rows<{ id: number }>(
      `SELECT (payload->>'imageFileId')::int AS id FROM app_content WHERE kind = 'banner' ORDER BY id LIMIT 1`,
    );
    const before = await icons();
    const cases: [Record<string, unknown>, string][] = [
      [{ nameZh: '', nameEn: '' }, 'nameZh:appContent.nameRequired'],
      [{ group: 'sports' }, 'group:invalidOption'],
      [{ imageFileId: wide?.id }, 'imageFileId:appContent.imageSize'],
      [{ name: '' }, 'name:required'],
    ];
    for (const [change, code] of cases) {
      const res = await t.call('POST', B, {
        token: t.admin,
        body: { name: 'icon', nameEn: 'Test', group: 'mood', imageFileId: icon, ...change },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    expect(await icons()).toBe(before);
  });

  it('answers a published icon in the app’s language; the preview the same', async () => {
    const up = await upload(await iconPng('Q', '#654321', 128));
    const image = up.json().data.id as number;
    const made = await t.call('POST', B, {
      token: t.admin,
      body: {
        name: 'test icon',
        nameZh: '测试图标',
        nameEn: 'Test icon',
        group: 'party',
        imageFileId: image,
        platforms: ['ios'],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const rec = made.json().data;
    expect(rec).toMatchObject({ width: 128, height: 128, group: 'party' });
    await t.call('POST', `${B}/${rec.id}/actions`, { token: t.admin, body: { action: 'publish', version: rec.version } });

    const read = (q: string) => t.app.inject({ method: 'GET', url: `/api/app/v1/content/lightEffectIcon?${q}` });
    const mine = async (q: string) =>
      ((await read(q)).json().data.items as Record<string, unknown>[]).find((i) => i.id === rec.id);
    expect(await mine('platform=ios&lang=zh')).toMatchObject({
      name: '测试图标',
      group: 'party',
      image: { url: `/api/app/v1/media/${image}`, thumbUrl: `/api/app/v1/media/${image}?thumb=1`, width: 128, height: 128 },
    });
    expect((await mine('platform=ios&lang=en'))?.name).toBe('Test icon');
    expect(await mine('platform=android&lang=en')).toBeUndefined();

    const preview = await t.call('POST', `${B}/preview`, { token: t.admin, body: { platform: 'ios', lang: 'en' } });
    const answer = await read('platform=ios&lang=en');
    expect(preview.json().data.etag).toBe(answer.headers.etag);
    expect(preview.json().data.items).toEqual(answer.json().data.items);
  });

  it('lists the seeded icons, searching by group', async () => {
    const list = await t.call('GET', B, { token: t.admin, query: { keyword: 'festival' } });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.list as { group: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.group === 'festival')).toBe(true);
  });
});
