/**
 * The shipment forecast through its endpoints on the demo's stock: week 0 is /replenish's advice for every red or
 * amber SKU, EOL SKUs are left out, the totals per marketplace and week add up the rows, paging and sorting on the
 * server, the export; 401, 403, 400. The arithmetic itself is checked by hand in the contract (forecast.test.ts).
 */
import { FORECAST_WEEKS } from '@bo/contract/supplyboards/forecast';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';

// biome-ignore lint/suspicious/noExplicitAny: replies read as loose JSON in assertions
type Json = Record<string, any>;
const t = testAppPerFile({ admin: true });
const API = '/api/supplyboards/rest/v1/shipment-forecast';
const RGL = '/api/sales/rest/v2/redGreenLine/getAdviceList';

async function ok(url: string, query: Record<string, string> = {}) {
  const res = await t.call('GET', url, { token: t.admin, query });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json().data as Json;
}

describe('the shipment forecast', () => {
  it('starts from the advice, leaves EOL out, and totals the rows per marketplace and week', async () => {
    const f = await ok(API, { all: 'true', pageSize: '500' });
    const advice = await ok(RGL, { pageSize: '500' });
    expect(f.total).toBeGreaterThan(0);
    expect(f.weekStarts).toHaveLength(FORECAST_WEEKS);
    const byListing = new Map<number, Json>(advice.list.map((r: Json) => [r.listingId, r]));
    let compared = 0;
    for (const r of f.list) {
      const a = byListing.get(r.listingId);
      expect(a, `listing ${r.listingId}`).toBeDefined();
      expect(a?.eol).toBe(false);
      expect(r.weeks).toHaveLength(FORECAST_WEEKS);
      expect(r.total).toBe(r.weeks.reduce((s: number, x: number) => s + x, 0));
      // Week 0 is the advice before the FBA capacity cap: the forecast says what demand asks to ship.
      const asked = a?.uncappedUnits ?? a?.adviceUnits;
      if (a && a.state !== 'green' && asked > 0) {
        expect(r.weeks[0], r.sku).toBe(asked);
        expect(r.modes[0], `${r.sku} ${a.state} ${a.adviceUnits} ${asked} ${a.capped}`).toBe(a.mode);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);
    const eol = advice.list.filter((r: Json) => r.eol).map((r: Json) => r.listingId);
    expect(f.list.filter((r: Json) => eol.includes(r.listingId))).toEqual([]);

    const due = await ok(API, { pageSize: '500' });
    expect(due.list.every((r: Json) => r.total > 0)).toBe(true);
    for (const m of due.totals)
      for (let w = 0; w < FORECAST_WEEKS; w++)
        expect(m.weeks[w]).toBe(
          due.list.filter((r: Json) => r.marketId === m.marketId).reduce((s: number, r: Json) => s + r.weeks[w], 0),
        );
  });

  it('pages and sorts on the server, and exports the same query', async () => {
    const all = await ok(API, { sortField: 'total', sortOrder: 'desc', pageSize: '500' });
    const page2 = await ok(API, { sortField: 'total', sortOrder: 'desc', pageSize: '3', pageNum: '2' });
    expect(page2.total).toBe(all.total);
    expect(page2.list.map((r: Json) => r.listingId)).toEqual(all.list.slice(3, 6).map((r: Json) => r.listingId));
    const totals = all.list.map((r: Json) => r.total);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    const file = await t.call('GET', `${API}/excel`, { token: t.admin, query: { sortField: 'total' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('401, 403 and 400', async () => {
    expect((await t.call('GET', API)).statusCode).toBe(401);
    const none = await t.login('sales.analyst');
    expect((await t.call('GET', API, { token: none })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/excel`, { token: none })).statusCode).toBe(403);
    expect((await t.call('GET', API, { token: t.admin, query: { serviceLevel: '0.5' } })).statusCode).toBe(400);
    expect((await t.call('GET', API, { token: t.admin, query: { sortField: 'nope' } })).statusCode).toBe(400);
  });
});
