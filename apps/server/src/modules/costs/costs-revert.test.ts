/**
 * Reverting cost, fee, material and BOM imports (import_changes), on a shop of its own
 * ("Revert DE", EUR at 1.25: test/scenarios.ts costShop), with hand-computed figures:
 *
 * SKU REV-1: unit cost 4.00 USD from 2026-01-01, fees 10 % and 2.00 EUR; 2026-03-10: 5 units,
 * 100.00 EUR → cogs 16.00 EUR = 20.00 USD, fees 25.00 USD, profit 125 − 25 − 20 = 80.00 USD.
 * A cost of 5.00 from 2026-03-01: cogs 20.00 EUR = 25.00 USD → 75; 6.00: 30.00 USD → 70.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { type CostShop, costShop, xlsxOf } from '../../../test/scenarios';

const API = '/api/product/rest/v1';
const t = testAppPerFile({ admin: true });
let skuId: number;
let scene: CostShop;

type Json = Record<string, unknown>;
const profit = () => scene.profit(t.admin);

/** Upload and commit a file of a company kind; the import's id. */
async function imported(kind: string, rows: (string | number | null)[][]): Promise<number> {
  const m = multipart({ kind }, { name: `${kind}.xlsx`, bytes: await xlsxOf(rows) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${t.admin}` },
  });
  expect(res.statusCode).toBe(200);
  const { id } = dataOf(res) as { id: number };
  const done = await t.call('POST', `/api/imports/${id}/commit`, { token: t.admin, body: {} });
  expect(done.statusCode).toBe(200);
  expect(dataOf(done)).toMatchObject({ status: 'committed', revertible: true });
  return id;
}

const revert = (id: number) => t.call('POST', `/api/imports/${id}/revert`, { token: t.admin });
const costs = async () =>
  (
    await t.rows<{ d: string; c: string }>(
      `SELECT to_char(effective_from, 'YYYY-MM-DD') AS d, unit_cost::text AS c FROM sku_costs WHERE sku_id = $1 ORDER BY 1`,
      [skuId],
    )
  ).map((r) => `${r.d}=${Number(r.c)}`);
const cogs = async () => (await t.rows<{ cogs: string }>(`SELECT cogs FROM sales_facts WHERE sku_id = $1`, [skuId]))[0]?.cogs;

beforeAll(async () => {
  scene = await costShop(t, {
    shopName: 'Revert DE',
    sellerId: 'AREVERTSELL01',
    product: { model: 'REV1', name: '撤销灯带', nameEn: 'Revert strip' },
    skus: ['REV-1'],
    asin: 'B0REVT0001',
    title: 'Revert strip',
  });
  skuId = scene.skuId;
});

const COST_HEAD = ['SKU', 'Effective from', 'Unit cost (USD)'];

describe('reverting a unit-cost import', () => {
  it('puts the earlier costs back, removes the entries it added and recomputes the COGS of the sales facts', async () => {
    expect(await profit()).toBe(80);
    const id = await imported('sku-costs', [COST_HEAD, ['REV-1', '2026-01-01', 3], ['REV-1', '2026-03-01', 5]]);
    expect(await costs()).toEqual(['2026-01-01=3', '2026-03-01=5']);
    expect(await profit()).toBe(75);
    const res = await revert(id);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toMatchObject({ status: 'reverted', revertible: false });
    expect(await costs()).toEqual(['2026-01-01=4']);
    expect(await cogs()).toBe('16.00');
    expect(await profit()).toBe(80);
    const [a] = await t.rows<{ after: Json }>(
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
    expect((await t.rows(`SELECT status FROM imports WHERE id = $1`, [first]))[0]).toEqual({ status: 'committed' });

    expect((await revert(second)).statusCode).toBe(200);
    expect(await profit()).toBe(75);
    expect((await revert(first)).statusCode).toBe(200);
    expect(await costs()).toEqual(['2026-01-01=4']);
    expect(await profit()).toBe(80);
  });

  it('is refused after a manual edit of an entry it wrote, and changes nothing', async () => {
    const id = await imported('sku-costs', [COST_HEAD, ['REV-1', '2026-03-01', 5]]);
    const edit = await t.call('POST', `${API}/costs`, {
      token: t.admin,
      body: { skuId, effectiveFrom: '2026-03-01', unitCost: 6 },
    });
    expect(edit.statusCode).toBe(200);
    const blocked = await revert(id);
    expect(blocked.statusCode).toBe(409);
    expect((blocked.json() as { msg: string }).msg).toMatch(/changed since.*sku_costs \(sku_id \d+, effective_from 2026-03-01\)/);
    expect(await costs()).toEqual(['2026-01-01=4', '2026-03-01=6']);
    expect(await profit()).toBe(70);
    // Deleting the hand-set entry does not make the state the import left either.
    expect((await t.call('DELETE', `${API}/costs/${skuId}/2026-03-01`, { token: t.admin })).statusCode).toBe(200);
    expect((await revert(id)).statusCode).toBe(409);
    expect(await profit()).toBe(80);
  });

  it('leaves an import committed before changes were logged non-revertible, with the reason', async () => {
    const id = await imported('sku-costs', [COST_HEAD, ['REV-1', '2026-04-01', 4.5]]);
    await t.rows(`UPDATE imports SET revertible = false WHERE id = $1`, [id]);
    await t.rows(`DELETE FROM import_changes WHERE import_id = $1`, [id]);
    const res = await revert(id);
    expect(res.statusCode).toBe(409);
    expect((res.json() as { msg: string }).msg).toContain('committed before');
    await t.rows(`DELETE FROM sku_costs WHERE sku_id = $1 AND effective_from = '2026-04-01'`, [skuId]);
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
    const [fee] = await t.rows<{ referral_rate: string }>(`SELECT referral_rate FROM sku_fees WHERE sku_id = $1`, [skuId]);
    expect(Number(fee?.referral_rate)).toBe(0.1);
  });
});

describe('reverting material and BOM imports', () => {
  const bomOf = async () =>
    (
      await t.rows<{ code: string; quantity: string; labour: string }>(
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
    expect((await t.rows(`SELECT count(*)::int AS n FROM materials WHERE code LIKE 'RV-%'`))[0]).toEqual({ n: 2 });

    expect((await revert(first)).statusCode).toBe(200);
    expect(await bomOf()).toEqual([]);
    expect(await t.rows(`SELECT 1 FROM boms WHERE sku_id = $1`, [skuId])).toEqual([]);
    expect((await revert(mats)).statusCode).toBe(200);
    expect(await t.rows(`SELECT code FROM materials WHERE code LIKE 'RV-%'`)).toEqual([]);
    expect(
      await t.rows(`SELECT 1 FROM material_prices p JOIN materials m ON m.id = p.material_id WHERE m.code LIKE 'RV-%'`),
    ).toEqual([]);
  });
});
