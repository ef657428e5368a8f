/**
 * Diagnosis and search terms on the fixture shop (ppc.fixtures.ts) with facts written for
 * a settled window: each kind of finding with its figures and fix; the fixes applied in one
 * batch of source diagnosis (all or none, 409 when an entity moved) and undone by batch;
 * search terms listed and filtered, harvested as keywords and negatives, duplicates 409.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../../test/harness';
import { createPpcFixture, type PpcFixture, perf, writePerformance } from '../ppc.fixtures';

const DIAG = '/api/ppc/rest/v1/diagnosis';
const TERMS = '/api/ppc/rest/v1/manager/searchTerms';
const t = testAppPerFile({ admin: true, signIn: { ppc: 'ppc.specialist', analyst: 'sales.analyst' } });
let fx: PpcFixture;
type Json = Record<string, unknown>;
type Finding = Json & { kind: string; entityId: number; name: string; fix: Json };

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const end = iso(Date.now() - 5 * DAY);
const mid = iso(Date.now() - 12 * DAY);
const start = iso(Date.now() - 34 * DAY);
const window = { shopId: '', startDate: start, endDate: end };
let ids: Record<string, number> = {};
let autoGroup = 0;

beforeAll(async () => {
  fx = await createPpcFixture(t);
  window.shopId = String(fx.shop.id);
  // More keywords of the fixture group: five ordinary ones (ACoS 18–25 %), one with a bid
  // far above its CPC, one that never shows.
  const rows = await t.rows<{ id: number; keyword_text: string }>(
    `INSERT INTO ppc_keywords (ad_group_id, campaign_id, shop_id, keyword_text, match_type, bid) VALUES
       ($1, $2, $3, 'lamp a', 'exact', 0.6), ($1, $2, $3, 'lamp b', 'exact', 0.6), ($1, $2, $3, 'lamp c', 'exact', 0.6),
       ($1, $2, $3, 'lamp d', 'exact', 0.6), ($1, $2, $3, 'pricey lamp', 'exact', 3.0), ($1, $2, $3, 'idle lamp', 'broad', 0.5)
     RETURNING id, keyword_text`,
    [fx.adGroup, fx.campaign, fx.shop.id],
  );
  ids = Object.fromEntries(rows.map((r) => [r.keyword_text, r.id]));
  const kw = (entityId: number, day: string, clicks: number, spend: string, orders: number, sales: string) =>
    perf({
      entityType: 'keyword',
      entityId,
      day,
      campaignId: fx.campaign,
      adGroupId: fx.adGroup,
      impressions: clicks * 30,
      clicks,
      spend,
      orders,
      sales,
      units: orders,
    });
  await writePerformance(t, fx, [
    // Wasted: 20 clicks, 15.00 spent, no order.
    kw(fx.k1, mid, 12, '9.00', 0, '0'),
    kw(fx.k1, end, 8, '6.00', 0, '0'),
    // ACoS 80 %: an outlier against a median of 21 %.
    kw(fx.k2, end, 25, '20.00', 1, '25.00'),
    kw(ids['lamp a'] as number, end, 10, '4.00', 1, '20.00'),
    kw(ids['lamp b'] as number, end, 10, '4.40', 1, '20.00'),
    kw(ids['lamp c'] as number, end, 10, '5.00', 1, '20.00'),
    kw(ids['lamp d'] as number, end, 10, '3.60', 1, '20.00'),
    // CPC 0.50 against a bid of 3.00; ACoS 20 %.
    kw(ids['pricey lamp'] as number, end, 20, '10.00', 2, '50.00'),
  ]);
  // Search terms: one that spent without an order, one that sells.
  await t.rows(
    `INSERT INTO ppc_search_terms (shop_id, day, campaign_id, ad_group_id, targeting, match_type, search_term, currency,
                                   impressions, clicks, spend, orders, sales, units)
     VALUES ($1, $2, $3, $4, 'fixture lamp', 'exact', 'cheap lamp', 'USD', 300, 12, 8.00, 0, 0, 0),
            ($1, $5, $3, $4, 'fixture light', 'phrase', 'fixture light bulb', 'USD', 200, 9, 4.50, 3, 60, 3),
            ($1, $5, $3, $4, 'fixture light', 'phrase', 'fixture lamp', 'USD', 100, 4, 2.00, 1, 20, 1)`,
    [fx.shop.id, end, fx.campaign, fx.adGroup, mid],
  );
  const auto = await t.rows<{ id: number }>(
    `INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, name, targeting, daily_budget, bidding_strategy)
     VALUES ($1, 0, 'sp', 'Fixture SP Auto', 'auto', 20, 'legacy') RETURNING id`,
    [fx.shop.id],
  );
  autoGroup = (
    await t.rows<{ id: number }>(
      `INSERT INTO ppc_ad_groups (campaign_id, shop_id, name, default_bid) VALUES ($1, $2, 'Auto group', 0.5) RETURNING id`,
      [auto[0]?.id, fx.shop.id],
    )
  )[0]?.id as number;
});

const diagnose = async (token = t.as.ppc, extra: Json = {}) => {
  const res = await t.call('GET', DIAG, { token, query: { ...window, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ findings: Finding[]; counts: Record<string, number>; medianAcos: number; currency: string; endDate: string }>(
    res,
  );
};

describe('diagnosis', () => {
  it('finds wasted spend, ACoS outliers, bids far above CPC, idle keywords and wasted search terms, each with its fix', async () => {
    const d = await diagnose();
    expect(d).toMatchObject({ currency: 'USD', endDate: end, medianAcos: 0.21 });
    expect(d.counts).toEqual({ wasted_keyword: 1, wasted_search_term: 1, no_impressions: 1, acos_outlier: 1, bid_above_cpc: 1 });
    const by = (kind: string) => d.findings.find((f) => f.kind === kind) as Finding;
    expect(by('wasted_keyword')).toMatchObject({
      entityType: 'keyword',
      entityId: fx.k1,
      name: 'fixture lamp',
      clicks: 20,
      spend: 15,
      orders: 0,
      fix: { action: 'pause', entityType: 'keyword', entityId: fx.k1, expect: 'enabled' },
    });
    expect(by('acos_outlier')).toMatchObject({
      entityId: fx.k2,
      acos: 0.8,
      reference: 0.21,
      fix: { action: 'set_bid', value: 0.24, expect: 0.9 },
    });
    expect(by('bid_above_cpc')).toMatchObject({
      entityId: ids['pricey lamp'],
      cpc: 0.5,
      bid: 3,
      fix: { value: 0.63, expect: 3 },
    });
    expect(by('no_impressions')).toMatchObject({ entityId: ids['idle lamp'], impressions: 0, fix: { value: 0.6 } });
    expect(by('wasted_search_term')).toMatchObject({
      name: 'cheap lamp',
      clicks: 12,
      spend: 8,
      fix: { action: 'add_negative', entityType: 'search_term', entityId: fx.adGroup, searchTerm: 'cheap lamp' },
    });
    // Thresholds are the caller's: 25 clicks leaves only the ACoS outlier among the click-based findings.
    const strict = await diagnose(t.as.ppc, { minClicks: '25' });
    expect(strict.counts).toMatchObject({ wasted_keyword: 0, bid_above_cpc: 0, acos_outlier: 1, wasted_search_term: 0 });
    // One kind only.
    expect((await diagnose(t.as.ppc, { kind: 'no_impressions' })).findings.map((f) => f.kind)).toEqual(['no_impressions']);
  });

  it('keeps the window settled: an end date in the last 3 days is moved back', async () => {
    const d = await diagnose(t.as.ppc, { endDate: iso(Date.now()), startDate: start });
    expect(d.endDate).toBe(iso(Date.now() - 3 * DAY));
  });

  it('refuses a shop the caller does not see, and bad thresholds', async () => {
    expect((await t.call('GET', DIAG, { token: t.as.ppc, query: { shopId: '999999' } })).statusCode).toBe(404);
    expect((await t.call('GET', DIAG, { token: t.as.ppc, query: { ...window, minClicks: '0' } })).statusCode).toBe(400);
    expect((await t.call('GET', DIAG, { token: t.as.ppc, query: { ...window, startDate: '2020-01-01' } })).statusCode).toBe(400);
  });

  it('refuses all fixes when one entity moved since the diagnosis, and changes nothing', async () => {
    const d = await diagnose();
    await t.rows(`UPDATE ppc_keywords SET bid = 2.5 WHERE id = $1`, [ids['pricey lamp']]);
    const res = await t.call('POST', `${DIAG}/fixes`, {
      token: t.as.ppc,
      body: { shopId: fx.shop.id, fixes: d.findings.map((f) => f.fix) },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(await t.rows(`SELECT state FROM ppc_keywords WHERE id = $1`, [fx.k1])).toEqual([{ state: 'enabled' }]);
    expect(await t.rows(`SELECT count(*)::int AS n FROM ppc_negative_keywords WHERE keyword_text = 'cheap lamp'`)).toEqual([
      { n: 0 },
    ]);
    await t.rows(`UPDATE ppc_keywords SET bid = 3.0 WHERE id = $1`, [ids['pricey lamp']]);
  });

  it('applies the chosen fixes in one batch of source diagnosis, and one undo takes them all back', async () => {
    const d = await diagnose();
    const res = await t.call('POST', `${DIAG}/fixes`, {
      token: t.as.ppc,
      body: { shopId: fx.shop.id, fixes: d.findings.map((f) => f.fix), note: 'diagnosis' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = dataOf<{ batchId: number; applied: Json[] }>(res);
    expect(r.applied).toHaveLength(5);
    expect(new Set(r.applied.map((c) => c.batchId))).toEqual(new Set([r.batchId]));
    expect(r.applied.every((c) => c.source === 'diagnosis')).toBe(true);
    expect(await t.rows(`SELECT state FROM ppc_keywords WHERE id = $1`, [fx.k1])).toEqual([{ state: 'paused' }]);
    expect(await t.rows(`SELECT bid FROM ppc_keywords WHERE id = $1`, [fx.k2])).toEqual([{ bid: '0.24' }]);
    expect(await t.rows(`SELECT bid FROM ppc_keywords WHERE id = $1`, [ids['pricey lamp']])).toEqual([{ bid: '0.63' }]);
    expect(await t.rows(`SELECT bid FROM ppc_keywords WHERE id = $1`, [ids['idle lamp']])).toEqual([{ bid: '0.60' }]);
    expect(
      await t.rows(`SELECT ad_group_id, match_type, state FROM ppc_negative_keywords WHERE keyword_text = 'cheap lamp'`),
    ).toEqual([{ ad_group_id: fx.adGroup, match_type: 'negative_exact', state: 'enabled' }]);
    // Fixed: the paused keyword is not diagnosed, the term is excluded, the bid is near its CPC.
    expect((await diagnose()).counts).toMatchObject({ wasted_keyword: 0, wasted_search_term: 0, bid_above_cpc: 0 });
    // Undo the batch from the history.
    const undo = await t.call('POST', '/api/ppc/rest/v1/manager/changes/undo', { token: t.as.ppc, body: { batchId: r.batchId } });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await t.rows(`SELECT state, bid FROM ppc_keywords WHERE id = ANY($1) ORDER BY id`, [[fx.k1, fx.k2]])).toEqual([
      { state: 'enabled', bid: '1.00' },
      { state: 'enabled', bid: '0.90' },
    ]);
    expect(await t.rows(`SELECT state FROM ppc_negative_keywords WHERE keyword_text = 'cheap lamp'`)).toEqual([
      { state: 'archived' },
    ]);
  });

  it('needs ppc:report to read and ppc:manager:edit to fix', async () => {
    expect((await t.call('GET', DIAG, { token: t.as.analyst, query: window })).statusCode).toBe(403);
    const res = await t.call('POST', `${DIAG}/fixes`, {
      token: t.as.analyst,
      body: { shopId: fx.shop.id, fixes: [{ action: 'pause', entityType: 'keyword', entityId: fx.k1 }] },
    });
    expect(res.statusCode).toBe(403);
    const bad = await t.call('POST', `${DIAG}/fixes`, {
      token: t.admin,
      body: { shopId: fx.shop.id, fixes: [{ action: 'set_bid', entityType: 'keyword', entityId: fx.k1 }] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('search terms', () => {
  const list = async (extra: Json = {}) => {
    const res = await t.call('GET', TERMS, { token: t.as.ppc, query: { ...window, ...extra } });
    expect(res.statusCode, res.body).toBe(200);
    return dataOf<{ list: (Json & { searchTerm: string })[]; total: number }>(res);
  };

  it('lists the terms with figures and filters them', async () => {
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.list[0]).toMatchObject({ searchTerm: 'cheap lamp', clicks: 12, spend: 8, orders: 0, acos: null, cpc: 0.67 });
    expect(all.list.find((r) => r.searchTerm === 'fixture lamp')).toMatchObject({ keywordMatchTypes: ['exact'] });
    expect((await list({ hasOrders: 'true' })).list.map((r) => r.searchTerm)).toEqual(['fixture light bulb', 'fixture lamp']);
    expect((await list({ notKeyword: 'true', hasOrders: 'true' })).list.map((r) => r.searchTerm)).toEqual(['fixture light bulb']);
    expect((await list({ minClicks: '10' })).list.map((r) => r.searchTerm)).toEqual(['cheap lamp']);
    expect((await list({ acosMin: '0.05', acosMax: '0.09' })).list.map((r) => r.searchTerm)).toEqual(['fixture light bulb']);
    expect((await list({ keyword: 'BULB' })).total).toBe(1);
    expect((await t.call('GET', TERMS, { token: t.as.ppc, query: { ...window, acosMin: '1', acosMax: '0.5' } })).statusCode).toBe(
      400,
    );
  });

  it('exports the filtered terms as csv (ppc:manager:export)', async () => {
    const res = await t.call('GET', `${TERMS}/csv`, { token: t.admin, query: { ...window, hasOrders: 'true' } });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\uFEFF?searchTerm,campaign,adGroup,targeting,currency,impressions,clicks,spend/);
    expect(lines[1]).toMatch(/^fixture light bulb,Fixture SP,Fixture group,fixture light,USD,200,9,4\.5,3,60,0\.075/);
    expect((await t.call('GET', `${TERMS}/csv`, { token: t.as.analyst, query: window })).statusCode).toBe(403);
  });

  it('harvests a term as a keyword and as negatives in one batch of source harvest; a duplicate is 409 and nothing is created', async () => {
    const res = await t.call('POST', `${TERMS}/harvest`, {
      token: t.as.ppc,
      body: {
        items: [
          { as: 'keyword', searchTerm: 'Fixture Light Bulb', adGroupId: fx.adGroup, matchType: 'exact', bid: 0.75 },
          {
            as: 'negative',
            searchTerm: 'fixture light bulb',
            level: 'campaign',
            campaignId: fx.campaign,
            matchType: 'negative_phrase',
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = dataOf<{ batchId: number; applied: Json[] }>(res);
    expect(r.applied.map((c) => [c.entityType, c.field, c.source]).reverse()).toEqual([
      ['keyword', 'create', 'harvest'],
      ['negative_keyword', 'create', 'harvest'],
    ]);
    expect(
      await t.rows(
        `SELECT bid, match_type, state FROM ppc_keywords WHERE keyword_text = 'fixture light bulb' AND ad_group_id = $1`,
        [fx.adGroup],
      ),
    ).toEqual([{ bid: '0.75', match_type: 'exact', state: 'enabled' }]);
    expect((await list({ notKeyword: 'true', hasOrders: 'true' })).total).toBe(0);
    expect((await list({ keyword: 'bulb' })).list[0]).toMatchObject({ negativeMatchTypes: ['negative_phrase'] });

    const count = async () =>
      (await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ppc_keywords WHERE shop_id = $1`, [fx.shop.id]))[0]?.n;
    const before = await count();
    const dup = await t.call('POST', `${TERMS}/harvest`, {
      token: t.as.ppc,
      body: {
        items: [
          { as: 'keyword', searchTerm: 'cheap lamp', adGroupId: fx.adGroup, matchType: 'phrase', bid: 0.5 },
          { as: 'keyword', searchTerm: 'fixture light bulb', adGroupId: fx.adGroup, matchType: 'exact', bid: 0.5 },
        ],
      },
    });
    expect(dup.statusCode).toBe(409);
    expect((dup.json() as { msg: string }).msg).toMatch(
      /"fixture light bulb" \(exact\) is already a keyword of Fixture SP › Fixture group/,
    );
    expect(await count()).toBe(before);
  });

  it('lists the ad groups of manual campaigns a keyword can be harvested to', async () => {
    const res = await t.call('GET', `${TERMS}/adGroups`, { token: t.as.ppc, query: { shopId: String(fx.shop.id) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toEqual([
      {
        adGroupId: fx.adGroup,
        adGroupName: 'Fixture group',
        campaignId: fx.campaign,
        campaignName: 'Fixture SP',
        defaultBid: 0.8,
      },
    ]);
  });

  it('refuses a keyword in an automatic campaign, a bid beyond the limits, a negative without its parent', async () => {
    const call = (item: Json) => t.call('POST', `${TERMS}/harvest`, { token: t.as.ppc, body: { items: [item] } });
    expect((await call({ as: 'keyword', searchTerm: 'x', adGroupId: autoGroup, matchType: 'exact', bid: 0.5 })).statusCode).toBe(
      400,
    );
    expect(
      (await call({ as: 'keyword', searchTerm: 'x', adGroupId: fx.adGroup, matchType: 'exact', bid: 0.01 })).statusCode,
    ).toBe(400);
    expect((await call({ as: 'negative', searchTerm: 'x', level: 'ad_group', matchType: 'negative_exact' })).statusCode).toBe(
      400,
    );
    expect((await call({ as: 'keyword', searchTerm: 'x', adGroupId: 999999, matchType: 'exact', bid: 0.5 })).statusCode).toBe(
      404,
    );
  });

  it('needs ppc:manager to read and ppc:manager:create to harvest', async () => {
    expect((await t.call('GET', TERMS, { token: t.as.analyst, query: window })).statusCode).toBe(403);
    const res = await t.call('POST', `${TERMS}/harvest`, {
      token: t.as.analyst,
      body: { items: [{ as: 'keyword', searchTerm: 'x', adGroupId: fx.adGroup, matchType: 'exact', bid: 0.5 }] },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.call('GET', TERMS, { token: t.admin, query: window })).statusCode).toBe(200);
  });
});
