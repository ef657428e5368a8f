/**
 * The ledger and the removal orders belong to shops: an external shop account given the stock
 * permissions sees only its own shops' ledger days, differences and removal orders (lists, exports,
 * one SKU's detail, one order), imports only its own shop's reports, and another shop's SKU or
 * order is a 404. With the canaries of the external sweep (test/external/canaries.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type OwnScope, seedCanaries } from '../../../test/external/canaries';
import { canariesIn, readableText } from '../../../test/external/leak-scan';
import { testAppPerFile } from '../../../test/harness';
import { uploadImport } from '../../../test/multipart';
import { importCalls } from './imports/import-test-calls';

const t = testAppPerFile({ signIn: { shopA: 'shop.a' } });
let own: OwnScope;
const API = '/api/inventory/rest/v1';
const GRANTED = [
  'scm:inventory:manage',
  'scm:inventory:difference',
  'scm:inventory:difference:export',
  'scm:inventory:upload',
  'scm:inventory:upload:import',
  'scm:fba:removeOrder',
  'scm:fba:removeOrder:export',
];
const HEADER =
  'Date,FNSKU,ASIN,MSKU,Title,Disposition,Starting Warehouse Balance,In Transit Between Warehouses,Receipts,Customer Shipments,' +
  'Customer Returns,Vendor Returns,Warehouse Transfer In/Out,Found,Lost,Damaged,Disposed,Other Events,Ending Warehouse Balance,Unknown Events,Location\n';

beforeAll(async () => {
  own = await seedCanaries(t.database.pool);
  const pool = t.database.pool;
  const role = (await pool.query(`INSERT INTO roles (account_id, name) VALUES ($1, 'ledger') RETURNING id`, [own.accountId]))
    .rows[0];
  await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [own.userId, role.id]);
  await pool.query(`INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2)`, [
    role.id,
    GRANTED,
  ]);
}, 120_000);

describe('an external shop account sees only its own ledger', () => {
  it('imports its own shop’s ledger and finds its difference, and nothing of other shops', async () => {
    const day = '2026-11-20';
    const bytes = Buffer.from(
      `${HEADER}${day},X00OWN0001,${own.listing.asin},${own.listing.sku},t,SELLABLE,10,0,0,-1,0,0,0,0,-2,0,0,0,7,0,US\n`,
    );
    await importCalls(
      t,
      'fba-inventory-ledger',
      () => own.shopId,
      () => t.as.shopA,
    ).importFile('l.csv', bytes);

    const leaks: string[] = [];
    for (const [path, query] of [
      ['ledger/differences', { pageSize: '200' }],
      ['ledger/differences', { type: 'balance', pageSize: '200' }],
      ['ledger/differences/excel', {}],
    ] as const) {
      const res = await t.call('GET', `${API}/${path}`, { token: t.as.shopA, query });
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
      const { text, kind } = await readableText(res);
      for (const x of canariesIn(text)) leaks.push(`${path}: ${x}`);
      if (kind === 'json') {
        const rows: { shopId: number; sku: string }[] = JSON.parse(text).data.list;
        for (const r of rows) if (!own.shopIds.includes(r.shopId)) leaks.push(`${path}: shop ${r.shopId}`);
        if (!('type' in query)) expect(rows.map((r) => r.sku)).toContain(own.listing.sku);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('another shop’s SKU detail is a 404, a shop filter outside its scope narrows to nothing, its import is a 404', async () => {
    const lumio = (
      await t.database.pool.query(
        `SELECT g.shop_id, g.warehouse_id, g.sku FROM inventory_ledger g JOIN shops s ON s.id = g.shop_id WHERE s.account_id = 1 LIMIT 1`,
      )
    ).rows[0];
    const detail = await t.call('GET', `${API}/ledger/detail`, {
      token: t.as.shopA,
      query: { shopId: String(lumio.shop_id), warehouseId: String(lumio.warehouse_id), sku: lumio.sku },
    });
    expect(detail.statusCode).toBe(404);
    const page = await t.call('GET', `${API}/ledger/differences`, {
      token: t.as.shopA,
      query: { shopId: String(lumio.shop_id) },
    });
    expect(page.json().data.total).toBe(0);
    const up = await uploadImport(
      t.app,
      t.as.shopA,
      { kind: 'fba-inventory-ledger', shopId: String(lumio.shop_id) },
      { name: 'x.csv', bytes: Buffer.from(`${HEADER}11/20/2026,X,B,A,t,SELLABLE,1,0,0,0,0,0,0,0,0,0,0,0,1,0,US\n`) },
    );
    expect(up.statusCode).toBe(404);
  });

  it('its own SKU’s detail answers its days', async () => {
    const w = (
      await t.database.pool.query(
        `SELECT w.id FROM inventory_warehouses w JOIN shops s ON s.market_id = w.market_id AND w.kind = 'fba' WHERE s.id = $1`,
        [own.shopId],
      )
    ).rows[0];
    const res = await t.call('GET', `${API}/ledger/detail`, {
      token: t.as.shopA,
      query: {
        shopId: String(own.shopId),
        warehouseId: String(w.id),
        sku: own.listing.sku,
        from: '2026-11-20',
        to: '2026-11-20',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.days[0].ledger).toMatchObject({ endingBalance: 7, lost: -2 });
    expect(canariesIn(res.body)).toEqual([]);
  });

  it('removal orders: its own order and nothing of other shops; another shop’s order is a 404', async () => {
    const header =
      'request-date\torder-id\torder-type\torder-status\tlast-updated-date\tsku\tfnsku\tdisposition\trequested-quantity\t' +
      'cancelled-quantity\tdisposed-quantity\tshipped-quantity\tin-process-quantity\tremoval-fee\tcurrency\n';
    const bytes = Buffer.from(
      `${header}2026-11-20\tOWN-RO-1\tReturn\tPending\t\t${own.listing.sku}\tX\tSELLABLE\t3\t0\t0\t0\t3\t1.50\tUSD\n`,
    );
    await importCalls(
      t,
      'fba-removals',
      () => own.shopId,
      () => t.as.shopA,
    ).importFile('r.txt', bytes);
    const leaks: string[] = [];
    for (const path of ['removal-orders', 'removal-orders/excel']) {
      const res = await t.call('GET', `${API}/${path}`, {
        token: t.as.shopA,
        query: path === 'removal-orders' ? { pageSize: '200' } : {},
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const { text, kind } = await readableText(res);
      for (const x of canariesIn(text)) leaks.push(`${path}: ${x}`);
      if (kind === 'json') {
        const rows: { shopId: number; orderId: string }[] = JSON.parse(text).data.list;
        for (const r of rows) if (!own.shopIds.includes(r.shopId)) leaks.push(`${path}: shop ${r.shopId}`);
        expect(rows.map((r) => r.orderId)).toContain('OWN-RO-1');
      }
    }
    expect(leaks).toEqual([]);
    const mine = await t.call('GET', `${API}/removal-orders/detail`, {
      token: t.as.shopA,
      query: { shopId: String(own.shopId), orderId: 'OWN-RO-1' },
    });
    expect(mine.statusCode).toBe(200);
    const other = (
      await t.database.pool.query(
        `SELECT r.shop_id, r.order_id FROM inventory_removal_lines r JOIN shops s ON s.id = r.shop_id WHERE s.account_id = 1 LIMIT 1`,
      )
    ).rows[0];
    const theirs = await t.call('GET', `${API}/removal-orders/detail`, {
      token: t.as.shopA,
      query: { shopId: String(other.shop_id), orderId: other.order_id },
    });
    expect(theirs.statusCode).toBe(404);
  });
});
