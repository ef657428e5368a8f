/**
 * The ad report kinds of the import facility on the files of test/fixtures/imports/ppc
 * (made by make-fixtures.mjs there), against the fixture shop "PPC Test US"
 * (ppc.fixtures.ts): each variant read (old console and sentence-case headers, trailing
 * spaces, (ACOS)/(ACoS), a title row, 7- and 14-day columns, csv and xlsx, 48- and
 * 54-column bulk sheets), re-import idempotent, a restated file replacing its days and
 * saying what changed, and a file of another marketplace held.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { multipart } from '../../../../test/multipart';
import { createPpcFixture, type PpcFixture } from '../ppc.fixtures';

const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', analyst: 'sales.analyst' } });
let fx: PpcFixture;
type Json = Record<string, unknown>;
const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/imports/ppc/${name}`, import.meta.url));

async function upload(kind: string, name: string, token = t.admin, shopId?: number) {
  const { payload, headers } = multipart({ kind, shopId: String(shopId ?? fx.shop.id) }, { name, bytes: fixture(name) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return res;
}
async function preview(kind: string, name: string) {
  const res = await upload(kind, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json & { records: Json[]; counts: Json; errors: Json[]; warnings: Json[] };
}
async function commit(id: unknown) {
  const res = await t.call('POST', `/api/imports/${id}/commit`, { token: t.admin, body: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json & { result: Json & { adChanges?: Json[] } };
}
const campaignFacts = async () =>
  t.rows<{ day: string; name: string; impressions: number; clicks: number; spend: string; orders: number; sales: string }>(
    `SELECT to_char(f.day, 'YYYY-MM-DD') AS day, c.name, f.impressions, f.clicks, f.spend, f.orders, f.sales
       FROM ppc_performance f JOIN ppc_campaigns c ON c.id = f.entity_id
      WHERE f.entity_type = 'campaign' AND f.shop_id = $1 ORDER BY 1, 2`,
    [fx.shop.id],
  );

beforeAll(async () => {
  fx = await createPpcFixture(t);
});

describe('sp-campaign', () => {
  it('reads the old console file (ACoS, Start/End Date, month-first days, $ and thousands) and writes facts and rollups', async () => {
    const p = await preview('sp-campaign', 'campaign-console-acos.csv');
    expect(p).toMatchObject({ status: 'preview', currency: 'USD', errorCount: 0, rowCount: 3 });
    expect(p.variant).toBe('sp-campaign/console-legacy/7d/csv');
    expect(p.counts).toEqual({ new: 3, changed: 0, unchanged: 0 });
    expect(p.records[0]?.values).toMatchObject({
      day: '2026-03-10',
      campaign: 'Fixture SP',
      impressions: 1000,
      spend: '30.00',
      sales: '120.00',
      orders: 3,
      units: 4,
    });
    expect(await campaignFacts()).toEqual([]);
    const done = await commit(p.id);
    expect(done.result).toMatchObject({ inserted: 3, updated: 0, days: ['2026-03-10', '2026-03-11'] });
    expect(await campaignFacts()).toEqual([
      { day: '2026-03-10', name: 'Fixture SP', impressions: 1000, clicks: 40, spend: '30.00', orders: 3, sales: '120.00' },
      { day: '2026-03-11', name: 'Fixture SP', impressions: 200, clicks: 10, spend: '5.00', orders: 1, sales: '25.00' },
      { day: '2026-03-11', name: 'Fixture SP New', impressions: 50, clicks: 2, spend: '1.00', orders: 0, sales: '0.00' },
    ]);
    // The new campaign was created with the file's budget; the rollups follow.
    expect(await t.rows(`SELECT daily_budget FROM ppc_campaigns WHERE name = 'Fixture SP New'`)).toEqual([
      { daily_budget: '20.00' },
    ]);
    expect(await t.rows(`SELECT sum(spend_cents)::int AS c FROM ppc_campaign_day WHERE shop_id = $1`, [fx.shop.id])).toEqual([
      { c: 3600 },
    ]);
    // Campaign figures without product-ad facts are shared by the campaign's two SKUs.
    expect(await t.rows(`SELECT sum(spend_cents)::int AS c FROM ppc_sku_day WHERE shop_id = $1`, [fx.shop.id])).toEqual([
      { c: 3500 },
    ]);
  });

  it('re-importing the same file changes nothing', async () => {
    const p = await preview('sp-campaign', 'campaign-console-acos.csv');
    expect(p.counts).toEqual({ new: 0, changed: 0, unchanged: 3 });
    expect((p.warnings[0] as Json).message).toMatch(/already committed/);
    const before = await campaignFacts();
    const done = await commit(p.id);
    expect(done.result).toMatchObject({ inserted: 0, updated: 0, unchanged: 3, zeroed: 0, adChanges: [] });
    expect(await campaignFacts()).toEqual(before);
  });

  it('a restated file replaces its days and says per day what changed', async () => {
    const p = await preview('sp-campaign', 'campaign-console-acos-restated.csv');
    expect(p.counts).toEqual({ new: 0, changed: 1, unchanged: 1 });
    const changed = p.records.find((r) => r.status === 'changed') as Json;
    expect(changed.before).toMatchObject({ spend: '5.00', clicks: 10 });
    const done = await commit(p.id);
    expect(done.result).toMatchObject({ updated: 1, unchanged: 1, zeroed: 1 });
    expect(done.result.adChanges).toEqual([
      { day: '2026-03-11', spendBefore: 6, spendAfter: 5.5, clicksBefore: 12, clicksAfter: 11 },
    ]);
    const facts = await campaignFacts();
    expect(facts.map((f) => `${f.day} ${f.name} ${f.spend}`)).toEqual([
      '2026-03-10 Fixture SP 30.00',
      '2026-03-11 Fixture SP 5.50',
    ]);
  });

  it("re-evaluates the shop's monitors in the commit: a restated day raises an alert", async () => {
    const [m] = await t.rows<{ id: number }>(
      `INSERT INTO ppc_monitors (account_id, shop_id, name, scope, campaign_id, metric, comparator, threshold, window_days, created_by)
       VALUES (1, $1, 'clicks watch', 'campaign', $2, 'clicks', 'gt', 45, 7, 1) RETURNING id`,
      [fx.shop.id, fx.campaign],
    );
    const open = async () =>
      t.rows(`SELECT value FROM ppc_monitor_alerts WHERE monitor_id = $1 AND resolved_at IS NULL`, [m?.id]);
    expect(await open()).toEqual([]);
    // Stored now: 40 + 11 clicks over the window ending 2026-03-11 → 51 > 45.
    const p = await preview('sp-campaign', 'campaign-console-acos-restated.csv');
    await commit(p.id);
    expect(await open()).toEqual([{ value: '51.0000' }]);
    await t.rows(`DELETE FROM ppc_monitors WHERE id = $1`, [m?.id]);
  });

  it('holds a file of another marketplace (EUR for a US shop)', async () => {
    const p = await preview('sp-campaign', 'campaign-eur.csv');
    expect(p.status).toBe('held');
    expect((p.errors[0] as Json).message).toMatch(/EUR.*USD/);
    const res = await t.call('POST', `/api/imports/${p.id}/commit`, { token: t.admin, body: {} });
    expect(res.statusCode).toBe(409);
  });
});

describe('sp-targeting', () => {
  it('reads sentence-case 7- and 14-day columns (headline = 7 days) and creates a missing target', async () => {
    const p = await preview('sp-targeting', 'targeting-sentence-7d-14d.csv');
    expect(p).toMatchObject({ status: 'preview', errorCount: 0, rowCount: 3, variant: 'sp-targeting/sentence-case/7d+14d/csv' });
    expect(p.records[0]?.values).toMatchObject({ sales: '80.00', sales7d: '80.00', sales14d: '95.00', orders: 2, orders14d: 3 });
    // A target row with no 7-day sales keeps its 14-day figures and a headline of 0.
    expect(p.records[2]?.values).toMatchObject({
      targeting: 'asin="b0ppcfix99"',
      matchType: '',
      sales: '0.00',
      sales14d: '12.00',
    });
    await commit(p.id);
    const kw = await t.rows(
      `SELECT entity_type, spend, orders_14d FROM ppc_performance WHERE shop_id = $1 AND entity_type IN ('keyword', 'target') ORDER BY spend DESC`,
      [fx.shop.id],
    );
    expect(kw).toEqual([
      { entity_type: 'keyword', spend: '20.00', orders_14d: 3 },
      { entity_type: 'keyword', spend: '10.00', orders_14d: 1 },
      { entity_type: 'target', spend: '3.00', orders_14d: 1 },
    ]);
    expect(await t.rows(`SELECT kind, expression FROM ppc_targets WHERE shop_id = $1`, [fx.shop.id])).toEqual([
      { kind: 'product', expression: 'asin="b0ppcfix99"' },
    ]);
    expect(await t.rows(`SELECT sum(spend_cents)::int AS c FROM ppc_ad_group_day WHERE ad_group_id = $1`, [fx.adGroup])).toEqual([
      { c: 3300 },
    ]);
  });

  it('reads the old console xlsx (Title Case, trailing spaces, 7 days, Start/End Date) as the same figures', async () => {
    const p = await preview('sp-targeting', 'targeting-console-7d.xlsx');
    expect(p).toMatchObject({ status: 'preview', errorCount: 0, variant: 'sp-targeting/console-legacy/7d/xlsx' });
    expect(p.records[0]).toMatchObject({
      status: 'unchanged',
      values: { day: '2026-03-10', targeting: 'fixture lamp', matchType: 'exact', spend: '20.00', sales: '80.00' },
    });
  });
});

describe('sp-search-term', () => {
  it('reads the old console csv (trailing-space headers, "Mar 10, 2026", $) and stores the search terms', async () => {
    const p = await preview('sp-search-term', 'search-term-console-7d.csv');
    expect(p).toMatchObject({
      status: 'preview',
      errorCount: 0,
      rowCount: 3,
      variant: 'sp-search-term/console-legacy/7d/csv',
      currency: 'USD',
    });
    await commit(p.id);
    const rows = await t.rows(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, targeting, match_type, search_term, spend, sales FROM ppc_search_terms WHERE shop_id = $1 ORDER BY day, search_term`,
      [fx.shop.id],
    );
    expect(rows).toEqual([
      {
        day: '2026-03-10',
        targeting: 'fixture lamp',
        match_type: 'exact',
        search_term: 'fixture lamp',
        spend: '9.00',
        sales: '40.00',
      },
      {
        day: '2026-03-10',
        targeting: 'fixture lamp',
        match_type: 'exact',
        search_term: 'fixture lamp white',
        spend: '3.00',
        sales: '0.00',
      },
      {
        day: '2026-03-11',
        targeting: 'fixture light',
        match_type: 'phrase',
        search_term: 'fixture light bulb',
        spend: '3.00',
        sales: '25.00',
      },
    ]);
  });

  it('reads the sentence-case xlsx with a title row and 14-day columns, replacing the days it covers', async () => {
    const p = await preview('sp-search-term', 'search-term-sentence-14d.xlsx');
    expect(p).toMatchObject({ status: 'preview', errorCount: 0, rowCount: 2, variant: 'sp-search-term/sentence-case/14d/xlsx' });
    expect(p.counts).toEqual({ new: 1, changed: 1, unchanged: 0 });
    await commit(p.id);
    const rows = await t.rows(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, search_term, sales, orders FROM ppc_search_terms WHERE shop_id = $1 ORDER BY day, search_term`,
      [fx.shop.id],
    );
    expect(rows).toEqual([
      { day: '2026-03-10', search_term: 'fixture lamp', sales: '48.00', orders: 2 },
      { day: '2026-03-11', search_term: 'desk lamp', sales: '0.00', orders: 0 },
    ]);
    expect(await t.rows(`SELECT targeting FROM ppc_campaigns WHERE name = 'Fixture SP Auto'`)).toEqual([{ targeting: 'auto' }]);
  });
});

describe('ads-bulk', () => {
  it('creates every entity of the 48-column sheet', async () => {
    const p = await preview('ads-bulk', 'bulk-48.csv');
    expect(p).toMatchObject({ status: 'preview', errorCount: 0, rowCount: 9, variant: 'ads-bulk/entity-48/csv' });
    await commit(p.id);
    const [c] = await t.rows<Json>(
      `SELECT id, daily_budget, bidding_strategy, targeting, to_char(start_date, 'YYYY-MM-DD') AS start FROM ppc_campaigns WHERE name = 'Fixture Bulk'`,
    );
    expect(c).toMatchObject({ daily_budget: '25.00', bidding_strategy: 'down_only', targeting: 'manual', start: '2026-03-01' });
    const one = async (text: string) => (await t.rows(text, [c?.id]))[0];
    expect(await one(`SELECT placement, bid_adjustment_pct FROM ppc_placements WHERE campaign_id = $1`)).toEqual({
      placement: 'top_of_search',
      bid_adjustment_pct: 40,
    });
    expect(await one(`SELECT name, default_bid FROM ppc_ad_groups WHERE campaign_id = $1`)).toEqual({
      name: 'Bulk group',
      default_bid: '0.90',
    });
    expect(await one(`SELECT sku, asin, listing_id FROM ppc_product_ads WHERE campaign_id = $1`)).toEqual({
      sku: 'PPC-1',
      asin: 'B0PPCFIX01',
      listing_id: fx.l1,
    });
    expect(await one(`SELECT keyword_text, match_type, bid FROM ppc_keywords WHERE campaign_id = $1`)).toEqual({
      keyword_text: 'bulk lamp',
      match_type: 'exact',
      bid: '1.10',
    });
    expect(await one(`SELECT expression, bid FROM ppc_targets WHERE campaign_id = $1`)).toEqual({
      expression: 'asin="B0PPCFIX77"',
      bid: '0.70',
    });
    expect(
      await t.rows(
        `SELECT keyword_text, match_type, ad_group_id IS NULL AS campaign_level FROM ppc_negative_keywords WHERE campaign_id = $1 ORDER BY 1`,
        [c?.id],
      ),
    ).toEqual([
      { keyword_text: 'cheap', match_type: 'negative_phrase', campaign_level: false },
      { keyword_text: 'free', match_type: 'negative_exact', campaign_level: true },
    ]);
    expect(await one(`SELECT asin, ad_group_id FROM ppc_negative_products WHERE campaign_id = $1`)).toEqual({
      asin: 'B0NEGATIVE',
      ad_group_id: null,
    });
  });

  it('reads the 54-column xlsx (sheet after "Portfolios") and applies only what changed', async () => {
    const p = await preview('ads-bulk', 'bulk-54.xlsx');
    expect(p).toMatchObject({ status: 'preview', errorCount: 0, rowCount: 9, variant: 'ads-bulk/entity-54/xlsx' });
    expect(p.counts).toEqual({ new: 0, changed: 3, unchanged: 6 });
    await commit(p.id);
    expect(await t.rows(`SELECT daily_budget, version FROM ppc_campaigns WHERE name = 'Fixture Bulk'`)).toEqual([
      { daily_budget: '30.00', version: 2 },
    ]);
    expect(await t.rows(`SELECT bid, version FROM ppc_keywords WHERE keyword_text = 'bulk lamp'`)).toEqual([
      { bid: '1.25', version: 2 },
    ]);
    expect(
      await t.rows(
        `SELECT state FROM ppc_product_ads WHERE sku = 'PPC-1' AND campaign_id = (SELECT id FROM ppc_campaigns WHERE name = 'Fixture Bulk')`,
      ),
    ).toEqual([{ state: 'paused' }]);
    const again = await preview('ads-bulk', 'bulk-54.xlsx');
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 9 });
  });

  it('names stored entities by Campaign ID and Ad Group ID, the names only informational or absent (issue #19)', async () => {
    // Amazon's download of existing entities: IDs, empty name columns, names in the "(Informational only)" ones.
    await t.rows(`UPDATE ppc_campaigns SET external_id = '319000000001' WHERE id = $1`, [fx.campaign]);
    await t.rows(`UPDATE ppc_ad_groups SET external_id = '419000000001' WHERE id = $1`, [fx.adGroup]);
    const before = await t.rows(`SELECT count(*)::int AS n FROM ppc_ad_groups WHERE shop_id = $1`, [fx.shop.id]);
    const p = await preview('ads-bulk', 'bulk-by-id.csv');
    expect(p.errors).toEqual([]);
    expect(p).toMatchObject({ status: 'preview', errorCount: 0, rowCount: 3 });
    expect(p.counts).toEqual({ new: 0, changed: 3, unchanged: 0 });
    await commit(p.id);
    expect(await t.rows(`SELECT name, default_bid FROM ppc_ad_groups WHERE id = $1`, [fx.adGroup])).toEqual([
      { name: 'Fixture group', default_bid: '0.95' },
    ]);
    expect(
      await t.rows(`SELECT keyword_text, match_type, bid FROM ppc_keywords WHERE ad_group_id = $1 ORDER BY keyword_text`, [
        fx.adGroup,
      ]),
    ).toEqual([
      { keyword_text: 'fixture lamp', match_type: 'exact', bid: '1.35' },
      { keyword_text: 'fixture light', match_type: 'phrase', bid: '0.85' },
    ]);
    expect(await t.rows(`SELECT count(*)::int AS n FROM ppc_ad_groups WHERE shop_id = $1`, [fx.shop.id])).toEqual(before);
  });

  it('keeps the IDs a sheet gives; an ID that names nothing, without a name, is refused', async () => {
    await t.rows(`UPDATE ppc_campaigns SET external_id = NULL WHERE id = $1`, [fx.campaign]);
    await t.rows(`UPDATE ppc_ad_groups SET external_id = NULL WHERE id = $1`, [fx.adGroup]);
    // Nothing stored by ID: the rows with informational names are placed by name, the row with
    // IDs alone by the ad group row above it in the same sheet.
    const p = await preview('ads-bulk', 'bulk-by-id.csv');
    expect(p.errors).toEqual([]);
    expect(p.counts).toEqual({ new: 0, changed: 0, unchanged: 3 });
    await commit(p.id);
    expect(await t.rows(`SELECT external_id FROM ppc_campaigns WHERE id = $1`, [fx.campaign])).toEqual([
      { external_id: '319000000001' },
    ]);
    expect(await t.rows(`SELECT external_id FROM ppc_ad_groups WHERE id = $1`, [fx.adGroup])).toEqual([
      { external_id: '419000000001' },
    ]);
    // IDs of nothing stored nor in the sheet, and no names: the row cannot be placed.
    const [header, , , idsOnly] = fixture('bulk-by-id.csv').toString('utf8').split('\r\n');
    const unknown = `${header}\r\n${idsOnly?.replace('319000000001', '399999999999').replace('419000000001', '499999999999')}\r\n`;
    const { payload, headers } = multipart(
      { kind: 'ads-bulk', shopId: String(fx.shop.id) },
      { name: 'unknown-ids.csv', bytes: Buffer.from(unknown) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload,
      headers: { ...headers, authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.errors).toEqual([
      {
        line: 2,
        column: 'Campaign Name',
        message: 'campaign ID 399999999999 is not stored for this shop: give its Campaign Name to create it',
      },
    ]);
  });
});

describe('sb-campaign and sd-campaign', () => {
  const typed = async (type: string) =>
    t.rows<{
      day: string;
      name: string;
      campaign_type: string;
      clicks: number;
      spend: string;
      orders: number;
      sales: string;
      units: number;
    }>(
      `SELECT to_char(f.day, 'YYYY-MM-DD') AS day, c.name, f.campaign_type, f.clicks, f.spend, f.orders, f.sales, f.units
         FROM ppc_performance f JOIN ppc_campaigns c ON c.id = f.entity_id
        WHERE f.entity_type = 'campaign' AND f.shop_id = $1 AND f.campaign_type = $2 ORDER BY 1, 2`,
      [fx.shop.id, type],
    );

  it('reads the old SB console file (14-day headline, trailing spaces) and creates an SB campaign', async () => {
    const p = await preview('sb-campaign', 'sb-campaign-console-14d.csv');
    expect(p).toMatchObject({ status: 'preview', currency: 'USD', errorCount: 0, rowCount: 2 });
    expect(p.variant).toBe('sb-campaign/console-legacy/14d/csv');
    expect(p.warnings).toEqual([]);
    const before = await campaignFacts();
    await commit(p.id);
    expect(await typed('sb')).toEqual([
      {
        day: '2026-03-10',
        name: 'Fixture SB',
        campaign_type: 'sb',
        clicks: 30,
        spend: '30.00',
        orders: 5,
        sales: '150.00',
        units: 6,
      },
      {
        day: '2026-03-11',
        name: 'Fixture SB',
        campaign_type: 'sb',
        clicks: 20,
        spend: '22.00',
        orders: 0,
        sales: '0.00',
        units: 0,
      },
    ]);
    expect(
      await t.rows(
        `SELECT targeting, bidding_strategy, daily_budget FROM ppc_campaigns WHERE name = 'Fixture SB' AND shop_id = $1`,
        [fx.shop.id],
      ),
    ).toEqual([{ targeting: null, bidding_strategy: null, daily_budget: '40.00' }]);
    // The SP facts of the same days stay as they were.
    expect((await campaignFacts()).filter((f) => f.name !== 'Fixture SB')).toEqual(before);
    expect(
      await t.rows(`SELECT sum(spend_cents)::int AS c FROM ppc_campaign_day WHERE shop_id = $1 AND campaign_type = 'sb'`, [
        fx.shop.id,
      ]),
    ).toEqual([{ c: 5200 }]);
    const again = await preview('sb-campaign', 'sb-campaign-console-14d.csv');
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 2 });
  });

  it('reads the newer SD export (Sales, Purchases, Units sold as the 14-day figures, title row, xlsx)', async () => {
    const p = await preview('sd-campaign', 'sd-campaign-sentence.xlsx');
    expect(p).toMatchObject({ status: 'preview', currency: 'USD', errorCount: 0, rowCount: 2 });
    expect(p.variant).toBe('sd-campaign/sentence-case/14d/xlsx');
    await commit(p.id);
    expect(await typed('sd')).toEqual([
      {
        day: '2026-03-10',
        name: 'Fixture SD',
        campaign_type: 'sd',
        clicks: 25,
        spend: '12.50',
        orders: 2,
        sales: '60.00',
        units: 3,
      },
      {
        day: '2026-03-11',
        name: 'Fixture SD',
        campaign_type: 'sd',
        clicks: 15,
        spend: '7.50',
        orders: 0,
        sales: '0.00',
        units: 0,
      },
    ]);
    const [f] = await t.rows(
      `SELECT orders_14d, sales_14d, orders_7d FROM ppc_performance f JOIN ppc_campaigns c ON c.id = f.entity_id
        WHERE c.name = 'Fixture SD' AND f.day = '2026-03-10'`,
    );
    expect(f).toEqual({ orders_14d: 2, sales_14d: '60.00', orders_7d: null });
  });

  it('an SP campaign file is not an SB file: the kinds keep their campaign types apart', async () => {
    // "Fixture SP" is stored as an SP campaign: as an SB row it is new, compared with nothing.
    const p = await preview('sb-campaign', 'campaign-console-acos.csv');
    expect(p.counts).toEqual({ new: 3, changed: 0, unchanged: 0 });
    // The file has 7-day columns only: they are the fallback headline.
    expect(p.records[0]?.values).toMatchObject({ orders: 3, sales: '120.00', orders14d: null });
    expect((await t.call('DELETE', `/api/imports/${p.id}`, { token: t.admin })).statusCode).toBe(200);
  });
});

describe('permissions and isolation', () => {
  it('needs ppc:manager:edit to upload and a visible shop', async () => {
    expect((await upload('sp-campaign', 'campaign-console-acos.csv', t.as.analyst)).statusCode).toBe(403);
    expect((await upload('sp-campaign', 'campaign-console-acos.csv', t.as.shopA)).statusCode).toBe(403);
  });
  it('lists the ad imports for ppc:manager only', async () => {
    const res = await t.call('GET', '/api/imports', { token: t.admin, query: { kind: 'sp-campaign' } });
    expect((res.json().data as Json).total).toBeGreaterThan(0);
    const other = await t.call('GET', '/api/imports', { token: t.as.analyst, query: { kind: 'sp-campaign' } });
    expect((other.json().data as Json).total).toBe(0);
  });
});

describe('sb-keyword', () => {
  const sbKeywords = async () =>
    t.rows<{
      day: string;
      campaign: string;
      ad_group: string;
      keyword: string;
      match_type: string;
      clicks: number;
      spend: string;
      orders: number;
      sales: string;
      units: number;
    }>(
      `SELECT to_char(f.day, 'YYYY-MM-DD') AS day, c.name AS campaign, g.name AS ad_group, k.keyword_text AS keyword, k.match_type,
              f.clicks, f.spend, f.orders, f.sales, f.units
         FROM ppc_performance f JOIN ppc_keywords k ON k.id = f.entity_id JOIN ppc_campaigns c ON c.id = f.campaign_id
         JOIN ppc_ad_groups g ON g.id = f.ad_group_id
        WHERE f.entity_type = 'keyword' AND f.campaign_type = 'sb' AND f.shop_id = $1 ORDER BY 1, 2, 4`,
      [fx.shop.id],
    );

  it('reads the old SB keyword report (Title Case, trailing spaces, 14-day headline) into SB keywords and their facts', async () => {
    const p = await preview('sb-keyword', 'sb-keyword-console-14d.csv');
    expect(p).toMatchObject({ status: 'preview', currency: 'USD', errorCount: 0, rowCount: 3 });
    expect(p.variant).toBe('sb-keyword/console-legacy/14d/csv');
    expect(p.warnings).toEqual([]);
    const spBefore = await t.rows(`SELECT count(*)::int AS n FROM ppc_performance WHERE shop_id = $1 AND campaign_type = 'sp'`, [
      fx.shop.id,
    ]);
    await commit(p.id);
    expect(await sbKeywords()).toEqual([
      {
        day: '2026-03-10',
        campaign: 'Fixture SB KW',
        ad_group: 'Brand group',
        keyword: 'desk lamp',
        match_type: 'exact',
        clicks: 18,
        spend: '16.20',
        orders: 2,
        sales: '80.00',
        units: 3,
      },
      {
        day: '2026-03-10',
        campaign: 'Fixture SB KW',
        ad_group: 'Brand group',
        keyword: 'led lamp',
        match_type: 'broad',
        clicks: 10,
        spend: '8.00',
        orders: 0,
        sales: '0.00',
        units: 0,
      },
      {
        day: '2026-03-11',
        campaign: 'Fixture SB KW',
        ad_group: 'Brand group',
        keyword: 'desk lamp',
        match_type: 'exact',
        clicks: 12,
        spend: '12.00',
        orders: 1,
        sales: '40.00',
        units: 1,
      },
    ]);
    expect(await t.rows(`SELECT campaign_type, targeting FROM ppc_campaigns WHERE name = 'Fixture SB KW'`)).toEqual([
      { campaign_type: 'sb', targeting: null },
    ]);
    // The SB campaign's day rollup sums its keyword facts; SP facts are untouched.
    expect(
      await t.rows(
        `SELECT sum(spend_cents)::int AS c FROM ppc_campaign_day WHERE campaign_id = (SELECT id FROM ppc_campaigns WHERE name = 'Fixture SB KW')`,
      ),
    ).toEqual([{ c: 3620 }]);
    expect(
      await t.rows(`SELECT count(*)::int AS n FROM ppc_performance WHERE shop_id = $1 AND campaign_type = 'sp'`, [fx.shop.id]),
    ).toEqual(spBefore);
    const again = await preview('sb-keyword', 'sb-keyword-console-14d.csv');
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 3 });
    expect((await t.call('DELETE', `/api/imports/${again.id}`, { token: t.admin })).statusCode).toBe(200);
  });

  it('reads the newer export (Keyword, Sales/Purchases/Units sold, no ad group, title row, xlsx) into the campaign’s one ad group', async () => {
    const p = await preview('sb-keyword', 'sb-keyword-sentence.xlsx');
    expect(p).toMatchObject({ status: 'preview', errorCount: 0, rowCount: 1 });
    expect(p.variant).toBe('sb-keyword/sentence-case/14d/xlsx');
    await commit(p.id);
    expect((await sbKeywords()).filter((k) => k.campaign === 'Fixture SB New')).toEqual([
      {
        day: '2026-03-10',
        campaign: 'Fixture SB New',
        ad_group: 'Fixture SB New',
        keyword: 'desk lamp',
        match_type: 'phrase',
        clicks: 9,
        spend: '6.30',
        orders: 1,
        sales: '45.00',
        units: 2,
      },
    ]);
    // The earlier file's keywords of the same day stay: a file replaces the SB keyword facts of its days,
    // and this one's day 2026-03-10 is re-read from it alone.
    const kept = (await sbKeywords()).filter((k) => k.campaign === 'Fixture SB KW');
    expect(kept.map((k) => k.day)).toEqual(['2026-03-11']);
  });

  it('holds a file without keyword and match type columns (an SB campaign report given as sb-keyword)', async () => {
    const p = await preview('sb-keyword', 'sb-campaign-console-14d.csv');
    expect(p.status).toBe('held');
    // Named as the report writes the columns, not by their internal keys.
    expect((p.unknownHeader as { missing: string[] }).missing).toEqual(expect.arrayContaining(['Targeting', 'Match Type']));
  });
});
