/**
 * The analysis boards on the figures of ppc.fixtures.ts (see board/board.test.ts for the
 * hand-computed figures of 2026-03-10/11: campaign 35.00 spend, 145.00 sales, L1 sold 200.00 on the 10th),
 * plus "Tight SP" for out-of-budget days (2026-03-01..03) and three search-term rows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, grantToRolesOf, testAppPerFile } from '../../../../test/harness';
import { lockShopAds, refreshSearchTermRollups, replacePerformance } from '../model/facts.service';
import { boardReader, createPpcFixture, type PpcFixture, perf, writeBoardFigures, writePerformance } from '../ppc.fixtures';

const API = '/api/ppc/rest';
const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', analyst: 'sales.analyst' } });
let fx: PpcFixture;
type Json = Record<string, unknown>;
let MARCH: Record<string, string | string[]>;
let tight: number;

/** A campaign-level report row: one order and unit, 20 impressions a click. */
const campaignDay = (campaignId: number, day: string, spend: string, clicks: number, sales: string) =>
  perf({
    campaignId,
    entityType: 'campaign',
    entityId: campaignId,
    day,
    impressions: clicks * 20,
    clicks,
    spend,
    orders: 1,
    sales,
    units: 1,
  });

beforeAll(async () => {
  fx = await createPpcFixture(t);
  await writeBoardFigures(t, fx);

  // Out of budget: "Tight SP" (budget 10 now, 8 until a change made on 2026-03-02 at noon).
  const q = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
  [{ id: tight }] = (await q(
    `INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, name, targeting, daily_budget, bidding_strategy)
     VALUES ($1, 0, 'sp', 'Tight SP', 'manual', 10, 'down_only') RETURNING id`,
    [fx.shop.id],
  )) as [{ id: number }];
  const [{ id: batch }] = (await q(`INSERT INTO ppc_change_batches (source) VALUES ('manual') RETURNING id`)) as [{ id: number }];
  await q(
    `INSERT INTO ppc_changes (batch_id, shop_id, campaign_id, campaign_type, entity_type, entity_id, field, before, after, source, created_at)
     VALUES ($1, $2, $3, 'sp', 'campaign', $3, 'daily_budget', '8'::jsonb, '10'::jsonb, 'manual', '2026-03-02T12:00:00Z')`,
    [batch, fx.shop.id, tight],
  );
  await writePerformance(t, fx, [
    campaignDay(tight, '2026-03-01', '8.00', 10, '20.00'),
    campaignDay(tight, '2026-03-02', '9.80', 12, '30.00'),
    campaignDay(tight, '2026-03-03', '5.00', 20, '50.00'),
  ]);
  // Search terms (marketplace currency USD: rate 1).
  await q(
    `INSERT INTO ppc_search_terms (shop_id, day, campaign_id, ad_group_id, targeting, match_type, search_term, currency, impressions, clicks, spend, orders, sales, units)
     VALUES ($1, '2026-03-10', $2, $3, 'fixture lamp', 'exact', 'desk lamp', 'USD', 100, 5, 4.00, 0, 0, 0),
            ($1, '2026-03-10', $2, $3, 'fixture light', 'phrase', 'led desk lamp', 'USD', 80, 3, 2.50, 1, 30.00, 1),
            ($1, '2026-03-11', $2, $3, 'fixture light', 'phrase', 'desk lamp', 'USD', 50, 2, 1.50, 0, 0, 0)`,
    [fx.shop.id, fx.campaign, fx.adGroup],
  );
  // Written as the importer writes them: the rows, then their rollups.
  await t.database.db.transaction((tx) => refreshSearchTermRollups(tx, fx.shop.id, ['2026-03-10', '2026-03-11']));
  await grantToRolesOf(t, 'shop.a', ['ppc:report', 'ppc:report:export']);
  MARCH = { startDate: '2026-03-10', endDate: '2026-03-11', shopId: String(fx.shop.id) };
});

const get = boardReader(t);

describe('GET ppc/rest/v1/index/dashboard', () => {
  it('answers the KPIs with TACoS, the previous period, the trend and the splits', async () => {
    const d = await get('v1/index/dashboard', MARCH);
    expect(d).toMatchObject({
      startDate: '2026-03-10',
      endDate: '2026-03-11',
      previousStartDate: '2026-03-08',
      previousEndDate: '2026-03-09',
    });
    expect(d.current).toMatchObject({
      spend: 35,
      sales: 145,
      clicks: 50,
      impressions: 1200,
      orders: 4,
      totalSales: 200,
      tacos: 0.175,
      acos: 0.2414,
    });
    expect(d.previous).toMatchObject({ spend: 0, sales: 0, totalSales: 0, tacos: null, acos: null });
    const points = d.points as Json[];
    expect(points).toHaveLength(2);
    expect(points[0]).toMatchObject({ day: '2026-03-10', spend: 30, totalSales: 200, tacos: 0.15, settlement: 2 });
    expect(points[1]).toMatchObject({ day: '2026-03-11', spend: 5, totalSales: 0, tacos: null });
    expect(d.byType).toEqual([expect.objectContaining({ campaignType: 'sp', spend: 35 })]);
    expect(d.byMarket).toEqual([expect.objectContaining({ marketId: 0, spend: 35 })]);
    expect((d.topCampaigns as Json[]).map((c) => c.campaignName)).toEqual(['Fixture SP']);
    expect(d.bottomCampaigns as Json[]).toEqual([expect.objectContaining({ campaignId: fx.campaign, acos: 0.2414 })]);
    // The reports of this shop start on 2026-03-01: the previous period is covered, its zero spend is real.
    expect(d.previousCovered).toBe(true);
    expect(d.change).toMatchObject({ spend: null, totalSales: null, tacos: null, clicks: null });
    const prev = await get('v1/index/dashboard', { ...MARCH, startDate: '2026-03-11', endDate: '2026-03-11' });
    expect(prev.current).toMatchObject({ spend: 5 });
    expect(prev.previous).toMatchObject({ spend: 30, totalSales: 200, tacos: 0.15 });
    expect(prev.previousCovered).toBe(true);
    expect(prev.change).toMatchObject({ spend: -0.8333, totalSales: -1, tacos: null });
  });
  it('claims no change against a previous period the ad reports do not cover from its first day (issue #19)', async () => {
    // 03-02..03-03 against 02-28..03-01: the reports start on 03-01, inside the previous period.
    const d = await get('v1/index/dashboard', { ...MARCH, startDate: '2026-03-02', endDate: '2026-03-03' });
    expect(d).toMatchObject({ previousStartDate: '2026-02-28', previousEndDate: '2026-03-01', previousCovered: false });
    expect(d.previous).toMatchObject({ spend: 8 });
    expect(Object.values(d.change as Json).every((v) => v === null)).toBe(true);
    expect(Object.keys(d.change as Json)).toContain('tacos');
  });
  it('keeps an external account to its shops and needs ppc:report', async () => {
    const d = await get('v1/index/dashboard', MARCH, t.as.shopA);
    expect(d.current).toMatchObject({ spend: 0 });
    expect((await t.call('GET', `${API}/v1/index/dashboard`, { token: t.as.analyst })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/v1/index/dashboard`, { token: t.admin, query: { campaignType: 'xx' } })).statusCode).toBe(
      400,
    );
  });
});

describe('GET ppc/rest/v1/index/skuAdvAnalysis', () => {
  it('sets ad figures against sales figures, by day and by campaign', async () => {
    const d = await get('v1/index/skuAdvAnalysis', { startDate: '2026-03-10', endDate: '2026-03-11', listingId: String(fx.l1) });
    expect(d.summary).toMatchObject({
      revenue: 200,
      units: 5,
      adSalesShare: 0.425,
      tacos: 0.1,
      profitBeforeAds: 200,
      profitAfterAds: 180,
      marginAfterAds: 0.9,
    });
    expect((d.summary as Json).ads).toMatchObject({ spend: 20, sales: 85, clicks: 30, impressions: 700 });
    expect(d.points as Json[]).toEqual([
      expect.objectContaining({ day: '2026-03-10', spend: 15, revenue: 200, tacos: 0.075, adSalesShare: 0.3 }),
      expect.objectContaining({ day: '2026-03-11', spend: 5, revenue: 0, tacos: null }),
    ]);
    // The product-ad rows of the 11th belong to the campaign; the 10th's share of the campaign report does not.
    expect(d.byCampaign as Json[]).toEqual([expect.objectContaining({ campaignName: 'Fixture SP', spend: 5, sales: 25 })]);
    expect(d.unattributed).toMatchObject({ spend: 15, sales: 60, clicks: 20, impressions: 500 });
    const both = await get('v1/index/skuAdvAnalysis', {
      startDate: '2026-03-10',
      endDate: '2026-03-11',
      listingId: [String(fx.l1), String(fx.l2)],
    });
    expect((both.summary as Json).ads).toMatchObject({ spend: 35, sales: 145 });
    expect(both.listings as Json[]).toHaveLength(2);
  });
  it('answers 404 for a listing the caller cannot see and 400 without one', async () => {
    const res = await t.call('GET', `${API}/v1/index/skuAdvAnalysis`, { token: t.as.shopA, query: { listingId: String(fx.l1) } });
    expect(res.statusCode).toBe(404);
    expect((await t.call('GET', `${API}/v1/index/skuAdvAnalysis`, { token: t.admin })).statusCode).toBe(400);
  });
});

describe('GET ppc/rest/v1/index/reportAnalysis', () => {
  it('groups by campaign, ad group, keyword, search term and time', async () => {
    const camp = await get('v1/index/reportAnalysis', { ...MARCH, groupBy: 'campaign' });
    expect(camp.list).toEqual([
      expect.objectContaining({ key: String(fx.campaign), name: 'Fixture SP', spend: 35, previous: null }),
    ]);
    const grp = await get('v1/index/reportAnalysis', { ...MARCH, groupBy: 'adGroup' });
    expect(grp.list).toEqual([expect.objectContaining({ name: 'Fixture group', campaignName: 'Fixture SP', spend: 30 })]);
    const kw = await get('v1/index/reportAnalysis', { ...MARCH, groupBy: 'keyword' });
    expect(kw.list.map((r) => [r.name, r.matchType, r.spend, r.adGroupName])).toEqual([
      ['fixture lamp', 'exact', 20, 'Fixture group'],
      ['fixture light', 'phrase', 10, 'Fixture group'],
    ]);
    expect(kw.sum).toMatchObject({ spend: 30, clicks: 40 });
    expect(camp.sum).toMatchObject({ spend: 35 });
    expect(grp.sum).toMatchObject({ spend: 30 });
    const st = await get('v1/index/reportAnalysis', { ...MARCH, groupBy: 'searchTerm', sortField: 'clicks' });
    expect(st.list.map((r) => [r.name, r.clicks, r.spend, r.sales])).toEqual([
      ['desk lamp', 7, 5.5, 0],
      ['led desk lamp', 3, 2.5, 30],
    ]);
    const days = await get('v1/index/reportAnalysis', { ...MARCH, groupBy: 'day', sortField: 'name', sortOrder: 'asc' });
    expect(days.list.map((r) => [r.key, r.spend])).toEqual([
      ['2026-03-10', 30],
      ['2026-03-11', 5],
    ]);
    const month = await get('v1/index/reportAnalysis', { ...MARCH, groupBy: 'month' });
    expect(month.list.map((r) => [r.key, r.spend])).toEqual([['2026-03-01', 35]]);
    const search = await get('v1/index/reportAnalysis', { ...MARCH, groupBy: 'keyword', keyword: 'LIGHT' });
    expect(search.list.map((r) => r.name)).toEqual(['fixture light']);
  });
  it('compares with the previous period', async () => {
    const d = await get('v1/index/reportAnalysis', {
      ...MARCH,
      startDate: '2026-03-11',
      endDate: '2026-03-11',
      groupBy: 'campaign',
      compare: 'true',
    });
    expect(d).toMatchObject({ previousStartDate: '2026-03-10', previousEndDate: '2026-03-10' });
    expect(d.list[0]).toMatchObject({ spend: 5, previous: expect.objectContaining({ spend: 30, sales: 120, acos: 0.25 }) });
    expect(d.previousSum).toMatchObject({ spend: 30 });
  });
  it('gives a page sorted by a figure the same rows, names and previous figures as the whole grouping', async () => {
    let compared = 0;
    for (const [startDate, groupBy] of ['2026-03-11', '2026-03-10'].flatMap((d) =>
      ['campaign', 'adGroup', 'keyword', 'searchTerm'].map((g) => [d, g] as const),
    )) {
      const q = { ...MARCH, startDate, endDate: '2026-03-11', compare: 'true' };
      // Sorted by name: every row named and compared (the export's query); by spend, a page
      // of one row at a time: cut on the sums, then named and compared.
      const all = await get('v1/index/reportAnalysis', { ...q, groupBy, sortField: 'name', sortOrder: 'asc', pageSize: '100' });
      compared += all.list.filter((r) => r.previous !== null).length;
      const bySpend = [...all.list].sort((a, b) => Number(b.spend) - Number(a.spend) || (String(a.key) < String(b.key) ? -1 : 1));
      for (const [i, row] of bySpend.entries()) {
        const page = await get('v1/index/reportAnalysis', { ...q, groupBy, pageSize: '1', pageNum: String(i + 1) });
        expect(page.total, groupBy).toBe(all.total);
        expect(page.list, groupBy).toEqual([row]);
        expect(page.sum, groupBy).toEqual(all.sum);
        expect(page.previousSum, groupBy).toEqual(all.previousSum);
      }
    }
    expect(compared).toBeGreaterThan(3);
  });
  it('streams the grouping as csv', async () => {
    const res = await t.call('GET', `${API}/v1/index/reportAnalysis/csv`, {
      token: t.admin,
      query: { ...MARCH, groupBy: 'keyword' },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'keyword,campaign,adGroup,matchType,campaignType,shop,impressions,clicks,spend (USD),orders,sales (USD),units,acos,roas,ctr,cpc,cvr',
    );
    expect(lines.slice(1)).toEqual([
      'fixture lamp,Fixture SP,Fixture group,exact,sp,PPC Test US,600,25,20,2,80,3,0.25,4,0.0417,0.8,0.08',
      'fixture light,Fixture SP,Fixture group,phrase,sp,PPC Test US,400,15,10,1,40,1,0.25,4,0.0375,0.67,0.0667',
    ]);
    expect((await t.call('GET', `${API}/v1/index/reportAnalysis/csv`, { token: t.as.analyst })).statusCode).toBe(403);
  });
  it('refuses an unknown grouping', async () => {
    expect(
      (await t.call('GET', `${API}/v1/index/reportAnalysis`, { token: t.admin, query: { groupBy: 'nope' } })).statusCode,
    ).toBe(400);
  });
});

describe('GET ppc/rest/v1/index/outBudget', () => {
  const MAR1 = () => ({ startDate: '2026-03-01', endDate: '2026-03-03', shopId: String(fx.shop.id) });
  it('finds the days a campaign reached 98 % of the budget in force that day', async () => {
    const d = await get('v1/index/outBudget', MAR1());
    expect(d.granularity).toBe('day');
    expect(d.total).toBe(1);
    expect(d.list[0]).toMatchObject({
      campaignId: tight,
      campaignName: 'Tight SP',
      dailyBudget: 10,
      budgetCurrency: 'USD',
      daysOut: 2,
      lastDayOut: '2026-03-02',
      days: ['2026-03-02', '2026-03-01'],
      spendOut: 17.8,
      // (20 − 10) + (20 − 12) = 18 missed clicks × 100.00 / 42 clicks
      missedSales: 42.86,
    });
    expect((d.list[0] as Json).figures).toMatchObject({ spend: 22.8, clicks: 42, sales: 100 });
    expect(d.points as Json[]).toEqual([
      { day: '2026-03-01', campaigns: 1, spend: 8 },
      { day: '2026-03-02', campaigns: 1, spend: 9.8 },
      { day: '2026-03-03', campaigns: 0, spend: 0 },
    ]);
  });
  it('has no estimate without a day within budget, and filters by name', async () => {
    const d = await get('v1/index/outBudget', { ...MAR1(), endDate: '2026-03-02' });
    expect(d.list[0]).toMatchObject({ daysOut: 2, missedSales: null });
    expect((await get('v1/index/outBudget', { ...MAR1(), keyword: 'fixture' })).total).toBe(0);
    expect((await get('v1/index/outBudget', MAR1(), t.as.shopA)).total).toBe(0);
    expect((await t.call('GET', `${API}/v1/index/outBudget`, { token: t.as.analyst })).statusCode).toBe(403);
  });
  it('sorts and pages by every field, the sales missed the same on the page as in the sort', async () => {
    // April (no other test reads it): "Often out" out on the 1st and 2nd, within budget on
    // the 3rd and 4th (20 clicks a day on average): 15 + 14 = 29 clicks missed of 51, sales
    // 80.00 → 45.49; "Once out" out on the 2nd only (average 10): 8 of 22, sales 15.00 → 5.45.
    const made = async (name: string) =>
      (
        await t.database.pool.query(
          `INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, name, targeting, daily_budget, bidding_strategy)
           VALUES ($1, 0, 'sp', $2, 'manual', 10, 'down_only') RETURNING id`,
          [fx.shop.id, name],
        )
      ).rows[0].id as number;
    const often = await made('Often out');
    const once = await made('Once out');
    await writePerformance(t, fx, [
      campaignDay(often, '2026-04-01', '10.00', 5, '10.00'),
      campaignDay(often, '2026-04-02', '9.90', 6, '10.00'),
      campaignDay(often, '2026-04-03', '2.00', 30, '40.00'),
      campaignDay(often, '2026-04-04', '3.00', 10, '20.00'),
      campaignDay(once, '2026-04-01', '2.00', 10, '5.00'),
      campaignDay(once, '2026-04-02', '9.80', 2, '5.00'),
      campaignDay(once, '2026-04-03', '1.00', 10, '5.00'),
    ]);
    const APR = { startDate: '2026-04-01', endDate: '2026-04-04', shopId: String(fx.shop.id) };
    const ids = async (sortField: string, sortOrder: string, extra: Record<string, string> = {}) => {
      const d = await get('v1/index/outBudget', { ...APR, sortField, sortOrder, ...extra });
      expect(d.total).toBe(2);
      return d.list.map((r) => [r.campaignId, r.missedSales]);
    };
    const O = [often, 45.49];
    const N = [once, 5.45];
    expect(await ids('daysOut', 'desc')).toEqual([O, N]);
    expect(await ids('spendOut', 'asc')).toEqual([N, O]);
    expect(await ids('missedSales', 'desc')).toEqual([O, N]);
    expect(await ids('missedSales', 'asc')).toEqual([N, O]);
    expect(await ids('acos', 'desc')).toEqual([N, O]);
    expect(await ids('lastDayOut', 'desc')).toEqual([O, N]); // the same day: by campaign
    expect(await ids('missedSales', 'desc', { pageNum: '2', pageSize: '1' })).toEqual([N]);
    const d = await get('v1/index/outBudget', { ...APR, pageSize: '1' });
    expect(d.list[0]).toMatchObject({ daysOut: 2, days: ['2026-04-02', '2026-04-01'], spendOut: 19.9, lastDayOut: '2026-04-02' });
    expect((d.list[0] as Json).figures).toMatchObject({ spend: 24.9, clicks: 51, sales: 80 });
    expect(d.points as Json[]).toEqual([
      { day: '2026-04-01', campaigns: 1, spend: 10 },
      { day: '2026-04-02', campaigns: 2, spend: 19.7 },
      { day: '2026-04-03', campaigns: 0, spend: 0 },
      { day: '2026-04-04', campaigns: 0, spend: 0 },
    ]);
  });
});

describe('GET ppc/rest/v1/index/reportExport', () => {
  const call = (query: Record<string, string | string[]>, token = t.admin) =>
    t.call('GET', `${API}/v1/index/reportExport`, { token, query: { ...MARCH, ...query } });
  const lines = (body: string) =>
    body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
  it('exports the chosen columns of a report as csv', async () => {
    const res = await call({ report: 'keyword', format: 'csv', column: ['adGroup', 'detail', 'spend', 'acos'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('ppc-keyword-2026-03-10-2026-03-11.csv');
    expect(lines(res.body)).toEqual([
      'keyword,adGroup,matchType,spend (USD),acos',
      'fixture lamp,Fixture group,exact,20,0.25',
      'fixture light,Fixture group,phrase,10,0.25',
    ]);
    const sku = await call({ report: 'sku', format: 'csv', column: ['shop', 'detail', 'spend', 'sales'] });
    expect(lines(sku.body)).toEqual([
      'sku,shop,asin,spend (USD),sales (USD)',
      'PPC-1,PPC Test US,B0PPCFIX01,20,85',
      'PPC-2,PPC Test US,B0PPCFIX02,15,60',
    ]);
    const terms = await call({ report: 'searchTerm', format: 'csv', column: ['clicks'] });
    expect(lines(terms.body)).toEqual(['searchTerm,clicks', 'desk lamp,7', 'led desk lamp,3']);
  });
  it('streams an xlsx workbook, and needs the export button', async () => {
    const res = await call({ report: 'campaign' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call({ report: 'campaign' }, t.as.analyst)).statusCode).toBe(403);
    expect((await call({ report: 'nope' })).statusCode).toBe(400);
    expect((await call({ report: 'keyword', column: 'price' })).statusCode).toBe(400);
  });
});

describe('PPC suggestions', () => {
  const list = (query: Record<string, string>, token = t.admin) => get('v1/index/suggestions', { ...MARCH, ...query }, token);
  it('suggests keyword bids toward the target ACoS', async () => {
    const d = await list({ kind: 'bid', targetAcos: '0.2' });
    expect(d.list.map((r) => [r.entityId, r.current, r.suggested, r.reason])).toEqual([
      [fx.k1, 1, 0.8, 'acos_above_target'],
      [fx.k2, 0.9, 0.72, 'acos_above_target'],
    ]);
    expect(d.list[0]).toMatchObject({ entityType: 'keyword', name: 'fixture lamp [exact]', currency: 'USD', version: 1 });
    expect((await list({ kind: 'bid', targetAcos: '0.2', minClicks: '20' })).list.map((r) => r.entityId)).toEqual([fx.k1]);
    const up = await list({ kind: 'bid', targetAcos: '0.3' });
    expect(up.list.map((r) => [r.suggested, r.reason])).toEqual([
      [1.2, 'acos_below_target'],
      [1.08, 'acos_below_target'],
    ]);
    expect((await list({ kind: 'bid', targetAcos: '0.26' })).total).toBe(0);
  });
  it('names the campaign, holds bids within the currency limits and leaves archived campaigns out', async () => {
    const pool = t.database.pool;
    const bids = async () =>
      (await list({ kind: 'bid', targetAcos: '0.3' })).list.map((r) => [r.entityId, r.campaignName, r.suggested]);
    // 900 × 1.2 = 1,080 is above USD's ceiling of 1,000.
    await pool.query(`UPDATE ppc_keywords SET bid = 900 WHERE id = $1`, [fx.k1]);
    try {
      expect(await bids()).toEqual([
        [fx.k1, 'Fixture SP', 1000],
        [fx.k2, 'Fixture SP', 1.08],
      ]);
      await pool.query(`UPDATE ppc_campaigns SET state = 'archived' WHERE id = $1`, [fx.campaign]);
      expect(await bids()).toEqual([]);
    } finally {
      await pool.query(`UPDATE ppc_campaigns SET state = 'enabled' WHERE id = $1`, [fx.campaign]);
      await pool.query(`UPDATE ppc_keywords SET bid = 1 WHERE id = $1`, [fx.k1]);
    }
  });
  it('suggests budget raises for campaigns out of budget within the target ACoS', async () => {
    const q = { startDate: '2026-03-01', endDate: '2026-03-03', kind: 'budget' };
    const d = await list(q);
    // Out 2 of 3 days, ACoS 22.80 / 100.00: 10 × (1 + ½ × ⅔)
    expect(d.list).toEqual([
      expect.objectContaining({ entityId: tight, current: 10, suggested: 13.33, daysOut: 2, reason: 'out_of_budget' }),
    ]);
    expect((await list({ ...q, targetAcos: '0.2' })).total).toBe(0);
  });
  it('suggests negatives for search terms with clicks and no orders', async () => {
    const d = await list({ kind: 'negative', minClicks: '5' });
    expect(d.list).toEqual([
      expect.objectContaining({ entityType: 'ad_group', entityId: fx.adGroup, name: 'desk lamp', reason: 'clicks_no_orders' }),
    ]);
    expect(d.list[0]?.figures).toMatchObject({ clicks: 7, spend: 5.5, orders: 0 });
    expect((await list({ kind: 'negative' })).total).toBe(0);
  });
  it('applies through the change path, all or none', async () => {
    const apply = (body: unknown, token = t.admin) => t.call('POST', `${API}/v1/index/suggestions/apply`, { token, body });
    const stale = await apply({ changes: [{ entityType: 'keyword', entityId: fx.k1, value: 0.8, version: 99 }] });
    expect(stale.statusCode).toBe(409);
    expect((await apply({ changes: [{ entityType: 'keyword', entityId: fx.k1, value: 0.001 }] })).statusCode).toBe(400);
    expect((await apply({ changes: [] })).statusCode).toBe(400);
    expect((await apply({ negatives: [{ adGroupId: fx.adGroup, searchTerm: 'desk lamp' }] }, t.as.analyst)).statusCode).toBe(403);
    const res = await apply({
      changes: [{ entityType: 'keyword', entityId: fx.k1, value: 0.8, version: 1 }],
      negatives: [{ adGroupId: fx.adGroup, searchTerm: 'Desk Lamp' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({ changed: 1, created: 1, unchanged: 0 });
    const hist = await t.database.pool.query(
      `SELECT field, after, source FROM ppc_changes WHERE entity_type IN ('keyword', 'negative_keyword') AND source = 'diagnosis' ORDER BY id`,
    );
    expect(hist.rows.map((r) => [r.field, r.source])).toEqual([
      ['bid', 'diagnosis'],
      ['create', 'diagnosis'],
    ]);
    const again = await apply({ negatives: [{ adGroupId: fx.adGroup, searchTerm: 'desk lamp' }] });
    expect(dataOf(again)).toMatchObject({ created: 0, unchanged: 1 });
    expect((await list({ kind: 'negative', minClicks: '5' })).total).toBe(0);
    const other = await apply({ negatives: [{ adGroupId: fx.adGroup, searchTerm: 'x' }] }, t.as.shopA);
    expect(other.statusCode).toBe(403);
  });
});

describe('the budget in force stored with each campaign-day', () => {
  it('follows a budget change on the day not yet ended and never on a day already ended', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const budgets = async () =>
      (
        await t.database.pool.query(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, budget_cents::int AS cents FROM ppc_campaign_day WHERE campaign_id = $1 ORDER BY day`,
          [tight],
        )
      ).rows;
    const day = (d: string) =>
      perf({ campaignId: tight, entityType: 'campaign', entityId: tight, day: d, clicks: 1, spend: '1.00' });
    await writePerformance(t, fx, [day(today)]);
    // 1 March: the change of 2 March at noon came after the day ended (8); 2 March and later: 10.
    const march = [
      { day: '2026-03-01', cents: 800 },
      { day: '2026-03-02', cents: 1000 },
      { day: '2026-03-03', cents: 1000 },
    ];
    expect(await budgets()).toEqual([...march, { day: today, cents: 1000 }]);
    await t.database.pool.query(`UPDATE ppc_campaigns SET daily_budget = 12.5 WHERE id = $1`, [tight]);
    expect(await budgets()).toEqual([...march, { day: today, cents: 1250 }]);
    // Leave the data as the other tests found it.
    await t.database.pool.query(`UPDATE ppc_campaigns SET daily_budget = 10 WHERE id = $1`, [tight]);
    await t.database.db.transaction(async (tx) => {
      await lockShopAds(tx, fx.shop.id);
      await replacePerformance(tx, fx.shop, { entityTypes: ['campaign'], days: [today] }, [], {
        source: 'test',
        importId: null,
        asOf: new Date(),
      });
    });
    expect(await budgets()).toEqual(march);
  });
});
