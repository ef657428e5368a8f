/**
 * Stock rows belong to shops: an external shop account given the stock permissions (a role of
 * its own account) sees only its own shops' stock, on every board, export and read, and
 * cannot import or read another shop's. With the canaries of the external sweep
 * (test/external/canaries.ts: every shop it does not own carries a marker in its name).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type OwnScope, seedCanaries } from '../../../test/external/canaries';
import { canariesIn, readableText } from '../../../test/external/leak-scan';
import { testAppPerFile } from '../../../test/harness';
import { uploadImport } from '../../../test/multipart';

const t = testAppPerFile({ signIn: { shopA: 'shop.a' } });
let own: OwnScope;
const API = '/api/inventory/rest/v1';
const STOCK = [
  'scm:inventory:manage',
  'scm:inventory:manage:export',
  'scm:inventory:age',
  'scm:inventory:age:export',
  'scm:inventory:monitor',
  'scm:inventory:monitor:export',
  'scm:inventory:upload',
  'scm:inventory:upload:import',
  'scm:inventory:dull',
  'scm:inventory:dull:export',
  'scm:replenish',
  'scm:replenish:export',
  'scm:replenish:create',
];
const RGL = '/api/sales/rest/v2/redGreenLine';

beforeAll(async () => {
  own = await seedCanaries(t.database.pool);
  const pool = t.database.pool;
  const role = (await pool.query(`INSERT INTO roles (account_id, name) VALUES ($1, 'stock') RETURNING id`, [own.accountId]))
    .rows[0];
  await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [own.userId, role.id]);
  await pool.query(`INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2)`, [
    role.id,
    STOCK,
  ]);
}, 120_000);

describe('an external shop account sees only its own stock', () => {
  it('every board, export and read answers its own shops and no canary', async () => {
    const leaks: string[] = [];
    for (const [path, query] of [
      ['positions', { pageSize: '200' }],
      ['positions/excel', {}],
      ['ages', { pageSize: '200' }],
      ['ages/summary', {}],
      ['ages/excel', {}],
      ['monitor', { coverDays: '365', pageSize: '200' }],
      ['monitor/excel', { coverDays: '365' }],
      ['inventory-monitoring/skus', { coverDays: '365' }],
      ['shop-inventory-details', {}],
      ['dull', { coverDays: '1', pageSize: '200' }],
      ['dull/excel', { coverDays: '1' }],
    ] as const) {
      const res = await t.call('GET', `${API}/${path}`, { token: t.as.shopA, query });
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
      const { text, kind } = await readableText(res);
      for (const c of canariesIn(text)) leaks.push(`${path}: ${c}`);
      if (kind === 'json') {
        const data = JSON.parse(text).data;
        const rows: { shopId?: number }[] = Array.isArray(data) ? data : (data.list ?? []);
        for (const r of rows)
          if (r.shopId !== undefined && !own.shopIds.includes(r.shopId)) leaks.push(`${path}: shop ${r.shopId}`);
        if (path === 'positions') expect(rows.length).toBeGreaterThan(0);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('a shop filter outside its scope narrows to nothing; another shop’s history is a 404', async () => {
    const lumio = (
      await t.database.pool.query(
        `SELECT p.shop_id, p.warehouse_id, p.sku FROM inventory_positions p JOIN shops s ON s.id = p.shop_id WHERE s.account_id = 1 LIMIT 1`,
      )
    ).rows[0];
    const page = await t.call('GET', `${API}/positions`, { token: t.as.shopA, query: { shopId: String(lumio.shop_id) } });
    expect(page.json().data.total).toBe(0);
    const h = await t.call('GET', `${API}/monitor/history`, {
      token: t.as.shopA,
      query: { shopId: String(lumio.shop_id), warehouseId: String(lumio.warehouse_id), sku: lumio.sku },
    });
    expect(h.statusCode).toBe(404);
    const up = await uploadImport(
      t.app,
      t.as.shopA,
      { kind: 'fba-inventory', shopId: String(lumio.shop_id) },
      {
        name: 'x.txt',
        bytes: Buffer.from('sku\tafn-fulfillable-quantity\tasin\nA\t1\tB\n'),
      },
    );
    expect(up.statusCode).toBe(404);
  });

  it('imports its own shop’s stock and sees it', async () => {
    const bytes = Buffer.from(
      `sku\tfnsku\tasin\tafn-listing-exists\tafn-fulfillable-quantity\tafn-reserved-quantity\n${own.listing.sku}\tX00OWN0001\t${own.listing.asin}\tYes\t77\t3\n`,
    );
    const up = await uploadImport(
      t.app,
      t.as.shopA,
      { kind: 'fba-inventory', shopId: String(own.shopId) },
      { name: 'own.txt', bytes },
    );
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().data.id;
    expect(
      (await t.call('POST', `/api/imports/${id}/commit`, { token: t.as.shopA, body: { skipErrorRows: false } })).statusCode,
    ).toBe(200);
    const mine = await t.call('GET', `${API}/positions`, { token: t.as.shopA, query: { keyword: own.listing.sku } });
    expect(mine.json().data.list.map((r: { fulfillable: number }) => r.fulfillable)).toContain(77);
  });

  it('the replenishment advice, its export, chart and plans stay within its shops', async () => {
    const leaks: string[] = [];
    for (const path of ['getAdviceList', 'exportAdviceList']) {
      const res = await t.call('GET', `${RGL}/${path}`, {
        token: t.as.shopA,
        query: path === 'getAdviceList' ? { pageSize: '200' } : {},
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const { text, kind } = await readableText(res);
      for (const c of canariesIn(text)) leaks.push(`${path}: ${c}`);
      if (kind === 'json') {
        const rows: { shopId: number }[] = JSON.parse(text).data.list;
        expect(rows.length).toBeGreaterThan(0); // its own import above
        for (const r of rows) if (!own.shopIds.includes(r.shopId)) leaks.push(`${path}: shop ${r.shopId}`);
      }
    }
    expect(leaks).toEqual([]);
    const lumio = (
      await t.database.pool.query(
        `SELECT p.shop_id, p.listing_id FROM inventory_positions p JOIN shops s ON s.id = p.shop_id
          JOIN inventory_warehouses w ON w.id = p.warehouse_id AND w.kind = 'fba' WHERE s.account_id = 1 LIMIT 1`,
      )
    ).rows[0];
    const q = { shopId: String(lumio.shop_id), listingId: String(lumio.listing_id) };
    expect((await t.call('GET', `${RGL}/getRedGreenLine`, { token: t.as.shopA, query: q })).statusCode).toBe(404);
    const before = (await t.database.pool.query(`SELECT count(*)::int AS n FROM shipment_plans`)).rows[0].n;
    const made = await t.call('POST', `${RGL}/createShipmentPlan`, {
      token: t.as.shopA,
      body: { items: [{ shopId: lumio.shop_id, listingId: lumio.listing_id }] },
    });
    expect(made.statusCode).toBe(404);
    expect((await t.database.pool.query(`SELECT count(*)::int AS n FROM shipment_plans`)).rows[0].n).toBe(before);
  });
});
