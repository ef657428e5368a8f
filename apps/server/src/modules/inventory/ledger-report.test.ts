/**
 * The monthly inventory report (/inventoryReport) on a fixed ledger, every figure worked out by
 * hand: a month with balances every day, a month without any balance (carried from the month
 * before), a month whose closing disagrees with opening + movements, a month whose first day has
 * no starting balance; the default months, paging, sorting, totals and months of the chart; the
 * export; bad input; permissions (403 without the page, the export without its button); and the
 * shop scope of an external shop account (its own shops only, with the external sweep's canaries).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type OwnScope, seedCanaries } from '../../../test/external/canaries';
import { canariesIn, readableText } from '../../../test/external/leak-scan';
import { testAppPerFile } from '../../../test/harness';

type Json = Record<string, unknown>;
const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', shopB: 'shop.b', analyst: 'sales.analyst' } });
const API = '/api/inventory/rest/v1';
let own: OwnScope;
let lumio = 0;
/** A SKU of the external account's own shop (the demo's ledger already holds its listing's days). */
const OWN_SKU = 'OWN-SKU-R1';

const LEDGER_COLUMNS =
  'shop_id, warehouse_id, day, sku, disposition, location, view, starting_balance, in_transit, receipts, customer_shipments, ' +
  'customer_returns, vendor_returns, transfers, found, lost, damaged, disposed, other_events, ending_balance, unknown_events, source';

/** One ledger row: [day, sku, disposition, view, start, inTransit, receipts, shipments, returns, vendor, transfers, found, lost, damaged, disposed, other, end, unknown]. */
type Line = [string, string, string, string, number | null, ...number[]];

async function insertLedger(shopId: number, lines: Line[]) {
  const [w] = await t.rows<{ id: number }>(
    `SELECT w.id FROM inventory_warehouses w JOIN shops s ON s.market_id = w.market_id AND w.kind = 'fba' WHERE s.id = $1`,
    [shopId],
  );
  for (const [
    day,
    sku,
    disposition,
    view,
    start,
    inTransit,
    receipts,
    ship,
    ret,
    vendor,
    transfers,
    found,
    lost,
    damaged,
    disposed,
    other,
    end,
    unknown,
  ] of lines)
    await t.rows(
      `INSERT INTO inventory_ledger (${LEDGER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, 'US', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 'test')`,
      [
        shopId,
        w!.id,
        day,
        sku,
        disposition,
        view,
        start,
        inTransit,
        receipts,
        ship,
        ret,
        vendor,
        transfers,
        found,
        lost,
        damaged,
        disposed,
        other,
        end === -1 ? null : end,
        unknown,
      ],
    );
}

const S = 'SELLABLE';
//         day           sku      disp  view        start inTr rec  ship ret vend tr fnd lost dmg disp oth end(-1: none) unk
const FIXED: Line[] = [
  // August: balances every day. 100 + 50 − 30 = 120; 120 − 10 + 1 − 2 = 109.
  ['2026-08-01', 'RPT-A', S, 'summary', 100, 0, 50, -30, 0, 0, 0, 0, 0, 0, 0, 0, 120, 0],
  ['2026-08-31', 'RPT-A', S, 'summary', 120, 0, 0, -10, 0, 0, 0, 1, -2, 0, 0, 0, 109, 0],
  // September: the detailed view only, no balance: opening = August's 109, + 20 − 15 − 5 − 1 = 108.
  ['2026-09-05', 'RPT-A', S, 'detailed', null, 0, 20, -15, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0],
  ['2026-09-30', 'RPT-A', S, 'detailed', null, 0, 0, -5, 0, 0, 0, 0, 0, -1, 0, 0, -1, 0],
  // October: 108 − 8 + 2 = 102 but the report ends at 100; then 3 other + 1 unknown (5 in transit left out):
  // closing 100 + 4 = 104, net −8 + 2 + 4 = −2, difference 104 − (108 − 2) = −2. A DEFECTIVE row is not counted.
  ['2026-10-01', 'RPT-A', S, 'summary', 108, 0, 0, -8, 2, 0, 0, 0, 0, 0, 0, 0, 100, 0],
  ['2026-10-01', 'RPT-A', 'DEFECTIVE', 'summary', 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 3, 0],
  ['2026-10-15', 'RPT-A', S, 'detailed', null, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, -1, 1],
  // RPT-B, October only: 10 − 2 = 8.
  ['2026-10-10', 'RPT-B', S, 'summary', 10, 0, 0, -2, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0],
  // RPT-C, September: the first day has no balance (+5); the second starts at 5, so the month opened at 0;
  // it ends at 4, and the last day ships one more: closing 3, net 3, difference 3 − (0 + 3) = 0.
  ['2026-09-02', 'RPT-C', S, 'detailed', null, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0],
  ['2026-09-03', 'RPT-C', S, 'summary', 5, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0],
  ['2026-09-04', 'RPT-C', S, 'detailed', null, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0],
];

const get = async (path: string, query: Record<string, string>, token = t.admin) => {
  const res = await t.call('GET', `${API}/${path}`, { token, query });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json().data;
};
const figures = (r: Json) => ({
  month: r.month,
  sku: r.sku,
  opening: r.opening,
  closing: r.closing,
  net: r.net,
  difference: r.difference,
});

beforeAll(async () => {
  lumio = (await t.rows<{ id: number }>(`SELECT id FROM shops WHERE name = 'Lumio US'`))[0]!.id;
  await insertLedger(lumio, FIXED);
  own = await seedCanaries(t.database.pool);
  await insertLedger(own.shopId, [['2026-10-20', OWN_SKU, S, 'summary', 7, 0, 0, -2, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0]]);
  const pool = t.database.pool;
  for (const [login, patterns] of [
    ['shop.a', ['scm:inventory:report', 'scm:inventory:report:export']],
    ['shop.b', ['scm:inventory:report']],
  ] as const) {
    const u = (await pool.query(`SELECT id, account_id FROM users WHERE login_name = $1`, [login])).rows[0];
    const role = (
      await pool.query(`INSERT INTO roles (account_id, name) VALUES ($1, 'inventory report') RETURNING id`, [u.account_id])
    ).rows[0];
    await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [u.id, role.id]);
    await pool.query(`INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2)`, [
      role.id,
      patterns,
    ]);
  }
}, 120_000);

describe('the report, by hand', () => {
  const range = { keyword: 'RPT-', fromMonth: '2026-08', toMonth: '2026-10' };

  it('carries opening and closing across months, newest month first', async () => {
    const page = await get('ledger-report', { ...range, pageSize: '50' });
    expect(page.total).toBe(5);
    expect(page).toMatchObject({ fromMonth: '2026-08', toMonth: '2026-10' });
    expect(page.list.map(figures)).toEqual([
      { month: '2026-10', sku: 'RPT-A', opening: 108, closing: 104, net: -2, difference: -2 },
      { month: '2026-10', sku: 'RPT-B', opening: 10, closing: 8, net: -2, difference: 0 },
      { month: '2026-09', sku: 'RPT-A', opening: 109, closing: 108, net: -1, difference: null },
      { month: '2026-09', sku: 'RPT-C', opening: 0, closing: 3, net: 3, difference: 0 },
      { month: '2026-08', sku: 'RPT-A', opening: 100, closing: 109, net: 9, difference: 0 },
    ]);
    const [oct, , sep, , aug] = page.list as Json[];
    expect(aug).toMatchObject({ receipts: 50, customerShipments: -40, found: 1, lost: -2, damaged: 0, other: 0 });
    expect(aug).toMatchObject({ openingReported: true, closingReported: true, day: '2026-08-31', shopId: lumio });
    expect(sep).toMatchObject({
      receipts: 20,
      customerShipments: -20,
      damaged: -1,
      openingReported: false,
      closingReported: false,
    });
    expect(oct).toMatchObject({ customerShipments: -8, customerReturns: 2, other: 4, damaged: 0, day: '2026-10-15' });
  });

  it('a first month shown carries the months before it', async () => {
    const sep = await get('ledger-report', { keyword: 'RPT-A', fromMonth: '2026-09', toMonth: '2026-09' });
    expect(sep.list.map(figures)).toEqual([
      { month: '2026-09', sku: 'RPT-A', opening: 109, closing: 108, net: -1, difference: null },
    ]);
  });

  it('totals every filtered row, and per month for the chart', async () => {
    const s = await get('ledger-report/summary', range);
    // opening 100 + 109 + 0 + 108 + 10 = 327; net 9 − 1 + 3 − 2 − 2 = 7; closing 109 + 108 + 3 + 104 + 8 = 332.
    expect(s.totals).toMatchObject({ rows: 5, opening: 327, net: 7, closing: 332, difference: -2, receipts: 75, other: 4 });
    expect(s.months.map((m: Json) => [m.month, m.rows, m.closing])).toEqual([
      ['2026-08', 1, 109],
      ['2026-09', 2, 111],
      ['2026-10', 2, 112],
    ]);
  });

  it('defaults to the last three months with data in the filters', async () => {
    const page = await get('ledger-report', { keyword: 'RPT-' });
    expect(page).toMatchObject({ fromMonth: '2026-08', toMonth: '2026-10', total: 5 });
    const up = await get('ledger-report/summary', { keyword: 'RPT-', toMonth: '2026-09' });
    expect(up).toMatchObject({ fromMonth: '2026-07', toMonth: '2026-09' });
    expect(up.totals.rows).toBe(3);
    const none = await get('ledger-report/summary', { keyword: 'NO-SUCH-SKU' });
    expect(none).toMatchObject({ fromMonth: null, toMonth: null, months: [] });
    expect(none.totals.rows).toBe(0);
  });

  it('sorts and pages on the server', async () => {
    const page = await get('ledger-report', { ...range, sortField: 'closing', sortOrder: 'asc', pageSize: '2', pageNum: '1' });
    expect(page.total).toBe(5);
    expect(page.list.map((r: Json) => [r.sku, r.closing])).toEqual([
      ['RPT-C', 3],
      ['RPT-B', 8],
    ]);
    const next = await get('ledger-report', { ...range, sortField: 'closing', sortOrder: 'asc', pageSize: '2', pageNum: '3' });
    expect(next.list.map((r: Json) => [r.sku, r.closing])).toEqual([['RPT-A', 109]]);
  });

  it('filters by shop and marketplace', async () => {
    expect((await get('ledger-report', { ...range, shopId: String(lumio) })).total).toBe(5);
    expect((await get('ledger-report', { ...range, marketId: '99' })).total).toBe(0);
  });

  it('exports the same query as .xlsx', async () => {
    const res = await t.call('GET', `${API}/ledger-report/excel`, {
      token: t.admin,
      query: { ...range, sortField: 'sku', sortOrder: 'asc' },
    });
    expect(res.statusCode).toBe(200);
    const { text, kind } = await readableText(res);
    expect(kind).toBe('xlsx');
    // The sheet's rows (the head and five), then the file's raw bytes.
    const rows = text.split('\n').slice(0, 7);
    expect(rows.slice(0, 6).every((r) => r.startsWith('['))).toBe(true);
    expect(rows[6]).not.toMatch(/^\[/);
    expect(rows[1]).toContain('"2026-10"');
    expect(rows[1]).toContain('"RPT-A"');
    expect(rows[1]).toContain('108,');
    expect(rows[1]).toContain(',104,-2,');
  });

  it('exports an empty sheet when the filters find no ledger', async () => {
    const res = await t.call('GET', `${API}/ledger-report/excel`, { token: t.admin, query: { keyword: 'NO-SUCH-SKU' } });
    expect(res.statusCode).toBe(200);
    const { text } = await readableText(res);
    expect(text.split('\n')[1]).not.toMatch(/^\[/);
  });

  it('refuses bad input', async () => {
    for (const query of <Record<string, string>[]>[
      { fromMonth: '2026-13' },
      { toMonth: '2026-1' },
      { sortField: 'price' },
      { shopId: 'x' },
    ]) {
      const res = await t.call('GET', `${API}/ledger-report`, { token: t.admin, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('the demo', () => {
  it('gives at least two months with figures, each adding up (reported balances, no difference)', async () => {
    const [demo] = await t.rows<{ shop_id: number }>(
      `SELECT g.shop_id FROM inventory_ledger g WHERE g.source = 'demo' AND g.shop_id <> $1 GROUP BY g.shop_id ORDER BY count(*) DESC LIMIT 1`,
      [lumio],
    );
    const s = await get('ledger-report/summary', { shopId: String(demo!.shop_id) });
    expect(s.months.length).toBeGreaterThanOrEqual(2);
    for (const m of s.months) {
      expect(m.rows, m.month).toBeGreaterThan(0);
      expect(m.closing, m.month).toBeGreaterThan(0);
      expect(m.customerShipments, m.month).toBeLessThan(0);
    }
    expect(s.totals.difference).toBe(0);
    const page = await get('ledger-report', { shopId: String(demo!.shop_id), pageSize: '500' });
    for (const r of page.list as Json[]) expect(r.closing, `${r.sku} ${r.month}`).toBe(Number(r.opening) + Number(r.net));
  });
});

describe('permissions and the shop scope', () => {
  it('403 without the page; the export needs its button', async () => {
    for (const path of ['ledger-report', 'ledger-report/summary', 'ledger-report/excel']) {
      const res = await t.call('GET', `${API}/${path}`, { token: t.as.analyst, query: {} });
      expect(res.statusCode, path).toBe(403);
    }
    expect((await t.call('GET', `${API}/ledger-report`, { token: t.as.shopB, query: {} })).statusCode).toBe(200);
    expect((await t.call('GET', `${API}/ledger-report/excel`, { token: t.as.shopB, query: {} })).statusCode).toBe(403);
  });

  it('an external shop account sees only its own shops, in the list, the totals and the export', async () => {
    const leaks: string[] = [];
    for (const [path, query] of [
      ['ledger-report', { pageSize: '200' }],
      ['ledger-report', { fromMonth: '2026-08', toMonth: '2026-10', pageSize: '200' }],
      ['ledger-report/summary', {}],
      ['ledger-report/excel', {}],
    ] as const) {
      const res = await t.call('GET', `${API}/${path}`, { token: t.as.shopA, query });
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
      const { text, kind } = await readableText(res);
      for (const x of canariesIn(text)) leaks.push(`${path}: ${x}`);
      if (text.includes('RPT-')) leaks.push(`${path}: Lumio's SKU`);
      if (kind === 'json' && path === 'ledger-report') {
        const rows: { shopId: number; sku: string; closing: number }[] = JSON.parse(text).data.list;
        for (const r of rows) if (!own.shopIds.includes(r.shopId)) leaks.push(`${path}: shop ${r.shopId}`);
        expect(rows.map((r) => [r.sku, r.closing])).toContainEqual([OWN_SKU, 5]);
      }
      if (kind === 'xlsx') expect(text).toContain(OWN_SKU);
    }
    expect(leaks).toEqual([]);
    const theirs = await get('ledger-report', { shopId: String(lumio), fromMonth: '2026-08', toMonth: '2026-10' }, t.as.shopA);
    expect(theirs.total).toBe(0);
  });
});
