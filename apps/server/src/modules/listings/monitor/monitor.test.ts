/**
 * The listing monitor on hand-computed figures (fixtures: listings.fixtures.ts; EUR at 1.10).
 * Windows: the last 7 complete days (ending yesterday, UTC) and the 7 before.
 *
 * L1 (LST-1, Test DE; unit cost 5 USD, referral 15 %, FBA 3 EUR):
 *   2nd day of the previous window: 10 units, 10 orders, 100 EUR, 200 sessions → revenue 110.00,
 *     fees 15 + 30 EUR → 49.50, cogs 45.45 EUR → 50.00, profit 10.50
 *   2nd day of the current window: 2 units, 2 orders, 20 EUR, 100 sessions → revenue 22.00,
 *     fees 3 + 6 EUR → 9.90, cogs 9.09 EUR → 10.00, profit 2.10, margin 0.0955, conversion 0.02
 *   units change (2 − 10) / 10 = −0.8; revenue change −0.8; last sale 5 days before the window's end.
 * Default thresholds 30 % / 3 days / 10 %: unitsDrop 80, noSales 5, lowMargin 9.55.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../../test/harness';
import { createFixture, type Fixture, writeSales } from '../listings.fixtures';
import { alertsOf, sortRows } from './monitor.service';

const API = '/api/sales/rest/v1/listings/monitor';
const t = testAppPerFile({
  admin: true,
  signIn: { manager: 'sales.manager', shopA: 'shop.a', shopB: 'shop.b', analyst: 'sales.analyst' },
});
let fx: Fixture;
type Json = Record<string, unknown>;

const DAY = 86_400_000;
const today = new Date();
const dayOf = (back: number) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - back * DAY).toISOString().slice(0, 10);
const CURRENT_END = dayOf(1);
const CURRENT_START = dayOf(7);
const PREVIOUS_START = dayOf(14);

beforeAll(async () => {
  fx = await createFixture(t);
  // External shop accounts get the monitor's buttons for these tests.
  await t.rows(
    `INSERT INTO role_permissions (role_id, permission_id)
     SELECT r.id, p.id FROM roles r, permission_items p
      WHERE r.name = 'external shop account' AND p.auth_pattern IN ('listings:monitor:create', 'listings:monitor:delete', 'listings:monitor:edit')
     ON CONFLICT DO NOTHING`,
  );
  await writeSales(t, [
    { listingId: fx.l1, shopId: fx.de, day: dayOf(13), units: 10, orders: 10, revenue: '100.00', sessions: 200 },
    { listingId: fx.l1, shopId: fx.de, day: dayOf(6), units: 2, orders: 2, revenue: '20.00', sessions: 100 },
  ]);
});

const listAs = async (token: string, query: Record<string, string | string[]> = {}) => {
  const res = await t.call('GET', API, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(res) as Json & { list: Json[]; total: number };
};

describe('monitor: add, read, change, remove', () => {
  let watchId: number;

  it('adds by ASIN and by SKU in a shop, reporting what it skipped', async () => {
    const res = await t.call('POST', API, {
      token: t.admin,
      body: { asins: ['b0lstde001', 'B0NOSUCH01'], skus: [{ sku: 'LST-1', shopId: fx.fr }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = dataOf(res) as { added: Json[]; skipped: Json[] };
    expect(out.added.map((a) => a.listingId).sort()).toEqual([fx.l1, fx.l2].sort());
    expect(out.skipped).toEqual([{ input: 'B0NOSUCH01', reason: 'notFound' }]);
    watchId = out.added.find((a) => a.listingId === fx.l1)?.id as number;
    const again = dataOf(await t.call('POST', API, { token: t.admin, body: { asins: ['B0LSTDE001'] } })) as {
      added: Json[];
      skipped: Json[];
    };
    expect(again).toEqual({ added: [], skipped: [{ input: 'B0LSTDE001 @ Test DE', reason: 'alreadyWatched' }] });
    const stored = await t.rows(
      `SELECT listing_id, units_drop_pct, no_sales_days, min_margin_pct FROM listing_watches WHERE id = $1`,
      [watchId],
    );
    expect(stored).toEqual([{ listing_id: fx.l1, units_drop_pct: 30, no_sales_days: 3, min_margin_pct: '10.00' }]);
  });

  it('shows the last 7 days against the 7 before, the sparkline and the alerts', async () => {
    const page = await listAs(t.admin, { sortField: 'units', sortOrder: 'descend' });
    expect(page).toMatchObject({
      total: 2,
      currentStart: CURRENT_START,
      currentEnd: CURRENT_END,
      previousStart: PREVIOUS_START,
      alertCount: 2,
    });
    const row = page.list[0] as Json;
    expect(row).toMatchObject({
      id: watchId,
      listingId: fx.l1,
      sku: 'LST-1',
      asin: 'B0LSTDE001',
      shopName: 'Test DE',
      marketId: 1,
      price: 29.99,
      priceCurrency: 'EUR',
      current: { units: 2, revenue: 22, profit: 2.1, margin: 0.0955, sessions: 100, conversion: 0.02 },
      previous: { units: 10, revenue: 110, profit: 10.5, margin: 0.0955, sessions: 200, conversion: 0.05 },
      unitsChange: -0.8,
      revenueChange: -0.8,
      lastSaleDate: dayOf(6),
      alerts: [
        { kind: 'noSales', value: 5, threshold: 3 },
        { kind: 'unitsDrop', value: 80, threshold: 30 },
        { kind: 'lowMargin', value: 9.55, threshold: 10 },
      ],
    });
    expect(row.spark).toEqual([0, 10, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0]);
    const fr = page.list[1] as Json;
    expect(fr).toMatchObject({
      listingId: fx.l2,
      current: { units: 0, sessions: null, conversion: null },
      unitsChange: null,
      lastSaleDate: null,
    });
    expect(fr.alerts).toEqual([{ kind: 'noSales', value: 365, threshold: 3 }]);
  });

  it('filters by marketplace, keyword and alerts, and pages', async () => {
    expect((await listAs(t.admin, { marketId: '5' })).list.map((r) => r.listingId)).toEqual([fx.l2]);
    expect((await listAs(t.admin, { keyword: 'b0lstde' })).list.map((r) => r.listingId)).toEqual([fx.l1]);
    const paged = await listAs(t.admin, { sortField: 'asin', sortOrder: 'asc', pageSize: '1', pageNum: '2' });
    expect(paged.total).toBe(2);
    expect(paged.list.map((r) => r.asin)).toEqual(['B0LSTFR001']);
  });

  it('changes thresholds under optimistic locking, and alerts follow', async () => {
    const res = await t.call('PUT', `${API}/${watchId}`, {
      token: t.admin,
      body: { unitsDropPct: 90, noSalesDays: null, minMarginPct: 5, version: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toEqual({ id: watchId, version: 2, unitsDropPct: 90, noSalesDays: null, minMarginPct: 5 });
    const row = (await listAs(t.admin, { keyword: 'B0LSTDE001' })).list[0] as Json;
    expect(row.alerts).toEqual([]);
    const stale = await t.call('PUT', `${API}/${watchId}`, {
      token: t.admin,
      body: { unitsDropPct: 10, noSalesDays: 1, minMarginPct: 5, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const onlyAlerts = await listAs(t.admin, { alertsOnly: 'true' });
    expect(onlyAlerts.list.map((r) => r.listingId)).toEqual([fx.l2]);
  });

  it('exports the filtered watchlist', async () => {
    const res = await t.call('GET', `${API}/excel`, {
      token: t.admin,
      query: { marketId: '1' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[1], r[2], r[7], r[8], r[13]])).toEqual([['LST-1', 'B0LSTDE001', 2, 10, 100]]);
  });

  it('keeps a watchlist to its user: another user neither sees nor changes nor removes it', async () => {
    expect((await listAs(t.as.manager)).total).toBe(0);
    const put = await t.call('PUT', `${API}/${watchId}`, {
      token: t.as.manager,
      body: { unitsDropPct: 10, noSalesDays: 1, minMarginPct: 5, version: 2 },
    });
    expect(put.statusCode).toBe(404);
    expect((await t.call('DELETE', `${API}/${watchId}`, { token: t.as.manager })).statusCode).toBe(404);
  });

  it('removes a watch', async () => {
    const res = await t.call('DELETE', `${API}/${watchId}`, { token: t.admin });
    expect(res.statusCode).toBe(200);
    expect(await t.rows(`SELECT id FROM listing_watches WHERE id = $1`, [watchId])).toEqual([]);
    expect((await t.call('DELETE', `${API}/${watchId}`, { token: t.admin })).statusCode).toBe(404);
  });
});

describe('monitor: isolation of external shop accounts', () => {
  it("cannot watch another shop's listing, by ASIN or by SKU", async () => {
    const [foreign] = await t.rows<{ asin: string; sku: string; shop_id: number }>(
      `SELECT li.asin, sk.sku, li.shop_id FROM listings li JOIN skus sk ON sk.id = li.sku_id JOIN shops s ON s.id = li.shop_id
        WHERE s.name = 'Nordlicht DE' ORDER BY li.id LIMIT 1`,
    );
    const res = await t.call('POST', API, {
      token: t.as.shopA,
      body: { asins: ['B0LSTDE001', foreign!.asin], skus: [{ sku: foreign!.sku, shopId: foreign!.shop_id }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = dataOf(res) as { added: Json[]; skipped: Json[] };
    // The ASIN may also exist in shop A's own shop; nothing of shop B's is added.
    const addedShops = new Set(out.added.map((a) => a.shopName));
    expect(addedShops.has('Nordlicht DE')).toBe(false);
    expect(addedShops.has('Test DE')).toBe(false);
    expect(out.skipped).toContainEqual({ input: 'B0LSTDE001', reason: 'notFound' });
    const stored = await t.rows(
      `SELECT s.name FROM listing_watches w JOIN listings li ON li.id = w.listing_id JOIN shops s ON s.id = li.shop_id
        JOIN users u ON u.id = w.user_id WHERE u.login_name = 'shop.a'`,
    );
    expect(stored.every((r) => r.name === 'Brightway Home US')).toBe(true);
  });

  it("watches its own listing and nobody else's watch shows to it", async () => {
    const [own] = await t.rows<{ asin: string }>(
      `SELECT li.asin FROM listings li JOIN shops s ON s.id = li.shop_id WHERE s.name = 'Nordlicht DE' ORDER BY li.id LIMIT 1`,
    );
    const res = await t.call('POST', API, {
      token: t.as.shopB,
      body: { asins: [own!.asin], thresholds: { unitsDropPct: null, noSalesDays: 7, minMarginPct: null } },
    });
    expect((dataOf(res) as { added: Json[] }).added.length).toBeGreaterThan(0);
    const b = await listAs(t.as.shopB);
    expect(b.list.every((r) => r.shopName === 'Nordlicht DE')).toBe(true);
    const a = await listAs(t.as.shopA);
    expect(a.list.some((r) => r.shopName === 'Nordlicht DE')).toBe(false);
    const bWatch = b.list[0]!.id as number;
    expect((await t.call('DELETE', `${API}/${bWatch}`, { token: t.as.shopA })).statusCode).toBe(404);
  });
});

describe('monitor: refusals', () => {
  it('answers 401, 403 and 400', async () => {
    expect((await t.call('GET', API)).statusCode).toBe(401);
    expect((await t.call('POST', API, { token: t.as.analyst, body: { asins: ['B0LSTDE001'] } })).statusCode).toBe(403);
    expect((await t.call('DELETE', `${API}/1`, { token: t.as.analyst })).statusCode).toBe(403);
    const empty = await t.call('POST', API, { token: t.admin, body: {} });
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as { data: { fields: Json[] } }).data.fields[0]).toMatchObject({ path: 'asins' });
    const badAsin = await t.call('POST', API, { token: t.admin, body: { asins: ['short'] } });
    expect(badAsin.statusCode).toBe(400);
    const badThreshold = await t.call('PUT', `${API}/1`, {
      token: t.admin,
      body: { unitsDropPct: 0, noSalesDays: 1, minMarginPct: 5, version: 1 },
    });
    expect(badThreshold.statusCode).toBe(400);
    expect((await t.call('GET', API, { token: t.admin, query: { sortField: 'nope' } })).statusCode).toBe(400);
  });
});

describe('monitor: alert rules (pure)', () => {
  const t0 = { unitsDropPct: 50, noSalesDays: 3, minMarginPct: 10 };
  it('fires only past each threshold', () => {
    expect(alertsOf(t0, { units: 5, revenue: 100, margin: 0.1 }, { units: 10 }, 2)).toEqual([]);
    expect(alertsOf(t0, { units: 4, revenue: 100, margin: 0.0999 }, { units: 10 }, 3)).toEqual([
      { kind: 'unitsDrop', value: 60, threshold: 50 },
      { kind: 'noSales', value: 3, threshold: 3 },
      { kind: 'lowMargin', value: 9.99, threshold: 10 },
    ]);
    // No previous units: no drop; no revenue: no margin alert.
    expect(alertsOf(t0, { units: 0, revenue: 0, margin: null }, { units: 0 }, 0)).toEqual([]);
    expect(
      alertsOf(
        { unitsDropPct: null, noSalesDays: null, minMarginPct: null },
        { units: 0, revenue: 1, margin: -1 },
        { units: 9 },
        99,
      ),
    ).toEqual([]);
  });
  it('sorts nulls last in both directions', () => {
    const rows = [
      { id: 1, price: null },
      { id: 2, price: 5 },
      { id: 3, price: 3 },
    ] as unknown as Parameters<typeof sortRows>[0];
    expect(sortRows(rows, 'price', 'asc').map((r) => r.id)).toEqual([3, 2, 1]);
    expect(sortRows(rows, 'price', 'desc').map((r) => r.id)).toEqual([2, 3, 1]);
  });
});
