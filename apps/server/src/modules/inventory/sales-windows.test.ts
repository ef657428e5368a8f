/**
 * The kept sales windows (sales-windows.ts) give what the SQL gave: the units of the 30 days up to a position's
 * day and the 56-day sum and sum of squares, by hand at the span's edges; and on the test data, for every current
 * stock position, the same figures as the facts read per listing (`positionsQuery` and `adviceInputsQuery` with
 * their units). A change of the sales is seen at once; another change keeps the windows.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import type { ShopScope } from '../shops/shops/shop-scope';
import { positionsQuery } from './inventory.repository';
import { adviceInputsQuery, allAdviceInputs } from './replenish.repository';
import { fillWindowStats, SPAN, type SalesWindows, salesWindows, windowStats } from './sales-windows';

const t = testAppPerFile({ admin: true, setUpTimeoutMs: 120_000 });

describe('window arithmetic, by hand', () => {
  const a = new Int32Array(SPAN);
  a[SPAN - 1] = 5; // the last sales day, 2026-03-31
  a[SPAN - 30] = 2; // 29 days before it: inside the 30 days
  a[SPAN - 31] = 7; // 30 days before: outside the 30, inside the 56
  a[SPAN - 57] = 100; // 56 days before: outside both
  const w: SalesWindows = { end: '2026-03-31', units: new Map([[1, a]]) };
  it('the 30 and 56 days up to the last sales day', () => {
    expect(windowStats(w, 1, '2026-03-31')).toEqual({ units30: 7, sum56: 14, sq56: 25 + 4 + 49 });
  });
  it('a position after the last sales day: the days after it sold nothing', () => {
    expect(windowStats(w, 1, '2026-04-02')).toEqual({ units30: 5, sum56: 14, sq56: 78 });
    expect(windowStats(w, 1, '2026-06-30')).toEqual({ units30: 0, sum56: 0, sq56: 0 });
  });
  it('a listing without sales in the span, no listing, no sales at all', () => {
    expect(windowStats(w, 2, '2026-03-31')).toEqual({ units30: 0, sum56: 0, sq56: 0 });
    expect(windowStats(w, null, '2026-03-31')).toEqual({ units30: 0, sum56: 0, sq56: 0 });
    expect(windowStats({ end: null, units: new Map() }, 1, '2026-03-31')).toEqual({ units30: 0, sum56: 0, sq56: 0 });
  });
  it('a position whose 56 days reach before the span: null (read from the facts)', () => {
    const lastInside = new Date(Date.parse('2026-03-31T00:00:00Z') - (SPAN - 56) * 86_400_000).toISOString().slice(0, 10);
    expect(windowStats(w, 1, lastInside)).not.toBeNull();
    const before = new Date(Date.parse(`${lastInside}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(windowStats(w, 1, before)).toBeNull();
  });
});

describe('on the test data', () => {
  const scopeOf = async () =>
    ({
      accountId: 1,
      internal: true,
      shopIds: (await t.rows<{ id: number }>('SELECT id FROM shops ORDER BY id')).map((r) => r.id),
    }) as unknown as ShopScope;

  it('every current position: the same units as the facts read per listing', async () => {
    const db = t.database.db;
    const scope = await scopeOf();
    const f = { coverDays: 1, sortField: 'sku', sortOrder: 'asc' } as const;
    const exact = (await db.execute<Record<string, unknown>>(positionsQuery(scope, f))).rows;
    const kept = (await db.execute<Record<string, unknown>>(positionsQuery(scope, f, { units: false }))).rows;
    await fillWindowStats(db, kept);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.map((r) => [r.sku, r.shop_id, r.warehouse_id, Number(r.units30)])).toEqual(
      exact.map((r) => [r.sku, r.shop_id, r.warehouse_id, Number(r.units30)]),
    );
    expect(kept.some((r) => Number(r.units30) > 0)).toBe(true);
    // An old position (its 56 days before the span) is read from the facts, the same.
    const old = { ...kept[0], day: '2001-01-01' } as Record<string, unknown>;
    await fillWindowStats(db, [old]);
    expect(old).toMatchObject({ units30: 0, sum56: 0, sq56: 0 });
  });

  it('every advice input: the same 30-day units, 56-day sum and sum of squares', async () => {
    const db = t.database.db;
    const scope = await scopeOf();
    const key = (r: Record<string, unknown>) => `${r.shop_id}|${r.listing_id}`;
    const exact = new Map((await db.execute<Record<string, unknown>>(adviceInputsQuery(scope, {}))).rows.map((r) => [key(r), r]));
    const kept = await allAdviceInputs(db, scope);
    expect(kept.length).toBe(exact.size);
    for (const r of kept) {
      const e = exact.get(key(r));
      expect([Number(r.units30), Number(r.sum56), Number(r.sq56)], key(r)).toEqual([
        Number(e?.units30),
        Number(e?.sum56),
        Number(e?.sq56),
      ]);
    }
  });

  it('a change of the sales is seen at once; a change elsewhere keeps the windows', async () => {
    const db = t.database.db;
    const first = await salesWindows(db);
    await db.execute(sql`DELETE FROM shipments WHERE false`);
    expect(await salesWindows(db)).toBe(first);
    const [f] = await t.rows<{ listing_id: number; day: string }>(
      `SELECT listing_id, to_char(day, 'YYYY-MM-DD') AS day FROM sales_facts ORDER BY day DESC, listing_id LIMIT 1`,
    );
    if (!f) throw new Error('no sales facts in the test data');
    const before = windowStats(first, f.listing_id, f.day)?.units30 ?? 0;
    await t.rows(`UPDATE sales_facts SET units = units + 3 WHERE listing_id = $1 AND day = $2`, [f.listing_id, f.day]);
    const after = await salesWindows(db);
    expect(after).not.toBe(first);
    expect(windowStats(after, f.listing_id, f.day)?.units30).toBe(before + 3);
    await t.rows(`UPDATE sales_facts SET units = units - 3 WHERE listing_id = $1 AND day = $2`, [f.listing_id, f.day]);
  });
});
