/**
 * Shipment plans and FBA claims on a real database: every state × action of both machines
 * (allowed moves answer 200, the others 409 naming the state), only a draft is edited or
 * deleted, quantities round up to whole cartons, a plan shipped and received short moves the
 * stock (inbound, then fulfillable) and leaves a difference that becomes a claim; shop scope,
 * 401, 403 and 400.
 */

import { transitionFrom } from '@bo/contract';
import { CLAIM_ACTIONS, CLAIM_STATES, type ClaimAction, type ClaimState, FBA_CLAIM_MACHINE } from '@bo/contract/inventory/claims';
import {
  cartonsFor,
  SHIPMENT_PLAN_MACHINE,
  SHIPMENT_PLAN_STATES,
  type ShipmentPlanState,
} from '@bo/contract/inventory/shipments';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { uploadImport } from '../../../test/multipart';

// biome-ignore lint/suspicious/noExplicitAny: replies read as loose JSON in assertions
type Json = Record<string, any>;
const t = testAppPerFile({ admin: true });
let shopId = 0;
let otherShopId = 0;
let warehouseId = 0;
let sku = '';
const API = '/api/inventory/rest/v1';

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = t.admin) {
  return t.call(method, `${API}/${path}`, { token, ...(body === undefined ? {} : { body }) });
}
async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const res = await call(method, path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}
const planBody = (lines = [{ sku, unitsPerCarton: 12, quantity: 50 }]) => ({ shopId, warehouseId, mode: 'sea', lines });
const newPlan = () => ok('POST', 'shipment-plans', planBody());
const position = async (s: string) =>
  (
    await t.rows<{ fulfillable: number; inbound_shipped: number }>(
      `SELECT fulfillable, inbound_shipped FROM inventory_positions
        WHERE shop_id = $1 AND warehouse_id = $2 AND sku = $3 ORDER BY day DESC LIMIT 1`,
      [shopId, warehouseId, s],
    )
  )[0] ?? { fulfillable: 0, inbound_shipped: 0 };

beforeAll(async () => {
  [{ id: shopId }] = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Lumio US'`)) as [{ id: number }];
  [{ id: otherShopId }] = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name <> 'Lumio US' ORDER BY id LIMIT 1`)) as [
    { id: number },
  ];
  [{ id: warehouseId }] = (await t.rows<{ id: number }>(`SELECT id FROM inventory_warehouses WHERE code = 'FBA-US'`)) as [
    { id: number },
  ];
  [{ sku }] = (await t.rows<{ sku: string }>(
    `SELECT sk.sku FROM listings li JOIN skus sk ON sk.id = li.sku_id WHERE li.shop_id = $1 ORDER BY sk.sku LIMIT 1`,
    [shopId],
  )) as [{ sku: string }];
});

describe('a plan from draft to a claim', () => {
  it('rounds to cartons, ships into inbound, receives short into fulfillable, and the shortfall becomes a claim', async () => {
    expect(cartonsFor(50, 12)).toBe(5);
    const plan = await newPlan();
    expect(plan).toMatchObject({ state: 'draft', code: expect.stringMatching(/^SP\d{6}$/), quantity: 60, cartons: 5 });
    expect(plan.lines[0]).toMatchObject({ sku, unitsPerCarton: 12, cartons: 5, quantity: 60, listingId: expect.any(Number) });

    const edited = await ok('PUT', `shipment-plans/${plan.id}`, {
      version: plan.version,
      plan: planBody([{ sku, unitsPerCarton: 10, quantity: 41 }]),
    });
    expect(edited).toMatchObject({ quantity: 50, version: plan.version + 1 });
    const stale = await call('PUT', `shipment-plans/${plan.id}`, { version: plan.version, plan: planBody() });
    expect(stale.statusCode).toBe(409);

    let p = await ok('POST', `shipment-plans/${plan.id}/move`, { action: 'confirm', version: edited.version });
    let batch = await ok('POST', 'shipment-batches', { shopId, warehouseId, mode: 'sea', carrier: 'COSCO' });
    p = await ok('POST', `shipment-plans/${plan.id}/move`, { action: 'batch', version: p.version, batchId: batch.id });
    expect(p).toMatchObject({ state: 'batched', batchNo: batch.code, batchId: batch.id });
    // A plan in a batch ships with its batch, not alone.
    const alone = await call('POST', `shipment-plans/${plan.id}/ship`, {
      version: p.version,
      mode: 'sea',
      carrier: 'DHL',
      tracking: '1Z999',
      etd: '2026-11-20',
      eta: '2026-11-30',
    });
    expect(alone.statusCode).toBe(409);
    batch = await ok('GET', `shipment-batches/${batch.id}`);
    batch = await ok('POST', `shipment-batches/${batch.id}/move`, { action: 'close', version: batch.version });
    const before = await position(sku);
    batch = await ok('POST', `shipment-batches/${batch.id}/ship`, {
      version: batch.version,
      carrier: 'DHL',
      tracking: '1Z999',
      etd: '2026-11-20',
      eta: '2026-11-30',
    });
    expect(batch).toMatchObject({ state: 'shipped', tracking: '1Z999', etd: '2026-11-20', eta: '2026-11-30' });
    p = await ok('GET', `shipment-plans/${plan.id}`);
    expect(p).toMatchObject({ state: 'shipped', mode: 'sea', shipped: 50, shipment: { code: `${p.code}-1`, carrier: 'DHL' } });
    expect((await position(sku)).inbound_shipped).toBe(before.inbound_shipped + 50);

    const onWay = await ok('GET', `shipments/fba/onWay?sku=${encodeURIComponent(sku)}`);
    expect(onWay.find((r: Json) => r.shopId === shopId)).toMatchObject({ units: expect.any(Number), eta: expect.any(String) });

    const line = p.lines[0].id;
    const over = await call('POST', `shipment-plans/${plan.id}/receipts`, {
      version: p.version,
      receivedOn: '2026-11-28',
      lines: [{ lineId: line, quantity: 51 }],
    });
    expect(over.statusCode).toBe(400);
    p = await ok('POST', `shipment-plans/${plan.id}/receipts`, {
      version: p.version,
      receivedOn: '2026-11-28',
      lines: [{ lineId: line, quantity: 30 }],
    });
    p = await ok('POST', `shipment-plans/${plan.id}/receipts`, {
      version: p.version,
      receivedOn: '2026-11-29',
      lines: [{ lineId: line, quantity: 16 }],
    });
    expect(p).toMatchObject({ state: 'received', received: 46, shipment: { receivedOn: '2026-11-29' } });
    const after = await position(sku);
    expect(after.fulfillable).toBe(before.fulfillable + 46);
    expect(after.inbound_shipped).toBe(before.inbound_shipped + 4);
    p = await ok('POST', `shipment-plans/${plan.id}/move`, { action: 'close', version: p.version });
    expect((await position(sku)).inbound_shipped).toBe(before.inbound_shipped);

    const diffs = await ok('GET', `shipments/differences?keyword=${p.code}`);
    expect(diffs.list).toEqual([
      expect.objectContaining({ lineId: line, shipped: 50, received: 46, difference: 4, claimId: null }),
    ]);
    const claim = await ok('POST', `shipments/differences/${line}/claim`);
    expect(claim).toMatchObject({ state: 'open', quantity: 4, sku, shipmentCode: `${p.code}-1` });
    expect((await call('POST', `shipments/differences/${line}/claim`)).statusCode).toBe(409);
    expect((await ok('GET', `shipments/differences?keyword=${p.code}&claim=without`)).list).toEqual([]);

    const submitted = await ok('POST', `fba-claims/${claim.id}/move`, {
      action: 'submit',
      version: claim.version,
      caseId: '1234567890',
    });
    const paid = await ok('POST', `fba-claims/${claim.id}/move`, {
      action: 'reimburse',
      version: submitted.version,
      amount: 39.96,
    });
    expect(paid).toMatchObject({ state: 'reimbursed', reimbursedUnits: 4, reimbursedAmount: '39.96', caseId: '1234567890' });

    const history = await t.call('GET', `/api/user/rest/v1/history/fba_claim/${claim.id}`, { token: t.admin });
    expect(history.statusCode, history.body).toBe(200);
    const planHistory = await t.call('GET', `/api/user/rest/v1/history/shipment_plan/${plan.id}`, { token: t.admin });
    expect(planHistory.json().data.total).toBe(8);
  });
});

/** A fresh plan put in `state` (lines shipped in full and nothing received once it has shipped). */
async function planIn(state: ShipmentPlanState): Promise<Json> {
  const p = await newPlan();
  const shipped = ['shipped', 'received', 'closed'].includes(state);
  await t.rows<Json>(`UPDATE shipment_plans SET state = $2 WHERE id = $1`, [p.id, state]);
  if (shipped) {
    await t.rows<Json>(`UPDATE shipment_plan_lines SET shipped = cartons * units_per_carton WHERE plan_id = $1`, [p.id]);
    await t.rows<Json>(
      `INSERT INTO shipments (plan_id, code, mode, carrier, tracking, etd, eta) VALUES ($1, $2, 'sea', 'x', 'y', '2026-11-01', '2026-12-01')`,
      [p.id, `S${p.id}`],
    );
  }
  return ok('GET', `shipment-plans/${p.id}`);
}

const planAction = async (a: string, p: Json) => {
  switch (a) {
    case 'ship':
      return call('POST', `shipment-plans/${p.id}/ship`, {
        version: p.version,
        mode: 'sea',
        carrier: 'COSCO',
        tracking: 'T1',
        etd: '2026-11-01',
        eta: '2026-12-05',
      });
    case 'receive':
      return call('POST', `shipment-plans/${p.id}/receipts`, {
        version: p.version,
        receivedOn: '2026-12-05',
        lines: [{ lineId: p.lines[0].id, quantity: 1 }],
      });
    case 'edit':
      return call('PUT', `shipment-plans/${p.id}`, { version: p.version, plan: planBody() });
    case 'delete':
      return call('DELETE', `shipment-plans/${p.id}`);
    case 'unship':
      // /shipmentManageNext's delete (modules/supplyboards): undo a ship while nothing is received.
      return t.call('DELETE', `/api/supplyboards/rest/v1/shipments/${p.id}`, {
        token: t.admin,
        query: { version: String(p.version) },
      });
    case 'batch': {
      const b = await ok('POST', 'shipment-batches', { shopId, warehouseId, mode: p.mode });
      return call('POST', `shipment-plans/${p.id}/move`, { action: a, version: p.version, batchId: b.id });
    }
    default:
      return call('POST', `shipment-plans/${p.id}/move`, { action: a, version: p.version });
  }
};

describe('every state × action of a plan', () => {
  const cells = SHIPMENT_PLAN_STATES.flatMap((s) =>
    ['confirm', 'batch', 'unbatch', 'ship', 'unship', 'receive', 'close', 'cancel', 'edit', 'delete'].map((a) => [s, a] as const),
  );
  it.each(cells)('%s × %s', async (state, action) => {
    const p = await planIn(state);
    const allowed =
      action === 'edit' || action === 'delete'
        ? state === 'draft'
        : transitionFrom(SHIPMENT_PLAN_MACHINE, state, action as never) !== null;
    const res = await planAction(action, p);
    expect(res.statusCode, res.body).toBe(allowed ? 200 : 409);
    if (allowed && action !== 'edit' && action !== 'delete')
      expect(res.json().data.state).toBe(transitionFrom(SHIPMENT_PLAN_MACHINE, state, action as never)?.to);
    if (!allowed) expect(res.json().msg).toMatch(/cannot|only a draft/);
  });
});

describe('every state × action of a claim', () => {
  async function claimIn(state: ClaimState): Promise<Json> {
    const p = await planIn('received');
    const [c] = await t.rows<{ id: number }>(
      `INSERT INTO fba_claims (shop_id, line_id, quantity, state) VALUES ($1, $2, 3, $3) RETURNING id`,
      [shopId, p.lines[0].id, state],
    );
    return ok('GET', `fba-claims/${c!.id}`);
  }
  const cells = CLAIM_STATES.flatMap((s) => CLAIM_ACTIONS.map((a) => [s, a] as const));
  it.each(cells)('%s × %s', async (state, action: ClaimAction) => {
    const c = await claimIn(state);
    const res = await call('POST', `fba-claims/${c.id}/move`, { action, version: c.version, caseId: 'C1', amount: 5 });
    const t2 = transitionFrom(FBA_CLAIM_MACHINE, state, action);
    expect(res.statusCode, res.body).toBe(t2 ? 200 : 409);
    if (t2) expect(res.json().data.state).toBe(t2.to);
  });
});

describe('the edge', () => {
  it('401 without a session, 403 without the permission, 400 on a bad body, 404 for another shop’s plan', async () => {
    expect((await t.call('GET', `${API}/shipment-plans`)).statusCode).toBe(401);
    const none = await t.login('sales.analyst');
    expect((await call('GET', 'shipment-plans', undefined, none)).statusCode).toBe(403);
    expect((await call('POST', 'shipment-plans', { ...planBody(), lines: [] })).statusCode).toBe(400);
    const twice = await call(
      'POST',
      'shipment-plans',
      planBody([
        { sku, unitsPerCarton: 1, quantity: 1 },
        { sku, unitsPerCarton: 1, quantity: 2 },
      ]),
    );
    expect(twice.statusCode).toBe(400);
    const badShip = await call('POST', 'shipment-plans/1/ship', {
      version: 1,
      mode: 'sea',
      carrier: 'x',
      tracking: 'y',
      etd: '2026-11-10',
      eta: '2026-11-01',
    });
    expect(badShip.statusCode).toBe(400);
    const other = await ok('POST', 'shipment-plans', { ...planBody(), shopId: otherShopId });
    const shopA = await t.login('shop.a');
    const seen = await call('GET', `shipment-plans/${other.id}`, undefined, shopA);
    expect([403, 404]).toContain(seen.statusCode);
  });

  it('answers the delivery types and overseas stock', async () => {
    expect(await ok('GET', 'shipment-plans/delivery-type')).toContainEqual({ mode: 'sea', transitDays: 35 });
    expect(Array.isArray(await ok('GET', 'oversea-detail'))).toBe(true);
  });
});

describe('the FBA Reimbursements report (import kind fba-reimbursements)', () => {
  const HEADER =
    'approval-date\treimbursement-id\tcase-id\tamazon-order-id\treason\tsku\tfnsku\tasin\tproduct-name\tcondition\tcurrency-unit\tamount-per-unit\tamount-total\tquantity-reimbursed-cash\tquantity-reimbursed-inventory\tquantity-reimbursed-total';
  const row = (id: string, caseId: string, s: string, amount: string, units: string) =>
    `2026-11-20T10:00:00+00:00\t${id}\t${caseId}\t\tLost_Inbound\t${s}\tX00\tB0\tLamp\tNew\tUSD\t9.99\t${amount}\t${units}\t0\t${units}`;
  const upload = async (text: string, token = t.admin) =>
    uploadImport(
      t.app,
      token,
      { kind: 'fba-reimbursements', shopId: String(shopId) },
      { name: 'reimb.txt', bytes: Buffer.from(text) },
    );

  it('pays the claim a row names, warns of rows no claim waits for, refuses bad rows, and cannot be reverted', async () => {
    const p = await planIn('received');
    const [c] = await t.rows<{ id: number }>(
      `INSERT INTO fba_claims (shop_id, line_id, quantity, state, case_id) VALUES ($1, $2, 3, 'submitted', 'CASE-77') RETURNING id`,
      [shopId, p.lines[0].id],
    );
    const text = [
      HEADER,
      row('R-1', 'CASE-77', sku, '29.97', '3'),
      row('R-2', '', 'NO-SUCH-SKU', '5.00', '1'),
      row('R-3', '', sku, 'abc', '1'),
      row('R-1', 'CASE-77', sku, '29.97', '3'),
    ].join('\n');
    const res = await upload(text);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview.status).toBe('preview');
    expect(preview.records).toEqual([
      expect.objectContaining({ key: `R-1|${sku}`, status: 'changed', values: expect.objectContaining({ claim: c!.id }) }),
      expect.objectContaining({ key: 'R-2|NO-SUCH-SKU', status: 'unchanged', values: expect.objectContaining({ claim: null }) }),
    ]);
    expect(preview.errors.map((e: Json) => e.message)).toEqual([
      'not an amount: abc',
      expect.stringMatching(/listed twice \(line 2\)/),
    ]);
    expect(preview.warnings.map((w: Json) => w.message)).toEqual([
      expect.stringMatching(/no claim of this shop waits for SKU NO-SUCH-SKU/),
    ]);

    const done = await t.call('POST', `/api/imports/${preview.id}/commit`, { token: t.admin, body: { skipErrorRows: true } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.result).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    expect(await ok('GET', `fba-claims/${c!.id}`)).toMatchObject({
      state: 'reimbursed',
      reimbursedUnits: 3,
      reimbursedAmount: '29.97',
      caseId: 'CASE-77',
    });
    const [audit] = await t.rows<Json>(
      `SELECT action FROM audit_log WHERE entity = 'fba_claim' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [String(c!.id)],
    );
    expect(audit).toMatchObject({ action: 'fbaClaim.reimburse' });
    const revert = await t.call('POST', `/api/imports/${preview.id}/revert`, { token: t.admin });
    expect(revert.statusCode).toBe(409);

    // The same report again: the reimbursement is already on its claim.
    const again = (await upload([HEADER, row('R-1', 'CASE-77', sku, '29.97', '3')].join('\n'))).json().data;
    expect(again.records).toEqual([
      expect.objectContaining({ status: 'unchanged', values: expect.objectContaining({ claim: c!.id }) }),
    ]);
  });

  it('holds a file without the report columns, and refuses a user who may not edit claims', async () => {
    const held = (await upload('sku\tamount\nA\t1\n')).json().data;
    expect(held.status).toBe('held');
    expect(held.unknownHeader.missing).toEqual(
      expect.arrayContaining(['reimbursement-id', 'currency-unit', 'amount-total', 'quantity-reimbursed-total']),
    );
    const viewer = await t.login('cs.agent');
    expect((await upload([HEADER, row('R-9', '', sku, '1.00', '1')].join('\n'), viewer)).statusCode).toBe(403);
  });
});
