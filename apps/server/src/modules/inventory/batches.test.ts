/**
 * Shipment batches and delivery lists on a real database: a batch gathers confirmed plans of its
 * shop, warehouse and mode while open, its delivery list numbers the cartons and closes it for
 * loading, shipping it ships every plan (inbound stock, one shipment each); every state × action
 * of the batch machine (and edit, delete, adding and removing plans); a stale version 409;
 * cancelling sends the plans back; an external shop account sees only its shops' batches.
 */

import { transitionFrom } from '@bo/contract';
import { BATCH_ACTIONS, BATCH_STATES, type BatchState, SHIPMENT_BATCH_MACHINE } from '@bo/contract/inventory/batches';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type OwnScope, seedCanaries } from '../../../test/external/canaries';
import { testAppPerFile } from '../../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: replies read as loose JSON in assertions
type Json = Record<string, any>;
const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a' } });
let shopId = 0;
let warehouseId = 0;
let skus: string[] = [];
let own: OwnScope;
const API = '/api/inventory/rest/v1';

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = t.admin) {
  return t.call(method, `${API}/${path}`, { token, ...(body === undefined ? {} : { body }) });
}
async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = t.admin) {
  const res = await call(method, path, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}
/** A confirmed plan of Lumio US to FBA-US (`units` of the first SKU at 12 a carton, and 10 of the second at 5). */
async function confirmedPlan(mode = 'sea', units = 50) {
  const p = await ok('POST', 'shipment-plans', {
    shopId,
    warehouseId,
    mode,
    lines: [
      { sku: skus[0], unitsPerCarton: 12, quantity: units },
      { sku: skus[1], unitsPerCarton: 5, quantity: 10 },
    ],
  });
  return ok('POST', `shipment-plans/${p.id}/move`, { action: 'confirm', version: p.version });
}
const newBatch = (mode = 'sea') => ok('POST', 'shipment-batches', { shopId, warehouseId, mode, shipOn: '2026-12-10' });

beforeAll(async () => {
  [{ id: shopId }] = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Lumio US'`)) as [{ id: number }];
  [{ id: warehouseId }] = (await t.rows<{ id: number }>(`SELECT id FROM inventory_warehouses WHERE code = 'FBA-US'`)) as [
    { id: number },
  ];
  skus = (
    await t.rows<{ sku: string }>(
      `SELECT sk.sku FROM listings li JOIN skus sk ON sk.id = li.sku_id WHERE li.shop_id = $1 ORDER BY sk.sku LIMIT 2`,
      [shopId],
    )
  ).map((r) => r.sku);
  own = await seedCanaries(t.database.pool);
  const pool = t.database.pool;
  const role = (await pool.query(`INSERT INTO roles (account_id, name) VALUES ($1, 'batches') RETURNING id`, [own.accountId]))
    .rows[0];
  await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [own.userId, role.id]);
  await pool.query(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern LIKE 'scm:shipment:batch%'`,
    [role.id],
  );
}, 120_000);

describe('a batch from its plans to its shipment', () => {
  it('gathers plans, numbers the delivery list’s cartons, and ships every plan', async () => {
    const a = await confirmedPlan();
    const b = await confirmedPlan('sea', 24);
    const air = await confirmedPlan('air');
    let batch = await newBatch();
    expect(batch).toMatchObject({
      state: 'open',
      code: expect.stringMatching(/^SB\d{6}$/),
      plans: 0,
      units: 0,
      shipOn: '2026-12-10',
    });

    const candidates = (await ok('GET', `shipment-batches/${batch.id}/candidates`)).map((p: Json) => p.code);
    expect(candidates).toEqual(expect.arrayContaining([a.code, b.code]));
    expect(candidates).not.toContain(air.code);
    expect((await ok('GET', `shipment-plans/${a.id}/batches`)).map((x: Json) => x.id)).toContain(batch.id);

    batch = await ok('POST', `shipment-batches/${batch.id}/plans`, { version: batch.version, planIds: [a.id, b.id] });
    // 50 → 5 cartons of 12 (60) and 24 → 2 cartons (24), plus 2 cartons of 5 in each plan.
    expect(batch).toMatchObject({ plans: 2, skus: 2, cartons: 11, units: 104 });
    expect(batch.planList.map((p: Json) => p.state)).toEqual(['batched', 'batched']);
    expect(await ok('GET', `shipment-plans/${a.id}`)).toMatchObject({ state: 'batched', batchNo: batch.code, batchId: batch.id });
    // Another mode, or a stale batch, is refused.
    expect(
      (await call('POST', `shipment-batches/${batch.id}/plans`, { version: batch.version, planIds: [air.id] })).statusCode,
    ).toBe(409);
    expect((await call('POST', `shipment-batches/${batch.id}/plans`, { version: 1, planIds: [air.id] })).statusCode).toBe(409);
    batch = await ok('GET', `shipment-batches/${batch.id}`);

    const preview = await ok('POST', 'delivery-lists/preview', { batchIds: [batch.id] });
    expect(preview).toMatchObject({ warehouseCode: 'FBA-US', batchCodes: [batch.code], cartons: 11, units: 104 });
    expect(preview.lines.map((l: Json) => [l.planCode, l.cartonFrom, l.cartonTo])).toEqual([
      [a.code, 1, 5],
      [a.code, 6, 7],
      [b.code, 8, 9],
      [b.code, 10, 11],
    ]);
    const list = await ok('POST', 'delivery-lists', { batchIds: [batch.id] });
    expect(list).toMatchObject({ code: expect.stringMatching(/^DL\d{6}$/), cartons: 11, units: 104, batchCodes: [batch.code] });
    batch = await ok('GET', `shipment-batches/${batch.id}`);
    expect(batch).toMatchObject({ state: 'loading', deliveryLists: 1 });
    expect((await ok('GET', `delivery-lists?keyword=${batch.code}`)).list).toEqual([expect.objectContaining({ id: list.id })]);
    const file = await t.call('GET', `${API}/delivery-lists/${list.id}/excel`, { token: t.admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Each line carries its model's customs declaration for the shop's country (customs.reads.ts), else '*'.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    const head = (sheet.getRow(1).values as unknown[]).map(String);
    const [declared] = await t.rows<{ hs: string | null; value: string | null }>(
      `SELECT (SELECT b.hs_code FROM customs_basics b WHERE b.product_id = p.id AND b.country IN ('US', '*') ORDER BY b.country = '*' LIMIT 1) AS hs,
              (SELECT b.unit_value || ' ' || b.currency FROM customs_basics b WHERE b.product_id = p.id AND b.country IN ('US', '*') ORDER BY b.country = '*' LIMIT 1) AS value
         FROM skus sk JOIN products p ON p.id = sk.product_id WHERE sk.sku = $1`,
      [skus[0]],
    );
    const firstLine = sheet.getRow(2).values as unknown[];
    expect(firstLine[head.findIndex((h) => /HS/.test(h))] ?? null).toBe(declared?.hs ?? null);
    expect(firstLine[head.findIndex((h) => /申报单价|Declared/.test(h))] ?? null).toBe(declared?.value ?? null);
    // Closed for loading: no plan joins or leaves.
    expect(
      (await call('POST', `shipment-batches/${batch.id}/remove-plan`, { version: batch.version, planId: a.id })).statusCode,
    ).toBe(409);

    const inbound = async () =>
      (
        await t.rows<{ n: number }>(
          `SELECT coalesce(sum(inbound_shipped), 0)::int AS n FROM inventory_positions p
            WHERE shop_id = $1 AND warehouse_id = $2 AND sku = $3
              AND day = (SELECT max(day) FROM inventory_positions q WHERE q.shop_id = $1 AND q.warehouse_id = $2)`,
          [shopId, warehouseId, skus[0]],
        )
      )[0]?.n ?? 0;
    const before = await inbound();
    batch = await ok('POST', `shipment-batches/${batch.id}/ship`, {
      version: batch.version,
      carrier: 'COSCO',
      tracking: 'COSU123',
      etd: '2026-12-10',
      eta: '2027-01-14',
    });
    expect(batch).toMatchObject({ state: 'shipped', tracking: 'COSU123', carrier: 'COSCO' });
    for (const id of [a.id, b.id])
      expect(await ok('GET', `shipment-plans/${id}`)).toMatchObject({
        state: 'shipped',
        shipment: { carrier: 'COSCO', tracking: 'COSU123', etd: '2026-12-10', eta: '2027-01-14' },
      });
    const after = await inbound();
    if (before > 0 || after > 0) expect(after).toBe(before + 84);

    const history = await t.call('GET', `/api/user/rest/v1/history/shipment_batch/${batch.id}`, { token: t.admin });
    expect(history.statusCode, history.body).toBe(200);
    // create, two plans added, closed (by the delivery list), shipped.
    expect(history.json().data.total).toBe(5);
  });

  it('takes a plan out while open, and sends every plan back to confirmed when cancelled', async () => {
    const a = await confirmedPlan();
    const b = await confirmedPlan();
    let batch = await newBatch();
    batch = await ok('POST', `shipment-batches/${batch.id}/plans`, { version: batch.version, planIds: [a.id, b.id] });
    batch = await ok('POST', `shipment-batches/${batch.id}/remove-plan`, { version: batch.version, planId: a.id });
    expect(batch.planList.map((p: Json) => p.id)).toEqual([b.id]);
    expect(await ok('GET', `shipment-plans/${a.id}`)).toMatchObject({ state: 'confirmed', batchId: null, batchNo: null });
    // The plan screen's way out: unbatch.
    const pb = await ok('GET', `shipment-plans/${b.id}`);
    await ok('POST', `shipment-plans/${b.id}/move`, { action: 'unbatch', version: pb.version });
    batch = await ok('GET', `shipment-batches/${batch.id}`);
    expect(batch.plans).toBe(0);
    // An empty open batch cannot be closed; one with plans is cancelled, not deleted.
    expect(
      (await call('POST', `shipment-batches/${batch.id}/move`, { action: 'close', version: batch.version })).statusCode,
    ).toBe(409);
    batch = await ok('POST', `shipment-batches/${batch.id}/plans`, { version: batch.version, planIds: [a.id] });
    expect((await call('DELETE', `shipment-batches/${batch.id}`)).statusCode).toBe(409);
    batch = await ok('POST', `shipment-batches/${batch.id}/move`, { action: 'cancel', version: batch.version });
    expect(batch).toMatchObject({ state: 'cancelled', plans: 0 });
    expect(await ok('GET', `shipment-plans/${a.id}`)).toMatchObject({ state: 'confirmed', batchId: null });
  });

  it('makes one list of several batches of one shop and warehouse, and refuses a mix', async () => {
    const [a, b] = [await confirmedPlan(), await confirmedPlan('air')];
    let sea = await newBatch();
    let air = await newBatch('air');
    sea = await ok('POST', `shipment-batches/${sea.id}/plans`, { version: sea.version, planIds: [a.id] });
    air = await ok('POST', `shipment-batches/${air.id}/plans`, { version: air.version, planIds: [b.id] });
    const both = await ok('POST', 'delivery-lists/preview', { batchIds: [sea.id, air.id] });
    expect(both.lines.at(-1).cartonTo).toBe(14);
    const empty = await newBatch();
    expect((await call('POST', 'delivery-lists/preview', { batchIds: [sea.id, empty.id] })).statusCode).toBe(400);
  });
});

async function batchIn(state: BatchState): Promise<Json> {
  const p = await confirmedPlan();
  const b = await newBatch();
  await ok('POST', `shipment-batches/${b.id}/plans`, { version: b.version, planIds: [p.id] });
  await t.rows(`UPDATE shipment_batches SET state = $2 WHERE id = $1`, [b.id, state]);
  return ok('GET', `shipment-batches/${b.id}`);
}

async function batchAction(a: string, b: Json) {
  switch (a) {
    case 'ship':
      return call('POST', `shipment-batches/${b.id}/ship`, {
        version: b.version,
        carrier: 'COSCO',
        tracking: 'T1',
        etd: '2026-11-01',
        eta: '2026-12-05',
      });
    case 'edit':
      return call('PUT', `shipment-batches/${b.id}`, { version: b.version, shipOn: null, carrier: 'Matson', remark: 'x' });
    case 'delete':
      await t.rows(`UPDATE shipment_plans SET batch_id = NULL WHERE batch_id = $1`, [b.id]);
      return call('DELETE', `shipment-batches/${b.id}`);
    case 'add':
      return call('POST', `shipment-batches/${b.id}/plans`, { version: b.version, planIds: [(await confirmedPlan()).id] });
    case 'remove':
      return call('POST', `shipment-batches/${b.id}/remove-plan`, { version: b.version, planId: b.planList[0].id });
    default:
      return call('POST', `shipment-batches/${b.id}/move`, { action: a, version: b.version });
  }
}

describe('every state × action of a batch', () => {
  const cells = BATCH_STATES.flatMap((s) => [...BATCH_ACTIONS, 'edit', 'delete', 'add', 'remove'].map((a) => [s, a] as const));
  it.each(cells)('%s × %s', async (state, action) => {
    const b = await batchIn(state);
    const machine = (BATCH_ACTIONS as readonly string[]).includes(action);
    const allowed = machine
      ? transitionFrom(SHIPMENT_BATCH_MACHINE, state, action as never) !== null
      : action === 'edit'
        ? state === 'open' || state === 'loading'
        : state === 'open';
    const res = await batchAction(action, b);
    expect(res.statusCode, res.body).toBe(allowed ? 200 : 409);
    if (allowed && machine)
      expect(res.json().data.state).toBe(transitionFrom(SHIPMENT_BATCH_MACHINE, state, action as never)?.to);
    if (!allowed) expect(res.json().msg).toMatch(/cannot|only|batch/);
  });
});

describe('the edge and the shop scope', () => {
  it('401 without a session, 403 without the permission, 400 on a bad body', async () => {
    expect((await t.call('GET', `${API}/shipment-batches`)).statusCode).toBe(401);
    const none = await t.login('sales.analyst');
    expect((await call('GET', 'shipment-batches', undefined, none)).statusCode).toBe(403);
    expect((await call('POST', 'shipment-batches', { shopId, warehouseId, mode: 'boat' })).statusCode).toBe(400);
    const b = await batchIn('loading');
    const back = await call('POST', `shipment-batches/${b.id}/ship`, {
      version: b.version,
      carrier: 'x',
      tracking: 'y',
      etd: '2026-11-10',
      eta: '2026-11-01',
    });
    expect(back.statusCode).toBe(400);
    expect((await call('POST', 'delivery-lists', { batchIds: [] })).statusCode).toBe(400);
  });

  it('an external shop account sees and makes only its own shops’ batches and lists', async () => {
    const lumio = await batchIn('open');
    const mine = await ok('POST', 'shipment-batches', { shopId: own.shopId, warehouseId, mode: 'sea' }, t.as.shopA);
    const seen = (await ok('GET', 'shipment-batches?pageSize=100', undefined, t.as.shopA)).list.map((b: Json) => b.shopId);
    expect(new Set(seen)).toEqual(new Set([own.shopId]));
    expect(seen).not.toContain(shopId);
    expect((await call('GET', `shipment-batches/${lumio.id}`, undefined, t.as.shopA)).statusCode).toBe(404);
    expect((await call('POST', 'delivery-lists/preview', { batchIds: [lumio.id] }, t.as.shopA)).statusCode).toBe(404);
    expect((await call('POST', 'shipment-batches', { shopId, warehouseId, mode: 'sea' }, t.as.shopA)).statusCode).toBe(400);
    const history = await t.call('GET', `/api/user/rest/v1/history/shipment_batch/${lumio.id}`, { token: t.as.shopA });
    expect(history.statusCode).toBe(404);
    expect((await ok('GET', `shipment-batches/${mine.id}`, undefined, t.as.shopA)).shopId).toBe(own.shopId);
    const lists = (await ok('GET', 'delivery-lists?pageSize=100', undefined, t.as.shopA)).list;
    expect(lists.every((l: Json) => l.shopId === own.shopId)).toBe(true);
  });
});
