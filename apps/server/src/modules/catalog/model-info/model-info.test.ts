/** Model info through the API: bounds, one record per product, versions, list filters. */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../../test/harness';

const API = '/api/product/rest/v1/model-info';
// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely; the assertions check their shape
type Json = Record<string, any>;
const t = testAppPerFile({ admin: true, signIn: { analyst: 'sales.analyst', shopA: 'shop.a' } });
let productId: number;
let other: number;

const info = (over: Json = {}) => ({
  lengthMm: 120.5,
  widthMm: 80,
  heightMm: 30,
  netWeightG: 350,
  grossWeightG: 420.5,
  packageLengthMm: 130,
  packageWidthMm: 90,
  packageHeightMm: 40,
  powerPack: 2,
  material: 1,
  ratedVoltage: '100-240V AC',
  wattageW: 12.5,
  plugType: 'US',
  certifications: ['fcc', 'CE', 'FCC'],
  hsCode: '94054090',
  countryOfOrigin: 'cn',
  ...over,
});

beforeAll(async () => {
  const line = (await t.rows<Json>(`SELECT id FROM product_lines WHERE code = '6111'`))[0]!.id;
  [productId, other] = (
    await t.rows<Json>(
      `INSERT INTO products (model, name, name_en, product_line_id, category_code) VALUES ('MI-ONE', '型号一', 'Model one', $1, '6111'),
         ('MI-TWO', '型号二', 'Model two', $1, '6111') RETURNING id`,
      [line],
    )
  ).map((r) => r.id);
});

describe('model info', () => {
  it('answers 401, 403 and 400', async () => {
    expect((await t.call('GET', API)).statusCode).toBe(401);
    expect((await t.call('GET', API, { token: t.as.shopA })).statusCode).toBe(403);
    expect((await t.call('POST', API, { token: t.as.analyst, body: { productId, ...info() } })).statusCode).toBe(403);
    expect((await t.call('GET', API, { token: t.admin, query: { has: 'maybe' } })).statusCode).toBe(400);
    const bad = await t.call('POST', API, {
      token: t.admin,
      body: {
        productId,
        ...info({
          lengthMm: 0,
          netWeightG: 100_001,
          hsCode: '12ab',
          countryOfOrigin: 'China',
          ratedVoltage: 'lots',
          powerPack: 3,
        }),
      },
    });
    expect(bad.statusCode).toBe(400);
    const paths = (dataOf<Json>(bad).fields as { path: string }[]).map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['lengthMm', 'netWeightG', 'hsCode', 'countryOfOrigin', 'ratedVoltage', 'powerPack']),
    );
    const lighter = await t.call('POST', API, { token: t.admin, body: { productId, ...info({ grossWeightG: 300 }) } });
    expect(lighter.statusCode).toBe(400);
    expect(dataOf<Json>(lighter).fields[0]).toMatchObject({ path: 'grossWeightG' });
    const small = await t.call('POST', API, { token: t.admin, body: { productId, ...info({ packageHeightMm: 20 }) } });
    expect(dataOf<Json>(small).fields[0]).toMatchObject({ path: 'packageLengthMm', code: 'catalog.packageSmallerThanProduct' });
    expect(await t.rows<Json>(`SELECT 1 FROM product_model_info WHERE product_id = $1`, [productId])).toEqual([]);
  });

  it('creates once per product, normalised', async () => {
    const res = await t.call('POST', API, { token: t.admin, body: { productId, ...info() } });
    expect(res.statusCode).toBe(200);
    expect(dataOf<Json>(res).info).toMatchObject({
      certifications: ['FCC', 'CE'],
      countryOfOrigin: 'CN',
      lengthMm: 120.5,
      version: 1,
    });
    const row = (
      await t.rows<Json>(
        `SELECT certifications, country_of_origin, gross_weight_g, wattage_w, plug_type FROM product_model_info WHERE product_id = $1`,
        [productId],
      )
    )[0];
    expect(row).toEqual({
      certifications: ['FCC', 'CE'],
      country_of_origin: 'CN',
      gross_weight_g: '420.5',
      wattage_w: '12.50',
      plug_type: 'US',
    });
    const again = await t.call('POST', API, { token: t.admin, body: { productId, ...info() } });
    expect(again.statusCode).toBe(409);
    expect((await t.call('POST', API, { token: t.admin, body: { productId: 999999, ...info() } })).statusCode).toBe(400);
  });

  it('edits with the version, 409 when stale', async () => {
    const res = await t.call('PUT', API, {
      token: t.admin,
      body: { productId, version: 1, ...info({ material: 2, certifications: [] }) },
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf<Json>(res).info).toMatchObject({ material: 2, certifications: [], version: 2 });
    const stale = await t.call('PUT', API, { token: t.admin, body: { productId, version: 1, ...info() } });
    expect(stale.statusCode).toBe(409);
    expect((await t.call('PUT', API, { token: t.admin, body: { productId: other, version: 1, ...info() } })).statusCode).toBe(
      404,
    );
    expect((await t.rows<Json>(`SELECT material FROM product_model_info WHERE product_id = $1`, [productId]))[0]).toEqual({
      material: 2,
    });
  });

  it('lists products with and without model info, filtered, sorted and paged', async () => {
    const list = async (query: Record<string, string>) => dataOf<Json>(await t.call('GET', API, { token: t.as.analyst, query }));
    const all = await list({ keyword: 'mi-' });
    expect(all.list.map((r: Json) => [r.model, r.info === null])).toEqual([
      ['MI-ONE', false],
      ['MI-TWO', true],
    ]);
    expect((await list({ keyword: 'mi-', has: 'without' })).list.map((r: Json) => r.model)).toEqual(['MI-TWO']);
    expect((await list({ keyword: 'model one', has: 'with' })).list.map((r: Json) => r.model)).toEqual(['MI-ONE']);
    expect((await list({ keyword: 'mi-', sortOrder: 'descend', pageSize: '1' })).list.map((r: Json) => r.model)).toEqual([
      'MI-TWO',
    ]);
    expect((await list({ keyword: 'mi-', pageSize: '1', pageNum: '5' })).total).toBe(2);
  });

  it('deletes the record, keeps the product', async () => {
    expect((await t.call('DELETE', `${API}/${productId}`, { token: t.as.analyst })).statusCode).toBe(403);
    expect((await t.call('DELETE', `${API}/${productId}`, { token: t.admin })).statusCode).toBe(200);
    expect(await t.rows<Json>(`SELECT 1 FROM product_model_info WHERE product_id = $1`, [productId])).toEqual([]);
    expect((await t.rows<Json>(`SELECT count(*)::int AS n FROM products WHERE id = $1`, [productId]))[0]!.n).toBe(1);
    expect((await t.call('DELETE', `${API}/${productId}`, { token: t.admin })).statusCode).toBe(404);
    const audit = await t.rows<Json>(`SELECT action FROM audit_log WHERE entity = 'product_model_info' ORDER BY id`);
    expect(audit.map((a) => a.action)).toEqual(['modelInfo.create', 'modelInfo.update', 'modelInfo.delete']);
  });
});
