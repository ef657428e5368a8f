/**
 * Reverting cost, fee, material and BOM imports (import_changes), on a shop of its own
 * ("Revert DE", EUR at 1.25), with hand-computed figures:
 *
 * SKU REV-1: unit cost 4.00 USD from 2026-01-01, fees 10 % and 2.00 EUR; 2026-03-10: 5 units,
 * 100.00 EUR → cogs 16.00 EUR = 20.00 USD, fees 25.00 USD, profit 125 − 25 − 20 = 80.00 USD.
 * A cost of 5.00 from 2026-03-01: cogs 20.00 EUR = 25.00 USD → 75; 6.00: 30.00 USD → 70.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { writeSalesFigures } from '../sales/facts/facts.service';

const API = '/api/product/rest/v1';
let t: TestApp;
let admin: string;
let shop: number;
let skuId: number;

type Json = Record<string, unknown>;
const q = async <T = Json>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
const data = (res: { json(): unknown }) => (res.json() as { data: Json }).data;

async function profit(): Promise<number> {
  const res = await t.call('GET', '/api/sales/rest/v1/listings/sku/sales_profit', {
    token: admin,
    query: { startDate: '2026-03-01', endDate: '2026-03-31', shopId: String(shop) },
  });
  expect(res.statusCode).toBe(200);
  const list = (data(res) as { list: { sku: string; profit: number }[] }).list;
  return list.find((r) => r.sku === 'REV-1')?.profit ?? Number.NaN;
}

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Upload and commit a file of a company kind; the import's id. */
async function imported(kind: string, rows: (string | number | null)[][]): Promise<number> {
  const m = multipart({ kind }, { name: `${kind}.xlsx`, bytes: await xlsx(rows) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${admin}` },
  });
  expect(res.statusCode).toBe(200);
  const { id } = data(res) as { id: number };
  const done = await t.call('POST', `/api/imports/${id}/commit`, { token: admin, body: {} });
  expect(done.statusCode).toBe(200);
  expect(data(done)).toMatchObject({ status: 'committed', revertible: true });
  return id;
}

const revert = (id: number) => t.call('POST', `/api/imports/${id}/revert`, { token: admin });
const costs = async () =>
  (
    await q<{ d: string; c: string }>(
      `SELECT to_char(effective_from, 'YYYY-MM-DD') AS d, unit_cost::text AS c FROM sku_costs WHERE sku_id = $1 ORDER BY 1`,
      [skuId],
    )
  ).map((r) => `${r.d}=${Number(r.c)}`);
const cogs = async () => (await q<{ cogs: string }>(`SELECT cogs FROM sales_facts WHERE sku_id = $1`, [skuId]))[0]?.cogs;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const line = (await q<{ id: number }>(`SELECT id FROM product_lines WHERE code = '6111'`))[0]!.id;
  shop = (
    await q<{ id: number }>(
      `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES (1, 'Revert DE', 'AREVERTSELL01', 1, 1) RETURNING id`,
    )
  )[0]!.id;
  const product = (
    await q<{ id: number }>(
      `INSERT INTO products (model, name, name_en, product_line_id, category_code) VALUES ('REV1', '撤销灯带', 'Revert strip', $1, '6111') RETURNING id`,
      [line],
    )
  )[0]!.id;
  skuId = (await q<{ id: number }>(`INSERT INTO skus (sku, product_id) VALUES ('REV-1', $1) RETURNING id`, [product]))[0]!.id;
  const listing = (
    await q<{ id: number }>(
      `INSERT INTO listings (shop_id, sku_id, asin, market_id, title, currency) VALUES ($1, $2, 'B0REVT0001', 1, 'Revert strip', 'EUR') RETURNING id`,
      [shop, skuId],
    )
  )[0]!.id;
  await q(
    `INSERT INTO exchange_rates (currency, day, rate) VALUES ('EUR', '2026-01-01', 1.25) ON CONFLICT (currency, day) DO UPDATE SET rate = 1.25`,
  );
  await q(`DELETE FROM exchange_rates WHERE currency = 'EUR' AND day > '2026-01-01'`);
  await q(`INSERT INTO sku_costs (sku_id, effective_from, unit_cost) VALUES ($1, '2026-01-01', 4)`, [skuId]);
  await q(
    `INSERT INTO sku_fees (sku_id, market_id, effective_from, referral_rate, fba_fee) VALUES ($1, 1, '2026-01-01', 0.1, 2)`,
    [skuId],
  );
  await t.database.db.transaction((tx) =>
    writeSalesFigures(
      tx,
      shop,
      [{ listingId: listing, day: '2026-03-10', units: 5, orders: 5, revenue: '100.00', sessions: null, pageViews: null }],
      { source: 'test', importId: null, asOf: new Date('2026-06-01T00:00:00Z') },
    ),
  );
});
afterAll(() => t.close());

const COST_HEAD = ['SKU', 'Effective from', 'Unit cost (USD)'];

describe('reverting a unit-cost import', () => {
  it('puts the earlier costs back, removes the entries it added and recomputes the COGS of the sales facts', async () => {
    expect(await profit()).toBe(80);
    const id = await imported('sku-costs', [COST_HEAD, ['REV-1', '2026-01-01', 3], ['REV-1', '2026-03-01', 5]]);
    expect(await costs()).toEqual(['2026-01-01=3', '2026-03-01=5']);
    expect(await profit()).toBe(75);
    const res = await revert(id);
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({ status: 'reverted', revertible: false });
    expect(await costs()).toEqual(['2026-01-01=4']);
    expect(await cogs()).toBe('16.00');
    expect(await profit()).toBe(80);
    const [a] = await q<{ after: Json }>(
      `SELECT after FROM audit_log WHERE entity = 'import' AND entity_id = $1 AND action = 'revert'`,
      [String(id)],
    );
    expect(a?.after).toMatchObject({ status: 'reverted', scopes: 2, removed: 1, restored: 1, recomputedFacts: 1 });
    expect((await revert(id)).statusCode).toBe(409);
  });

  it('is refused while a later import changed the same entry, naming it, and changes nothing; newest first works', async () => {
    const first = await imported('sku-costs', [COST_HEAD, ['REV-1', '2026-03-01', 5]]);
    const second = await imported('sku-costs', [COST_HEAD, ['REV-1', '2026-03-01', 6]]);
    expect(await profit()).toBe(70);
    const blocked = await revert(first);
    expect(blocked.statusCode).toBe(409);
    const body = blocked.json() as { msg: string; data: { imports: number[] } };
    expect(body.msg).toContain(`#${second}`);
    expect(body.msg).toContain('sku_costs');
    expect(body.data.imports).toEqual([second]);
    expect(await costs()).toEqual(['2026-01-01=4', '2026-03-01=6']);
    expect(await profit()).toBe(70);
    expect((await q(`SELECT status FROM imports WHERE id = $1`, [first]))[0]).toEqual({ status: 'committed' });

    expect((await revert(second)).statusCode).toBe(200);
    expect(await profit()).toBe(75);
    expect((await revert(first)).statusCode).toBe(200);
    expect(await costs()).toEqual(['2026-01-01=4']);
    expect(await profit()).toBe(80);
  });

  it('is refused after a manual edit of an entry it wrote, and changes nothing', async () => {
    const id = await imported('sku-costs', [COST_HEAD, ['REV-1', '2026-03-01', 5]]);
    const edit = await t.call('POST', `${API}/costs`, {
      token: admin,
      body: { skuId, effectiveFrom: '2026-03-01', unitCost: 6 },
    });
    expect(edit.statusCode).toBe(200);
    const blocked = await revert(id);
    expect(blocked.statusCode).toBe(409);
    expect((blocked.json() as { msg: string }).msg).toMatch(/changed since.*sku_costs \(sku_id \d+, effective_from 2026-03-01\)/);
    expect(await costs()).toEqual(['2026-01-01=4', '2026-03-01=6']);
    expect(await profit()).toBe(70);
    // Deleting the hand-set entry does not make the state the import left either.
    expect((await t.call('DELETE', `${API}/costs/${skuId}/2026-03-01`, { token: admin })).statusCode).toBe(200);
    expect((await revert(id)).statusCode).toBe(409);
    expect(await profit()).toBe(80);
  });

  it('leaves an import committed before changes were logged non-revertible, with the reason', async () => {
    const id = await imported('sku-costs', [COST_HEAD, ['REV-1', '2026-04-01', 4.5]]);
    await q(`UPDATE imports SET revertible = false WHERE id = $1`, [id]);
    await q(`DELETE FROM import_changes WHERE import_id = $1`, [id]);
    const res = await revert(id);
    expect(res.statusCode).toBe(409);
    expect((res.json() as { msg: string }).msg).toContain('committed before');
    await q(`DELETE FROM sku_costs WHERE sku_id = $1 AND effective_from = '2026-04-01'`, [skuId]);
  });
});

describe('reverting a fee import', () => {
  it('puts the earlier fee back and recomputes the fees of the marketplace', async () => {
    expect(await profit()).toBe(80);
    const id = await imported('sku-fees', [
      ['SKU', 'Marketplace', 'Effective from', 'Referral rate', 'FBA fee'],
      ['REV-1', 'DE', '2026-01-01', '20%', 2],
    ]);
    // Referral 10 % → 20 % of 100.00 EUR: 10.00 EUR = 12.50 USD less profit.
    expect(await profit()).toBe(67.5);
    expect((await revert(id)).statusCode).toBe(200);
    expect(await profit()).toBe(80);
    const [fee] = await q<{ referral_rate: string }>(`SELECT referral_rate FROM sku_fees WHERE sku_id = $1`, [skuId]);
    expect(Number(fee?.referral_rate)).toBe(0.1);
  });
});

describe('reverting material and BOM imports', () => {
  const bomOf = async () =>
    (
      await q<{ code: string; quantity: string; labour: string }>(
        `SELECT m.code, bi.quantity::text AS quantity, b.labour::text AS labour FROM boms b
           JOIN bom_items bi ON bi.sku_id = b.sku_id JOIN materials m ON m.id = bi.material_id WHERE b.sku_id = $1 ORDER BY m.code`,
        [skuId],
      )
    ).map((r) => `${r.code}×${Number(r.quantity)}+${Number(r.labour)}`);

  it('puts the earlier BOM back line by line, and removes a BOM it created', async () => {
    const mats = await imported('materials', [
      ['Material code', 'Name', 'Unit', 'Category', 'Supplier', 'Currency', 'Effective from', 'Unit price'],
      ['RV-LED', 'LED chip', 'pcs', 'LED', 'S1', 'EUR', '2026-01-01', 0.4],
      ['RV-PCB', 'Board', 'pcs', 'PCB', 'S2', 'USD', '2026-01-01', 1.2],
    ]);
    const head = ['SKU', 'Material code', 'Quantity', 'Labour (USD)', 'Overhead (USD)'];
    const first = await imported('bom', [head, ['REV-1', 'RV-LED', 10, 0.5, 0.25], ['REV-1', 'RV-PCB', 1, null, null]]);
    expect(await bomOf()).toEqual(['RV-LED×10+0.5', 'RV-PCB×1+0.5']);
    const second = await imported('bom', [head, ['REV-1', 'RV-LED', 12, 0.75, 0.25]]);
    expect(await bomOf()).toEqual(['RV-LED×12+0.75']);

    expect((await revert(first)).statusCode).toBe(409);
    expect((await revert(second)).statusCode).toBe(200);
    expect(await bomOf()).toEqual(['RV-LED×10+0.5', 'RV-PCB×1+0.5']);

    // The materials are used by the BOM now: their import cannot take them away.
    const used = await revert(mats);
    expect(used.statusCode).toBe(409);
    expect((used.json() as { msg: string }).msg).toContain('used since');
    expect((await q(`SELECT count(*)::int AS n FROM materials WHERE code LIKE 'RV-%'`))[0]).toEqual({ n: 2 });

    expect((await revert(first)).statusCode).toBe(200);
    expect(await bomOf()).toEqual([]);
    expect(await q(`SELECT 1 FROM boms WHERE sku_id = $1`, [skuId])).toEqual([]);
    expect((await revert(mats)).statusCode).toBe(200);
    expect(await q(`SELECT code FROM materials WHERE code LIKE 'RV-%'`)).toEqual([]);
    expect(await q(`SELECT 1 FROM material_prices p JOIN materials m ON m.id = p.material_id WHERE m.code LIKE 'RV-%'`)).toEqual(
      [],
    );
  });
});
