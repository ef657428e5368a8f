/**
 * Shipment management (/shipmentManageNext) on a real database: create ships a confirmed plan in no batch (its units
 * go inbound), edit changes the shipment under the plan's version, delete undoes the ship (back to confirmed, units
 * out of inbound) and is refused once anything is received; every write in the shipment's history; the list and its
 * export; 401, 403, 400, 404 (another account's shop, or no such plan) and 409 (state, batch, stale version).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type OwnScope, seedCanaries } from '../../../test/external/canaries';
import { testAppPerFile } from '../../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: replies read as loose JSON in assertions
type Json = Record<string, any>;
const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a' } });
const API = '/api/supplyboards/rest/v1/shipments';
const INV = '/api/inventory/rest/v1';
let shopId = 0;
let warehouseId = 0;
let sku = '';
let own: OwnScope;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, o: { body?: unknown; query?: Record<string, string>; token?: string } = {}) =>
  t.call(method, url, { token: o.token ?? t.admin, ...(o.body === undefined ? {} : { body: o.body }), query: o.query });
async function ok(method: Method, url: string, o: { body?: unknown; query?: Record<string, string>; token?: string } = {}) {
  const res = await call(method, url, o);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}

/** A plan of Lumio US to FBA-US, 5 cartons of 12 = 60 units, confirmed (in no batch). */
async function confirmedPlan(): Promise<Json> {
  const p = await ok('POST', `${INV}/shipment-plans`, {
    body: { shopId, warehouseId, mode: 'sea', lines: [{ sku, unitsPerCarton: 12, quantity: 50 }] },
  });
  return ok('POST', `${INV}/shipment-plans/${p.id}/move`, { body: { action: 'confirm', version: p.version } });
}

const shipBody = (p: Json, extra: Json = {}) => ({
  planId: p.id,
  version: p.version,
  mode: 'sea',
  carrier: 'COSCO',
  tracking: 'COSU1',
  code: `FBA15MNG${p.id}`,
  etd: '2026-12-01',
  eta: '2027-01-05',
  ...extra,
});

const inbound = async () =>
  Number(
    (
      await t.rows<{ n: number }>(
        `SELECT coalesce(sum(inbound_shipped), 0) AS n FROM inventory_positions p
          WHERE shop_id = $1 AND warehouse_id = $2 AND sku = $3
            AND day = (SELECT max(day) FROM inventory_positions q WHERE q.shop_id = p.shop_id AND q.warehouse_id = p.warehouse_id AND q.sku = p.sku)`,
        [shopId, warehouseId, sku],
      )
    )[0]?.n ?? 0,
  );

beforeAll(async () => {
  shopId = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Lumio US'`))[0]?.id as number;
  warehouseId = (await t.rows<{ id: number }>(`SELECT id FROM inventory_warehouses WHERE code = 'FBA-US'`))[0]?.id as number;
  sku = (
    await t.rows<{ sku: string }>(
      `SELECT sk.sku FROM listings li JOIN skus sk ON sk.id = li.sku_id WHERE li.shop_id = $1 ORDER BY sk.sku LIMIT 1`,
      [shopId],
    )
  )[0]?.sku as string;
  own = await seedCanaries(t.database.pool);
  const pool = t.database.pool;
  const role = (await pool.query(`INSERT INTO roles (account_id, name) VALUES ($1, 'manage') RETURNING id`, [own.accountId]))
    .rows[0];
  await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [own.userId, role.id]);
  await pool.query(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern LIKE 'scm:shipment:manage%'`,
    [role.id],
  );
}, 120_000);

describe('a shipment from create to undo', () => {
  it('ships a confirmed plan, edits it under the version, undoes it, and keeps the history', async () => {
    const p = await confirmedPlan();
    const shippable = await ok('GET', `${API}/shippable`, { query: { keyword: p.code } });
    expect(shippable.map((x: Json) => x.id)).toEqual([p.id]);
    const before = await inbound();

    const shipped = await ok('POST', API, { body: shipBody(p) });
    expect(shipped).toMatchObject({ state: 'shipped', shipped: 60, shipment: { code: `FBA15MNG${p.id}`, carrier: 'COSCO' } });
    expect(await inbound()).toBe(before + 60);
    expect((await ok('GET', `${API}/shippable`, { query: { keyword: p.code } })).length).toBe(0);
    const listed = await ok('GET', API, { query: { keyword: `FBA15MNG${p.id}` } });
    expect(listed.list.map((r: Json) => r.planId)).toEqual([p.id]);

    const edited = await ok('PUT', `${API}/${p.id}`, {
      body: { version: shipped.version, carrier: 'Matson', tracking: 'MATS9', code: '', etd: '2026-12-02', eta: '2027-01-03' },
    });
    // An empty code keeps the shipment's id.
    expect(edited).toMatchObject({
      version: shipped.version + 1,
      shipment: { code: `FBA15MNG${p.id}`, carrier: 'Matson', tracking: 'MATS9', etd: '2026-12-02', eta: '2027-01-03' },
    });
    const stale = await call('PUT', `${API}/${p.id}`, {
      body: { version: shipped.version, carrier: 'X', tracking: 'Y', etd: '2026-12-02', eta: '2027-01-03' },
    });
    expect(stale.statusCode).toBe(409);
    expect((await call('DELETE', `${API}/${p.id}`, { query: { version: String(shipped.version) } })).statusCode).toBe(409);

    const undone = await ok('DELETE', `${API}/${p.id}`, { query: { version: String(edited.version) } });
    expect(undone).toMatchObject({ state: 'confirmed', shipped: 0, shipment: null, batchNo: null });
    expect(await inbound()).toBe(before);
    expect((await call('GET', `${API}/${p.id}`)).statusCode).toBe(404);

    const history = await ok('GET', `/api/user/rest/v1/history/shipment/${p.id}`);
    expect(history.list.map((e: Json) => e.action)).toEqual(['delete', 'update', 'create']);
    const planHistory = await ok('GET', `/api/user/rest/v1/history/shipment_plan/${p.id}`);
    expect(planHistory.list.map((e: Json) => e.action)).toContain('shipmentPlan.unship');
  });

  it('refuses to undo once anything is received, and to ship a plan that is not confirmed or is in a batch', async () => {
    const p = await confirmedPlan();
    const shipped = await ok('POST', API, { body: shipBody(p) });
    const received = await ok('POST', `${INV}/shipment-plans/${p.id}/receipts`, {
      body: { version: shipped.version, receivedOn: '2027-01-05', lines: [{ lineId: shipped.lines[0].id, quantity: 1 }] },
    });
    const refused = await call('DELETE', `${API}/${p.id}`, { query: { version: String(received.version) } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/received/i);

    const draft = await ok('POST', `${INV}/shipment-plans`, {
      body: { shopId, warehouseId, mode: 'sea', lines: [{ sku, unitsPerCarton: 12, quantity: 12 }] },
    });
    const notConfirmed = await call('POST', API, { body: shipBody(draft) });
    expect(notConfirmed.statusCode).toBe(409);
    expect(notConfirmed.json().msg).toMatch(/draft/i);

    const q = await confirmedPlan();
    const batch = await ok('POST', `${INV}/shipment-batches`, { body: { shopId, warehouseId, mode: 'sea' } });
    const batched = await ok('POST', `${INV}/shipment-plans/${q.id}/move`, {
      body: { action: 'batch', version: q.version, batchId: batch.id },
    });
    const inBatch = await call('POST', API, { body: shipBody(batched) });
    expect(inBatch.statusCode).toBe(409);
    expect(inBatch.json().msg).toMatch(/batch/i);

    const r = await confirmedPlan();
    expect((await call('POST', API, { body: shipBody(r, { version: r.version + 5 }) })).statusCode).toBe(409);
  });

  it('edits only a shipped or received plan’s shipment', async () => {
    const p = await confirmedPlan();
    const shipped = await ok('POST', API, { body: shipBody(p) });
    await t.rows(`UPDATE shipment_plans SET state = 'closed' WHERE id = $1`, [p.id]);
    const res = await call('PUT', `${API}/${p.id}`, {
      body: { version: shipped.version, carrier: 'X', tracking: 'Y', etd: '2026-12-02', eta: '2027-01-03' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/closed/i);
  });
});

describe('the list, its export and the edge', () => {
  it('lists and exports the filtered shipments', async () => {
    const list = await ok('GET', API, { query: { shopId: String(shopId), sortField: 'eta', sortOrder: 'asc', pageSize: '5' } });
    expect(list.list.length).toBeGreaterThan(0);
    expect(list.list.every((r: Json) => r.shopId === shopId)).toBe(true);
    const file = await call('GET', `${API}/excel`, { query: { shopId: String(shopId) } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('401, 403, 400 and 404', async () => {
    expect((await t.call('GET', API)).statusCode).toBe(401);
    const none = await t.login('sales.analyst');
    expect((await call('GET', API, { token: none })).statusCode).toBe(403);
    expect((await call('POST', API, { token: none, body: {} })).statusCode).toBe(403);
    const p = await confirmedPlan();
    // ETA before ETD, an empty tracking, an unknown field.
    expect((await call('POST', API, { body: shipBody(p, { eta: '2026-11-01' }) })).statusCode).toBe(400);
    expect((await call('POST', API, { body: shipBody(p, { tracking: '' }) })).statusCode).toBe(400);
    expect(
      (await call('PUT', `${API}/${p.id}`, { body: { version: 1, carrier: 'X', tracking: 'Y', etd: 'x', eta: 'y' } })).statusCode,
    ).toBe(400);
    expect((await call('DELETE', `${API}/${p.id}`)).statusCode).toBe(400);
    expect((await call('POST', API, { body: shipBody({ id: 99_999_999, version: 1 }) })).statusCode).toBe(404);
    // Another account's shop: not found for an external shop account holding every button.
    const shopA = t.as.shopA;
    expect((await call('POST', API, { token: shopA, body: shipBody(p) })).statusCode).toBe(404);
    const shipped = await ok('POST', API, { body: shipBody(p) });
    expect((await call('GET', `${API}/${p.id}`, { token: shopA })).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `${API}/${p.id}`, {
          token: shopA,
          body: { version: shipped.version, carrier: 'X', tracking: 'Y', etd: '2026-12-02', eta: '2027-01-03' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `${API}/${p.id}`, { token: shopA, query: { version: String(shipped.version) } })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/user/rest/v1/history/shipment/${p.id}`, { token: shopA })).statusCode).toBe(404);
    const theirs = await ok('GET', API, { token: shopA, query: { pageSize: '100' } });
    expect(theirs.list.every((r: Json) => own.shopIds.includes(r.shopId))).toBe(true);
    expect((await ok('GET', `${API}/shippable`, { token: shopA })).every((r: Json) => own.shopIds.includes(r.shopId))).toBe(true);
  });
});
