/**
 * The add-device list's SKUs (/user-platform/skuSetting): a catalogue SKU, a device page that is
 * not archived (checked on every save), a name in one language at least and a square picture of
 * the list's rule; each refusal names its field and writes nothing. The app gets the name in its
 * language, the picture's URLs and whether the list shows it; the preview answers the same.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../../test/harness';
import { multipart } from '../../../../test/multipart';
import { squarePng } from '../device-image';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true, signIn: { manager: 'sales.manager' } });
const B = '/api/appcontent/rest/v1/sku-presentation/main';
const count = () => rowCount(t, 'app_content', `kind = 'skuPresentation'`);

const upload = async (side: number) => {
  const { payload, headers } = multipart({}, { name: 'sku.png', bytes: await squarePng(side) });
  return t.app.inject({
    method: 'POST',
    url: `${B}/image`,
    payload,
    headers: { ...headers, authorization: `Bearer ${t.admin}` },
  });
};

let sku = '';
let device = 0;
let archived = 0;
let image = 0;
beforeAll(async () => {
  sku = (await t.rows<{ sku: string }>(`SELECT sku FROM skus ORDER BY id DESC LIMIT 1`))[0]?.sku ?? '';
  device = Number(
    (
      await t.rows<{ id: number }>(
        `SELECT id FROM app_content WHERE kind = 'deviceProduct' AND state = 'published' ORDER BY id LIMIT 1`,
      )
    )[0]?.id,
  );
  archived = Number(
    (
      await t.rows<{ id: number }>(
        `SELECT id FROM app_content WHERE kind = 'deviceProduct' AND state = 'archived' ORDER BY id LIMIT 1`,
      )
    )[0]?.id,
  );
  const up = await upload(400);
  expect(up.statusCode, up.body).toBe(200);
  image = up.json().data.id;
});

const body = (more: Record<string, unknown> = {}) => ({
  name: 'presentation',
  sku,
  deviceProductId: device,
  nameZh: '测试灯带',
  nameEn: 'Test strip',
  imageFileId: image,
  ...more,
});

describe('SKU presentation', () => {
  it('refuses a picture off the rule at upload', async () => {
    expect(fieldCodesOf(await upload(100))).toEqual(['file:appContent.imageSize']);
  });

  it('refuses an unknown SKU, a missing or archived device page, no name, a bad picture, writing nothing', async () => {
    const theme = (
      await t.rows<{ id: number }>(
        `SELECT (payload->>'imageFileId')::int AS id FROM app_content WHERE kind = 'activityTheme' ORDER BY id LIMIT 1`,
      )
    )[0]?.id;
    const banner = Number(
      (await t.rows<{ id: number }>(`SELECT id FROM app_content WHERE kind = 'banner' ORDER BY id LIMIT 1`))[0]?.id,
    );
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ sku: 'NO-SUCH-SKU' }, 'sku:appContent.unknownSku'],
      [{ deviceProductId: 99999999 }, 'deviceProductId:appDevices.deviceProductMissing'],
      [{ deviceProductId: archived }, 'deviceProductId:appDevices.deviceProductMissing'],
      [{ deviceProductId: banner }, 'deviceProductId:appDevices.deviceProductMissing'],
      [{ nameZh: '', nameEn: '' }, 'nameZh:appDevices.nameRequired'],
      [{ nameEn: 'x'.repeat(61) }, 'nameEn:tooLong'],
      [{ imageFileId: 99999999 }, 'imageFileId:appContent.imageMissing'],
      [{ imageFileId: theme }, 'imageFileId:appContent.imageSize'],
      [{ visible: 'yes' }, 'visible:invalidType'],
    ];
    for (const [change, code] of cases) {
      const res = await t.call('POST', B, { token: t.admin, body: body(change) });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    expect(await count()).toBe(before);
  });

  it('answers the SKU to the app in its language, hidden ones too, as the preview does', async () => {
    const rec = (
      await t.call('POST', B, { token: t.admin, body: body({ sku: sku.toLowerCase(), visible: false, countries: ['FR'] }) })
    ).json().data;
    expect(rec.sku).toBe(sku);
    await t.call('POST', `${B}/${rec.id}/actions`, { token: t.admin, body: { action: 'publish', version: rec.version } });
    const read = await t.app.inject({ method: 'GET', url: '/api/app/v1/content/skuPresentation?country=FR&lang=zh-CN' });
    const item = (read.json().data.items as { id: number }[]).find((i) => i.id === rec.id);
    expect(item).toMatchObject({
      name: '测试灯带',
      sku,
      deviceProductId: device,
      visible: false,
      image: { url: `/api/app/v1/media/${image}`, width: 400, height: 400 },
    });
    const preview = await t.call('POST', `${B}/preview`, { token: t.admin, body: { country: 'FR', lang: 'zh-CN' } });
    expect(preview.json().data.items).toEqual(read.json().data.items);
    expect(preview.json().data.etag).toBe(read.headers.etag);
    const devices = (await t.call('GET', `${B}/devices`, { token: t.admin })).json().data as { id: number }[];
    expect(devices.map((d) => d.id)).toContain(device);
    expect(devices.map((d) => d.id)).not.toContain(archived);
  });

  it('refuses a user without the screen’s permission', async () => {
    expect((await t.call('GET', B, { token: t.as.manager })).statusCode).toBe(403);
    expect((await t.call('GET', `${B}/devices`, { token: t.as.manager })).statusCode).toBe(403);
    expect((await t.call('POST', B, { token: t.as.manager, body: body() })).statusCode).toBe(403);
  });
});
