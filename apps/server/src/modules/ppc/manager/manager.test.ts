/**
 * /ppcMgr calls on the fixture (ppc.fixtures.ts: shop "PPC Test US", USD, campaign
 * "Fixture SP" budget 50, ad group "Fixture group" default bid 0.80, keywords
 * "fixture lamp" exact 1.00 = K1 and "fixture light" phrase 0.90 = K2, listings
 * B0PPCFIX01 / B0PPCFIX02) with hand-computed figures:
 *   2026-03-10 campaign 1000 impressions / 40 clicks / 30.00 spend / 3 orders / 120.00 sales;
 *              K1 600/25/20.00/2/80.00, K2 400/15/10.00/1/40.00.
 *   2026-03-11 campaign 200/10/5.00/1/25.00.
 *   Campaign over both days: 35.00 spend, 145.00 sales → ACoS 0.2414; budget 50 × 2 days → utilisation 0.35.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, grantToRolesOf, testAppPerFile } from '../../../../test/harness';
import { createPpcFixture, type PpcFixture, perf, writePerformance } from '../ppc.fixtures';

const API = '/api/ppc/rest/v1/manager';
const t = testAppPerFile({ admin: true, signIn: { ppc: 'ppc.specialist', shopA: 'shop.a', analyst: 'sales.analyst' } });
let fx: PpcFixture;
type Json = Record<string, unknown>;
type Page = Json & { list: Json[]; total: number; sum: Json };
let MARCH: Record<string, string>;

beforeAll(async () => {
  fx = await createPpcFixture(t);
  const c = { campaignId: fx.campaign };
  const fig = (impressions: number, clicks: number, spend: string, orders: number, sales: string) => ({
    impressions,
    clicks,
    spend,
    orders,
    sales,
    units: orders,
  });
  await writePerformance(t, fx, [
    perf({ ...c, entityType: 'campaign', entityId: fx.campaign, day: '2026-03-10', ...fig(1000, 40, '30.00', 3, '120.00') }),
    perf({ ...c, entityType: 'campaign', entityId: fx.campaign, day: '2026-03-11', ...fig(200, 10, '5.00', 1, '25.00') }),
  ]);
  await writePerformance(t, fx, [
    perf({
      ...c,
      entityType: 'keyword',
      entityId: fx.k1,
      adGroupId: fx.adGroup,
      day: '2026-03-10',
      ...fig(600, 25, '20.00', 2, '80.00'),
    }),
    perf({
      ...c,
      entityType: 'keyword',
      entityId: fx.k2,
      adGroupId: fx.adGroup,
      day: '2026-03-10',
      ...fig(400, 15, '10.00', 1, '40.00'),
    }),
  ]);
  await grantToRolesOf(t, 'shop.a', ['ppc:manager', 'ppc:manager:create']);
  MARCH = { startDate: '2026-03-10', endDate: '2026-03-11', shopId: String(fx.shop.id) };
});

const get = async (path: string, query: Record<string, string> = {}, token = t.admin) => {
  const res = await t.call('GET', `${API}/${path}`, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(res) as Page;
};
const post = (path: string, body: unknown, token = t.as.ppc) => t.call('POST', `${API}/${path}`, { token, body });

describe('lists', () => {
  it('campaigns: settings, figures of the period, utilisation and totals', async () => {
    const page = await get('sp/campaigns', MARCH);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: fx.campaign,
      name: 'Fixture SP',
      currency: 'USD',
      dailyBudget: 50,
      biddingStrategy: 'down_only',
      state: 'enabled',
      days: 2,
      spend: 35,
      sales: 145,
      impressions: 1200,
      clicks: 50,
      acos: 0.2414,
      cpc: 0.7,
      budgetUtilization: 0.35,
    });
    expect(page.sum).toMatchObject({ spend: 35, sales: 145, orders: 4 });
    expect(page).toMatchObject({ startDate: '2026-03-10', endDate: '2026-03-11', reportingCurrency: 'USD' });
    // Another type, another state, another name: none.
    expect((await get('sb/campaigns', MARCH)).total).toBe(0);
    expect((await get('sp/campaigns', { ...MARCH, state: 'paused' })).total).toBe(0);
    expect((await get('sp/campaigns', { ...MARCH, keyword: 'nothing like it' })).total).toBe(0);
    expect((await get('sp/campaigns', { ...MARCH, keyword: 'fixture' })).total).toBe(1);
  });

  it('keywords: figures per keyword, sort by any column, paging, drill-down by ad group, totals of the filtered set', async () => {
    const bySpend = await get('sp/keywords', { ...MARCH, sortField: 'spend', sortOrder: 'desc' });
    expect(bySpend.list.map((r) => r.id)).toEqual([fx.k1, fx.k2]);
    expect(bySpend.list[0]).toMatchObject({
      keywordText: 'fixture lamp',
      matchType: 'exact',
      bid: 1,
      defaultBid: 0.8,
      adGroupName: 'Fixture group',
      campaignName: 'Fixture SP',
      spend: 20,
      acos: 0.25,
      ctr: 0.0417,
      cvr: 0.08,
      roas: 4,
    });
    expect(bySpend.sum).toMatchObject({ spend: 30, sales: 120, clicks: 40 });
    const byText = await get('sp/keywords', { ...MARCH, sortField: 'keywordText', sortOrder: 'desc' });
    expect(byText.list.map((r) => r.keywordText)).toEqual(['fixture light', 'fixture lamp']);
    const paged = await get('sp/keywords', { ...MARCH, sortField: 'bid', sortOrder: 'asc', pageSize: '1', pageNum: '2' });
    expect(paged).toMatchObject({ total: 2, pageNum: 2 });
    expect(paged.list.map((r) => r.id)).toEqual([fx.k1]);
    // By a derived figure, a page at a time: CTR 15 / 400 (k2) before 25 / 600 (k1).
    const byCtr = async (pageNum: string) =>
      (await get('sp/keywords', { ...MARCH, sortField: 'ctr', sortOrder: 'asc', pageSize: '1', pageNum })).list;
    expect((await byCtr('1')).map((r) => [r.id, r.ctr, r.spend])).toEqual([[fx.k2, 0.0375, 10]]);
    expect((await byCtr('2')).map((r) => [r.id, r.ctr, r.spend])).toEqual([[fx.k1, 0.0417, 20]]);
    const one = await get('sp/keywords', { ...MARCH, matchType: 'phrase' });
    expect(one.list.map((r) => r.id)).toEqual([fx.k2]);
    expect(one.sum).toMatchObject({ spend: 10 });
    expect((await get('sp/keywords', { ...MARCH, adGroupId: String(fx.adGroup) })).total).toBe(2);
    expect((await get('sp/keywords', { ...MARCH, adGroupId: '999999' })).total).toBe(0);
    // Outside the period: rows stay (an entity list), figures are zero.
    const april = await get('sp/keywords', { startDate: '2026-04-01', endDate: '2026-04-30', shopId: String(fx.shop.id) });
    expect(april.total).toBe(2);
    expect(april.list[0]).toMatchObject({ spend: 0, acos: null });
  });

  it('ad groups, ads, targets and placements', async () => {
    const groups = await get('sp/adGroups', { ...MARCH, campaignId: String(fx.campaign) });
    expect(groups.list[0]).toMatchObject({ id: fx.adGroup, name: 'Fixture group', defaultBid: 0.8, spend: 30 });
    const ads = await get('sp/ads', { ...MARCH, sortField: 'sku', sortOrder: 'asc' });
    expect(ads.list.map((r) => r.sku)).toEqual(['PPC-1', 'PPC-2']);
    expect((await get('sp/ads', { ...MARCH, keyword: 'B0PPCFIX02' })).total).toBe(1);
    expect((await get('sp/targets', MARCH)).total).toBe(0);
    const pl = await get('sp/placements', { shopId: String(fx.shop.id) });
    expect(pl.total).toBe(3);
    expect(pl.list.map((r) => r.placement).sort()).toEqual(['product_pages', 'rest_of_search', 'top_of_search']);
    expect(pl.list[0]).toMatchObject({ campaignId: fx.campaign, bidAdjustmentPct: 0 });
  });

  it('keeps an external account to its own shops and checks input and permission', async () => {
    expect((await get('sp/campaigns', MARCH, t.as.shopA)).total).toBe(0);
    expect((await get('sp/keywords', MARCH, t.as.shopA)).total).toBe(0);
    const own = await get('sp/campaigns', {}, t.as.shopA);
    expect(own.list.some((r) => r.shopId === fx.shop.id)).toBe(false);
    const bad: Record<string, string>[] = [
      { sortField: 'nope' },
      { state: 'gone' },
      { startDate: '2026-02-30' },
      { pageSize: '100000' },
    ];
    for (const query of bad) {
      const res = await t.call('GET', `${API}/sp/keywords`, { token: t.admin, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await t.call('GET', `${API}/xx/keywords`, { token: t.admin })).statusCode).toBe(400);
    expect((await t.call('GET', `${API}/sp/keywords`, { token: t.as.analyst })).statusCode).toBe(403);
  });
});

const spBody = (name: string, extra: Json = {}) => ({
  shopId: fx.shop.id,
  name,
  dailyBudget: 25,
  targeting: 'manual',
  biddingStrategy: 'up_and_down',
  placements: { top_of_search: 50 },
  adGroupName: 'Group 1',
  defaultBid: 0.75,
  asins: ['b0ppcfix01', 'B0PPCFIX02'],
  keywords: [
    { text: 'Desk Lamp', matchType: 'exact', bid: 1.1 },
    { text: 'desk lamp', matchType: 'phrase' },
  ],
  negativeKeywords: [{ text: 'cheap', matchType: 'negative_exact' }],
  negativeAsins: ['B0NEGATIV1'],
  ...extra,
});

describe('create', () => {
  it('makes a manual SP campaign with everything in one transaction and records every entity', async () => {
    const res = await post('sp/campaigns', spBody('New SP manual'));
    expect(res.statusCode, res.body).toBe(200);
    const d = dataOf(res) as { campaignId: number; adGroupId: number; batchId: number; created: Json };
    expect(d.created).toEqual({
      campaign: 1,
      ad_group: 1,
      product_ad: 2,
      keyword: 2,
      negative_keyword: 1,
      negative_product: 1,
    });
    const [c] = await t.rows(`SELECT name, targeting, daily_budget, bidding_strategy, state FROM ppc_campaigns WHERE id = $1`, [
      d.campaignId,
    ]);
    expect(c).toEqual({
      name: 'New SP manual',
      targeting: 'manual',
      daily_budget: '25.00',
      bidding_strategy: 'up_and_down',
      state: 'enabled',
    });
    expect(
      await t.rows(`SELECT placement, bid_adjustment_pct AS p FROM ppc_placements WHERE campaign_id = $1 ORDER BY 1`, [
        d.campaignId,
      ]),
    ).toEqual([
      { placement: 'product_pages', p: 0 },
      { placement: 'rest_of_search', p: 0 },
      { placement: 'top_of_search', p: 50 },
    ]);
    expect(
      await t.rows(`SELECT keyword_text, match_type, bid FROM ppc_keywords WHERE ad_group_id = $1 ORDER BY match_type`, [
        d.adGroupId,
      ]),
    ).toEqual([
      { keyword_text: 'desk lamp', match_type: 'exact', bid: '1.10' },
      { keyword_text: 'desk lamp', match_type: 'phrase', bid: null },
    ]);
    expect(
      await t.rows(`SELECT sku, listing_id FROM ppc_product_ads WHERE ad_group_id = $1 ORDER BY sku`, [d.adGroupId]),
    ).toEqual([
      { sku: 'PPC-1', listing_id: fx.l1 },
      { sku: 'PPC-2', listing_id: fx.l2 },
    ]);
    expect(await t.rows(`SELECT ad_group_id, asin FROM ppc_negative_products WHERE campaign_id = $1`, [d.campaignId])).toEqual([
      { ad_group_id: null, asin: 'B0NEGATIV1' },
    ]);
    const hist = await get('changes', { batchId: String(d.batchId), pageSize: '50' });
    expect(hist.total).toBe(8);
    expect(new Set(hist.list.map((h) => h.field))).toEqual(new Set(['create']));
    // It shows in the list, and its budget changes through the change path (+60 %: past the
    // ±50 % step, so the request says the user confirmed it).
    const list = await get('sp/campaigns', { shopId: String(fx.shop.id), keyword: 'New SP manual' });
    expect(list.list[0]).toMatchObject({ id: d.campaignId, dailyBudget: 25, spend: 0, version: 1 });
    const edit = await t.call('PUT', `${API}/changes`, {
      token: t.as.ppc,
      body: {
        confirmed: true,
        changes: [{ entityType: 'campaign', entityId: d.campaignId, field: 'daily_budget', value: 40, version: 1 }],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await t.call('PUT', `${API}/changes`, {
      token: t.as.ppc,
      body: { changes: [{ entityType: 'campaign', entityId: d.campaignId, field: 'daily_budget', value: 45, version: 1 }] },
    });
    expect(stale.statusCode).toBe(409);
    expect((await get('sp/campaigns', { shopId: String(fx.shop.id), keyword: 'New SP manual' })).list[0]).toMatchObject({
      dailyBudget: 40,
      version: 2,
    });
  });

  it('makes an auto SP campaign with the four auto targets, and SB and SD campaigns', async () => {
    const auto = await post('sp/campaigns', spBody('New SP auto', { targeting: 'auto', keywords: undefined }));
    expect(auto.statusCode, auto.body).toBe(200);
    const a = dataOf(auto) as { adGroupId: number; created: Json };
    expect(a.created.target).toBe(4);
    expect(
      (await t.rows(`SELECT expression FROM ppc_targets WHERE ad_group_id = $1 ORDER BY 1`, [a.adGroupId])).map(
        (r) => r.expression,
      ),
    ).toEqual(['close-match', 'complements', 'loose-match', 'substitutes']);
    const sb = await post('sb/campaigns', {
      shopId: fx.shop.id,
      name: 'New SB',
      dailyBudget: 30,
      adGroupName: 'SB group',
      defaultBid: 1,
      brandName: 'Lumio',
      headline: 'Light up your desk',
      asins: ['B0PPCFIX01'],
      landingAsin: 'B0PPCFIX01',
      keywords: [{ text: 'lumio lamp', matchType: 'broad', bid: 1.2 }],
    });
    expect(sb.statusCode, sb.body).toBe(200);
    const sbId = (dataOf(sb) as { campaignId: number }).campaignId;
    expect(
      await t.rows(`SELECT campaign_type, brand_name, headline, landing_asin FROM ppc_campaigns WHERE id = $1`, [sbId]),
    ).toEqual([{ campaign_type: 'sb', brand_name: 'Lumio', headline: 'Light up your desk', landing_asin: 'B0PPCFIX01' }]);
    const sd = await post('sd/campaigns', {
      shopId: fx.shop.id,
      name: 'New SD',
      dailyBudget: 20,
      adGroupName: 'SD group',
      defaultBid: 0.5,
      asins: ['B0PPCFIX02'],
      targets: [{ asin: 'B0COMPET01', bid: 0.6 }],
      negativeAsins: ['B0PPCFIX01'],
    });
    expect(sd.statusCode, sd.body).toBe(200);
    expect((dataOf(sd) as { created: Json }).created).toEqual({
      campaign: 1,
      ad_group: 1,
      product_ad: 1,
      target: 1,
      negative_product: 1,
    });
    expect((await get('sd/targets', { shopId: String(fx.shop.id) })).list[0]).toMatchObject({
      expression: 'asin="B0COMPET01"',
      bid: 0.6,
    });
  });

  it('refuses bad input (400), a name in use (409) and an invisible shop (404), writing nothing', async () => {
    const count = async () => Number((await t.rows<{ n: string }>(`SELECT count(*) AS n FROM ppc_campaigns`))[0]?.n);
    const before = await count();
    const bad: Json[] = [
      spBody('x1', { asins: ['NOTANASIN'] }),
      spBody('x2', { asins: ['B0NOTSOLD1'] }),
      spBody('x3', { dailyBudget: 0.5 }),
      spBody('x4', { defaultBid: 0.01 }),
      spBody('x5', { keywords: [{ text: 'a', matchType: 'exact', bid: 5000 }] }),
      spBody('x6', { keywords: [] }),
      spBody('x7', { targeting: 'auto' }),
      spBody('x8', { negativeKeywords: [{ text: 'a', matchType: 'exact' }] }),
      spBody('x9', { asins: ['B0PPCFIX01', 'b0ppcfix01'] }),
      spBody('x10', { startDate: '2026-05-02', endDate: '2026-05-01' }),
      spBody('x11', { placements: { top_of_search: 901 } }),
      spBody('', {}),
    ];
    for (const body of bad) {
      const res = await post('sp/campaigns', body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
    }
    const dup = await post('sp/campaigns', spBody('Fixture SP'));
    expect(dup.statusCode).toBe(409);
    const hidden = await post('sp/campaigns', spBody('hidden'), t.as.shopA);
    expect(hidden.statusCode).toBe(404);
    expect((await t.call('POST', `${API}/sp/campaigns`, { token: t.as.analyst, body: spBody('nope') })).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it('adds an ad group, keywords and negatives to an existing campaign; a duplicate is 409 and nothing is added', async () => {
    const res = await post('additions', {
      campaignId: fx.campaign,
      adGroupName: 'Second group',
      defaultBid: 0.6,
      asins: ['B0PPCFIX01'],
      keywords: [{ text: 'reading lamp', matchType: 'broad' }],
      negativeKeywords: [{ text: 'used', matchType: 'negative_phrase' }],
      negativesOnAdGroup: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = dataOf(res) as { adGroupId: number; created: Json };
    expect(d.created).toEqual({ ad_group: 1, product_ad: 1, keyword: 1, negative_keyword: 1 });
    expect(await t.rows(`SELECT ad_group_id FROM ppc_negative_keywords WHERE keyword_text = 'used'`)).toEqual([
      { ad_group_id: d.adGroupId },
    ]);
    const kwBefore = (await t.rows(`SELECT count(*)::int AS n FROM ppc_keywords`))[0];
    const dup = await post('additions', {
      campaignId: fx.campaign,
      adGroupId: fx.adGroup,
      keywords: [
        { text: 'brand new one', matchType: 'exact' },
        { text: 'fixture lamp', matchType: 'exact' },
      ],
    });
    expect(dup.statusCode).toBe(409);
    expect((await t.rows(`SELECT count(*)::int AS n FROM ppc_keywords`))[0]).toEqual(kwBefore);
    expect((await post('additions', { campaignId: fx.campaign })).statusCode).toBe(400);
    expect(
      (await post('additions', { campaignId: fx.campaign, adGroupId: 999999, keywords: [{ text: 'a', matchType: 'exact' }] }))
        .statusCode,
    ).toBe(400);
    expect((await post('additions', { campaignId: fx.campaign, negativeAsins: ['B0NEGATIV9'] }, t.as.shopA)).statusCode).toBe(
      404,
    );
  });

  it('lists the shop listings to pick by ASIN', async () => {
    const res = await t.call('GET', `${API}/products`, {
      token: t.as.ppc,
      query: { shopId: String(fx.shop.id), keyword: 'fix02' },
    });
    expect(dataOf(res)).toEqual([{ listingId: fx.l2, sku: 'PPC-2', asin: 'B0PPCFIX02', title: 'Fixture lamp XL' }]);
    const hidden = await t.call('GET', `${API}/products`, { token: t.as.shopA, query: { shopId: String(fx.shop.id) } });
    expect(dataOf(hidden)).toEqual([]);
  });
});
