/**
 * The fixed vocabulary of the sales demo: product lines with names, variants, prices and
 * fees; marketplaces with demand, reach and price conversion; currencies with base rates;
 * the calendar of deal days. Pure data and small pure helpers, no database; the product lines
 * are data in `product-lines.json`, checked when read.
 */
import { z } from 'zod';
import productLines from './product-lines.json';

/** Base rates: USD per unit of the currency. */
export const BASE_RATES: Record<string, number> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  JPY: 0.0067,
  CAD: 0.73,
  SGD: 0.74,
  AUD: 0.66,
  SEK: 0.095,
  PLN: 0.25,
};

export const currencyDecimals = (currency: string): number => (currency === 'JPY' ? 0 : 2);

/** A shelf price in the market's currency from the US price: how sellers really price abroad. */
export function localPrice(usd: number, currency: string): number {
  switch (currency) {
    case 'USD':
    case 'EUR':
      return usd;
    case 'GBP':
      return Math.max(Math.round(usd * 0.875), 1) - 0.01;
    case 'JPY':
      return Math.round((usd * 150) / 100) * 100 - 20;
    case 'CAD':
      return Math.round(usd * 1.36) - 0.01;
    case 'SGD':
      return Math.round(usd * 1.35) - 0.01;
    case 'AUD':
      return Math.round(usd * 1.5) - 0.01;
    case 'SEK':
      return Math.round((usd * 10.5) / 10) * 10 - 1;
    case 'PLN':
      return Math.round(usd * 4) - 0.01;
    default:
      throw new Error(`no price rule for ${currency}`);
  }
}

/** Per marketplace id: demand relative to the US, and how likely a company SKU is listed there. */
export const MARKET_DEMAND: Record<number, { demand: number; reach: number }> = {
  0: { demand: 1, reach: 0.97 },
  1: { demand: 0.35, reach: 0.8 },
  2: { demand: 0.3, reach: 0.8 },
  3: { demand: 0.25, reach: 0.6 },
  4: { demand: 0.18, reach: 0.75 },
  5: { demand: 0.15, reach: 0.65 },
  6: { demand: 0.12, reach: 0.6 },
  7: { demand: 0.12, reach: 0.6 },
  8: { demand: 0.04, reach: 0.25 },
  9: { demand: 0.1, reach: 0.35 },
  10: { demand: 0.06, reach: 0.35 },
  11: { demand: 0.04, reach: 0.25 },
  12: { demand: 0.05, reach: 0.25 },
};

export interface Variant {
  label: string;
  code: string;
  priceMult: number;
  demandMult: number;
}

/** Month factors (Jan … Dec) per season of a line; `base`: a slow January, a strong November and December. */
const SEASONS = {
  base: [0.8, 0.85, 0.9, 0.95, 1, 1, 1.05, 1, 1, 1.1, 1.5, 1.5],
  outdoor: [0.75, 0.8, 1, 1.1, 1.25, 1.35, 1.35, 1.2, 1, 0.9, 0.9, 0.9],
  christmas: [0.7, 0.75, 0.95, 1.05, 1.15, 1.2, 1.2, 1.1, 1, 1, 1.2, 1.5],
  winter: [1.25, 1.2, 1, 0.9, 0.85, 0.9, 0.95, 0.95, 1, 1.1, 1.15, 1.25],
} as const satisfies Record<string, readonly number[]>;

export interface LineDef {
  code: string;
  /** Share of the company's products. */
  weight: number;
  /** First two characters after 'H' of this line's model codes. */
  prefixes: readonly string[];
  names: readonly (readonly [string, string])[];
  variants: readonly Variant[];
  priceUsd: readonly [number, number];
  /** Fulfilment fee per unit, USD equivalent. */
  fbaUsd: number;
  referral: number;
  returnRate: number;
  months: readonly number[];
}

/**
 * One row of `product-lines.json`, the product lines as data: names as [English, Chinese],
 * variants as [label, code, price multiplier = 1, demand multiplier = 1], the season's key.
 */
const lineRow = z.object({
  code: z.string(),
  weight: z.number(),
  prefixes: z.array(z.string()),
  names: z.array(z.tuple([z.string(), z.string()])),
  variants: z.array(z.tuple([z.string(), z.string()]).or(z.tuple([z.string(), z.string(), z.number(), z.number()]))),
  priceUsd: z.tuple([z.number(), z.number()]),
  fbaUsd: z.number(),
  referral: z.number(),
  returnRate: z.number(),
  season: z.enum(Object.keys(SEASONS) as [keyof typeof SEASONS]),
});

export const LINES: readonly LineDef[] = z
  .array(lineRow)
  .parse(productLines)
  .map(({ code, weight, prefixes, names, variants, priceUsd, fbaUsd, referral, returnRate, season }) => ({
    code,
    weight,
    prefixes,
    names,
    variants: variants.map(([label, code, priceMult = 1, demandMult = 1]) => ({ label, code, priceMult, demandMult })),
    priceUsd,
    fbaUsd,
    referral,
    returnRate,
    months: SEASONS[season],
  }));

export const EOL_LINE_CODE = '1011';

/** The external shops' own ranges: same shape, their own brand and model prefix. */
export const EXTERNAL_SHOPS = [
  {
    sellerId: 'A2SHOPASELLER',
    brand: 'Brightway',
    modelPrefix: 'BW',
    lineCodes: ['6131', '6111', '6014'],
  },
  {
    sellerId: 'A3SHOPBSELLER',
    brand: 'Nordlicht',
    modelPrefix: 'NL',
    lineCodes: ['6014', '6013', '6015'],
  },
] as const;

export const TEAMS = [
  { name: '照明一组 Lighting A', director: 'sales.manager', lines: ['6111', '6112', '6113'] },
  { name: '照明二组 Lighting B', director: 'director.b', lines: ['6121', '6131', '6011', '6012', '6013', '6014', '6015'] },
  { name: '智能家居 Smart Home', director: 'director.home', lines: ['7011', '7012', '5111', '5112', '7111'] },
] as const;

export const DIRECTORS = [
  { loginName: 'director.b', userName: 'Director B 照明二组总监' },
  { loginName: 'director.home', userName: 'Director Home 智能家居总监' },
] as const;

export const TITLE_FEATURES = [
  'Wi-Fi App Control',
  'Works with Alexa and Google Assistant',
  'Music Sync',
  'DIY Scenes',
  'Matter Compatible',
  'Energy Saving',
] as const;

export const NAME_SUFFIXES = ['', ' 2', ' Pro', ' Plus', ' Lite', ' Max', ' Mini', ' Neo', ' S', ' X', ' 3', ' Ultra'] as const;

export const INDUCTION_KINDS = [
  {
    category: 'storage',
    weight: 30,
    usd: [20, 300],
    notes: ['Monthly storage fee', 'Long-term storage fee', 'Aged inventory surcharge'],
  },
  {
    category: 'promotion',
    weight: 25,
    usd: [50, 800],
    notes: ['Lightning Deal fee', 'Coupon redemption fee', 'Prime Day deal fee'],
  },
  { category: 'samples', weight: 15, usd: [10, 200], notes: ['Influencer samples', 'Vine samples', 'Review samples'] },
  { category: 'compensation', weight: 10, usd: [10, 150], notes: ['Customer compensation', 'Damaged delivery refund'] },
  { category: 'removal', weight: 10, usd: [15, 250], notes: ['Removal order', 'Disposal order'] },
  { category: 'other', weight: 10, usd: [10, 200], notes: ['Label correction', 'Inbound placement fee', 'Misc. adjustment'] },
] as const;

// ---- days ----

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of an ISO date. */
export const dayNum = (iso: string): number => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const isoOf = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const utcDayNum = (d: Date): number => Math.floor(d.getTime() / DAY_MS);

/** Weekday of a day number: 0 Sunday … 6 Saturday. */
export const weekday = (n: number): number => (((n + 4) % 7) + 7) % 7;

/** The nth (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, dow: number, nth: number): number {
  const first = dayNum(`${year}-${String(month).padStart(2, '0')}-01`);
  const offset = (dow - weekday(first) + 7) % 7;
  return first + offset + (nth - 1) * 7;
}

export interface DealDays {
  /** Day number → [multiplier for listings in the deal, multiplier for the others, discount of the deal]. */
  get(day: number): readonly [number, number, number] | undefined;
}

/**
 * The year's deal days: Prime Day (the Tuesday and Wednesday after 8 July), Prime Big Deal
 * Days in October, and Black Friday to Cyber Monday.
 */
export function dealDays(fromDay: number, toDay: number): DealDays {
  const map = new Map<number, readonly [number, number, number]>();
  const y0 = Number(isoOf(fromDay).slice(0, 4));
  const y1 = Number(isoOf(toDay).slice(0, 4));
  for (let y = y0; y <= y1; y++) {
    const july8 = dayNum(`${y}-07-08`);
    const prime = july8 + ((2 - weekday(july8) + 7) % 7);
    map.set(prime, [3.6, 1.5, 0.2]);
    map.set(prime + 1, [3.2, 1.4, 0.2]);
    const october = nthWeekday(y, 10, 2, 2);
    map.set(october, [2.2, 1.2, 0.15]);
    map.set(october + 1, [2, 1.2, 0.15]);
    const blackFriday = nthWeekday(y, 11, 4, 4) + 1;
    map.set(blackFriday, [2.2, 1.4, 0.15]);
    map.set(blackFriday + 1, [1.8, 1.3, 0.15]);
    map.set(blackFriday + 2, [1.8, 1.3, 0.15]);
    map.set(blackFriday + 3, [2.2, 1.4, 0.15]);
  }
  return { get: (d) => map.get(d) };
}
