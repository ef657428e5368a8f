/**
 * Test fixtures of the advertising area: a shop of the internal account of its own
 * ("PPC Test US", market 0, USD so that money needs no conversion) with two listings
 * (PPC-1 = L1, PPC-2 = L2), one SP campaign "Fixture SP" with one ad group advertising
 * both, and keywords "fixture lamp" (exact) and "fixture light" (phrase).
 */
import { type FileTestApp, okDataOf, type TestApp } from '../../../test/harness';
import { writeSalesFigures } from '../sales/facts/facts.service';
import { lockShopAds, type PerformanceRow, replacePerformance } from './model/facts.service';

export interface PpcFixture {
  shop: { id: number; marketId: number; currency: string };
  l1: number;
  l2: number;
  campaign: number;
  adGroup: number;
  k1: number;
  k2: number;
}

export async function createPpcFixture(t: TestApp): Promise<PpcFixture> {
  const q = async <T>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
  const one = async <T>(text: string, values: unknown[] = []) => (await q<T>(text, values))[0] as T;
  const line = await one<{ id: number; code: string }>(
    `SELECT id, code FROM product_lines WHERE code IS NOT NULL ORDER BY id LIMIT 1`,
  );
  const shopId = (
    await one<{ id: number }>(
      `INSERT INTO shops (account_id, name, seller_id, market_id, mws_auth_state) VALUES (1, 'PPC Test US', 'APPCTEST0001', 0, 1) RETURNING id`,
    )
  ).id;
  const product = (
    await one<{ id: number }>(
      `INSERT INTO products (model, name, name_en, product_line_id, category_code, lifecycle) VALUES ('PPCM1', '广告测试灯', 'Fixture lamp', $1, $2, 1) RETURNING id`,
      [line.id, line.code],
    )
  ).id;
  const [s1, s2] = (
    await q<{ id: number }>(`INSERT INTO skus (sku, product_id) VALUES ('PPC-1', $1), ('PPC-2', $1) RETURNING id`, [product])
  ).map((r) => r.id) as [number, number];
  const [l1, l2] = (
    await q<{ id: number }>(
      `INSERT INTO listings (shop_id, sku_id, asin, market_id, title, price, currency) VALUES
         ($1, $2, 'B0PPCFIX01', 0, 'Fixture lamp', 40, 'USD'), ($1, $3, 'B0PPCFIX02', 0, 'Fixture lamp XL', 60, 'USD') RETURNING id`,
      [shopId, s1, s2],
    )
  ).map((r) => r.id) as [number, number];
  await q(`INSERT INTO ppc_profiles (shop_id, market_id, currency) VALUES ($1, 0, 'USD')`, [shopId]);
  const campaign = (
    await one<{ id: number }>(
      `INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, name, targeting, daily_budget, bidding_strategy)
       VALUES ($1, 0, 'sp', 'Fixture SP', 'manual', 50, 'down_only') RETURNING id`,
      [shopId],
    )
  ).id;
  const adGroup = (
    await one<{ id: number }>(
      `INSERT INTO ppc_ad_groups (campaign_id, shop_id, name, default_bid) VALUES ($1, $2, 'Fixture group', 0.8) RETURNING id`,
      [campaign, shopId],
    )
  ).id;
  await q(
    `INSERT INTO ppc_product_ads (ad_group_id, campaign_id, shop_id, listing_id, sku, asin) VALUES
       ($1, $2, $3, $4, 'PPC-1', 'B0PPCFIX01'), ($1, $2, $3, $5, 'PPC-2', 'B0PPCFIX02')`,
    [adGroup, campaign, shopId, l1, l2],
  );
  const [k1, k2] = (
    await q<{ id: number }>(
      `INSERT INTO ppc_keywords (ad_group_id, campaign_id, shop_id, keyword_text, match_type, bid) VALUES
         ($1, $2, $3, 'fixture lamp', 'exact', 1.0), ($1, $2, $3, 'fixture light', 'phrase', 0.9) RETURNING id`,
      [adGroup, campaign, shopId],
    )
  ).map((r) => r.id) as [number, number];
  return { shop: { id: shopId, marketId: 0, currency: 'USD' }, l1, l2, campaign, adGroup, k1, k2 };
}

export const perf = (
  p: Partial<PerformanceRow> & Pick<PerformanceRow, 'entityType' | 'entityId' | 'day' | 'campaignId'>,
): PerformanceRow => ({
  adGroupId: null,
  campaignType: 'sp',
  listingId: null,
  impressions: 0,
  clicks: 0,
  spend: '0',
  orders: 0,
  sales: '0',
  units: 0,
  orders7d: null,
  sales7d: null,
  units7d: null,
  orders14d: null,
  sales14d: null,
  units14d: null,
  ...p,
});

/** Writes facts through the facts writer (rollups refreshed in its transaction). */
export async function writePerformance(t: TestApp, fx: PpcFixture, rows: PerformanceRow[]): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await lockShopAds(tx, fx.shop.id);
    const types = [...new Set(rows.map((r) => r.entityType))];
    await replacePerformance(tx, fx.shop, { entityTypes: types, days: [] }, rows, {
      source: 'test',
      importId: null,
      asOf: new Date('2030-01-01T00:00:00Z'),
    });
  });
}

/**
 * The figures the board tests read: the fixture campaign on 2026-03-10 (spend 30.00, sales
 * 120.00) and 2026-03-11 (5.00, 25.00), a product ad of L1 on the 11th, both keywords on the
 * 10th, and the sales of L1 on the 10th (revenue 200.00).
 */
export async function writeBoardFigures(t: TestApp, fx: PpcFixture): Promise<void> {
  const c = { campaignId: fx.campaign };
  await writePerformance(t, fx, [
    perf({
      ...c,
      entityType: 'campaign',
      entityId: fx.campaign,
      day: '2026-03-10',
      impressions: 1000,
      clicks: 40,
      spend: '30.00',
      orders: 3,
      sales: '120.00',
      units: 4,
    }),
    perf({
      ...c,
      entityType: 'campaign',
      entityId: fx.campaign,
      day: '2026-03-11',
      impressions: 200,
      clicks: 10,
      spend: '5.00',
      orders: 1,
      sales: '25.00',
      units: 1,
    }),
  ]);
  await writePerformance(t, fx, [
    perf({
      ...c,
      entityType: 'product_ad',
      entityId: 1,
      adGroupId: fx.adGroup,
      listingId: fx.l1,
      day: '2026-03-11',
      impressions: 200,
      clicks: 10,
      spend: '5.00',
      orders: 1,
      sales: '25.00',
      units: 1,
    }),
  ]);
  await writePerformance(t, fx, [
    perf({
      ...c,
      entityType: 'keyword',
      entityId: fx.k1,
      adGroupId: fx.adGroup,
      day: '2026-03-10',
      impressions: 600,
      clicks: 25,
      spend: '20.00',
      orders: 2,
      sales: '80.00',
      units: 3,
    }),
    perf({
      ...c,
      entityType: 'keyword',
      entityId: fx.k2,
      adGroupId: fx.adGroup,
      day: '2026-03-10',
      impressions: 400,
      clicks: 15,
      spend: '10.00',
      orders: 1,
      sales: '40.00',
      units: 1,
    }),
  ]);
  await t.database.db.transaction((tx) =>
    writeSalesFigures(
      tx,
      fx.shop.id,
      [{ listingId: fx.l1, day: '2026-03-10', units: 5, orders: 4, revenue: '200.00', sessions: null, pageViews: null }],
      {
        source: 'test',
        importId: null,
        asOf: new Date('2030-01-01T00:00:00Z'),
      },
    ),
  );
}

type Json = Record<string, unknown>;

/**
 * Reads of the advertising boards: a GET of `/api/ppc/rest/<path>` as `token` (the admin unless
 * named), answering its data, which must come with a 200; a list's page, totals and sum alike.
 */
export const boardReader =
  (t: FileTestApp) =>
  async (path: string, query: Record<string, string | string[]> = {}, token = t.admin) =>
    okDataOf<Json & { list: Json[]; total: number; sum: Json }>(await t.call('GET', `/api/ppc/rest/${path}`, { token, query }));
