/**
 * The device catalogue on the publishing model: each kind's validation (field codes, nothing
 * written), the steps kept by order, a page's model, image and set-up flow checked against the
 * catalogue, the file store and the flows; the app's list (content API) equals the preview, and
 * the device detail answers the page, the flows and the white-balance table the resolver gives
 * this app for the model (the named flow first), with ETag/304 and a 404 for a model with no page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { squarePng } from './device-image';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true });
const API = '/api/appcontent/rest/v1';
const P = `${API}/devices/main`;
const BLE = `${API}/pairing-flows/ble`;
const WIFI = `${API}/pairing-flows/wifi`;
const WB = `${API}/white-balance/main`;
const SKU = `${API}/sku-config/main`;
const count = (kind: string) => rowCount(t, 'app_content', 'kind = $1', [kind]);

let models: string[] = [];
let skus: string[] = [];
/** A model of the catalogue no demo page names (the detail's own records). */
let model = '';
beforeAll(async () => {
  const rows = await t.database.pool.query<{ model: string }>(`SELECT upper(model) AS model FROM products ORDER BY id`);
  models = rows.rows.map((r) => r.model);
  model = models[models.length - 1] ?? '';
  skus = (await t.database.pool.query<{ sku: string }>(`SELECT sku FROM skus ORDER BY id LIMIT 2`)).rows.map((r) => r.sku);
});

const step = (order: number, more: Record<string, unknown> = {}) => ({ order, titleEn: `Step ${order}`, ...more });
const page = (more: Record<string, unknown> = {}) => ({
  name: 'page',
  model,
  nameZh: '测试灯',
  nameEn: 'Test light',
  connectivity: 'both',
  ...more,
});
const table = (more: Record<string, unknown> = {}) => ({
  name: 'table',
  models: [model],
  channels: 'rgb',
  points: [
    { cct: 2700, r: 1, g: 0.6, b: 0.3 },
    { cct: 6500, r: 0.8, g: 0.9, b: 1 },
  ],
  ...more,
});

async function made(url: string, body: object, publish = true) {
  const res = await t.call('POST', url, { token: t.admin, body });
  expect(res.statusCode, res.body).toBe(200);
  const rec = res.json().data;
  if (!publish) return rec;
  const pub = await t.call('POST', `${url}/${rec.id}/actions`, {
    token: t.admin,
    body: { action: 'publish', version: rec.version },
  });
  expect(pub.statusCode, pub.body).toBe(200);
  return pub.json().data;
}

async function refused(url: string, bodies: [object, string][], kind: string) {
  const before = await count(kind);
  for (const [body, code] of bodies) {
    const res = await t.call('POST', url, { token: t.admin, body });
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(fieldCodesOf(res)).toContain(code);
  }
  expect(await count(kind)).toBe(before);
}

describe('validation', () => {
  it('refuses a bad pairing flow with field codes and writes nothing', async () => {
    const flow = (steps: unknown[], more: Record<string, unknown> = {}) => ({ name: 'f', titleEn: 'F', steps, ...more });
    await refused(
      BLE,
      [
        [flow([]), 'steps:tooFewItems'],
        [flow([step(1), step(2), step(1)]), 'steps.2.order:appDevices.orderTaken'],
        [flow([step(1, { action: 'hold' })]), 'steps.0.seconds:appDevices.secondsRequired'],
        [flow([step(1, { action: 'press', seconds: 3 })]), 'steps.0.seconds:appDevices.secondsNotTimed'],
        [flow([step(1, { action: 'hold', seconds: 61 })]), 'steps.0.seconds:atMost'],
        [flow([{ order: 1, titleEn: '', textEn: 'no title' }]), 'steps.0.titleZh:appDevices.stepRequired'],
        [flow([step(0)]), 'steps.0.order:atLeast'],
        [flow([step(1, { minFirmware: 'v2' })]), 'steps.0.minFirmware:appDevices.version'],
        [flow([step(1)], { titleEn: '' }), 'titleZh:appContent.titleRequired'],
      ],
      'pairingFlow',
    );
  });

  it('refuses a bad white-balance table with field codes and writes nothing', async () => {
    const pts = (...p: object[]) => p;
    await refused(
      WB,
      [
        [table({ models: [] }), 'models:appDevices.modelRequired'],
        [table({ points: pts({ cct: 2700, r: 1, g: 1, b: 1 }) }), 'points:tooFewItems'],
        [
          table({ points: pts({ cct: 4000, r: 1, g: 1, b: 1 }, { cct: 4000, r: 1, g: 1, b: 1 }) }),
          'points.1.cct:appDevices.cctAscending',
        ],
        [
          table({ points: pts({ cct: 6500, r: 1, g: 1, b: 1 }, { cct: 2700, r: 1, g: 1, b: 1 }) }),
          'points.1.cct:appDevices.cctAscending',
        ],
        [table({ points: pts({ cct: 2700, r: 1.2, g: 1, b: 1 }, { cct: 6500, r: 1, g: 1, b: 1 }) }), 'points.0.r:atMost'],
        [table({ points: pts({ cct: 2700, r: -0.1, g: 1, b: 1 }, { cct: 6500, r: 1, g: 1, b: 1 }) }), 'points.0.r:notNegative'],
        [table({ points: pts({ cct: 500, r: 1, g: 1, b: 1 }, { cct: 6500, r: 1, g: 1, b: 1 }) }), 'points.0.cct:atLeast'],
        [table({ channels: 'rgbw' }), 'points.0.w:appDevices.whiteRequired'],
        [
          table({ points: pts({ cct: 2700, r: 1, g: 1, b: 1, w: 0.5 }, { cct: 6500, r: 1, g: 1, b: 1 }) }),
          'points.0.w:appDevices.whiteNotRgbw',
        ],
        [table({ models: ['NO-SUCH-MODEL'] }), 'models:appContent.unknownModel'],
      ],
      'whiteBalance',
    );
  });

  it('refuses a device page whose model, names, versions or set-up flow are wrong, and writes nothing', async () => {
    const wifiOnly = await made(WIFI, { name: 'wifi only', titleEn: 'W', steps: [step(1)] }, false);
    await refused(
      P,
      [
        [page({ model: 'NO-SUCH-MODEL' }), 'model:appDevices.unknownModel'],
        [page({ nameZh: '', nameEn: '' }), 'nameZh:appDevices.nameRequired'],
        [page({ connectivity: 'zigbee' }), 'connectivity:invalidOption'],
        [page({ minFirmware: '1.x' }), 'minFirmware:appDevices.version'],
        [page({ setupFlowId: 999999 }), 'setupFlowId:appDevices.flowMissing'],
        [page({ connectivity: 'ble', setupFlowId: wifiOnly.id }), 'setupFlowId:appDevices.flowMissing'],
        [page({ imageFileId: 999999 }), 'imageFileId:appContent.imageMissing'],
      ],
      'deviceProduct',
    );
  });

  it('refuses SKU settings of an unknown SKU, key or type, out of range or step, or a key twice, and writes nothing', async () => {
    const cfg = (settings: unknown[], sku = skus[0]) => ({ name: 'cfg', sku, settings });
    await refused(
      SKU,
      [
        [cfg([{ key: 'musicMode', value: true }], 'NO-SUCH-SKU'), 'sku:appContent.unknownSku'],
        [cfg([]), 'settings:tooFewItems'],
        [cfg([{ key: 'warpDrive', value: true }]), 'settings.0.key:invalidOption'],
        [cfg([{ key: 'musicMode', value: 'yes' }]), 'settings.0.value:appDevices.settingType'],
        [cfg([{ key: 'maxBrightness', value: 5 }]), 'settings.0.value:appDevices.settingRange'],
        [cfg([{ key: 'stripLength', value: 1.2 }]), 'settings.0.value:multipleOf'],
        [cfg([{ key: 'colorOrder', value: 'XYZ' }]), 'settings.0.value:invalidOption'],
        [cfg([{ key: 'defaultScene', value: 'x'.repeat(61) }]), 'settings.0.value:tooLong'],
        [
          cfg([
            { key: 'nightLight', value: true },
            { key: 'nightLight', value: false },
          ]),
          'settings.1.key:listedTwice',
        ],
      ],
      'skuConfig',
    );
  });

  it('keeps a flow’s steps by their order and spells the model as the catalogue does', async () => {
    const flow = await made(BLE, { name: 'ordered', titleEn: 'O', steps: [step(3), step(1), step(2)] }, false);
    expect(flow.steps.map((s: { order: number }) => s.order)).toEqual([1, 2, 3]);
    const p = await made(P, page({ model: model.toLowerCase() }), false);
    expect(p.model.toUpperCase()).toBe(model);
    expect((await t.call('DELETE', `${P}/${p.id}`, { token: t.admin })).statusCode).toBe(200);
    expect((await t.call('DELETE', `${BLE}/${flow.id}`, { token: t.admin })).statusCode).toBe(200);
  });
});

describe('images', () => {
  const upload = (bytes: Buffer) => {
    const { payload, headers } = multipart({}, { name: 'light.png', bytes });
    return t.app.inject({
      method: 'POST',
      url: `${P}/image`,
      payload,
      headers: { ...headers, authorization: `Bearer ${t.admin}` },
    });
  };
  it('takes a square image within the rule, refuses another shape, and serves it to the app while the page is live', async () => {
    expect(fieldCodesOf(await upload(await squarePng(300)))).toEqual(['file:appContent.imageSize']);
    const ok = await upload(await squarePng(400));
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().data.id as number;
    const p = await made(P, page({ name: 'with image', imageFileId: id, priority: 900 }));
    const list = await t.app.inject({ method: 'GET', url: '/api/app/v1/content/deviceProduct?lang=en' });
    const item = (list.json().data.items as { id: number; image: { url: string } | null }[]).find((i) => i.id === p.id);
    expect(item?.image?.url).toBe(`/api/app/v1/media/${id}`);
    const img = await t.app.inject({ method: 'GET', url: item?.image?.url ?? '' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    await t.call('POST', `${P}/${p.id}/actions`, { token: t.admin, body: { action: 'archive', version: p.version } });
  });
});

describe('the app’s reads', () => {
  it('answers the device list as the preview does, and one model’s detail with its flows and table', async () => {
    const generic = await made(WIFI, { name: 'wifi all', titleEn: 'Generic Wi-Fi', steps: [step(1)] });
    const own = await made(WIFI, { name: 'wifi own', titleEn: 'Own Wi-Fi', steps: [step(1)], models: [model] });
    const ble = await made(BLE, { name: 'ble own', titleEn: 'Own BLE', steps: [step(1)], models: [model], priority: 500 });
    const p = await made(P, page({ name: 'detail', nameZh: '详情灯', setupFlowId: own.id, countries: ['DE'] }));
    const wb = await made(WB, table({ name: 'detail table', priority: 500 }));

    const list = await t.app.inject({ method: 'GET', url: '/api/app/v1/content/deviceProduct?country=DE&lang=zh-CN' });
    const preview = await t.call('POST', `${P}/preview`, { token: t.admin, body: { country: 'DE', lang: 'zh-CN' } });
    expect(preview.json().data.items).toEqual(list.json().data.items);
    expect(preview.json().data.etag).toBe(list.headers.etag);
    expect(list.json().data.items.find((i: { id: number }) => i.id === p.id)?.name).toBe('详情灯');

    const url = `/api/app/v1/devices/${model.toLowerCase()}?country=DE&lang=zh-CN`;
    const detail = await t.app.inject({ method: 'GET', url });
    expect(detail.statusCode, detail.body).toBe(200);
    const d = detail.json().data;
    // The detail's page is the list's item (the same resolver, the same app).
    expect(d.product).toEqual(list.json().data.items.find((i: { id: number }) => i.id === p.id));
    // The page's named flow wins its slot over the generic one; the other slot takes its first.
    expect(d.flows.wifi.id).toBe(own.id);
    expect(d.flows.ble.id).toBe(ble.id);
    expect(d.whiteBalance.id).toBe(wb.id);
    expect(d.whiteBalance.points.map((x: { cct: number }) => x.cct)).toEqual([2700, 6500]);
    expect(generic.id).not.toBe(own.id);

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': detail.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    // The page targets DE: another country sees no page of this model.
    expect((await t.app.inject({ method: 'GET', url: `/api/app/v1/devices/${model}?country=FR` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/v1/devices/NO-SUCH-MODEL' })).statusCode).toBe(404);
  });

  it('answers a SKU’s settings as an object, spelled as the catalogue spells the SKU; the preview the same', async () => {
    const [sku] = skus as [string];
    const rec = await made(SKU, {
      name: 'settings',
      sku: sku.toLowerCase(),
      settings: [
        { key: 'stripLength', value: 2.5 },
        { key: 'colorOrder', value: 'BRG' },
        { key: 'nightLight', value: true },
      ],
      countries: ['JP'],
    });
    expect(rec.sku).toBe(sku);
    const read = await t.app.inject({ method: 'GET', url: '/api/app/v1/content/skuConfig?country=JP' });
    const item = (read.json().data.items as { id: number; values: Record<string, unknown> }[]).find((i) => i.id === rec.id);
    expect(item?.values).toEqual({ stripLength: 2.5, colorOrder: 'BRG', nightLight: true });
    const preview = await t.call('POST', `${SKU}/preview`, { token: t.admin, body: { country: 'JP' } });
    expect(preview.json().data.items).toEqual(read.json().data.items);
    expect(preview.json().data.etag).toBe(read.headers.etag);
  });

  it('answers the demo model’s detail from the seed', async () => {
    const first = models[0] as string;
    const res = await t.app.inject({ method: 'GET', url: `/api/app/v1/devices/${first}?lang=zh-CN` });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.product.model.toUpperCase()).toBe(first);
    expect(d.flows.ble.steps.length).toBeGreaterThan(0);
    expect(d.flows.wifi.id).toBe(d.product.setupFlowId);
    expect(d.whiteBalance.channels).toBe('rgbw');
  });
});
