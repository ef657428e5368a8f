/**
 * The create pages: a whole SP / SB / SD campaign (campaign, placements, one ad group,
 * its products, keywords or targets, negatives), or an ad group / products / keywords /
 * targets / negatives added to an existing campaign. One transaction; every check
 * (visible shop, the marketplace's limits, the shop's listings, a portfolio of the shop,
 * names and duplicates) before anything is written; every entity made is recorded with
 * `recordCreates` so it is in the history, the bulk sheet (Operation Create) and undo.
 */
import type { ppcManager } from '@bo/contract';
import { adLimitsOf, type ChangeEntity, PLACEMENTS } from '@bo/contract/ppc/changes';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import type { RequestActor } from '../../../platform/auth/actor';
import { codedFieldError, conflict, notFound } from '../../../platform/errors';
import { listingSkus } from '../../catalog/catalog.reads';
import { isUniqueViolation } from '../../catalog/shared/catalog-sql';
import { type ShopScope, scopeHas } from '../../shops/shops/shop-scope';
import { recordCreates } from '../changes/changes.service';

type Body<E extends { body: z.ZodType }> = z.infer<E['body']>;
type SpBody = Body<typeof ppcManager.createSp>;
type SbBody = Body<typeof ppcManager.createSb>;
type SdBody = Body<typeof ppcManager.createSd>;
type AddBody = Body<typeof ppcManager.addToCampaign>;
type KeywordIn = { text: string; matchType: string; bid?: number };
type NegKeywordIn = { text: string; matchType: string };

interface Shop {
  id: number;
  marketId: number;
  currency: string;
}

interface Made {
  entityType: ChangeEntity;
  entityId: number;
  snapshot: Record<string, unknown>;
}

const AUTO_TARGETS = ['close-match', 'loose-match', 'substitutes', 'complements'] as const;

async function rows<T>(tx: Tx, q: ReturnType<typeof sql>): Promise<T[]> {
  return (await tx.execute(q)).rows as T[];
}

/** The visible shop with its ad profile (404 otherwise). */
async function shopOf(tx: Tx, scope: ShopScope, shopId: number): Promise<Shop> {
  if (!scopeHas(scope, shopId)) throw notFound('shop not found');
  const [s] = await rows<{ market_id: number; currency: string }>(
    tx,
    sql`SELECT market_id, currency FROM ppc_profiles WHERE shop_id = ${shopId}`,
  );
  if (!s) throw notFound('the shop has no advertising profile');
  return { id: shopId, marketId: s.market_id, currency: s.currency };
}

function checkMoney(shop: Shop, path: string, value: number | undefined, kind: 'bid' | 'budget') {
  if (value === undefined) return;
  const l = adLimitsOf(shop.currency);
  const [min, max] = kind === 'bid' ? [l.minBid, l.maxBid] : [l.minBudget, l.maxBudget];
  if (value < min || value > max) throw codedFieldError(path, 'ppc.amountRange', { min, max, currency: shop.currency });
  if (Math.round(value * 100) !== Number((value * 100).toFixed(6))) throw codedFieldError(path, 'atMostDecimals', { places: 2 });
}

function checkBids(shop: Shop, path: string, items: readonly { bid?: number }[] | undefined) {
  for (const [i, k] of (items ?? []).entries()) checkMoney(shop, `${path}.${i}.bid`, k.bid, 'bid');
}

/** The shop's listings of the ASINs (400 naming those the shop does not sell). */
async function listingsOf(tx: Tx, shop: Shop, asins: readonly string[], path: string) {
  if (!asins.length) return [];
  const found = await rows<{ id: number; sku: string; asin: string }>(
    tx,
    sql`SELECT li.id, li.sku, li.asin FROM ${listingSkus} li
         WHERE li.shop_id = ${shop.id} AND li.asin IN (SELECT jsonb_array_elements_text(${JSON.stringify(asins)}::jsonb))
         ORDER BY li.asin, li.sku`,
  );
  const missing = asins.filter((a) => !found.some((f) => f.asin === a));
  if (missing.length) throw codedFieldError(path, 'ppc.notListingOfShop', { skus: missing.join(', ') });
  return found;
}

async function checkPortfolio(tx: Tx, shop: Shop, portfolioId: number | undefined) {
  if (portfolioId === undefined) return;
  const [p] = await rows(tx, sql`SELECT 1 FROM ppc_portfolios WHERE id = ${portfolioId} AND shop_id = ${shop.id}`);
  if (!p) throw codedFieldError('portfolioId', 'ppc.notPortfolioOfShop');
}

async function checkName(tx: Tx, shop: Shop, type: string, name: string) {
  const [c] = await rows(
    tx,
    sql`SELECT 1 FROM ppc_campaigns WHERE shop_id = ${shop.id} AND campaign_type = ${type} AND name = ${name}`,
  );
  if (c) throw conflict(`a ${type.toUpperCase()} campaign named "${name}" exists in this shop`);
}

interface CampaignIn {
  name: string;
  dailyBudget: number;
  state: string;
  startDate?: string;
  endDate?: string;
  portfolioId?: number;
  targeting?: string | null;
  biddingStrategy?: string | null;
  brandName?: string | null;
  headline?: string | null;
  landingAsin?: string | null;
}

async function insertCampaign(tx: Tx, shop: Shop, type: string, c: CampaignIn, made: Made[]): Promise<number> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, name, targeting, state, daily_budget, bidding_strategy,
                                   start_date, end_date, portfolio_id, brand_name, headline, landing_asin)
        VALUES (${shop.id}, ${shop.marketId}, ${type}, ${c.name}, ${c.targeting ?? null}, ${c.state}, ${c.dailyBudget},
                ${c.biddingStrategy ?? null}, ${c.startDate ?? new Date().toISOString().slice(0, 10)}, ${c.endDate ?? null},
                ${c.portfolioId ?? null}, ${c.brandName ?? null}, ${c.headline ?? null}, ${c.landingAsin ?? null})
        RETURNING id`,
  );
  if (!r) throw new Error('no campaign id');
  made.push({ entityType: 'campaign', entityId: r.id, snapshot: { ...c, campaignType: type } });
  return r.id;
}

async function insertAdGroup(
  tx: Tx,
  shop: Shop,
  campaignId: number,
  name: string,
  defaultBid: number,
  made: Made[],
): Promise<number> {
  const [dup] = await rows(tx, sql`SELECT 1 FROM ppc_ad_groups WHERE campaign_id = ${campaignId} AND name = ${name}`);
  if (dup) throw conflict(`an ad group named "${name}" exists in this campaign`);
  const [r] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO ppc_ad_groups (campaign_id, shop_id, name, default_bid) VALUES (${campaignId}, ${shop.id}, ${name}, ${defaultBid})
        RETURNING id`,
  );
  if (!r) throw new Error('no ad group id');
  made.push({ entityType: 'ad_group', entityId: r.id, snapshot: { name, defaultBid } });
  return r.id;
}

/**
 * Inserts child rows of one kind in one statement; a row already present (same ad group /
 * campaign and key) is a 409 naming it, and nothing is written.
 */
async function insertMany(
  tx: Tx,
  entityType: ChangeEntity,
  insert: ReturnType<typeof sql>,
  made: Made[],
  snapshot: (r: Record<string, unknown>) => Record<string, unknown>,
) {
  const r = await rows<Record<string, unknown> & { id: number }>(tx, insert);
  for (const x of r) made.push({ entityType, entityId: x.id, snapshot: snapshot(x) });
  return r.length;
}

interface Children {
  campaignId: number;
  adGroupId: number | null;
  listings?: { id: number; sku: string; asin: string }[];
  keywords?: KeywordIn[];
  targets?: { asin: string; bid?: number }[];
  autoTargets?: boolean;
  negativeKeywords?: NegKeywordIn[];
  negativeAsins?: string[];
  negativesOnAdGroup?: boolean;
}

async function insertChildren(tx: Tx, shop: Shop, ch: Children, made: Made[]) {
  const { campaignId, adGroupId } = ch;
  const json = (v: unknown) => JSON.stringify(v);
  if (adGroupId && ch.listings?.length) {
    const n = await insertMany(
      tx,
      'product_ad',
      sql`INSERT INTO ppc_product_ads (ad_group_id, campaign_id, shop_id, listing_id, sku, asin)
          SELECT ${adGroupId}, ${campaignId}, ${shop.id}, x.id, x.sku, x.asin
            FROM jsonb_to_recordset(${json(ch.listings)}::jsonb) AS x(id int, sku text, asin text)
          ON CONFLICT DO NOTHING RETURNING id, sku, asin, listing_id`,
      made,
      (r) => ({ sku: r.sku, asin: r.asin, listingId: r.listing_id }),
    );
    if (n < ch.listings.length) throw conflict('a product is already advertised in this ad group');
  }
  if (adGroupId && ch.keywords?.length) {
    const n = await insertMany(
      tx,
      'keyword',
      sql`INSERT INTO ppc_keywords (ad_group_id, campaign_id, shop_id, keyword_text, match_type, bid)
          SELECT ${adGroupId}, ${campaignId}, ${shop.id}, x.text, x."matchType", x.bid
            FROM jsonb_to_recordset(${json(ch.keywords)}::jsonb) AS x(text text, "matchType" text, bid numeric)
          ON CONFLICT DO NOTHING RETURNING id, keyword_text, match_type, bid::float8 AS bid`,
      made,
      (r) => ({ keywordText: r.keyword_text, matchType: r.match_type, bid: r.bid }),
    );
    if (n < ch.keywords.length) throw conflict('a keyword with this match type is already in this ad group');
  }
  const targets = [
    ...(ch.autoTargets ? AUTO_TARGETS.map((e) => ({ kind: 'auto', expression: e, bid: null })) : []),
    ...(ch.targets ?? []).map((t) => ({ kind: 'product', expression: `asin="${t.asin}"`, bid: t.bid ?? null })),
  ];
  if (adGroupId && targets.length) {
    const n = await insertMany(
      tx,
      'target',
      sql`INSERT INTO ppc_targets (ad_group_id, campaign_id, shop_id, kind, expression, bid)
          SELECT ${adGroupId}, ${campaignId}, ${shop.id}, x.kind, x.expression, x.bid
            FROM jsonb_to_recordset(${json(targets)}::jsonb) AS x(kind text, expression text, bid numeric)
          ON CONFLICT DO NOTHING RETURNING id, kind, expression, bid::float8 AS bid`,
      made,
      (r) => ({ kind: r.kind, expression: r.expression, bid: r.bid }),
    );
    if (n < targets.length) throw conflict('a target is already in this ad group');
  }
  const negGroup = ch.negativesOnAdGroup ? adGroupId : null;
  if (ch.negativeKeywords?.length) {
    const n = await insertMany(
      tx,
      'negative_keyword',
      sql`INSERT INTO ppc_negative_keywords (campaign_id, ad_group_id, shop_id, keyword_text, match_type)
          SELECT ${campaignId}, ${negGroup}::int, ${shop.id}, x.text, x."matchType"
            FROM jsonb_to_recordset(${json(ch.negativeKeywords)}::jsonb) AS x(text text, "matchType" text)
          ON CONFLICT DO NOTHING RETURNING id, keyword_text, match_type, ad_group_id`,
      made,
      (r) => ({ keywordText: r.keyword_text, matchType: r.match_type, adGroupId: r.ad_group_id }),
    );
    if (n < ch.negativeKeywords.length) throw conflict('a negative keyword is already there');
  }
  if (ch.negativeAsins?.length) {
    const n = await insertMany(
      tx,
      'negative_product',
      sql`INSERT INTO ppc_negative_products (campaign_id, ad_group_id, shop_id, asin)
          SELECT ${campaignId}, ${negGroup}::int, ${shop.id}, x FROM jsonb_array_elements_text(${json(ch.negativeAsins)}::jsonb) x
          ON CONFLICT DO NOTHING RETURNING id, asin, ad_group_id`,
      made,
      (r) => ({ asin: r.asin, adGroupId: r.ad_group_id }),
    );
    if (n < ch.negativeAsins.length) throw conflict('a negative product is already there');
  }
}

async function finish(tx: Tx, actor: RequestActor, campaignId: number, adGroupId: number | null, made: Made[]) {
  const r = await recordCreates(tx, { source: 'manual', actor, note: null }, made);
  const created: Record<string, number> = {};
  for (const m of made) created[m.entityType] = (created[m.entityType] ?? 0) + 1;
  return { campaignId, adGroupId, batchId: r.batchId, created };
}

type NewCampaignBody = Pick<
  SdBody,
  'shopId' | 'name' | 'dailyBudget' | 'defaultBid' | 'state' | 'startDate' | 'endDate' | 'portfolioId' | 'asins'
> & { landingAsin?: string | null };

/**
 * Checks a new campaign before anything is written, in the order its errors come: the shop, the budget and
 * the bids in the shop's currency, the portfolio, the advertised ASINs (and a Sponsored Brands landing ASIN),
 * then the name. Returns the shop and the listings of the ASINs.
 */
async function checkNewCampaign(
  tx: Tx,
  scope: ShopScope,
  type: 'sp' | 'sb' | 'sd',
  b: NewCampaignBody,
  bidsPath: 'keywords' | 'targets',
  bids: readonly { bid?: number }[] | undefined,
) {
  const shop = await shopOf(tx, scope, b.shopId);
  checkMoney(shop, 'dailyBudget', b.dailyBudget, 'budget');
  checkMoney(shop, 'defaultBid', b.defaultBid, 'bid');
  checkBids(shop, bidsPath, bids);
  await checkPortfolio(tx, shop, b.portfolioId);
  const listings = await listingsOf(tx, shop, b.asins, 'asins');
  if (b.landingAsin) await listingsOf(tx, shop, [b.landingAsin], 'landingAsin');
  await checkName(tx, shop, type, b.name);
  return { shop, listings };
}

/** The fields every campaign type takes as they come. */
const campaignBasics = (b: NewCampaignBody) => ({
  name: b.name,
  dailyBudget: b.dailyBudget,
  state: b.state,
  startDate: b.startDate,
  endDate: b.endDate,
  portfolioId: b.portfolioId,
});

/** A unique index violated by a concurrent create is the same 409 as the check before. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('a campaign, ad group or entity with this name was created meanwhile');
    throw err;
  }
}

export function createSp(tx: Tx, scope: ShopScope, actor: RequestActor, b: SpBody) {
  return guarded(async () => {
    const { shop, listings } = await checkNewCampaign(tx, scope, 'sp', b, 'keywords', b.keywords);
    const made: Made[] = [];
    const campaignId = await insertCampaign(
      tx,
      shop,
      'sp',
      {
        ...campaignBasics(b),
        targeting: b.targeting,
        biddingStrategy: b.biddingStrategy,
      },
      made,
    );
    const pct = b.placements ?? {};
    await tx.execute(sql`
      INSERT INTO ppc_placements (campaign_id, placement, bid_adjustment_pct)
      SELECT ${campaignId}, x.placement, x.pct FROM jsonb_to_recordset(${JSON.stringify(
        PLACEMENTS.map((p) => ({ placement: p, pct: pct[p] ?? 0 })),
      )}::jsonb) AS x(placement text, pct int)`);
    const made0 = made[0];
    if (made0) made0.snapshot.placements = Object.fromEntries(PLACEMENTS.map((p) => [p, pct[p] ?? 0]));
    const adGroupId = await insertAdGroup(tx, shop, campaignId, b.adGroupName, b.defaultBid, made);
    await insertChildren(
      tx,
      shop,
      {
        campaignId,
        adGroupId,
        listings,
        keywords: b.targeting === 'manual' ? b.keywords : undefined,
        autoTargets: b.targeting === 'auto',
        negativeKeywords: b.negativeKeywords,
        negativeAsins: b.negativeAsins,
      },
      made,
    );
    return finish(tx, actor, campaignId, adGroupId, made);
  });
}

export function createSb(tx: Tx, scope: ShopScope, actor: RequestActor, b: SbBody) {
  return guarded(async () => {
    const { shop, listings } = await checkNewCampaign(tx, scope, 'sb', b, 'keywords', b.keywords);
    const made: Made[] = [];
    const campaignId = await insertCampaign(
      tx,
      shop,
      'sb',
      {
        ...campaignBasics(b),
        brandName: b.brandName,
        headline: b.headline,
        landingAsin: b.landingAsin ?? null,
      },
      made,
    );
    const adGroupId = await insertAdGroup(tx, shop, campaignId, b.adGroupName, b.defaultBid, made);
    await insertChildren(
      tx,
      shop,
      { campaignId, adGroupId, listings, keywords: b.keywords, negativeKeywords: b.negativeKeywords },
      made,
    );
    return finish(tx, actor, campaignId, adGroupId, made);
  });
}

export function createSd(tx: Tx, scope: ShopScope, actor: RequestActor, b: SdBody) {
  return guarded(async () => {
    const { shop, listings } = await checkNewCampaign(tx, scope, 'sd', b, 'targets', b.targets);
    const made: Made[] = [];
    const campaignId = await insertCampaign(
      tx,
      shop,
      'sd',
      {
        ...campaignBasics(b),
      },
      made,
    );
    const adGroupId = await insertAdGroup(tx, shop, campaignId, b.adGroupName, b.defaultBid, made);
    await insertChildren(tx, shop, { campaignId, adGroupId, listings, targets: b.targets, negativeAsins: b.negativeAsins }, made);
    return finish(tx, actor, campaignId, adGroupId, made);
  });
}

/** Adds to an existing, visible, not archived campaign (an ad group given must be of it). */
export function addToCampaign(tx: Tx, scope: ShopScope, actor: RequestActor, b: AddBody) {
  return guarded(async () => {
    const [c] = await rows<{ shop_id: number; campaign_type: string; targeting: string | null; state: string }>(
      tx,
      sql`SELECT shop_id, campaign_type, targeting, state FROM ppc_campaigns WHERE id = ${b.campaignId} FOR UPDATE`,
    );
    if (!c || !scopeHas(scope, c.shop_id)) throw notFound('campaign not found');
    if (c.state === 'archived') throw conflict('the campaign is archived');
    const shop = await shopOf(tx, scope, c.shop_id);
    if (b.keywords?.length && c.campaign_type === 'sd') throw codedFieldError('keywords', 'ppc.sdNoKeywords');
    if (b.keywords?.length && c.targeting === 'auto') throw codedFieldError('keywords', 'ppc.autoNoKeywords');
    if (b.targets?.length && c.campaign_type === 'sb') throw codedFieldError('targets', 'ppc.sbKeywords');
    checkMoney(shop, 'defaultBid', b.defaultBid, 'bid');
    checkBids(shop, 'keywords', b.keywords);
    checkBids(shop, 'targets', b.targets);
    const listings = await listingsOf(tx, shop, b.asins ?? [], 'asins');
    const made: Made[] = [];
    let adGroupId: number | null = null;
    if (b.adGroupId) {
      const [g] = await rows<{ state: string }>(
        tx,
        sql`SELECT state FROM ppc_ad_groups WHERE id = ${b.adGroupId} AND campaign_id = ${b.campaignId}`,
      );
      if (!g) throw codedFieldError('adGroupId', 'ppc.notAdGroupOfCampaign');
      if (g.state === 'archived') throw conflict('the ad group is archived');
      adGroupId = b.adGroupId;
    } else if (b.adGroupName && b.defaultBid !== undefined) {
      adGroupId = await insertAdGroup(tx, shop, b.campaignId, b.adGroupName, b.defaultBid, made);
    }
    await insertChildren(
      tx,
      shop,
      {
        campaignId: b.campaignId,
        adGroupId,
        listings,
        keywords: b.keywords,
        targets: b.targets,
        negativeKeywords: b.negativeKeywords,
        negativeAsins: b.negativeAsins,
        negativesOnAdGroup: b.negativesOnAdGroup,
      },
      made,
    );
    return finish(tx, actor, b.campaignId, adGroupId, made);
  });
}
