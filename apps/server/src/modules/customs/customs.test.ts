/**
 * Customs master data through the API: coded 400s with nothing written (HS code, rebate, value,
 * battery type, certification), one record per model x destination (409 on country), stale
 * versions, the "missing" view (launched models only, '*' covering any destination), the
 * model choices, permission 403s (page without buttons, none, an external account) and history.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fieldCodesOf, grantToRolesOf, rowCount, testAppPerFile } from '../../../test/harness';
import { customsDeclarationsFor } from './customs.reads';

const API = '/api/customs/rest/v1';
const t = testAppPerFile({ admin: true, signIn: { manager: 'sales.manager' } });

const post = (body: unknown, token = t.admin) => t.call('POST', `${API}/basics`, { token, body });
const put = (id: number, body: unknown, token = t.admin) => t.call('PUT', `${API}/basics/${id}`, { token, body });
const fieldsOf = (res: { json(): unknown }) => fieldCodesOf(res).sort();

const models: Record<'launched' | 'launched2' | 'eol' | 'planned', number> = { launched: 0, launched2: 0, eol: 0, planned: 0 };

beforeAll(async () => {
  const [line] = await t.rows<{ id: number; code: string }>(
    `SELECT id, code FROM product_lines WHERE code IS NOT NULL ORDER BY id LIMIT 1`,
  );
  const add = async (model: string, lifecycle: number) =>
    (
      await t.rows<{ id: number }>(
        `INSERT INTO products (model, name, name_en, product_line_id, category_code, lifecycle)
         VALUES ($1, '报关测试灯', 'Customs test lamp', $2, $3, $4) RETURNING id`,
        [model, line?.id, line?.code, lifecycle],
      )
    )[0]?.id as number;
  models.launched = await add('CUS1', 1);
  models.launched2 = await add('CUS2', 1);
  models.eol = await add('CUS3', 2);
  models.planned = await add('CUS4', 0);
});

const body = (extra: Record<string, unknown> = {}) => ({
  productId: models.launched,
  country: 'US',
  hsCode: '9405.42.00.00',
  importHsCode: '9405428440',
  declaredName: 'LED灯带',
  declaredNameEn: 'LED strip light',
  material: 'PCB, LED, silicone',
  usage: 'Decorative lighting',
  brand: 'Own',
  unitValue: 8.5,
  currency: 'USD',
  declareUnit: 'set',
  rebatePct: 13,
  hasBattery: false,
  batteryType: 'none',
  magnetic: false,
  wireless: true,
  certification: 'FCC ID 2AQA6-CUS1',
  ...extra,
});

describe('customs records', () => {
  it('adds a record with the HS code normalised and answers the model with it', async () => {
    const res = await post(body());
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({
      productId: models.launched,
      model: 'CUS1',
      productNameEn: 'Customs test lamp',
      country: 'US',
      hsCode: '9405420000',
      importHsCode: '9405428440',
      unitValue: 8.5,
      rebatePct: 13,
      version: 1,
    });
  });

  it('refuses bad input with field codes and writes nothing', async () => {
    const before = await rowCount(t, 'customs_basics');
    const bad = await post(
      body({ hsCode: '94054', importHsCode: '94054200001', rebatePct: 17.5, unitValue: 0, country: 'XX', declaredNameEn: '' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual([
      'country:invalidOption',
      'declaredNameEn:required',
      'hsCode:customs.hsCode',
      'importHsCode:customs.hsCode',
      'rebatePct:atMost',
      'unitValue:greaterThan',
    ]);
    const negative = await post(body({ rebatePct: -1, country: 'DE' }));
    expect(fieldsOf(negative)).toEqual(['rebatePct:notNegative']);
    const battery = await post(body({ hasBattery: true, batteryType: 'none', country: 'DE' }));
    expect(fieldsOf(battery)).toEqual(['batteryType:customs.batteryTypeRequired']);
    const noBattery = await post(body({ hasBattery: false, batteryType: 'lithiumMetal', country: 'DE' }));
    expect(fieldsOf(noBattery)).toEqual(['batteryType:customs.batteryTypeWithoutBattery']);
    const cert = await post(body({ wireless: true, certification: '  ', country: 'DE' }));
    expect(fieldsOf(cert)).toEqual(['certification:customs.certificationRequired']);
    const unknown = await post(body({ productId: 999_999, country: 'DE' }));
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['productId:customs.unknownModel']);
    expect(await rowCount(t, 'customs_basics')).toBe(before);
  });

  it('keeps one record per model and destination, refuses a stale version, copies, deletes, and keeps the history', async () => {
    const taken = await post(body({ hsCode: '9405420000' }));
    expect(taken.statusCode).toBe(409);
    expect(fieldsOf(taken)).toEqual(['country:customs.countryTaken']);

    // A copy to another destination is a create with the copied values.
    const de = dataOf<{ id: number; version: number }>(await post(body({ country: 'DE', importHsCode: null })));
    const moved = await put(de.id, { ...body({ country: 'US' }), version: de.version });
    expect(moved.statusCode).toBe(409);
    expect(fieldsOf(moved)).toEqual(['country:customs.countryTaken']);

    const ok = await put(de.id, {
      ...body({ country: 'DE', importHsCode: null, unitValue: 9.99, hasBattery: true, batteryType: 'builtInLiIon' }),
      version: de.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf(ok)).toMatchObject({ unitValue: 9.99, batteryType: 'builtInLiIon', hasBattery: true, version: 2 });
    const stale = await put(de.id, { ...body({ country: 'DE' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data?.fields ?? []).toEqual([]);

    const list = dataOf<{ list: { country: string; model: string }[]; total: number }>(
      await t.call('GET', `${API}/basics`, { token: t.admin, query: { keyword: 'cus1', sortField: 'country' } }),
    );
    expect(list.list.map((r) => r.country)).toEqual(['DE', 'US']);
    // The keyword finds the import code too (the demo's US records share it).
    const byHs = dataOf<{ list: { model: string; country: string; importHsCode: string }[] }>(
      await t.call('GET', `${API}/basics`, { token: t.admin, query: { keyword: '94054284', pageSize: '500' } }),
    );
    expect(byHs.list.map((r) => r.model)).toContain('CUS1');
    expect(byHs.list.every((r) => r.country === 'US' && r.importHsCode.includes('94054284'))).toBe(true);
    const lithium = dataOf<{ list: { id: number }[] }>(
      await t.call('GET', `${API}/basics`, { token: t.admin, query: { keyword: 'CUS1', batteryType: 'builtInLiIon' } }),
    );
    expect(lithium.list.map((r) => r.id)).toEqual([de.id]);

    const del = await t.call('DELETE', `${API}/basics/${de.id}`, { token: t.admin });
    expect(del.statusCode).toBe(200);
    expect((await t.call('DELETE', `${API}/basics/${de.id}`, { token: t.admin })).statusCode).toBe(404);

    const h = await t.call('GET', `/api/user/rest/v1/history/customs_basic/${de.id}`, { token: t.admin });
    expect(h.statusCode, h.body).toBe(200);
    const entries = h.json().data.list as { action: string }[];
    expect(entries.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
  });

  it('lists the launched models without a record for a destination, where * covers any', async () => {
    const missing = async (country?: string) =>
      dataOf<{ list: { model: string; countries: string[] }[] }>(
        await t.call('GET', `${API}/basics/missing`, {
          token: t.admin,
          query: { keyword: 'CUS', ...(country ? { country } : {}) },
        }),
      ).list;
    // No destination: models with no record at all (CUS1 has US); EOL and not-launched models are not asked for.
    expect((await missing()).map((m) => m.model)).toEqual(['CUS2']);
    expect((await missing('JP')).map((m) => [m.model, m.countries])).toEqual([
      ['CUS1', ['US']],
      ['CUS2', []],
    ]);
    const any = await post(body({ productId: models.launched2, country: '*' }));
    expect(any.statusCode, any.body).toBe(200);
    expect((await missing('JP')).map((m) => m.model)).toEqual(['CUS1']);
    expect(await missing()).toEqual([]);
  });

  it('publishes the declaration of a model for a destination: its own record, else the * one', async () => {
    const read = async (country: string) =>
      (
        await t.database.db.execute<{ model: string; hs_code: string; unit_value: string }>(
          sql`SELECT c.model, c.hs_code, c.unit_value FROM ${customsDeclarationsFor(country)} c WHERE c.model LIKE 'CUS%' ORDER BY c.model`,
        )
      ).rows;
    // CUS1 has a US record only; CUS2 a '*' one (the test above).
    expect(await read('US')).toEqual([
      { model: 'CUS1', hs_code: '9405420000', unit_value: '8.50' },
      { model: 'CUS2', hs_code: '9405420000', unit_value: '8.50' },
    ]);
    expect((await read('JP')).map((r) => r.model)).toEqual(['CUS2']);
    const us2 = await post(body({ productId: models.launched2, country: 'US', hsCode: '8539520000', unitValue: 3 }));
    expect(us2.statusCode, us2.body).toBe(200);
    expect(await read('US')).toContainEqual({ model: 'CUS2', hs_code: '8539520000', unit_value: '3.00' });
  });

  it('offers the catalogue models, launched first', async () => {
    const choices = dataOf<{ model: string; lifecycle: number }[]>(
      await t.call('GET', `${API}/basics/models`, { token: t.admin, query: { keyword: 'CUS' } }),
    );
    expect(choices.map((c) => c.model)).toEqual(['CUS1', 'CUS2', 'CUS3', 'CUS4']);
    const one = dataOf<{ model: string }[]>(
      await t.call('GET', `${API}/basics/models`, { token: t.admin, query: { productId: String(models.eol) } }),
    );
    expect(one.map((c) => c.model)).toEqual(['CUS3']);
  });

  it('takes the page to read and each button to write; company data only', async () => {
    // The sales manager holds none of it.
    expect((await t.call('GET', `${API}/basics`, { token: t.as.manager })).statusCode).toBe(403);
    await grantToRolesOf(t, 'sales.manager', ['scm:customs:basic']);
    const manager = await t.login('sales.manager');
    expect((await t.call('GET', `${API}/basics`, { token: manager })).statusCode).toBe(200);
    expect((await post(body({ country: 'FR' }), manager)).statusCode).toBe(403);
    const [rec] = await t.rows<{ id: number }>(`SELECT id FROM customs_basics ORDER BY id LIMIT 1`);
    expect((await t.call('DELETE', `${API}/basics/${rec?.id}`, { token: manager })).statusCode).toBe(403);
    const h = await t.call('GET', `/api/user/rest/v1/history/customs_basic/${rec?.id}`, { token: manager });
    expect(h.statusCode).toBe(200);

    // An external shop account is refused even with the permission.
    await grantToRolesOf(t, 'shop.a', ['scm:customs:basic%']);
    const shop = await t.login('shop.a');
    expect((await t.call('GET', `${API}/basics`, { token: shop })).statusCode).toBe(403);
    expect((await post(body({ country: 'FR' }), shop)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/user/rest/v1/history/customs_basic/${rec?.id}`, { token: shop })).statusCode).toBe(404);
  });
});
