/**
 * The supply epoch (supply-epoch.ts, migration 0071): every table the stock screens compute from
 * moves it when a transaction that wrote it commits, and only then; folding never moves it back;
 * a kept row set is computed again exactly when it moved; and the lists answer a change at once.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { okDataOf, testAppPerFile } from '../../../test/harness';
import { foldSupplyEpoch, supplyEpoch, supplyMemo } from './supply-epoch';

const t = testAppPerFile({ admin: true, setUpTimeoutMs: 120_000 });
const API = '/api/inventory/rest/v1';

/** The tables the stock screens read (the migration's list): a statement on any of them is a change. */
const TABLES = [
  'inventory_positions',
  'inventory_ages',
  'inventory_warehouses',
  'inventory_removal_lines',
  'sales_facts',
  'shipment_plans',
  'shipment_plan_lines',
  'shipments',
  'forecast_listings',
  'forecast_sku_warnings',
  'forecast_warning_configs',
  'forecast_labels',
  'products',
  'product_model_info',
  'skus',
  'listings',
  'product_lines',
  'shops',
  'logistics_shipment_settings',
];

describe('the supply epoch', () => {
  it('moves with a committed write to each table it watches, not with a rolled-back one, and not with others', async () => {
    const db = t.database.db;
    for (const table of TABLES) {
      const before = BigInt(await supplyEpoch(db));
      await db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE false`);
      expect(BigInt(await supplyEpoch(db)), table).toBe(before + 1n);
    }
    const before = await supplyEpoch(db);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE inventory_positions SET fulfillable = fulfillable WHERE false`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.execute(sql`DELETE FROM users WHERE false`);
    expect(await supplyEpoch(db)).toBe(before);
    // Two statements of one transaction: one change.
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE inventory_positions SET fulfillable = fulfillable WHERE false`);
      await tx.execute(sql`UPDATE sales_facts SET units = units WHERE false`);
    });
    expect(BigInt(await supplyEpoch(db))).toBe(BigInt(before) + 1n);
  });

  it('folding keeps the number and empties the changes', async () => {
    const db = t.database.db;
    await db.execute(sql`DELETE FROM shipments WHERE false`);
    const before = await supplyEpoch(db);
    expect(await foldSupplyEpoch(db)).toBeGreaterThan(0);
    expect(await supplyEpoch(db)).toBe(before);
    expect((await t.rows(`SELECT 1 FROM supply_epoch_changes`)).length).toBe(0);
    expect(await foldSupplyEpoch(db)).toBe(0);
  });

  it('computes a kept value again exactly when the epoch moved; a failure is not kept', async () => {
    const db = t.database.db;
    let runs = 0;
    const compute = async () => {
      runs += 1;
      return runs;
    };
    const [a, b] = await Promise.all([supplyMemo(db, 'test|a', compute), supplyMemo(db, 'test|a', compute)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect(await supplyMemo(db, 'test|a', compute)).toBe(1);
    await db.execute(sql`DELETE FROM forecast_labels WHERE false`);
    expect(await supplyMemo(db, 'test|a', compute)).toBe(2);
    await expect(supplyMemo(db, 'test|b', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await supplyMemo(db, 'test|b', compute)).toBe(3);
  });

  it('the stock list answers a change of stock at once', async () => {
    const q = { pageNum: '1', pageSize: '5', sortField: 'sku', sortOrder: 'asc' };
    const first = okDataOf<{ list: { shopId: number; warehouseId: number; sku: string; day: string; fulfillable: number }[] }>(
      await t.call('GET', `${API}/positions`, { token: t.admin, query: q }),
    ).list[0];
    expect(first).toBeDefined();
    if (!first) return;
    await t.rows(
      `UPDATE inventory_positions SET fulfillable = fulfillable + 7 WHERE shop_id = $1 AND warehouse_id = $2 AND sku = $3 AND day = $4`,
      [first.shopId, first.warehouseId, first.sku, first.day],
    );
    const again = okDataOf<{ list: { fulfillable: number }[] }>(
      await t.call('GET', `${API}/positions`, { token: t.admin, query: q }),
    ).list[0];
    expect(again?.fulfillable).toBe(first.fulfillable + 7);
  });
});
