/**
 * Costs on a shop of its own ("Cost DE", test/scenarios.ts costShop: EUR at 1.25 from 2026-01-01), with
 * hand-computed figures.
 *
 * SKU COST-1, listing in Cost DE; unit cost 4.00 USD from 2026-01-01; fees 10 % and 2.00 EUR.
 *   2026-03-10: 5 units, 100.00 EUR revenue → cogs = round(5 × 4 / 1.25, 2) = 16.00 EUR = 20.00 USD
 *                fees = 10.00 + 10.00 EUR = 25.00 USD; profit = 125 − 25 − 20 = 80.00 USD
 * Setting 6.00 USD from 2026-03-01: cogs = 5 × 6 / 1.25 = 24.00 EUR = 30.00 USD → profit 70.00 (−10.00).
 * Setting fees 15 % and 3.00 EUR from 2026-03-05: fees = 15 + 15 = 30 EUR = 37.50 USD → profit 67.50.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { type CostShop, costShop, xlsxOf } from '../../../test/scenarios';

const API = '/api/product/rest/v1';
const t = testAppPerFile({ admin: true, signIn: { analyst: 'sales.analyst', shopA: 'shop.a' } });
let shop: number;
let skuId: number;
let scene: CostShop;

type Json = Record<string, unknown>;
const profit = () => scene.profit(t.admin);

async function upload(token: string, kind: string, file: Buffer) {
  const m = multipart({ kind }, { name: 'costs.xlsx', bytes: file });
  return t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  scene = await costShop(t, {
    shopName: 'Cost DE',
    sellerId: 'ACOSTSELLER01',
    product: { model: 'CST1', name: '成本灯带', nameEn: 'Cost strip' },
    skus: ['COST-1', 'COST-2'],
    asin: 'B0COST0001',
    title: 'Cost strip',
  });
  ({ shop, skuId } = scene);
});

describe('unit costs', () => {
  it('401 without a session, 403 without the permission, 400 on a bad body', async () => {
    expect((await t.call('GET', `${API}/costs`)).statusCode).toBe(401);
    expect((await t.call('GET', `${API}/costs`, { token: t.as.shopA })).statusCode).toBe(403);
    expect(
      (await t.call('POST', `${API}/costs`, { token: t.as.analyst, body: { skuId, effectiveFrom: '2026-03-01', unitCost: 1 } }))
        .statusCode,
    ).toBe(403);
    const bad = await t.call('POST', `${API}/costs`, {
      token: t.admin,
      body: { skuId, effectiveFrom: '2026-02-30', unitCost: 1.00001 },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('effectiveFrom');
  });

  it('lists SKUs with the cost in force, filters missing ones', async () => {
    const res = await t.call('GET', `${API}/costs`, { token: t.as.analyst, query: { keyword: 'COST-' } });
    expect(res.statusCode).toBe(200);
    const list = (dataOf(res) as { list: Json[] }).list;
    expect(list.map((r) => r.sku)).toEqual(['COST-1', 'COST-2']);
    expect(list[0]).toMatchObject({ unitCost: 4, effectiveFrom: '2026-01-01', listings: 1, model: 'CST1' });
    const missing = await t.call('GET', `${API}/costs`, { token: t.as.analyst, query: { keyword: 'COST-', missing: 'true' } });
    expect((dataOf(missing) as { list: Json[] }).list.map((r) => r.sku)).toEqual(['COST-2']);
  });

  it('changes profit by the hand-computed amount when a cost is set, and back when it is deleted', async () => {
    expect(await profit()).toBe(80);
    const res = await t.call('POST', `${API}/costs`, {
      token: t.admin,
      body: { skuId, effectiveFrom: '2026-03-01', unitCost: 6 },
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toMatchObject({ created: true, recomputed: { facts: 1, shops: 1, firstDay: '2026-03-10' } });
    expect(await profit()).toBe(70);
    const [fact] = await t.rows<{ cogs: string }>(`SELECT cogs FROM sales_facts WHERE sku_id = $1`, [skuId]);
    expect(fact?.cogs).toBe('24.00');
    // A later entry does not govern March 10.
    await t.call('POST', `${API}/costs`, { token: t.admin, body: { skuId, effectiveFrom: '2026-04-01', unitCost: 9 } });
    expect(await profit()).toBe(70);
    const hist = await t.call('GET', `${API}/costs/${skuId}`, { token: t.as.analyst });
    expect((dataOf(hist) as { entries: Json[] }).entries).toEqual([
      { effectiveFrom: '2026-04-01', effectiveTo: null, unitCost: 9 },
      { effectiveFrom: '2026-03-01', effectiveTo: '2026-03-31', unitCost: 6 },
      { effectiveFrom: '2026-01-01', effectiveTo: '2026-02-28', unitCost: 4 },
    ]);
    expect((await t.call('DELETE', `${API}/costs/${skuId}/2026-03-01`, { token: t.admin })).statusCode).toBe(200);
    expect(await profit()).toBe(80);
    expect((await t.call('DELETE', `${API}/costs/${skuId}/2026-03-01`, { token: t.admin })).statusCode).toBe(404);
    const audits = await t.rows(`SELECT action FROM audit_log WHERE entity = 'sku_cost' AND entity_id = $1`, [
      `${skuId}/2026-03-01`,
    ]);
    expect(audits.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('exports the list as xlsx', async () => {
    const res = await t.call('GET', `${API}/costs/excel`, { token: t.admin, query: { keyword: 'COST-1' } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('SKU');
    expect(ws.getRow(2).getCell(1).value).toBe('COST-1');
    expect(ws.getRow(2).getCell(3).value).toBe(9);
  });
});

describe('fees', () => {
  it('recomputes fees of the marketplace when a fee entry is set', async () => {
    expect(await profit()).toBe(80);
    const res = await t.call('POST', `${API}/fees`, {
      token: t.admin,
      body: { skuId, marketId: 1, effectiveFrom: '2026-03-05', referralRate: 0.15, fbaFee: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(await profit()).toBe(67.5);
    const list = await t.call('GET', `${API}/fees`, { token: t.as.analyst, query: { keyword: 'COST-1' } });
    expect((dataOf(list) as { list: Json[] }).list[0]).toMatchObject({
      marketId: 1,
      currency: 'EUR',
      referralRate: 0.15,
      fbaFee: 3,
      listed: true,
    });
    expect((await t.call('DELETE', `${API}/fees/${skuId}/1/2026-03-05`, { token: t.admin })).statusCode).toBe(200);
    expect(await profit()).toBe(80);
  });
});

describe('imports of unit costs', () => {
  it('previews with counts and per-row errors, commits only good rows on request, and a re-import changes nothing', async () => {
    const file = await xlsxOf([
      ['SKU', '生效日期', '单位成本(USD)'],
      ['COST-1', new Date(Date.UTC(2026, 2, 1)), 5],
      ['COST-2', '2026-01-01', 'abc'],
      ['NOPE-9', '2026-01-01', 1],
    ]);
    expect((await upload(t.as.analyst, 'sku-costs', file)).statusCode).toBe(403);
    const res = await upload(t.admin, 'sku-costs', file);
    expect(res.statusCode).toBe(200);
    const preview = dataOf(res) as { id: number; status: string; counts: Json; errors: Json[]; records: Json[]; shopId: null };
    expect(preview).toMatchObject({ status: 'preview', shopId: null, counts: { new: 1, changed: 0, unchanged: 0 } });
    expect(preview.errors).toEqual([
      { line: 3, column: '单位成本(USD)', message: '"abc" is not a number' },
      { line: 4, column: 'SKU', message: 'no SKU NOPE-9' },
    ]);
    expect((await t.call('POST', `/api/imports/${preview.id}/commit`, { token: t.admin, body: {} })).statusCode).toBe(400);
    expect(await profit()).toBe(80);
    const done = await t.call('POST', `/api/imports/${preview.id}/commit`, { token: t.admin, body: { skipErrorRows: true } });
    expect(done.statusCode).toBe(200);
    expect((dataOf(done) as { result: Json }).result).toMatchObject({
      inserted: 1,
      updated: 0,
      unchanged: 0,
      recomputedFacts: 1,
    });
    // 5 × 5 / 1.25 = 20.00 EUR = 25.00 USD of COGS.
    expect(await profit()).toBe(75);

    const again = dataOf(await upload(t.admin, 'sku-costs', file)) as { id: number; counts: Json; warnings: Json[] };
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 1 });
    expect(String(again.warnings[0]?.message)).toContain('already committed');
    const second = await t.call('POST', `/api/imports/${again.id}/commit`, { token: t.admin, body: { skipErrorRows: true } });
    expect((dataOf(second) as { result: Json }).result).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 1,
      recomputedFacts: 0,
    });
    expect(await profit()).toBe(75);

    const history = await t.call('GET', '/api/imports', { token: t.admin, query: { scope: 'company' } });
    expect((dataOf(history) as { list: Json[] }).list.map((r) => r.kind)).toContain('sku-costs');
    const traffic = await t.call('GET', '/api/imports', { token: t.admin, query: { scope: 'shop' } });
    expect((dataOf(traffic) as { list: Json[] }).list.map((r) => r.kind)).not.toContain('sku-costs');
  });

  it('holds a file without the required columns, and refuses a shop for a company kind', async () => {
    const res = await upload(
      t.admin,
      'sku-costs',
      await xlsxOf([
        ['Model', 'Price'],
        ['X', 1],
      ]),
    );
    expect(dataOf(res)).toMatchObject({
      status: 'held',
      unknownHeader: { missing: ['SKU', 'Effective from', 'Unit cost (USD)'] },
    });
    const m = multipart({ kind: 'sku-costs', shopId: String(shop) }, { name: 'costs.xlsx', bytes: await xlsxOf([['SKU']]) });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${t.admin}` },
    });
    expect(refused.statusCode).toBe(400);
  });

  it("serves a template in the caller's language that imports as is", async () => {
    const res = await t.call('GET', `${API}/costs/template`, { token: t.as.analyst, headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).getCell(3).value).toBe('单位成本(USD)');
  });
});

describe('materials and BOMs', () => {
  it('imports materials with prices and a BOM, computes the BOM cost with the dated rate, and applies it', async () => {
    const mats = await xlsxOf([
      ['Material code', 'Name', 'Unit', 'Category', 'Supplier', 'Currency', 'Effective from', 'Unit price'],
      ['LED-1', 'LED chip', 'pcs', 'LED', 'S1', 'EUR', '2026-01-01', 0.4],
      ['LED-1', 'LED chip', 'pcs', 'LED', 'S1', 'EUR', '2026-06-01', 0.5],
      ['PCB-1', 'Board', 'pcs', 'PCB', 'S2', 'USD', '2026-01-01', 1.2],
      ['BAD', 'Bad', 'bucket', 'X', '', 'USD', '', ''],
    ]);
    const p = dataOf(await upload(t.admin, 'materials', mats)) as { id: number; counts: Json; errors: Json[] };
    expect(p.counts).toMatchObject({ new: 5, changed: 0, unchanged: 0 });
    expect(p.errors).toHaveLength(1);
    expect(
      (await t.call('POST', `/api/imports/${p.id}/commit`, { token: t.admin, body: { skipErrorRows: true } })).statusCode,
    ).toBe(200);

    const list = await t.call('GET', `${API}/materials`, { token: t.admin, query: { keyword: 'LED-1' } });
    expect((dataOf(list) as { list: Json[] }).list[0]).toMatchObject({
      code: 'LED-1',
      currency: 'EUR',
      unitPrice: 0.5,
      prices: 2,
    });

    const bom = await xlsxOf([
      ['SKU', '物料编码', '用量', '人工(USD)', '制造费用(USD)'],
      ['COST-1', 'LED-1', 10, 0.5, 0.25],
      ['COST-1', 'pcb-1', 1, null, null],
    ]);
    const b = dataOf(await upload(t.admin, 'bom', bom)) as { id: number; counts: Json; errors: Json[] };
    expect(b.errors).toEqual([]);
    expect((await t.call('POST', `/api/imports/${b.id}/commit`, { token: t.admin, body: {} })).statusCode).toBe(200);
    // On 2026-03-01: 10 × 0.40 EUR × 1.25 + 1 × 1.20 USD + 0.50 + 0.25 = 5.00 + 1.20 + 0.75 = 6.95 USD.
    const detail = await t.call('GET', `${API}/boms/${skuId}`, { token: t.admin, query: { day: '2026-03-01' } });
    expect(detail.statusCode).toBe(200);
    expect(dataOf(detail)).toMatchObject({ bomCost: 6.95, unitCost: 5, difference: 1.95, items: 2, missing: [] });
    const applied = await t.call('POST', `${API}/boms/${skuId}/apply`, { token: t.admin, body: { effectiveFrom: '2026-03-01' } });
    expect(dataOf(applied)).toMatchObject({ unitCost: 6.95, created: false, recomputed: { facts: 1 } });
    // cogs = round(5 × 6.95 / 1.25, 2) = 27.80 EUR = 34.75 USD → profit 125 − 25 − 34.75 = 65.25.
    expect(await profit()).toBe(65.25);
    const boms = await t.call('GET', `${API}/boms`, { token: t.admin, query: { keyword: 'COST-1', day: '2026-03-01' } });
    expect((dataOf(boms) as { list: Json[] }).list[0]).toMatchObject({ bomCost: 6.95, unitCost: 6.95, difference: 0 });
  });

  it('refuses a stale version and a taken code', async () => {
    const created = await t.call('POST', `${API}/materials`, {
      token: t.admin,
      body: { code: 'CASE-1', name: 'Case', unit: 'pcs', category: 'Plastic', supplier: '', currency: 'CNY', price: null },
    });
    expect(created.statusCode).toBe(200);
    const id = (dataOf(created) as { id: number }).id;
    const body = { code: 'CASE-1', name: 'Case 2', unit: 'pcs', category: 'Plastic', supplier: '', currency: 'CNY', version: 1 };
    expect((await t.call('PUT', `${API}/materials/${id}`, { token: t.admin, body })).statusCode).toBe(200);
    // The history compares like with like: both sides under the API's names, so only the
    // name shows as changed (the English texts were reported changed from nothing before).
    const [edit] = await t.rows<{ before: Json; after: Json }>(
      `SELECT before, after FROM audit_log WHERE entity = 'material' AND entity_id = $1 AND action = 'update'`,
      [String(id)],
    );
    expect(edit?.before).toMatchObject({ name: 'Case', nameEn: '', categoryEn: '', supplierEn: '', code: 'CASE-1' });
    expect(edit?.before).not.toHaveProperty('name_en');
    expect(edit?.after).toMatchObject({ name: 'Case 2' });
    expect((await t.call('PUT', `${API}/materials/${id}`, { token: t.admin, body })).statusCode).toBe(409);
    const taken = await t.call('POST', `${API}/materials`, {
      token: t.admin,
      body: { code: 'led-1', name: 'x', unit: 'pcs', category: 'x', supplier: '', currency: 'USD' },
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('bilingual materials', () => {
  const base = { unit: 'pcs', supplier: '', supplierEn: '', currency: 'USD' };
  it('takes a Chinese and an English name, category and supplier; one of each pair is enough', async () => {
    const both = await t.call('POST', `${API}/materials`, {
      token: t.admin,
      body: {
        ...base,
        code: 'BI-1',
        name: '双语灯珠',
        nameEn: 'Bilingual LED',
        category: '灯珠',
        categoryEn: 'LEDs',
        supplier: '深圳双语',
        supplierEn: 'Shenzhen Bilingual',
      },
    });
    expect(both.statusCode).toBe(200);
    const onlyEn = await t.call('POST', `${API}/materials`, {
      token: t.admin,
      body: { ...base, code: 'BI-2', nameEn: 'English only', categoryEn: 'Cables' },
    });
    expect(onlyEn.statusCode).toBe(200);
    const neither = await t.call('POST', `${API}/materials`, {
      token: t.admin,
      body: { ...base, code: 'BI-3', name: '', nameEn: ' ', category: '灯珠' },
    });
    expect(neither.statusCode).toBe(400);
    expect(JSON.stringify(neither.json())).toContain('name');

    const find = async (keyword: string) =>
      (dataOf(await t.call('GET', `${API}/materials`, { token: t.admin, query: { keyword } })) as { list: Json[] }).list.map(
        (m) => m.code,
      );
    expect(await find('双语灯')).toEqual(['BI-1']);
    expect(await find('bilingual led')).toEqual(['BI-1']);
    const one = (
      dataOf(await t.call('GET', `${API}/materials`, { token: t.admin, query: { keyword: 'BI-2' } })) as { list: Json[] }
    ).list[0];
    expect(one).toMatchObject({ name: '', nameEn: 'English only', category: '', categoryEn: 'Cables' });

    // A filter value in either language finds the material.
    for (const category of ['灯珠', 'LEDs']) {
      const res = await t.call('GET', `${API}/materials`, { token: t.admin, query: { keyword: 'BI-', category } });
      expect((dataOf(res) as { list: Json[] }).list.map((m) => m.code)).toEqual(['BI-1']);
    }
    const options = dataOf(await t.call('GET', `${API}/materials/options`, { token: t.admin })) as {
      categories: Json[];
      suppliers: Json[];
    };
    expect(options.categories).toContainEqual({ zh: '灯珠', en: 'LEDs' });
    expect(options.suppliers).toContainEqual({ zh: '深圳双语', en: 'Shenzhen Bilingual' });
  });

  it("exports names, categories and suppliers in the request's language, the other one where one is missing", async () => {
    const sheet = async (lang: string) => {
      const res = await t.call('GET', `${API}/materials/excel`, {
        token: t.admin,
        query: { keyword: 'BI-', sortField: 'code' },
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return wb.worksheets[0]!.getSheetValues()
        .filter(Boolean)
        .map((r) => (r as unknown[]).slice(1, 5));
    };
    expect(await sheet('en-US')).toEqual([
      ['Material code', 'Name', 'Unit', 'Category'],
      ['BI-1', 'Bilingual LED', 'pcs', 'LEDs'],
      ['BI-2', 'English only', 'pcs', 'Cables'],
    ]);
    expect(await sheet('zh-CN')).toEqual([
      ['物料编码', '物料名称', '单位', '类别'],
      ['BI-1', '双语灯珠', 'pcs', '灯珠'],
      ['BI-2', 'English only', 'pcs', 'Cables'],
    ]);
  });

  it('imports the Chinese and English columns; a row needs one of the two names', async () => {
    const file = await xlsxOf([
      ['Material code', 'Name (Chinese)', 'Name (English)', 'Unit', 'Category (Chinese)', 'Category (English)', 'Currency'],
      ['BI-10', '导入灯珠', 'Imported LED', 'pcs', '灯珠', 'LEDs', 'USD'],
      ['BI-11', '', '', 'pcs', '灯珠', '', 'USD'],
    ]);
    const p = dataOf(await upload(t.admin, 'materials', file)) as { id: number; errors: Json[] };
    expect(p.errors).toEqual([expect.objectContaining({ line: 3 })]);
    expect(
      (await t.call('POST', `/api/imports/${p.id}/commit`, { token: t.admin, body: { skipErrorRows: true } })).statusCode,
    ).toBe(200);
    const [row] = await t.rows(`SELECT name, name_en, category, category_en FROM materials WHERE code = 'BI-10'`);
    expect(row).toEqual({ name: '导入灯珠', name_en: 'Imported LED', category: '灯珠', category_en: 'LEDs' });
  });
});

describe('schema violations', () => {
  const cases: [string, string, Record<string, unknown>?, Record<string, string>?][] = [
    ['GET', `${API}/costs`, undefined, { sortField: 'nope' }],
    ['GET', `${API}/costs/excel`, undefined, { missing: 'maybe' }],
    ['GET', `${API}/costs/abc`],
    ['POST', `${API}/costs`, { skuId: 1, effectiveFrom: '2026-01-01', unitCost: -1 }],
    ['DELETE', `${API}/costs/1/2026-13-01`],
    ['GET', `${API}/fees`, undefined, { marketId: '13' }],
    ['GET', `${API}/fees/excel`, undefined, { sortOrder: 'up' }],
    ['GET', `${API}/fees/1/99`],
    ['POST', `${API}/fees`, { skuId: 1, marketId: 0, effectiveFrom: '2026-01-01', referralRate: 1.5, fbaFee: 1 }],
    ['DELETE', `${API}/fees/1/0/yesterday`],
    ['GET', `${API}/materials`, undefined, { currency: 'XXX' }],
    ['GET', `${API}/materials/excel`, undefined, { missingPrice: 'perhaps' }],
    ['GET', `${API}/materials/0`],
    ['POST', `${API}/materials`, { code: 'bad code!', name: 'x', unit: 'pcs', category: 'c', currency: 'USD' }],
    ['PUT', `${API}/materials/1`, { code: 'A', name: 'x', unit: 'bucket', category: 'c', currency: 'USD', version: 1 }],
    ['POST', `${API}/materials/1/prices`, { effectiveFrom: '2026-01-01', unitPrice: 0.00001 }],
    ['DELETE', `${API}/materials/1/prices/2026-02-30`],
    ['GET', `${API}/boms`, undefined, { day: '2026-02-30' }],
    ['GET', `${API}/boms/excel`, undefined, { sortField: 'price' }],
    ['GET', `${API}/boms/1`, undefined, { day: 'today' }],
    ['POST', `${API}/boms/1/apply`, { effectiveFrom: '01/03/2026' }],
  ];
  it.each(cases)('%s %s answers 400 and changes nothing', async (method, url, body, query) => {
    const before = await t.rows<{ n: string }>(`SELECT (SELECT count(*) FROM sku_costs) + (SELECT count(*) FROM materials) AS n`);
    const res = await t.call(method, url, { token: t.admin, body, query });
    expect(res.statusCode).toBe(400);
    const after = await t.rows<{ n: string }>(`SELECT (SELECT count(*) FROM sku_costs) + (SELECT count(*) FROM materials) AS n`);
    expect(after).toEqual(before);
  });
});

describe('fee imports', () => {
  it('reads percentages and marketplace codes, recomputes fees, and a re-import changes nothing', async () => {
    const before = await profit();
    const file = await xlsxOf([
      ['SKU', 'Marketplace', 'Effective from', 'Referral rate', 'FBA fee'],
      ['COST-1', 'DE', '2026-03-01', '20%', 2],
      ['COST-1', 'ZZ', '2026-03-01', 0.1, 2],
    ]);
    const p = dataOf(await upload(t.admin, 'sku-fees', file)) as { id: number; counts: Json; errors: Json[] };
    expect(p.counts).toMatchObject({ new: 1 });
    expect(p.errors).toEqual([{ line: 3, column: 'Marketplace', message: '"ZZ" is not a marketplace (US, DE, UK, JP …)' }]);
    await t.call('POST', `/api/imports/${p.id}/commit`, { token: t.admin, body: { skipErrorRows: true } });
    // Referral 10 % → 20 % of 100.00 EUR: 10.00 EUR more = 12.50 USD less profit.
    expect(Math.round((before - (await profit())) * 100)).toBe(1250);
    const again = dataOf(await upload(t.admin, 'sku-fees', file)) as { counts: Json };
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 1 });
  });
});

describe('demo seed', () => {
  it('gives demo SKUs complete BOMs within 8 % (+ labour and overhead) of their unit cost', async () => {
    const res = await t.call('GET', `${API}/boms`, { token: t.admin, query: { keyword: 'H', pageSize: '500' } });
    const list = (
      dataOf(res) as { list: { sku: string; bomCost: number | null; unitCost: number | null; missing: string[] }[] }
    ).list.filter((r) => !r.sku.startsWith('COST-'));
    expect(list.length).toBeGreaterThan(5);
    for (const r of list) {
      expect(r.missing).toEqual([]);
      expect(r.bomCost).not.toBeNull();
    }
    const near = list.filter((r) => r.unitCost && r.bomCost && Math.abs(r.bomCost / r.unitCost - 1) < 0.35);
    expect(near.length).toBeGreaterThan(list.length / 2);
  });
});

describe('upload limits', () => {
  // How fast it refuses is the benchmark's; the test's own time limit catches a reader that
  // inflates the whole bomb.
  it('refuses a zip bomb posing as a cost sheet at the inflation cap, storing nothing', async () => {
    const { deflateRawSync, crc32 } = await import('node:zlib');
    // One entry of 150 MB of zeros: about 150 KB compressed.
    const content = Buffer.alloc(150 * 1024 * 1024);
    const packed = deflateRawSync(content, { level: 9 });
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(content) >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(content) >>> 0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(name.length, 28);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(46 + name.length, 12);
    end.writeUInt32LE(30 + name.length + packed.length, 16);
    const bomb = Buffer.concat([local, name, packed, central, name, end]);
    const before = (await t.rows<{ n: number }>('SELECT count(*)::int AS n FROM imports'))[0]?.n;
    const res = await upload(t.admin, 'sku-costs', bomb);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toContain('expands beyond 100 MB');
    expect((await t.rows<{ n: number }>('SELECT count(*)::int AS n FROM imports'))[0]?.n).toBe(before);
  });
});
