/**
 * The board calls on hand-computed figures (ppc.fixtures.ts, USD so no conversion):
 *   2026-03-10 campaign fact: 1000 impressions, 40 clicks, 30.00 spend, 3 orders, 120.00 sales, 4 units;
 *              no product-ad facts → shared equally by L1 and L2 (L1: 500/20/15.00/1/60.00/2, L2: 500/20/15.00/2/60.00/2);
 *              keywords K1 600/25/20.00/2/80.00/3 and K2 400/15/10.00/1/40.00/1 (the ad group's figures).
 *   2026-03-11 campaign fact and L1's product-ad fact: 200/10/5.00/1/25.00/1.
 *   L1 over both days: 700 impressions, 30 clicks, 20.00 spend, 2 orders, 85.00 sales → ACoS 0.2353, CPC 0.67.
 *   L2: 500, 20, 15.00, 2, 60.00 → ACoS 0.25, ROAS 4, CTR 0.04, CVR 0.1.
 *   Sales: L1 sold 5 units for 200.00 on 2026-03-10 (no cost, no fees): profit after ads 200 − 20 = 180.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { grantToRolesOf, testAppPerFile } from '../../../../test/harness';
import { boardReader, createPpcFixture, type PpcFixture, writeBoardFigures } from '../ppc.fixtures';

const API = '/api/ppc/rest';
const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', analyst: 'sales.analyst' } });
let fx: PpcFixture;
type Json = Record<string, unknown>;
let MARCH: Record<string, string | string[]>;

beforeAll(async () => {
  fx = await createPpcFixture(t);
  await writeBoardFigures(t, fx);
  await grantToRolesOf(t, 'shop.a', ['ppc:report', 'ppc:report:export']);
  MARCH = { startDate: '2026-03-10', endDate: '2026-03-11', shopId: String(fx.shop.id) };
});

const get = boardReader(t);

describe('GET ppc/rest/v3/manager/shops/names', () => {
  it('lists the advertising shops the caller may see', async () => {
    const all = (await get('v3/manager/shops/names')) as unknown as Json[];
    expect(all.find((s) => s.shopId === fx.shop.id)).toMatchObject({ name: 'PPC Test US', currency: 'USD', marketId: 0 });
    const own = (await get('v3/manager/shops/names', {}, t.as.shopA)) as unknown as Json[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.some((s) => s.shopId === fx.shop.id)).toBe(false);
  });
  it('needs a session', async () => {
    expect((await t.call('GET', `${API}/v3/manager/shops/names`)).statusCode).toBe(401);
  });
});

describe('GET ppc/rest/v4/index/skuPerform', () => {
  it('answers each SKU with its figures and the derived metrics', async () => {
    const page = await get('v4/index/skuPerform', MARCH);
    expect(page.total).toBe(2);
    const [first, second] = page.list;
    expect(first).toMatchObject({
      listingId: fx.l1,
      sku: 'PPC-1',
      impressions: 700,
      clicks: 30,
      spend: 20,
      orders: 2,
      sales: 85,
      units: 3,
      acos: 0.2353,
      cpc: 0.67,
    });
    expect(second).toMatchObject({
      listingId: fx.l2,
      impressions: 500,
      clicks: 20,
      spend: 15,
      orders: 2,
      sales: 60,
      acos: 0.25,
      roas: 4,
      ctr: 0.04,
      cvr: 0.1,
    });
    expect(page.sum).toMatchObject({ impressions: 1200, clicks: 50, spend: 35, orders: 4, sales: 145 });
    expect(page).toMatchObject({ startDate: '2026-03-10', endDate: '2026-03-11', currency: 'USD' });
  });
  it('sorts, pages and filters', async () => {
    const asc = await get('v4/index/skuPerform', { ...MARCH, sortField: 'acos', sortOrder: 'asc', pageSize: '1' });
    expect(asc.list.map((r) => r.sku)).toEqual(['PPC-1']);
    expect(asc.total).toBe(2);
    const p2 = await get('v4/index/skuPerform', { ...MARCH, sortField: 'acos', sortOrder: 'asc', pageSize: '1', pageNum: '2' });
    expect(p2.list.map((r) => r.sku)).toEqual(['PPC-2']);
    const kw = await get('v4/index/skuPerform', { ...MARCH, keyword: 'fix02' });
    expect(kw.list.map((r) => r.sku)).toEqual(['PPC-2']);
    expect(kw.sum).toMatchObject({ spend: 15 });
    const sb = await get('v4/index/skuPerform', { ...MARCH, campaignType: 'sb' });
    expect(sb.total).toBe(0);
    const day = await get('v4/index/skuPerform', { ...MARCH, endDate: '2026-03-10' });
    expect(day.sum).toMatchObject({ spend: 30, impressions: 1000 });
  });
  it('keeps an external account to its own shops', async () => {
    const page = await get('v4/index/skuPerform', MARCH, t.as.shopA);
    expect(page.total).toBe(0);
    const own = await get('v4/index/skuPerform', { startDate: '2025-01-01', endDate: '2026-12-31', pageSize: '500' }, t.as.shopA);
    const shops = new Set(own.list.map((r) => r.shopId));
    expect(shops.has(fx.shop.id)).toBe(false);
  });
  it('refuses bad input with 400 and a missing permission with 403', async () => {
    const bad: Record<string, string>[] = [
      { sortField: 'nope' },
      { startDate: '2026-02-30' },
      { startDate: '2026-03-10', endDate: '2026-03-01' },
      { campaignType: 'xx' },
    ];
    for (const query of bad) {
      const res = await t.call('GET', `${API}/v4/index/skuPerform`, { token: t.admin, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await t.call('GET', `${API}/v4/index/skuPerform`, { token: t.as.analyst })).statusCode).toBe(403);
  });
  it('exports every row as csv', async () => {
    const res = await t.call('GET', `${API}/v4/index/skuPerform/csv`, { token: t.admin, query: MARCH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('sku,asin,shop,marketId,impressions,clicks,spend (USD),orders,sales (USD),units,acos,roas,ctr,cpc,cvr');
    expect(lines.slice(1)).toEqual([
      'PPC-1,B0PPCFIX01,PPC Test US,0,700,30,20,2,85,3,0.2353,4.25,0.0429,0.67,0.0667',
      'PPC-2,B0PPCFIX02,PPC Test US,0,500,20,15,2,60,2,0.25,4,0.04,0.75,0.1',
    ]);
    expect((await t.call('GET', `${API}/v4/index/skuPerform/csv`, { token: t.as.analyst })).statusCode).toBe(403);
  });
});

describe('GET ppc/rest/v1/index/skuPerformChart', () => {
  it('answers every day of the period, for the set or one listing', async () => {
    const all = await get('v1/index/skuPerformChart', { ...MARCH, startDate: '2026-03-09' });
    const points = all.points as Json[];
    expect(points.map((p) => p.day)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(points.map((p) => p.spend)).toEqual([0, 30, 5]);
    expect(points[0]).toMatchObject({ acos: null, ctr: null });
    // March 2026 is long settled; today's days would be 0.
    expect(points.map((p) => p.settlement)).toEqual([2, 2, 2]);
    expect(all.sum).toMatchObject({ spend: 35 });
    const one = await get('v1/index/skuPerformChart', { ...MARCH, listingId: String(fx.l2) });
    expect((one.points as Json[]).map((p) => p.spend)).toEqual([15, 0]);
  });
  it("does not show another shop's listing", async () => {
    const res = await t.call('GET', `${API}/v1/index/skuPerformChart`, {
      token: t.as.shopA,
      query: { listingId: String(fx.l1) },
    });
    expect(res.statusCode).toBe(404);
  });
  it('exports the series as csv', async () => {
    const res = await t.call('GET', `${API}/v1/index/skuPerformChart/export/csv`, { token: t.admin, query: MARCH });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2026-03-10,1000,40,30,3,120,4,0\.25,4,0\.04,0\.75,0\.075$/);
  });
});

describe('GET ppc/rest/v1/index/skuCostAnalysis/{id}', () => {
  it("answers the listing's profit after ad spend from the sales figures and the ad figures", async () => {
    const r = await get(`v1/index/skuCostAnalysis/${fx.l1}`, { startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(r).toMatchObject({
      sku: 'PPC-1',
      revenue: 200,
      units: 5,
      profitBeforeAds: 200,
      salesAdSpend: 0,
      tacos: 0.1,
      profitAfterAds: 180,
      marginAfterAds: 0.9,
    });
    expect(r.ads).toMatchObject({ spend: 20, sales: 85 });
    expect(r.byCampaignType).toEqual([expect.objectContaining({ campaignType: 'sp', spend: 20 })]);
  });
  it('is 404 for a listing of a shop the caller does not see, 400 for a bad id', async () => {
    expect((await t.call('GET', `${API}/v1/index/skuCostAnalysis/${fx.l1}`, { token: t.as.shopA })).statusCode).toBe(404);
    expect((await t.call('GET', `${API}/v1/index/skuCostAnalysis/0`, { token: t.admin })).statusCode).toBe(400);
    expect((await t.call('GET', `${API}/v1/index/skuCostAnalysis/99999999`, { token: t.admin })).statusCode).toBe(404);
  });
});

describe('GET ppc/rest/v1/index/adGroupCost', () => {
  it('answers the ad groups with their spend from the keyword and target facts', async () => {
    const page = await get('v1/index/adGroupCost', MARCH);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      adGroupId: fx.adGroup,
      adGroupName: 'Fixture group',
      campaignName: 'Fixture SP',
      campaignType: 'sp',
      defaultBid: 0.8,
      impressions: 1000,
      clicks: 40,
      spend: 30,
      orders: 3,
      sales: 120,
      acos: 0.25,
    });
    expect((await get('v1/index/adGroupCost', { ...MARCH, keyword: 'nothing like it' })).total).toBe(0);
    expect((await get('v1/index/adGroupCost', MARCH, t.as.shopA)).total).toBe(0);
  });
  it('sorts by name or any metric', async () => {
    const all = await get('v1/index/adGroupCost', {
      sortField: 'campaignName',
      sortOrder: 'asc',
      startDate: '2025-01-01',
      endDate: '2026-12-31',
      pageSize: '5',
    });
    const names = all.list.map((r) => String(r.campaignName));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
