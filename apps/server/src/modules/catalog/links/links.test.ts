/** Product links through the API: isolation by shop, one link per shop and SKU, refusals. */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../../test/harness';
import { linkScene } from '../../../../test/scenarios';
import { writeSalesFigures } from '../../sales/facts/facts.service';

const API = '/api/product/rest/v1/links';
// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely; the assertions check their shape
type Json = Record<string, any>;
const t = testAppPerFile({ admin: true, signIn: { analyst: 'sales.analyst' } });
let shopA: string;
let skuId: number;
let lumioDe: number;
let brightway: number;

beforeAll(async () => {
  ({ skuId, lumioDe, brightway, shopA } = await linkScene(t, { model: 'LK-1', name: '链接', nameEn: 'Link', sku: 'LK-1-W' }));
});

describe('product links', () => {
  let id: number;

  it('answers 401, 403 and 400', async () => {
    expect((await t.call('GET', API)).statusCode).toBe(401);
    expect(
      (await t.call('POST', API, { token: t.as.analyst, body: { skuId, shopId: lumioDe, asin: 'B0LINK0001' } })).statusCode,
    ).toBe(403);
    const bad = await t.call('POST', API, { token: t.admin, body: { skuId, shopId: lumioDe, asin: 'b0link0001', price: -1 } });
    expect(bad.statusCode).toBe(400);
    expect((dataOf<Json>(bad).fields as { path: string }[]).map((f) => f.path).sort()).toEqual(['asin', 'price']);
    expect((await t.call('GET', API, { token: t.admin, query: { status: '3' } })).statusCode).toBe(400);
  });

  it('creates a link with the shop’s marketplace and currency; one per shop and SKU', async () => {
    const res = await t.call('POST', API, {
      token: t.admin,
      body: { skuId, shopId: lumioDe, asin: 'B0LINK0001', title: 'Lamp', price: 19.99 },
    });
    expect(res.statusCode).toBe(200);
    id = dataOf<Json>(res).id;
    expect(dataOf<Json>(res)).toMatchObject({
      sku: 'LK-1-W',
      model: 'LK-1',
      shopName: 'Lumio DE',
      marketId: 1,
      currency: 'EUR',
      status: 1,
      version: 1,
    });
    const row = (await t.rows<Json>(`SELECT market_id, currency, price, asin FROM listings WHERE id = $1`, [id]))[0];
    expect(row).toEqual({ market_id: 1, currency: 'EUR', price: '19.99', asin: 'B0LINK0001' });
    const dup = await t.call('POST', API, { token: t.admin, body: { skuId, shopId: lumioDe, asin: 'B0LINK0009' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toMatch(/Lumio DE lists SKU LK-1-W already/);
    expect(
      (await t.call('POST', API, { token: t.admin, body: { skuId: 999999, shopId: lumioDe, asin: 'B0LINK0002' } })).statusCode,
    ).toBe(400);
  });

  it('keeps shop accounts to their own shops', async () => {
    const outside = await t.call('POST', API, { token: shopA, body: { skuId, shopId: lumioDe, asin: 'B0LINK0003' } });
    expect(outside.statusCode).toBe(400);
    expect(dataOf<Json>(outside).fields[0].path).toBe('shopId');
    const own = await t.call('POST', API, { token: shopA, body: { skuId, shopId: brightway, asin: 'B0LINK0004' } });
    expect(own.statusCode).toBe(200);
    const mine = dataOf<Json>(await t.call('GET', API, { token: shopA, query: { pageSize: '500' } }));
    expect(new Set(mine.list.map((l: Json) => l.shopId))).toEqual(new Set([brightway]));
    expect((await t.call('PUT', API, { token: shopA, body: { id, version: 1, asin: 'B0LINK0005' } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${API}/${id}`, { token: shopA })).statusCode).toBe(404);
    const theirs = dataOf<Json>(await t.call('GET', API, { token: t.admin, query: { keyword: 'LK-1' } }));
    expect(theirs.list.map((l: Json) => l.shopName)).toEqual(['Lumio DE']);
  });

  it('filters, sorts and pages', async () => {
    const list = async (query: Record<string, string>) => dataOf<Json>(await t.call('GET', API, { token: t.admin, query }));
    expect((await list({ keyword: 'b0link0001' })).list.map((l: Json) => l.id)).toEqual([id]);
    expect((await list({ keyword: 'LK-1', marketId: '0' })).total).toBe(0);
    expect((await list({ keyword: 'LK-1', shopId: String(lumioDe), status: '1' })).total).toBe(1);
    const byPrice = await list({ shopId: String(lumioDe), sortField: 'price', sortOrder: 'descend', pageSize: '3' });
    const prices = byPrice.list.map((l: Json) => l.price ?? -1);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    expect(byPrice.total).toBeGreaterThan(3);
    const options = dataOf<Json>(await t.call('GET', `${API}/skus`, { token: t.admin, query: { keyword: 'lk-1' } }));
    expect(options).toEqual([{ id: skuId, sku: 'LK-1-W', variant: 'white', model: 'LK-1' }]);
  });

  it('edits with the version; a link with sales cannot be deleted, one without can', async () => {
    const res = await t.call('PUT', API, {
      token: t.admin,
      body: { id, version: 1, asin: 'B0LINK0011', title: 'Lamp 2', price: null, status: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf<Json>(res)).toMatchObject({ asin: 'B0LINK0011', status: 0, price: null, version: 2 });
    expect((await t.call('PUT', API, { token: t.admin, body: { id, version: 1, asin: 'B0LINK0012' } })).statusCode).toBe(409);

    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db.transaction((tx) =>
      writeSalesFigures(
        tx,
        lumioDe,
        [{ listingId: id, day, units: 1, orders: 1, revenue: '10.00', sessions: null, pageViews: null }],
        {
          source: 'test',
          importId: null,
          asOf: new Date(),
        },
      ),
    );
    const refused = await t.call('DELETE', `${API}/${id}`, { token: t.admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/set it inactive instead/);
    expect((await t.rows<Json>(`SELECT 1 FROM listings WHERE id = $1`, [id])).length).toBe(1);

    const spare = dataOf<Json>(
      await t.call('POST', API, {
        token: t.admin,
        body: { skuId, shopId: (await t.rows<Json>(`SELECT id FROM shops WHERE name = 'Lumio UK'`))[0]!.id, asin: 'B0LINK0020' },
      }),
    );
    expect((await t.call('DELETE', `${API}/${spare.id}`, { token: t.admin })).statusCode).toBe(200);
    expect(await t.rows<Json>(`SELECT 1 FROM listings WHERE id = $1`, [spare.id])).toEqual([]);
    const audit = await t.rows<Json>(`SELECT action FROM audit_log WHERE entity = 'listing' AND entity_id = $1 ORDER BY id`, [
      String(spare.id),
    ]);
    expect(audit.map((a) => a.action)).toEqual(['link.create', 'link.delete']);
  });
});
