/**
 * Amazon FBA size tiers and fulfilment fees per unit, as data (docs/logistics.md, decisions.md
 * "FBA fee tables"). Two tables:
 * - US (USD): Amazon's 2024 US FBA fulfilment fee table, effective 2024-02-05, non-apparel,
 *   non-dangerous goods, off-peak. Inches and pounds; the shipping weight of every tier but
 *   small standard is the greater of the unit weight and the dimensional weight
 *   (L x W x H in / 139).
 * - EU (EUR): Amazon.de's 2024 local FBA fee table (standard size tiers, non-apparel), used for
 *   the euro marketplaces (DE, FR, IT, ES, NL). Centimetres and grams; parcels and oversize use
 *   the greater of the unit weight and the dimensional weight (L x W x H cm / 5000, in kg).
 * UK, JP and the other marketplaces have no table here: the calculator answers no tier for them.
 * The figures were transcribed by hand; check them against Seller Central's current fee page
 * before pricing with them. A new year's table replaces the data below, nothing else.
 */

export type FeeRegion = 'US' | 'EU';

/** A fee band: up to `upTo` (lb for US, g for EU) inclusive, the fee. */
export interface FeeBand {
  upTo: number;
  fee: number;
}

/** Beyond the last band: `base` plus `perStep` for every started `step` over `over`. */
export interface FeeTail {
  over: number;
  base: number;
  perStep: number;
  step: number;
}

export interface SizeTier {
  code: string;
  label: { zh: string; en: string };
  /** Longest, median, shortest side at most (inches for US, cm for EU). */
  maxSides: readonly [number, number, number];
  /** Length + girth at most (US large bulky). */
  maxLengthGirth?: number;
  /** Unit (or shipping) weight at most: lb for US, g for EU. */
  maxWeight: number;
  /** The shipping weight is the greater of the unit and the dimensional weight. */
  dimensional: boolean;
  bands: readonly FeeBand[];
  tail?: FeeTail;
}

export interface FeeTable {
  region: FeeRegion;
  currency: 'USD' | 'EUR';
  /** The fee table's year and what it is. */
  source: string;
  /** Volume per unit of weight: in³ per lb (US), cm³ per kg (EU). */
  dimDivisor: number;
  tiers: readonly SizeTier[];
}

const OZ = 1 / 16;

export const US_FBA_FEES: FeeTable = {
  region: 'US',
  currency: 'USD',
  source: 'Amazon US FBA fulfilment fees 2024 (effective 2024-02-05), non-apparel, off-peak',
  dimDivisor: 139,
  tiers: [
    {
      code: 'us-small-standard',
      label: { zh: '小号标准尺寸', en: 'Small standard' },
      maxSides: [15, 12, 0.75],
      maxWeight: 1,
      dimensional: false,
      bands: [
        { upTo: 4 * OZ, fee: 3.06 },
        { upTo: 8 * OZ, fee: 3.15 },
        { upTo: 12 * OZ, fee: 3.24 },
        { upTo: 16 * OZ, fee: 3.33 },
      ],
    },
    {
      code: 'us-large-standard',
      label: { zh: '大号标准尺寸', en: 'Large standard' },
      maxSides: [18, 14, 8],
      maxWeight: 20,
      dimensional: true,
      bands: [
        { upTo: 4 * OZ, fee: 3.68 },
        { upTo: 8 * OZ, fee: 3.9 },
        { upTo: 12 * OZ, fee: 4.15 },
        { upTo: 16 * OZ, fee: 4.55 },
        { upTo: 1.25, fee: 4.99 },
        { upTo: 1.5, fee: 5.37 },
        { upTo: 1.75, fee: 5.52 },
        { upTo: 2, fee: 5.77 },
        { upTo: 2.25, fee: 5.87 },
        { upTo: 2.5, fee: 6.04 },
        { upTo: 2.75, fee: 6.15 },
        { upTo: 3, fee: 6.42 },
      ],
      tail: { over: 3, base: 6.92, perStep: 0.08, step: 0.5 },
    },
    {
      code: 'us-large-bulky',
      label: { zh: '大件', en: 'Large bulky' },
      maxSides: [59, 33, 33],
      maxLengthGirth: 130,
      maxWeight: 50,
      dimensional: true,
      bands: [{ upTo: 1, fee: 9.61 }],
      tail: { over: 1, base: 9.61, perStep: 0.38, step: 1 },
    },
    {
      code: 'us-extra-large',
      label: { zh: '超大件', en: 'Extra-large' },
      maxSides: [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
      maxWeight: 50,
      dimensional: true,
      bands: [{ upTo: 1, fee: 26.33 }],
      tail: { over: 1, base: 26.33, perStep: 0.38, step: 1 },
    },
    {
      code: 'us-extra-large-heavy',
      label: { zh: '超大件（50 磅以上）', en: 'Extra-large over 50 lb' },
      maxSides: [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
      maxWeight: 150,
      dimensional: true,
      bands: [{ upTo: 51, fee: 40.12 }],
      tail: { over: 51, base: 40.12, perStep: 0.75, step: 1 },
    },
  ],
};

const INF3 = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY] as const;

export const EU_FBA_FEES: FeeTable = {
  region: 'EU',
  currency: 'EUR',
  source: 'Amazon.de local FBA fees 2024, standard tiers, non-apparel',
  dimDivisor: 5000,
  tiers: [
    {
      code: 'eu-small-envelope',
      label: { zh: '小号信封', en: 'Small envelope' },
      maxSides: [20, 15, 1],
      maxWeight: 80,
      dimensional: false,
      bands: [{ upTo: 80, fee: 2.3 }],
    },
    {
      code: 'eu-standard-envelope',
      label: { zh: '标准信封', en: 'Standard envelope' },
      maxSides: [33, 23, 2.5],
      maxWeight: 460,
      dimensional: false,
      bands: [
        { upTo: 60, fee: 2.45 },
        { upTo: 210, fee: 2.62 },
        { upTo: 460, fee: 2.8 },
      ],
    },
    {
      code: 'eu-large-envelope',
      label: { zh: '大号信封', en: 'Large envelope' },
      maxSides: [33, 23, 4],
      maxWeight: 960,
      dimensional: false,
      bands: [{ upTo: 960, fee: 3.21 }],
    },
    {
      code: 'eu-extra-large-envelope',
      label: { zh: '超大号信封', en: 'Extra-large envelope' },
      maxSides: [33, 23, 6],
      maxWeight: 960,
      dimensional: false,
      bands: [{ upTo: 960, fee: 3.61 }],
    },
    {
      code: 'eu-small-parcel',
      label: { zh: '小包裹', en: 'Small parcel' },
      maxSides: [35, 25, 12],
      maxWeight: 3900,
      dimensional: true,
      bands: [
        { upTo: 150, fee: 3.64 },
        { upTo: 400, fee: 3.91 },
        { upTo: 900, fee: 4.24 },
        { upTo: 1400, fee: 4.62 },
        { upTo: 1900, fee: 4.9 },
        { upTo: 3900, fee: 6.12 },
      ],
    },
    {
      code: 'eu-standard-parcel',
      label: { zh: '标准包裹', en: 'Standard parcel' },
      maxSides: [45, 34, 26],
      maxWeight: 11900,
      dimensional: true,
      bands: [
        { upTo: 150, fee: 3.66 },
        { upTo: 400, fee: 4.29 },
        { upTo: 900, fee: 4.67 },
        { upTo: 1400, fee: 5.18 },
        { upTo: 1900, fee: 5.57 },
        { upTo: 2900, fee: 6.26 },
        { upTo: 3900, fee: 6.92 },
        { upTo: 5900, fee: 7.47 },
        { upTo: 8900, fee: 8.23 },
        { upTo: 11900, fee: 8.72 },
      ],
    },
    {
      code: 'eu-small-oversize',
      label: { zh: '小号大件', en: 'Small oversize' },
      maxSides: [61, 46, 46],
      maxWeight: 1760,
      dimensional: true,
      bands: [
        { upTo: 760, fee: 6.46 },
        { upTo: 1760, fee: 6.85 },
      ],
    },
    {
      code: 'eu-standard-oversize',
      label: { zh: '标准大件', en: 'Standard oversize' },
      maxSides: [120, 60, 60],
      maxWeight: 29760,
      dimensional: true,
      bands: [
        { upTo: 760, fee: 6.86 },
        { upTo: 1760, fee: 7.94 },
        { upTo: 5760, fee: 9.36 },
        { upTo: 10760, fee: 10.38 },
        { upTo: 15760, fee: 10.42 },
        { upTo: 20760, fee: 11.42 },
        { upTo: 29760, fee: 11.79 },
      ],
    },
    {
      code: 'eu-large-oversize',
      label: { zh: '大号大件', en: 'Large oversize' },
      maxSides: INF3,
      maxWeight: 31500,
      dimensional: true,
      bands: [
        { upTo: 4760, fee: 10.9 },
        { upTo: 9760, fee: 13.27 },
        { upTo: 14760, fee: 15.0 },
        { upTo: 19760, fee: 15.51 },
        { upTo: 24760, fee: 16.86 },
        { upTo: 31500, fee: 17.29 },
      ],
    },
  ],
};

/** The fee table of a marketplace id (spec §3: 0 US, 1 DE, 5 FR, 6 IT, 7 ES, 10 NL), or null. */
export function feeTableOf(marketId: number): FeeTable | null {
  if (marketId === 0) return US_FBA_FEES;
  if ([1, 5, 6, 7, 10].includes(marketId)) return EU_FBA_FEES;
  return null;
}

export interface UnitSize {
  /** Package sides in cm, any order. */
  sidesCm: readonly [number, number, number];
  /** Package (gross) weight in kg. */
  weightKg: number;
}

export interface TierAnswer {
  region: FeeRegion;
  currency: 'USD' | 'EUR';
  tier: string;
  label: { zh: string; en: string };
  /** The weight the fee was looked up by, in the table's unit (lb or g), rounded to 3 decimals. */
  shippingWeight: number;
  weightUnit: 'lb' | 'g';
  /** Per unit; null when the weight is beyond the table. */
  fee: number | null;
  source: string;
}

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
const CM_PER_IN = 2.54;
const KG_PER_LB = 0.45359237;

function feeOf(tier: SizeTier, weight: number): number | null {
  const band = tier.bands.find((b) => weight <= b.upTo + 1e-9);
  if (band) return band.fee;
  if (!tier.tail || weight > tier.maxWeight + 1e-9) return null;
  const steps = Math.ceil((weight - tier.tail.over) / tier.tail.step - 1e-9);
  return round(tier.tail.base + steps * tier.tail.perStep, 2);
}

/**
 * The size tier and fee of one unit in a table: the first tier (smallest first) whose side and
 * weight limits the unit fits, the weight being the shipping weight of that tier.
 */
export function sizeTierOf(table: FeeTable, size: UnitSize): TierAnswer {
  const us = table.region === 'US';
  const sides = size.sidesCm.map((s) => (us ? s / CM_PER_IN : s)).sort((a, b) => b - a) as [number, number, number];
  const unitWeight = us ? size.weightKg / KG_PER_LB : size.weightKg * 1000;
  const volume = sides[0] * sides[1] * sides[2];
  const dimWeight = us ? volume / table.dimDivisor : (volume / table.dimDivisor) * 1000;
  const last = table.tiers[table.tiers.length - 1] as SizeTier;
  for (const tier of table.tiers) {
    const weight = tier.dimensional ? Math.max(unitWeight, dimWeight) : unitWeight;
    const fits =
      sides[0] <= tier.maxSides[0] + 1e-9 &&
      sides[1] <= tier.maxSides[1] + 1e-9 &&
      sides[2] <= tier.maxSides[2] + 1e-9 &&
      (tier.maxLengthGirth === undefined || sides[0] + 2 * (sides[1] + sides[2]) <= tier.maxLengthGirth + 1e-9) &&
      weight <= tier.maxWeight + 1e-9;
    if (fits || tier === last)
      return {
        region: table.region,
        currency: table.currency,
        tier: tier.code,
        label: tier.label,
        shippingWeight: round(weight, 3),
        weightUnit: us ? 'lb' : 'g',
        fee: feeOf(tier, weight),
        source: table.source,
      };
  }
  throw new Error('a fee table has tiers');
}
