/**
 * The SKUs' hardware (/user-platform/skuConfig): every rule refused with its field code and
 * nothing written (LEDs 1–2000, segments 1–255 and no more than the LEDs, a declared chip and
 * colour order, a 1.2.3 protocol version, a catalogue SKU), a SKU held by one record that is not
 * archived (naming it), the app's item as the preview answers it, 403 without the screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true, signIn: { manager: 'sales.manager' } });
const B = '/api/appcontent/rest/v1/sku-hardware/main';
const count = () => rowCount(t, 'app_content', `kind = 'skuHardware'`);

/** Catalogue SKUs no demo record names. */
let free: string[] = [];
beforeAll(async () => {
  free = (
    await t.rows<{ sku: string }>(
      `SELECT s.sku FROM skus s WHERE NOT EXISTS (
         SELECT 1 FROM app_content c WHERE c.kind = 'skuHardware' AND lower(c.payload->>'sku') = lower(s.sku))
       ORDER BY s.id DESC LIMIT 2`,
    )
  ).map((r) => r.sku);
});

const body = (more: Record<string, unknown> = {}) => ({
  name: 'hardware',
  sku: free[0],
  ledCount: 120,
  segments: 12,
  chip: 'WS2812B',
  colorOrder: 'GRB',
  whiteChannel: false,
  protocolVersion: '1.2.3',
  ...more,
});

describe('SKU hardware', () => {
  it('refuses every broken rule with its code, writing nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ sku: 'NO-SUCH-SKU' }, 'sku:appContent.unknownSku'],
      [{ sku: '' }, 'sku:required'],
      [{ ledCount: 0 }, 'ledCount:atLeast'],
      [{ ledCount: 2001 }, 'ledCount:atMost'],
      [{ segments: 0 }, 'segments:atLeast'],
      [{ segments: 256, ledCount: 300 }, 'segments:atMost'],
      [{ segments: 13, ledCount: 12 }, 'segments:appDevices.segmentsOverLeds'],
      [{ chip: 'NE555' }, 'chip:invalidOption'],
      [{ colorOrder: 'RGBW' }, 'colorOrder:invalidOption'],
      [{ protocolVersion: '1.2' }, 'protocolVersion:appDevices.protocolVersion'],
      [{ protocolVersion: 'v1.2.3' }, 'protocolVersion:appDevices.protocolVersion'],
    ];
    for (const [change, code] of cases) {
      const res = await t.call('POST', B, { token: t.admin, body: body(change) });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    expect(await count()).toBe(before);
  });

  it('holds a SKU in one live record (any case), naming it; archived, it frees the SKU', async () => {
    const first = (await t.call('POST', B, { token: t.admin, body: body({ name: 'first', sku: free[0]?.toLowerCase() }) })).json()
      .data;
    expect(first.sku).toBe(free[0]);
    const before = await count();
    const twice = await t.call('POST', B, { token: t.admin, body: body({ name: 'second' }) });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().data.fields[0]).toMatchObject({
      path: 'sku',
      code: 'appDevices.skuTaken',
      params: { sku: free[0], id: first.id, name: 'first' },
    });
    expect(await count()).toBe(before);
    const other = (await t.call('POST', B, { token: t.admin, body: body({ name: 'other', sku: free[1] }) })).json().data;
    const moved = await t.call('PUT', `${B}/${other.id}`, {
      token: t.admin,
      body: { ...body({ name: 'other' }), version: other.version },
    });
    expect(fieldCodesOf(moved)).toEqual(['sku:appDevices.skuTaken']);

    const pub = (
      await t.call('POST', `${B}/${first.id}/actions`, { token: t.admin, body: { action: 'publish', version: first.version } })
    ).json().data;
    const arch = await t.call('POST', `${B}/${pub.id}/actions`, {
      token: t.admin,
      body: { action: 'archive', version: pub.version },
    });
    expect(arch.statusCode).toBe(200);
    const again = await t.call('PUT', `${B}/${other.id}`, {
      token: t.admin,
      body: { ...body({ name: 'other' }), version: other.version },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('answers the hardware to the app as the preview does', async () => {
    const rec = (
      await t.call('POST', B, {
        token: t.admin,
        body: body({ name: 'read', sku: free[1], whiteChannel: true, chip: 'SK6812-RGBW', countries: ['DE'] }),
      })
    ).json().data;
    expect(rec.sku, JSON.stringify(rec)).toBe(free[1]);
    await t.call('POST', `${B}/${rec.id}/actions`, { token: t.admin, body: { action: 'publish', version: rec.version } });
    const read = await t.app.inject({ method: 'GET', url: '/api/app/v1/content/skuHardware?country=DE' });
    const item = (read.json().data.items as { id: number }[]).find((i) => i.id === rec.id);
    expect(item).toMatchObject({
      sku: free[1],
      ledCount: 120,
      segments: 12,
      chip: 'SK6812-RGBW',
      colorOrder: 'GRB',
      whiteChannel: true,
      protocolVersion: '1.2.3',
    });
    const preview = await t.call('POST', `${B}/preview`, { token: t.admin, body: { country: 'DE' } });
    expect(preview.json().data.items).toEqual(read.json().data.items);
    expect(preview.json().data.etag).toBe(read.headers.etag);
  });

  it('refuses a user without the screen’s permission', async () => {
    expect((await t.call('GET', B, { token: t.as.manager })).statusCode).toBe(403);
    expect((await t.call('GET', `${B}/skus`, { token: t.as.manager })).statusCode).toBe(403);
    expect((await t.call('POST', B, { token: t.as.manager, body: body() })).statusCode).toBe(403);
  });
});
