/**
 * The fixed vocabulary of the sales demo: product lines with names, variants, prices and
 * fees; marketplaces with demand, reach and price conversion; currencies with base rates;
 * the calendar of deal days. Pure data and small pure helpers, no database.
 */

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

const v = (label: string, code: string, priceMult = 1, demandMult = 1): Variant => ({ label, code, priceMult, demandMult });

/** Month factors (Jan … Dec) shared by all lines: a slow January, a strong November and December. */
const BASE_MONTHS = [0.8, 0.85, 0.9, 0.95, 1, 1, 1.05, 1, 1, 1.1, 1.5, 1.5];
const OUTDOOR = [0.75, 0.8, 1, 1.1, 1.25, 1.35, 1.35, 1.2, 1, 0.9, 0.9, 0.9];
const CHRISTMAS = [0.7, 0.75, 0.95, 1.05, 1.15, 1.2, 1.2, 1.1, 1, 1, 1.2, 1.5];
const WINTER = [1.25, 1.2, 1, 0.9, 0.85, 0.9, 0.95, 0.95, 1, 1.1, 1.15, 1.25];

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

export const LINES: readonly LineDef[] = [
  {
    code: '6111',
    weight: 5,
    prefixes: ['61', '62'],
    names: [
      ['RGBIC LED Strip Lights', 'RGBIC 幻彩灯带'],
      ['Wi-Fi LED Strip Lights', 'Wi-Fi 智能灯带'],
      ['LED Strip Lights with Music Sync', '音乐律动灯带'],
      ['Cob LED Strip Lights', 'COB 灯带'],
    ],
    variants: [v('5m', '5M'), v('10m', '10M', 1.5, 0.8), v('20m', '20M', 2.2, 0.5), v('2x5m', '2X5M', 1.8, 0.4)],
    priceUsd: [19, 49],
    fbaUsd: 4.6,
    referral: 0.15,
    returnRate: 0.04,
    months: BASE_MONTHS,
  },
  {
    code: '6112',
    weight: 2,
    prefixes: ['61', '66'],
    names: [
      ['TV Backlight with Camera', '摄像头电视背光灯带'],
      ['Envisual TV Backlight T2', 'Envisual 电视背光 T2'],
      ['DreamView TV Light Bars', 'DreamView 电视灯条'],
    ],
    variants: [v('55-65 inch', '55', 1, 1), v('75-85 inch', '75', 1.25, 0.6)],
    priceUsd: [69, 129],
    fbaUsd: 6.2,
    referral: 0.15,
    returnRate: 0.06,
    months: BASE_MONTHS,
  },
  {
    code: '6113',
    weight: 2,
    prefixes: ['61', '6A'],
    names: [
      ['Neon Rope Light', '霓虹灯带'],
      ['Neon Rope Light 2', '霓虹灯带 2'],
      ['Neon Wall Lights', '霓虹壁灯'],
    ],
    variants: [v('3m', '3M'), v('5m', '5M', 1.4, 0.8), v('10m', '10M', 2.2, 0.4)],
    priceUsd: [39, 89],
    fbaUsd: 6.5,
    referral: 0.15,
    returnRate: 0.05,
    months: BASE_MONTHS,
  },
  {
    code: '6121',
    weight: 1,
    prefixes: ['70', '71'],
    names: [
      ['Car Interior LED Lights', '车内氛围灯'],
      ['Car Underglow Lights', '汽车底盘灯'],
    ],
    variants: [v('4-pack', '4PK'), v('RGBIC', 'RGBIC', 1.3, 0.7)],
    priceUsd: [24, 49],
    fbaUsd: 4.5,
    referral: 0.15,
    returnRate: 0.07,
    months: BASE_MONTHS,
  },
  {
    code: '6131',
    weight: 4,
    prefixes: ['60', '61'],
    names: [
      ['RGBIC Floor Lamp', 'RGBIC 落地灯'],
      ['Smart Table Lamp', '智能台灯'],
      ['Glide Hexa Light Panels', 'Glide 六边形灯板'],
      ['Curtain Lights', '窗帘灯'],
      ['Uplighter Floor Lamp', '上照落地灯'],
    ],
    variants: [v('Black', 'BK'), v('White', 'WH', 1, 0.7), v('RGBIC', 'RGBIC', 1.2, 0.6)],
    priceUsd: [49, 199],
    fbaUsd: 8.5,
    referral: 0.15,
    returnRate: 0.05,
    months: BASE_MONTHS,
  },
  {
    code: '6011',
    weight: 2,
    prefixes: ['60', '6C'],
    names: [
      ['Gaming Light Bars', '电竞灯条'],
      ['PC Monitor Backlight', '显示器背光灯'],
      ['DreamView G1 Gaming Light', 'DreamView G1 电竞灯'],
    ],
    variants: [v('2-pack', '2PK'), v('RGBIC', 'RGBIC', 1.2, 0.7), v('27-34 inch', '27', 1.3, 0.5)],
    priceUsd: [39, 79],
    fbaUsd: 5.5,
    referral: 0.08,
    returnRate: 0.04,
    months: BASE_MONTHS,
  },
  {
    code: '6012',
    weight: 1.5,
    prefixes: ['70', '60'],
    names: [
      ['Smart Outdoor Bulbs', '户外智能灯泡'],
      ['Outdoor Flood Lights', '户外泛光灯'],
    ],
    variants: [v('2-pack', '2PK'), v('4-pack', '4PK', 1.8, 0.6)],
    priceUsd: [19, 39],
    fbaUsd: 4.8,
    referral: 0.15,
    returnRate: 0.03,
    months: OUTDOOR,
  },
  {
    code: '6013',
    weight: 1.5,
    prefixes: ['70', '72'],
    names: [
      ['Outdoor Pathway Lights', '户外路径灯'],
      ['Garden Spot Lights', '庭院射灯'],
      ['Solar Garden Lights', '太阳能庭院灯'],
    ],
    variants: [v('4-pack', '4PK'), v('8-pack', '8PK', 1.8, 0.5), v('RGBIC', 'RGBIC', 1.3, 0.6)],
    priceUsd: [49, 119],
    fbaUsd: 7.5,
    referral: 0.15,
    returnRate: 0.05,
    months: OUTDOOR,
  },
  {
    code: '6014',
    weight: 2,
    prefixes: ['70', '73'],
    names: [
      ['Outdoor String Lights', '户外灯串'],
      ['Permanent Outdoor Lights', '永久户外灯'],
      ['Christmas String Lights', '圣诞灯串'],
    ],
    variants: [v('15m', '15M'), v('30m', '30M', 1.7, 0.6), v('RGBIC', 'RGBIC', 1.3, 0.6)],
    priceUsd: [39, 149],
    fbaUsd: 7,
    referral: 0.15,
    returnRate: 0.06,
    months: CHRISTMAS,
  },
  {
    code: '6015',
    weight: 1,
    prefixes: ['70', '74'],
    names: [
      ['Outdoor Wall Light', '户外壁灯'],
      ['Smart Porch Light', '智能门廊灯'],
    ],
    variants: [v('1-pack', '1PK'), v('2-pack', '2PK', 1.8, 0.6)],
    priceUsd: [29, 69],
    fbaUsd: 5.5,
    referral: 0.15,
    returnRate: 0.04,
    months: OUTDOOR,
  },
  {
    code: '7011',
    weight: 2,
    prefixes: ['50', '51'],
    names: [
      ['Wi-Fi Thermo-Hygrometer', 'Wi-Fi 温湿度计'],
      ['Bluetooth Hygrometer Thermometer', '蓝牙温湿度计'],
      ['Indoor Thermometer with Display', '带屏温度计'],
    ],
    variants: [v('1-pack', '1PK'), v('3-pack', '3PK', 2.4, 0.6), v('with Hub', 'HUB', 1.6, 0.5)],
    priceUsd: [12, 29],
    fbaUsd: 4,
    referral: 0.08,
    returnRate: 0.02,
    months: WINTER,
  },
  {
    code: '7012',
    weight: 1,
    prefixes: ['51', '52'],
    names: [
      ['Temperature Alarm Sensor', '温度报警器'],
      ['Freezer Thermometer Alarm', '冰箱温度报警器'],
    ],
    variants: [v('1-pack', '1PK'), v('2-pack', '2PK', 1.8, 0.6)],
    priceUsd: [14, 29],
    fbaUsd: 4.2,
    referral: 0.08,
    returnRate: 0.03,
    months: WINTER,
  },
  {
    code: '5111',
    weight: 2,
    prefixes: ['71', '75'],
    names: [
      ['Smart Humidifier', '智能加湿器'],
      ['Smart Air Purifier', '智能空气净化器'],
      ['Smart Tower Fan', '智能塔扇'],
    ],
    variants: [v('3L', '3L'), v('6L', '6L', 1.4, 0.6), v('White', 'WH', 1, 0.8)],
    priceUsd: [49, 129],
    fbaUsd: 9,
    referral: 0.15,
    returnRate: 0.08,
    months: WINTER,
  },
  {
    code: '5112',
    weight: 1,
    prefixes: ['71', '76'],
    names: [
      ['Smart Electric Kettle', '智能电热水壶'],
      ['Smart Ice Maker', '智能制冰机'],
    ],
    variants: [v('1.7L', '17L'), v('Black', 'BK', 1.05, 0.6)],
    priceUsd: [39, 89],
    fbaUsd: 8.5,
    referral: 0.15,
    returnRate: 0.07,
    months: BASE_MONTHS,
  },
  {
    code: '7111',
    weight: 1.5,
    prefixes: ['50', '53'],
    names: [
      ['Water Leak Detector', '漏水传感器'],
      ['Smart Motion Sensor', '智能人体传感器'],
      ['Door and Window Sensor', '门窗传感器'],
    ],
    variants: [v('1-pack', '1PK'), v('3-pack', '3PK', 2.4, 0.6), v('with Hub', 'HUB', 1.6, 0.5)],
    priceUsd: [14, 39],
    fbaUsd: 4.2,
    referral: 0.08,
    returnRate: 0.03,
    months: BASE_MONTHS,
  },
];

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
