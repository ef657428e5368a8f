/**
 * Shipment waves on a real database: a wave from draft through review (nobody approves their own,
 * a rejection needs a remark, edited again after a rejection) to its split into confirmed plans
 * (one per shop × warehouse × mode, units in whole cartons, linked back, one transaction, twice
 * is 409); every state × action of SHIPMENT_WAVE_MACHINE (and edit, delete), a stale version;
 * sample waves (units as asked, any warehouse, a purpose); /smartShipment's proposals against the
 * replenishment advice; the shop scope of an external account; bad input.
 */
import { transitionFrom } from '@bo/contract';
import { SHIPMENT_WAVE_MACHINE, WAVE_ACTIONS, WAVE_STATES, type WaveState } from '@bo/contract/inventory/waves';
import { beforeAll, describe, expect, it } from 'vitest';
import { type OwnScope, seedCanaries } from '../../../test/external/canaries';
import { testAppPerFile } from '../../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: replies read as loose JSON in assertions
type Json = Record<string, any>;
const t = testAppPerFile({ admin: true, signIn: { planner: 'planner', shopA: 'shop.a' }, setUpTimeoutMs: 120_000 });
const API = '/api/inventory/rest/v1';

let us: { shopId: number; listings: number[]; skus: string[] };
let de: { shopId: number; listings: number[] };
let ids: { admin: number; planner: number };
let wh: Record<string, number>;
let own: OwnScope;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  token = t.as.planner,
  query?: Record<string, string>,
) {
  return t.call(method, `${API}/${path}`, { token, ...(body === undefined ? {} : { body }), ...(query ? { query } : {}) });
}
async function ok(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  token = t.as.planner,
  query?: Record<string, string>,
) {
  const res = await call(method, path, body, token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}

async function shopOf(name: string) {
  const [s] = await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = $1`, [name]);
  const ls = await t.rows<{ id: number; sku: string }>(
    `SELECT li.id, sk.sku FROM listings li JOIN skus sk ON sk.id = li.sku_id WHERE li.shop_id = $1 ORDER BY li.id LIMIT 3`,
    [s?.id],
  );
  return { shopId: Number(s?.id), listings: ls.map((l) => Number(l.id)), skus: ls.map((l) => l.sku) };
}

/** A wave of the planner in `state` (written directly), one line of Lumio US; in review: the admin asked. */
async function waveIn(state: WaveState) {
  const [w] = await t.rows<{ id: number; version: number }>(
    `INSERT INTO shipment_waves (code, account_id, kind, ship_week, state, owner_id)
     VALUES ('T-SW-' || nextval(pg_get_serial_sequence('shipment_waves', 'id')), 1, 'replenish', '2026-12-07', $1, $2)
     RETURNING id, version`,
    [state, ids.planner],
  );
  const id = Number(w?.id);
  await t.rows(
    `INSERT INTO shipment_wave_lines (wave_id, shop_id, listing_id, sku, warehouse_id, mode, units, units_per_carton, cartons)
     VALUES ($1, $2, $3, $4, $5, 'sea', 24, 12, 2)`,
    [id, us.shopId, us.listings[0], us.skus[0], wh['FBA-US']],
  );
  if (state === 'review') {
    const [a] = await t.rows<{ id: number }>(
      `INSERT INTO approvals (account_id, flow, entity_id, submitter_id, status, step, round, approvers, version)
       VALUES (1, 'inventory.shipmentWave', $1::text, $2, 2, 0, 1, $3::jsonb, 1) RETURNING id`,
      [id, ids.planner, JSON.stringify([[ids.admin]])],
    );
    await t.rows(`INSERT INTO approval_waits (approval_id, user_id, flow) VALUES ($1, $2, 'inventory.shipmentWave')`, [
      a?.id,
      ids.admin,
    ]);
  }
  return { id, version: Number(w?.version) };
}

const body = (lines: Json[], extra: Json = {}) => ({ shipWeek: '2026-12-09', remark: 'test', lines, ...extra });

beforeAll(async () => {
  us = await shopOf('Lumio US');
  de = await shopOf('Lumio DE');
  const users = await t.rows<{ id: number; login_name: string }>(
    `SELECT id, login_name FROM users WHERE login_name IN ('admin', 'planner')`,
  );
  ids = {
    admin: Number(users.find((u) => u.login_name === 'admin')?.id),
    planner: Number(users.find((u) => u.login_name === 'planner')?.id),
  };
  wh = Object.fromEntries(
    (await t.rows<{ id: number; code: string }>(`SELECT id, code FROM inventory_warehouses`)).map((w) => [w.code, Number(w.id)]),
  );
  own = await seedCanaries(t.database.pool);
  const pool = t.database.pool;
  const role = (await pool.query(`INSERT INTO roles (account_id, name) VALUES ($1, 'waves') RETURNING id`, [own.accountId]))
    .rows[0];
  await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [own.userId, role.id]);
  await pool.query(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern LIKE 'scm:shipment:planNext%'`,
    [role.id],
  );
}, 120_000);

describe('the demo', () => {
  it('has one wave in review waiting for the administrator, one split into confirmed plans, one sample draft', async () => {
    const demo = await t.rows<{ id: number; state: string; kind: string; remark: string }>(
      `SELECT id, state, kind, remark FROM shipment_waves WHERE owner_id = $1 AND code LIKE 'SW%' AND remark LIKE '% / %' ORDER BY id LIMIT 3`,
      [ids.planner],
    );
    expect(demo.map((w) => [w.state, w.kind])).toEqual([
      ['review', 'replenish'],
      ['split', 'replenish'],
      ['draft', 'sample'],
    ]);
    const [review, split, sample] = demo.map((w) => Number(w.id)) as [number, number, number];
    const waiting = await ok('GET', 'shipment-waves', undefined, t.admin, { awaitingMe: 'true', pageSize: '100' });
    expect(waiting.list.map((w: Json) => w.id)).toContain(review);
    const s = await ok('GET', `shipment-waves/${split}`, undefined, t.admin);
    expect(s.plans.length).toBeGreaterThan(0);
    expect(s.plans.every((p: Json) => p.state === 'confirmed')).toBe(true);
    expect(s.plans.reduce((a: number, p: Json) => a + p.units, 0)).toBe(s.units);
    expect(s.timeline.map((e: Json) => e.action)).toEqual(['submit', 'approve']);
    const d = await ok('GET', `shipment-waves/${sample}`, undefined, t.admin);
    expect(d.items.every((l: Json) => l.purpose !== null && l.cartons === null)).toBe(true);
  });
});

describe('a wave from proposal to plans', () => {
  it('rounds to cartons, is reviewed by someone else, and splits into one confirmed plan per shop × warehouse × mode', async () => {
    let w = await ok(
      'POST',
      'shipment-waves',
      body([
        { shopId: us.shopId, listingId: us.listings[0], mode: 'sea', units: 50, unitsPerCarton: 12 },
        { shopId: us.shopId, listingId: us.listings[1], mode: 'sea', units: 24, unitsPerCarton: 24 },
        { shopId: us.shopId, listingId: us.listings[2], mode: 'air', units: 10, unitsPerCarton: 4 },
        {
          shopId: us.shopId,
          listingId: us.listings[0],
          warehouseId: wh['US-3PL-LA'],
          mode: 'sea',
          units: 13,
          unitsPerCarton: 12,
        },
        { shopId: de.shopId, listingId: de.listings[0], mode: 'sea', units: 100, unitsPerCarton: 30 },
      ]),
    );
    // 50 at 12 → 5 cartons, 60; 24 at 24 → 1, 24; 10 at 4 → 3, 12; 13 at 12 → 2, 24; 100 at 30 → 4, 120.
    expect(w).toMatchObject({
      state: 'draft',
      code: expect.stringMatching(/^SW\d{6}$/),
      shipWeek: '2026-12-07',
      lines: 5,
      shops: 2,
    });
    expect(w.items.map((l: Json) => [l.units, l.cartons])).toEqual(
      expect.arrayContaining([
        [60, 5],
        [24, 1],
        [12, 3],
        [24, 2],
        [120, 4],
      ]),
    );
    expect(w.units).toBe(60 + 24 + 12 + 24 + 120);
    expect(w.cartons).toBe(5 + 1 + 3 + 2 + 4);
    const usMarket = w.items.find((l: Json) => l.shopId === us.shopId).marketId;
    const deMarket = w.items.find((l: Json) => l.shopId === de.shopId).marketId;
    expect(w.totals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ marketId: usMarket, mode: 'sea', lines: 3, units: 108, cartons: 8 }),
        expect.objectContaining({ marketId: usMarket, mode: 'air', lines: 1, units: 12, cartons: 3 }),
        expect.objectContaining({ marketId: deMarket, mode: 'sea', lines: 1, units: 120, cartons: 4 }),
      ]),
    );
    // Freight per marketplace × mode: the calculator's cheapest card of the mode for each model's units, summed.
    const detail = await ok('GET', `shipment-waves/${w.id}`, undefined, t.admin);
    const products = await t.rows<{ id: number; product_id: number }>(
      `SELECT li.id, sk.product_id FROM listings li JOIN skus sk ON sk.id = li.sku_id WHERE li.id = ANY($1::int[])`,
      [[...us.listings, ...de.listings]],
    );
    for (const total of detail.totals as Json[]) {
      const byProduct = new Map<number, number>();
      for (const l of detail.items as Json[])
        if (l.marketId === total.marketId && l.mode === total.mode) {
          const pid = Number(products.find((p) => Number(p.id) === l.listingId)?.product_id);
          byProduct.set(pid, (byProduct.get(pid) ?? 0) + l.units);
        }
      let usd = 0;
      let unpriced = 0;
      for (const [productId, units] of byProduct) {
        const res = await t.call('GET', '/api/logistics/rest/v1/calc', {
          token: t.admin,
          query: { productId: String(productId), units: String(units), marketId: String(total.marketId) },
        });
        const quote = res.statusCode === 200 ? (res.json().data.quotes as Json[]).find((q) => q.mode === total.mode) : undefined;
        if (quote) usd += quote.total;
        else unpriced += units;
      }
      expect(total.unpricedUnits).toBe(unpriced);
      if (unpriced < total.units) expect(total.freightUsd).toBeCloseTo(usd, 2);
      else expect(total.freightUsd).toBeNull();
    }
    // The demo's cards and model info price at least one of them.
    expect((detail.totals as Json[]).some((x) => x.freightUsd !== null && x.freightUsd > 0)).toBe(true);
    expect(w.items.find((l: Json) => l.shopId === de.shopId).warehouseCode).toBe('FBA-DE');

    w = await ok('POST', `shipment-waves/${w.id}/move`, { action: 'submit', version: w.version });
    expect(w.state).toBe('review');
    expect(w.canDecide).toBe(false);
    // The owner holds the approve button too, but nobody approves their own.
    const own = await call('POST', `shipment-waves/${w.id}/decide`, { action: 'approve', version: w.version });
    expect(own.statusCode).toBe(403);
    const seen = await ok('GET', `shipment-waves/${w.id}`, undefined, t.admin);
    expect(seen.canDecide).toBe(true);
    const waiting = await ok('GET', 'shipment-waves', undefined, t.admin, { awaitingMe: 'true' });
    expect(waiting.list.map((x: Json) => x.id)).toContain(w.id);
    // A rejection says why.
    expect(
      (await call('POST', `shipment-waves/${w.id}/decide`, { action: 'reject', version: w.version }, t.admin)).statusCode,
    ).toBe(400);
    w = await ok(
      'POST',
      `shipment-waves/${w.id}/decide`,
      { action: 'reject', version: w.version, remark: 'too much air' },
      t.admin,
    );
    expect(w.state).toBe('rejected');
    // Edited after the rejection: back to draft, then submitted again.
    w = await ok('PUT', `shipment-waves/${w.id}`, {
      version: w.version,
      wave: body([
        { shopId: us.shopId, listingId: us.listings[0], mode: 'sea', units: 50, unitsPerCarton: 12 },
        { shopId: us.shopId, listingId: us.listings[1], mode: 'sea', units: 24, unitsPerCarton: 24 },
        {
          shopId: us.shopId,
          listingId: us.listings[0],
          warehouseId: wh['US-3PL-LA'],
          mode: 'sea',
          units: 13,
          unitsPerCarton: 12,
        },
        { shopId: de.shopId, listingId: de.listings[0], mode: 'sea', units: 100, unitsPerCarton: 30 },
      ]),
    });
    expect(w.state).toBe('draft');
    w = await ok('POST', `shipment-waves/${w.id}/move`, { action: 'submit', version: w.version });
    w = await ok('POST', `shipment-waves/${w.id}/decide`, { action: 'approve', version: w.version, remark: 'ok' }, t.admin);
    expect(w.state).toBe('approved');
    expect(w.timeline.map((e: Json) => e.action)).toEqual(['submit', 'reject', 'submit', 'approve']);
    expect(w.timeline[1]).toMatchObject({ remark: 'too much air', userId: ids.admin });

    w = await ok('POST', `shipment-waves/${w.id}/move`, { action: 'split', version: w.version });
    expect(w.state).toBe('split');
    // Three groups: US → FBA-US by sea (2 SKUs), US → LA 3PL by sea, DE → FBA-DE by sea.
    expect(w.plans).toHaveLength(3);
    const plans = await t.rows<{
      code: string;
      state: string;
      shop_id: number;
      warehouse_id: number;
      mode: string;
      wave_id: number;
    }>(`SELECT code, state, shop_id, warehouse_id, mode, wave_id FROM shipment_plans WHERE wave_id = $1 ORDER BY id`, [w.id]);
    expect(plans.every((p) => p.state === 'confirmed' && p.mode === 'sea')).toBe(true);
    const lines = await t.rows<{ warehouse_id: number; sku: string; units_per_carton: number; cartons: number }>(
      `SELECT p.warehouse_id, l.sku, l.units_per_carton, l.cartons FROM shipment_plan_lines l JOIN shipment_plans p ON p.id = l.plan_id
        WHERE p.wave_id = $1 ORDER BY p.id, l.sku`,
      [w.id],
    );
    expect(lines.filter((l) => Number(l.warehouse_id) === wh['FBA-US'])).toHaveLength(2);
    expect(lines.find((l) => Number(l.warehouse_id) === wh['US-3PL-LA'])).toMatchObject({ units_per_carton: 12, cartons: 2 });
    expect(lines.find((l) => Number(l.warehouse_id) === wh['FBA-DE'])).toMatchObject({ units_per_carton: 30, cartons: 4 });
    // The plan opens as any plan does, confirmed.
    const plan = await ok('GET', `shipment-plans/${w.plans[0].id}`, undefined, t.admin);
    expect(plan.state).toBe('confirmed');

    // Twice: 409 naming the state, nothing more made.
    const again = await call('POST', `shipment-waves/${w.id}/move`, { action: 'split', version: w.version });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(/split/i);
    expect(await t.rows(`SELECT id FROM shipment_plans WHERE wave_id = $1`, [w.id])).toHaveLength(3);
    // History of the wave (the kit's drawer).
    const hist = await t.call('GET', `/api/user/rest/v1/history/shipment_wave/${w.id}`, { token: t.admin });
    expect(hist.statusCode, hist.body).toBe(200);
    // create, submit, reject, update, submit, approve, split.
    expect(hist.json().data.total).toBe(7);
    expect(JSON.stringify(hist.json().data)).toMatch(/shipmentWave\.split/);
    // shop.a (the page, not the shops) cannot read it: 404.
    expect((await t.call('GET', `/api/user/rest/v1/history/shipment_wave/${w.id}`, { token: t.as.shopA })).statusCode).toBe(404);
  });

  it('a split that fails makes nothing (one transaction)', async () => {
    const w = await waveIn('approved');
    // A second line of the same SKU and group cannot become one plan line: the plan refuses, the wave stays approved.
    await t.rows(
      `INSERT INTO shipment_wave_lines (wave_id, shop_id, listing_id, sku, warehouse_id, mode, units, units_per_carton, cartons)
       VALUES ($1, $2, $3, $4, $5, 'sea', 12, 12, 1)`,
      [w.id, us.shopId, us.listings[0], us.skus[0], wh['FBA-US']],
    );
    const res = await call('POST', `shipment-waves/${w.id}/move`, { action: 'split', version: w.version });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.rows(`SELECT id FROM shipment_plans WHERE wave_id = $1`, [w.id])).toHaveLength(0);
    expect((await t.rows<{ state: string }>(`SELECT state FROM shipment_waves WHERE id = $1`, [w.id]))[0]?.state).toBe(
      'approved',
    );
  });
});

describe('SHIPMENT_WAVE_MACHINE: every state × action', () => {
  for (const state of WAVE_STATES)
    for (const action of WAVE_ACTIONS) {
      const to = transitionFrom(SHIPMENT_WAVE_MACHINE, state, action)?.to;
      it(`${state} × ${action} → ${to ?? '409'}`, async () => {
        const w = await waveIn(state);
        const decide = action === 'approve' || action === 'reject';
        const res = decide
          ? await call('POST', `shipment-waves/${w.id}/decide`, { action, version: w.version, remark: 'r' }, t.admin)
          : await call('POST', `shipment-waves/${w.id}/move`, { action, version: w.version });
        if (to) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().data.state).toBe(to);
        } else {
          expect(res.statusCode).toBe(409);
          expect(res.json().msg.toLowerCase()).toContain(SHIPMENT_WAVE_MACHINE.states[state].label.en.toLowerCase());
        }
      });
    }

  for (const state of WAVE_STATES) {
    const editable = state === 'draft' || state === 'rejected';
    it(`${state}: edit ${editable ? 'allowed (→ draft)' : '409'}, delete ${state === 'draft' ? 'allowed' : '409'}`, async () => {
      const w = await waveIn(state);
      const edit = await call('PUT', `shipment-waves/${w.id}`, {
        version: w.version,
        wave: body([{ shopId: us.shopId, listingId: us.listings[1], mode: 'air', units: 5, unitsPerCarton: 5 }]),
      });
      expect(edit.statusCode, edit.body).toBe(editable ? 200 : 409);
      if (editable) expect(edit.json().data.state).toBe('draft');
      const w2 = await waveIn(state);
      const del = await call('DELETE', `shipment-waves/${w2.id}`);
      expect(del.statusCode).toBe(state === 'draft' ? 200 : 409);
    });
  }

  it('a stale version is a 409 of its own; another user is not the owner (403)', async () => {
    const w = await waveIn('draft');
    const stale = await call('POST', `shipment-waves/${w.id}/move`, { action: 'submit', version: w.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg.toLowerCase()).not.toContain('cannot');
    const staleEdit = await call('PUT', `shipment-waves/${w.id}`, {
      version: w.version + 1,
      wave: body([{ shopId: us.shopId, listingId: us.listings[1], mode: 'air', units: 5 }]),
    });
    expect(staleEdit.statusCode).toBe(409);
    expect(
      (await call('POST', `shipment-waves/${w.id}/move`, { action: 'cancel', version: w.version }, t.admin)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `shipment-waves/${w.id}`, undefined, t.admin)).statusCode).toBe(403);
  });
});

describe('sample waves', () => {
  it('keep units as asked, go to any warehouse with a purpose, and split into plans of those units', async () => {
    expect(
      (
        await call(
          'POST',
          'shipment-waves',
          body([{ shopId: us.shopId, listingId: us.listings[0], warehouseId: wh['CN-FACTORY-SZ'], mode: 'express', units: 7 }], {
            kind: 'sample',
          }),
        )
      ).statusCode,
    ).toBe(400); // no purpose
    // A replenishment line goes to its FBA warehouse or a 3PL, not the factory.
    expect(
      (
        await call(
          'POST',
          'shipment-waves',
          body([{ shopId: us.shopId, listingId: us.listings[0], warehouseId: wh['CN-FACTORY-SZ'], mode: 'sea', units: 7 }]),
        )
      ).statusCode,
    ).toBe(400);
    let w = await ok(
      'POST',
      'shipment-waves',
      body(
        [
          {
            shopId: us.shopId,
            listingId: us.listings[0],
            warehouseId: wh['CN-FACTORY-SZ'],
            mode: 'express',
            units: 7,
            purpose: 'inspection',
          },
          { shopId: us.shopId, listingId: us.listings[1], mode: 'air', units: 5, unitsPerCarton: 12, purpose: 'vine' },
        ],
        { kind: 'sample' },
      ),
    );
    expect(w.kind).toBe('sample');
    expect(w.items.map((l: Json) => [l.units, l.cartons, l.purpose]).sort()).toEqual([
      [5, null, 'vine'],
      [7, null, 'inspection'],
    ]);
    w = await ok('POST', `shipment-waves/${w.id}/move`, { action: 'submit', version: w.version });
    w = await ok('POST', `shipment-waves/${w.id}/decide`, { action: 'approve', version: w.version }, t.admin);
    w = await ok('POST', `shipment-waves/${w.id}/move`, { action: 'split', version: w.version });
    const lines = await t.rows<{ code: string; units: number }>(
      `SELECT w.code, l.units_per_carton * l.cartons AS units FROM shipment_plans p JOIN shipment_plan_lines l ON l.plan_id = p.id
         JOIN inventory_warehouses w ON w.id = p.warehouse_id WHERE p.wave_id = $1 ORDER BY w.code`,
      [w.id],
    );
    expect(lines.map((l) => [l.code, Number(l.units)])).toEqual([
      ['CN-FACTORY-SZ', 7],
      ['FBA-US', 5],
    ]);
  });
});

describe('/smartShipment', () => {
  it('proposes every red or amber row with advice, as the replenishment advice computes it, and makes a draft wave of them', async () => {
    const p = await ok('GET', 'smart-shipment/proposals', undefined, t.admin);
    const advice = await t.call('GET', '/api/sales/rest/v2/redGreenLine/getAdviceList', {
      token: t.admin,
      query: { pageSize: '500' },
    });
    const rows = (advice.json().data.list as Json[]).filter((r) => r.state !== 'green' && !r.eol && r.adviceUnits > 0);
    expect(advice.json().data.total).toBeLessThanOrEqual(500);
    expect(p.rows.length).toBe(rows.length);
    expect(p.rows.length).toBeGreaterThan(0);
    const key = (r: Json) => `${r.shopId}|${r.listingId}|${r.adviceUnits}|${r.mode}|${r.state}`;
    expect(new Set(p.rows.map(key))).toEqual(new Set(rows.map(key)));
    // Grouped by marketplace.
    const markets = p.rows.map((r: Json) => r.marketId);
    expect(markets).toEqual([...markets].sort((a: number, b: number) => a - b));
    expect(new Date(`${p.shipWeek}T00:00:00Z`).getUTCDay()).toBe(1);

    const chosen = p.rows.slice(0, 2);
    const w = await ok(
      'POST',
      'smart-shipment/waves',
      { items: chosen.map((r: Json) => ({ shopId: r.shopId, listingId: r.listingId })) },
      t.admin,
    );
    expect(w).toMatchObject({ state: 'draft', shipWeek: p.shipWeek, lines: chosen.length });
    for (const r of chosen) {
      const l = w.items.find((x: Json) => x.listingId === r.listingId);
      expect(l).toMatchObject({
        source: 'smart',
        units: r.adviceUnits,
        cartons: r.cartons,
        mode: r.mode,
        adviceState: r.state,
        stockOutDate: r.stockOutDate,
        warehouseId: r.warehouseId,
      });
    }
    // The approvers see what waits for them, not their own.
    const submitted = await ok('POST', `shipment-waves/${w.id}/move`, { action: 'submit', version: w.version }, t.admin);
    expect((await ok('GET', 'smart-shipment/waiting', undefined, t.admin)).map((x: Json) => x.id)).not.toContain(w.id);
    expect((await ok('GET', 'smart-shipment/waiting')).map((x: Json) => x.id)).toContain(w.id);
    const decided = await ok('POST', `smart-shipment/waves/${w.id}/decide`, { action: 'approve', version: submitted.version });
    expect(decided.state).toBe('approved');
  });

  it('an advice line keeps the state and stock-out date it was added with', async () => {
    const p = await ok('GET', 'shipment-waves/advice', undefined, t.admin, { pageSize: '1' });
    const r = p.list[0];
    const w = await ok(
      'POST',
      'shipment-waves',
      body([
        {
          shopId: r.shopId,
          listingId: r.listingId,
          mode: r.mode,
          units: r.adviceUnits,
          unitsPerCarton: r.unitsPerCarton,
          source: 'advice',
        },
      ]),
    );
    expect(w.items[0]).toMatchObject({
      source: 'advice',
      adviceState: r.state,
      stockOutDate: r.stockOutDate,
      units: r.adviceUnits,
    });
    // Kept across an edit even when the advice moves on.
    await t.rows(`UPDATE shipment_wave_lines SET advice_state = 'amber', stock_out_date = '2030-01-01' WHERE wave_id = $1`, [
      w.id,
    ]);
    const e = await ok('PUT', `shipment-waves/${w.id}`, {
      version: w.version,
      wave: body([{ shopId: r.shopId, listingId: r.listingId, mode: r.mode, units: 1, source: 'advice' }]),
    });
    expect(e.items[0]).toMatchObject({ adviceState: 'amber', stockOutDate: '2030-01-01' });
  });
});

describe('scope and input', () => {
  it('an external shop account sees only waves of its own shops and cannot add another shop’s listing (404)', async () => {
    const w = await waveIn('draft');
    expect((await call('GET', `shipment-waves/${w.id}`, undefined, t.as.shopA)).statusCode).toBe(404);
    const list = await ok('GET', 'shipment-waves', undefined, t.as.shopA, { pageSize: '500' });
    expect(list.list.map((x: Json) => x.id)).not.toContain(w.id);
    expect(Object.values(list.counts).reduce((a: number, b) => a + Number(b), 0)).toBe(list.total);
    const foreign = await call(
      'POST',
      'shipment-waves',
      body([{ shopId: us.shopId, listingId: us.listings[0], mode: 'sea', units: 5 }]),
      t.as.shopA,
    );
    expect(foreign.statusCode).toBe(404);
    const listings = await ok('GET', 'shipment-waves/listings', undefined, t.as.shopA, { keyword: us.skus[0] as string });
    expect(listings.every((l: Json) => own.shopIds.includes(l.shopId))).toBe(true);
    const mine = await ok('GET', 'shipment-waves/advice', undefined, t.as.shopA, { pageSize: '500' });
    expect(mine.list.every((l: Json) => own.shopIds.includes(l.shopId))).toBe(true);
  });

  it('refuses bad input (400) and a wave without the permission (403)', async () => {
    expect((await call('POST', 'shipment-waves', { shipWeek: 'soon', lines: [] })).statusCode).toBe(400);
    expect((await call('POST', 'shipment-waves', body([]))).statusCode).toBe(400);
    expect(
      (await call('POST', 'shipment-waves', body([{ shopId: de.shopId, listingId: us.listings[0], mode: 'sea', units: 5 }])))
        .statusCode,
    ).toBe(400); // the listing is not of that shop
    expect(
      (
        await call(
          'POST',
          'shipment-waves',
          body([{ shopId: us.shopId, listingId: us.listings[0], mode: 'sea', units: 5, purpose: 'vine' }]),
        )
      ).statusCode,
    ).toBe(400); // a purpose is a sample line's
    const w = await waveIn('review');
    // shop.a holds planNext:approve but is not among the approvers and does not see the wave: 404.
    expect(
      (await call('POST', `shipment-waves/${w.id}/decide`, { action: 'approve', version: w.version }, t.as.shopA)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', 'smart-shipment/waves', { items: [{ shopId: us.shopId, listingId: us.listings[0] }] }, t.as.shopA))
        .statusCode,
    ).toBe(403);
  });
});
