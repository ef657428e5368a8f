/**
 * The sales demo's catalogue, prices, costs, fees, rates and cost inductions, planned in
 * memory from a seeded PRNG (so the same seed and day give the same data). The daily
 * facts are not planned here: generate.ts computes them in SQL from `ListingPlan`.
 */
import { MARKETS } from '@bo/contract';
import { settlementOf } from '../facts/facts.service';
import {
  BASE_RATES,
  currencyDecimals,
  dayNum,
  dealDays,
  EOL_LINE_CODE,
  EXTERNAL_SHOPS,
  INDUCTION_KINDS,
  isoOf,
  LINES,
  type LineDef,
  localPrice,
  MARKET_DEMAND,
  NAME_SUFFIXES,
  TITLE_FEATURES,
  weekday,
} from './catalog';

export type Size = 'small' | 'large';

export interface SizeDef {
  companySkus: number;
  days: number;
  inductions: number;
  demandScale: number;
  reachPower: number;
}

/**
 * The two sizes. Large is a bigger seller in every respect: more SKUs, listed in more
 * marketplaces (reach r becomes 1 − (1 − r)^reachPower), selling more a day, so that
 * most listing-days have a fact (about ten million).
 */
export const SIZES: Record<Size, SizeDef> = {
  small: { companySkus: 60, days: 400, inductions: 40, demandScale: 1, reachPower: 1 },
  large: { companySkus: 2000, days: 730, inductions: 1200, demandScale: 6, reachPower: 4 },
};

/** What the plan needs from the database: ids of shops, lines and positions. */
export interface PlanContext {
  /** Company shop per marketplace id. */
  companyShops: ReadonlyMap<number, number>;
  /** External shops by seller id: shop id and marketplace. */
  externalShops: ReadonlyMap<string, { shopId: number; marketId: number }>;
  /** Product line id per category code. */
  lineIds: ReadonlyMap<string, number>;
  /** Position ids: traffic, profit, flagship, regular, clearance (null when missing). */
  positions: {
    traffic: number | null;
    profit: number | null;
    flagship: number | null;
    regular: number | null;
    clearance: number | null;
  };
  /** The user the cost inductions are recorded by. */
  createdBy: number;
}

export interface ProductPlan {
  id: number;
  model: string;
  name: string;
  name_en: string;
  product_line_id: number;
  position_id: number | null;
  category_code: string;
  lifecycle: 0 | 1 | 2;
  launch_date: string;
  eol_date: string | null;
}

export interface SkuPlan {
  id: number;
  sku: string;
  product_id: number;
  variant: string;
}

/** A listing and everything the SQL needs to make its daily facts. */
export interface ListingPlan {
  id: number;
  shop_id: number;
  sku_id: number;
  asin: string;
  market_id: number;
  title: string;
  price: number;
  currency: string;
  status: number;
  // parameters of the facts
  product_line_id: number;
  position_id: number;
  dec: number;
  referral: number;
  fba: number;
  /** Unit cost in USD (null: the SKU has no cost), and a later, cheaper one. */
  cost1: string | null;
  cost2: string | null;
  cost2_from: string | null;
  /** Mean units a day at full life, before seasonality. */
  base: number;
  /** Yearly growth of demand (log). */
  growth: number;
  /** First and last day with sales (inclusive); start > end means none. */
  launch: string;
  eol: string | null;
  start_day: string;
  end_day: string;
  return_rate: number;
  ad_share: number;
  conv: number;
  deal: boolean;
  mf: number[];
}

export interface CostPlan {
  sku_id: number;
  effective_from: string;
  unit_cost: string;
}

export interface FeePlan {
  sku_id: number;
  market_id: number;
  effective_from: string;
  referral_rate: string;
  fba_fee: string;
}

export interface RatePlan {
  currency: string;
  day: string;
  rate: string;
}

export interface DayPlan {
  day: string;
  /** Day number (days since 1970-01-01), the noise's key. */
  dn: number;
  mo: number;
  dow_f: number;
  ev: number;
  ev_other: number;
  disc: number;
  settlement: number;
}

export interface InductionPlan {
  listing_id: number;
  shop_id: number;
  cost_date: string;
  category: string;
  amount: string;
  currency: string;
  note: string;
  created_by: number;
}

export interface SalesPlan {
  firstDay: string;
  lastDay: string;
  products: ProductPlan[];
  skus: SkuPlan[];
  listings: ListingPlan[];
  costs: CostPlan[];
  fees: FeePlan[];
  rates: RatePlan[];
  days: DayPlan[];
  inductions: InductionPlan[];
  /** SKUs deliberately without a cost. */
  skusWithoutCost: number;
}

/** mulberry32: small, fast, and the same on every platform. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rand {
  constructor(private readonly next: () => number) {}
  float(lo = 0, hi = 1): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }
  weighted<T>(list: readonly T[], weight: (t: T) => number): T {
    const total = list.reduce((s, t) => s + weight(t), 0);
    let r = this.next() * total;
    for (const t of list) {
      r -= weight(t);
      if (r < 0) return t;
    }
    return list[list.length - 1] as T;
  }
  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HEXISH = '0123456789ABCDEF';
const money = (n: number, dec: number) => n.toFixed(dec);

export function planSalesDemo(ctx: PlanContext, opts: { size: Size; today: Date; seed: number }): SalesPlan {
  const size = SIZES[opts.size];
  const todayNum = Math.floor(opts.today.getTime() / 86_400_000);
  const lastDay = todayNum - 1;
  const firstDay = lastDay - (size.days - 1);
  const rnd = new Rand(prng(opts.seed));
  const fxRnd = new Rand(prng(opts.seed * 7 + 1));
  const ciRnd = new Rand(prng(opts.seed * 7 + 2));

  const products: ProductPlan[] = [];
  const skus: SkuPlan[] = [];
  const listings: ListingPlan[] = [];
  const costs: CostPlan[] = [];
  const fees: FeePlan[] = [];
  const models = new Set<string>();
  const asins = new Set<string>();
  const names = new Set<string>();

  const lineId = (code: string): number => {
    const id = ctx.lineIds.get(code);
    if (id === undefined) throw new Error(`product line ${code} is missing: apply the reference data first`);
    return id;
  };

  const newAsin = (): string => {
    for (;;) {
      let s = 'B0';
      for (let i = 0; i < 8; i++) s += ALNUM[Math.floor(rnd.float() * ALNUM.length)];
      if (!asins.has(s)) {
        asins.add(s);
        return s;
      }
    }
  };

  const companyModel = (line: LineDef): string => {
    for (let attempt = 0; ; attempt++) {
      const prefix = rnd.pick(line.prefixes);
      const digits = rnd.chance(0.8) ? '0123456789' : HEXISH;
      let m = `H${prefix}${rnd.pick([...digits])}${rnd.pick([...'0123456789'])}`;
      if (attempt > 40) m += rnd.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ']);
      if (!models.has(m.toLowerCase())) {
        models.add(m.toLowerCase());
        return m;
      }
    }
  };

  const productName = (line: LineDef): readonly [string, string] => {
    for (let attempt = 0; ; attempt++) {
      const [en, zh] = rnd.pick(line.names);
      const suffix = attempt < 3 ? rnd.pick(NAME_SUFFIXES.slice(0, 4)) : rnd.pick(NAME_SUFFIXES);
      const candidate = `${en}${suffix}`;
      if (!names.has(candidate) || attempt > 30) {
        names.add(candidate);
        return [candidate, `${zh}${suffix}`];
      }
    }
  };

  /** Launch and EOL days of a product of a lifecycle. */
  const lifeOf = (lifecycle: 0 | 1 | 2): { launch: number; eol: number | null } => {
    if (lifecycle === 0) return { launch: todayNum - rnd.int(10, 88), eol: null };
    if (lifecycle === 1) return { launch: todayNum - rnd.int(91, size.days + 1000), eol: null };
    const launch = firstDay - 700 + rnd.int(0, 700 + Math.floor(size.days * 0.4));
    const earliest = Math.max(launch + 150, firstDay + 45);
    const latest = todayNum - 60;
    const eol = earliest >= latest ? latest : rnd.int(earliest, latest);
    return { launch: Math.min(launch, eol - 60), eol };
  };

  const positionOf = (lifecycle: 0 | 1 | 2): number | null => {
    const p = ctx.positions;
    if (lifecycle === 2) return rnd.chance(0.8) ? p.clearance : p.regular;
    if (lifecycle === 0) return rnd.chance(0.5) ? p.flagship : p.traffic;
    return rnd.weighted(
      [
        [p.traffic, 25],
        [p.profit, 30],
        [p.flagship, 10],
        [p.regular, 30],
        [null, 5],
      ] as const,
      (x) => x[1],
    )[0];
  };

  let skuCount = 0;
  const withoutCost = new Set<number>();

  /** One product with its SKUs, listings, costs and fees. */
  const addProduct = (p: {
    line: LineDef;
    model: string;
    nameEn: string;
    nameZh: string;
    brand: string;
    markets: (variantIndex: number) => { marketId: number; shopId: number }[];
    skuTarget: number;
    popularity: number;
  }) => {
    const lifecycle: 0 | 1 | 2 = rnd.chance(0.12) ? 0 : rnd.chance(0.26) ? 2 : 1;
    const life = lifeOf(lifecycle);
    const toEolLine = lifecycle === 2 && rnd.chance(0.35);
    const productId = products.length + 1;
    products.push({
      id: productId,
      model: p.model,
      name: `${p.brand} ${p.nameZh}`,
      name_en: `${p.brand} ${p.nameEn}`,
      product_line_id: lineId(toEolLine ? EOL_LINE_CODE : p.line.code),
      position_id: positionOf(lifecycle),
      category_code: toEolLine ? EOL_LINE_CODE : p.line.code,
      lifecycle,
      launch_date: isoOf(life.launch),
      eol_date: life.eol === null ? null : isoOf(life.eol),
    });
    const product = products[products.length - 1] as ProductPlan;
    const nVariants = Math.min(p.line.variants.length, p.skuTarget, rnd.int(1, 3));
    const growth = rnd.float(-0.35, 0.45);
    const basePrice = rnd.int(p.line.priceUsd[0], p.line.priceUsd[1]);
    for (let vi = 0; vi < nVariants; vi++) {
      const variant = p.line.variants[vi] as (typeof p.line.variants)[number];
      const skuId = skus.length + 1;
      skuCount++;
      skus.push({ id: skuId, sku: `${p.model}-${variant.code}`, product_id: productId, variant: variant.label });
      const usdPrice = Math.max(Math.round(basePrice * variant.priceMult), 5) - 0.01;
      const unitCost = usdPrice * rnd.float(0.22, 0.34);
      const reduce = rnd.chance(0.25);
      const reduceAt = rnd.float(0.3, 0.8);
      const skuBase = p.popularity * variant.demandMult * Math.exp(0.9 * rnd.normal());
      const adShare = rnd.float(0.06, 0.18);
      const conv = rnd.float(0.08, 0.15);
      const asin = newAsin();
      const feature = rnd.pick(TITLE_FEATURES);
      const commaTitle = rnd.chance(0.6);
      const title = commaTitle ? `${product.name_en}, ${variant.label}, ${feature}` : `${product.name_en} ${variant.label}`;
      const effectiveFrom = isoOf(life.launch);
      const cost1 = unitCost.toFixed(2);
      const firstSale = Math.max(life.launch, firstDay);
      const lastSale = life.eol === null ? lastDay : life.eol - 1;
      const cost2Day = Math.max(life.launch + 30, Math.round(firstSale + (lastSale - firstSale) * reduceAt));
      const cost2 = reduce && cost2Day < lastSale ? (unitCost * rnd.float(0.85, 0.95)).toFixed(2) : null;
      costs.push({ sku_id: skuId, effective_from: effectiveFrom, unit_cost: cost1 });
      if (cost2) costs.push({ sku_id: skuId, effective_from: isoOf(cost2Day), unit_cost: cost2 });
      for (const { marketId, shopId } of p.markets(vi)) {
        const market = MARKETS[marketId];
        if (!market) continue;
        const currency = market.currency;
        const dec = currencyDecimals(currency);
        const rate = BASE_RATES[currency] ?? 1;
        const price = localPrice(usdPrice, currency);
        const fbaUsd = p.line.fbaUsd * (1 + 0.12 * vi) * rnd.float(0.9, 1.15);
        const fba = dec === 0 ? Math.round(fbaUsd / rate) : Math.round((fbaUsd / rate) * 100) / 100;
        const offset = marketId === 0 || shopId !== ctx.companyShops.get(marketId) ? 0 : rnd.int(0, 45);
        const listingLaunch = life.launch + offset;
        const demand = MARKET_DEMAND[marketId]?.demand ?? 0.05;
        fees.push({
          sku_id: skuId,
          market_id: marketId,
          effective_from: effectiveFrom,
          referral_rate: p.line.referral.toFixed(4),
          fba_fee: money(fba, 2),
        });
        listings.push({
          id: listings.length + 1,
          shop_id: shopId,
          sku_id: skuId,
          asin,
          market_id: marketId,
          title,
          price,
          currency,
          status: lifecycle === 2 ? 0 : 1,
          product_line_id: product.product_line_id,
          position_id: product.position_id ?? 0,
          dec,
          referral: p.line.referral,
          fba,
          cost1,
          cost2,
          cost2_from: cost2 ? isoOf(cost2Day) : null,
          base: skuBase * demand * rnd.float(0.7, 1.3),
          growth,
          launch: isoOf(listingLaunch),
          eol: life.eol === null ? null : isoOf(life.eol),
          start_day: isoOf(Math.max(listingLaunch, firstDay)),
          end_day: isoOf(lastSale),
          return_rate: p.line.returnRate * rnd.float(0.7, 1.3),
          ad_share: adShare,
          conv,
          deal: rnd.chance(0.7),
          mf: [...p.line.months],
        });
      }
    }
  };

  // The company's range: every leaf line at least once, then by weight.
  const companyMarkets = () => {
    const chosen: { marketId: number; shopId: number }[] = [];
    for (const m of MARKETS) {
      const reach = 1 - (1 - (MARKET_DEMAND[m.id]?.reach ?? 0)) ** size.reachPower;
      const take = rnd.chance(reach);
      const shopId = ctx.companyShops.get(m.id);
      if (take && shopId !== undefined) chosen.push({ marketId: m.id, shopId });
    }
    const us = ctx.companyShops.get(0);
    if (chosen.length === 0 && us !== undefined) chosen.push({ marketId: 0, shopId: us });
    return chosen;
  };
  for (let i = 0; skuCount < size.companySkus; i++) {
    const line = i < LINES.length ? (LINES[i] as LineDef) : rnd.weighted(LINES, (l) => l.weight);
    const [nameEn, nameZh] = productName(line);
    // A product's variants share its marketplaces, the smaller ones less often.
    const productMarkets = companyMarkets();
    addProduct({
      line,
      model: companyModel(line),
      nameEn,
      nameZh,
      brand: 'Lumio',
      markets: (vi) => (vi === 0 ? productMarkets : productMarkets.filter((m) => m.marketId === 0 || rnd.chance(0.85))),
      skuTarget: size.companySkus - skuCount,
      popularity: Math.exp(1.1 + 0.6 * rnd.normal()) * size.demandScale,
    });
  }

  // The external shops: their own brands and models, listed only in their own shop.
  for (const ext of EXTERNAL_SHOPS) {
    const shop = ctx.externalShops.get(ext.sellerId);
    const target = rnd.int(8, 12);
    let made = 0;
    let modelNo = ext.modelPrefix === 'BW' ? 2100 : 4100;
    while (made < target) {
      const code = rnd.pick(ext.lineCodes);
      const line = LINES.find((l) => l.code === code) as LineDef;
      const [en, zh] = productName(line);
      const model = `${ext.modelPrefix}-${modelNo}`;
      modelNo += rnd.int(1, 9);
      const before = skuCount;
      addProduct({
        line,
        model,
        nameEn: en,
        nameZh: zh,
        brand: ext.brand,
        markets: () => (shop ? [{ marketId: shop.marketId, shopId: shop.shopId }] : []),
        skuTarget: target - made,
        popularity: Math.exp(0.9 + 0.5 * rnd.normal()),
      });
      made += skuCount - before;
    }
  }

  // About 3% of SKUs (at least two) have no cost at all: the screens must show that.
  const missing = Math.max(2, Math.round(skus.length * 0.03));
  while (withoutCost.size < missing) withoutCost.add(rnd.int(1, skus.length));
  const costsKept = costs.filter((c) => !withoutCost.has(c.sku_id));
  for (const l of listings) {
    if (withoutCost.has(l.sku_id)) {
      l.cost1 = null;
      l.cost2 = null;
      l.cost2_from = null;
    }
  }

  // Exchange rates: a gentle mean-reverting random walk per currency, one row a day.
  const rates: RatePlan[] = [];
  for (const [currency, base] of Object.entries(BASE_RATES)) {
    let log = Math.log(base) + 0.02 * fxRnd.normal();
    for (let d = firstDay - 1; d <= todayNum + 1; d++) {
      if (currency !== 'USD') log += 0.004 * fxRnd.normal() - 0.01 * (log - Math.log(base));
      rates.push({ currency, day: isoOf(d), rate: currency === 'USD' ? '1' : Math.exp(log).toFixed(8) });
    }
  }

  // Days: weekday, month, deal days and how settled each day is as of today.
  const deals = dealDays(firstDay, lastDay);
  const days: DayPlan[] = [];
  for (let d = firstDay; d <= lastDay; d++) {
    const iso = isoOf(d);
    const wd = weekday(d);
    const deal = deals.get(d);
    days.push({
      day: iso,
      dn: d,
      mo: Number(iso.slice(5, 7)),
      dow_f: wd === 0 || wd === 6 ? 1.1 : wd === 1 ? 0.97 : 1,
      ev: deal?.[0] ?? 1,
      ev_other: deal?.[1] ?? 1,
      disc: deal?.[2] ?? 0,
      settlement: settlementOf(iso, opts.today),
    });
  }

  // Cost inductions on days a listing sells, mostly settled ones.
  const inductions: InductionPlan[] = [];
  const selling = listings.filter((l) => dayNum(l.start_day) <= dayNum(l.end_day) - 3);
  for (let i = 0; i < size.inductions && selling.length > 0; i++) {
    const l = ciRnd.pick(selling);
    const kind = ciRnd.weighted(INDUCTION_KINDS, (k) => k.weight);
    const day = ciRnd.int(dayNum(l.start_day), dayNum(l.end_day) - 3);
    const usd = ciRnd.float(kind.usd[0], kind.usd[1]);
    const rate = BASE_RATES[l.currency] ?? 1;
    inductions.push({
      listing_id: l.id,
      shop_id: l.shop_id,
      cost_date: isoOf(day),
      category: kind.category,
      amount: money(usd / rate, l.dec),
      currency: l.currency,
      note: ciRnd.pick(kind.notes),
      created_by: ctx.createdBy,
    });
  }

  return {
    firstDay: isoOf(firstDay),
    lastDay: isoOf(lastDay),
    products,
    skus,
    listings,
    costs: costsKept,
    fees,
    rates,
    days,
    inductions,
    skusWithoutCost: withoutCost.size,
  };
}
