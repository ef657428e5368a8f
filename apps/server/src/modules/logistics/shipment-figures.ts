/**
 * The figures of a shipment on /logisticsMgr and its panels, as plain functions (tested by hand in
 * shipment-costs.test.ts): the estimated freight from the rate cards, the planned and actual
 * transit, the late / on-time verdicts of the contract's one rule (inventory/delivery.ts), and the
 * median and p90 of the transit panel. docs/decisions.md "Freight bills and on-time".
 */
import { late as lateRule, onTheWay, onTime as onTimeRule } from '@bo/contract/inventory/delivery';
import { type ShipmentMode, TRANSIT_DAYS } from '@bo/contract/inventory/shipments';
import { cardCostOf, chargeableOf } from '@bo/contract/logistics/calc';
import type { ShipmentCost } from '@bo/contract/logistics/shipment-costs';

export interface EstimateCard {
  id: number;
  carrierCode: string;
  carrierName: string;
  mode: string;
  marketId: number;
  destination: string;
  pricePerKg: number | null;
  pricePerCbm: number | null;
  minCharge: number;
  fuelSurchargePct: number;
  validFrom: string;
  validTo: string | null;
}

export interface ShipmentFacts {
  mode: ShipmentMode;
  carrier: string;
  marketId: number;
  warehouseCode: string;
  etd: string;
  eta: string;
  weightKg: number;
  cbm: number;
  /** shipped, received or closed; with the units shipped and received it says whether it is still on its way (`onTheWay`). */
  planState: string;
  units: number;
  receivedUnits: number;
  lastReceiptDay: string | null;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Whether a company carrier is the one written on a shipment: its code or name is the text, or
 * begins with it followed by a hyphen or a space ("DHL" is "DHL-EXP", "DHL Express").
 */
export function carrierMatches(written: string, code: string, name: string): boolean {
  const w = norm(written);
  if (!w) return false;
  return [norm(code), norm(name)].some((v) => v === w || v.startsWith(`${w}-`) || v.startsWith(`${w} `));
}

/**
 * The estimate: the shipment's chargeable weight and measure for its mode priced by the cards of
 * the lane (marketplace and mode, any warehouse or the shipment's, valid on the ETD): the cheapest
 * card of the shipment's own carrier when one matches, else the cheapest card of the lane; none
 * without a card or without any package figure.
 */
export function estimateOf(
  s: ShipmentFacts,
  cards: readonly EstimateCard[],
): Pick<ShipmentCost, 'estimatedUsd' | 'estimateBasis' | 'estimateCarrier'> {
  const none = { estimatedUsd: null, estimateBasis: 'none' as const, estimateCarrier: null };
  if (s.weightKg <= 0 && s.cbm <= 0) return none;
  const lane = cards.filter(
    (c) =>
      c.mode === s.mode &&
      c.marketId === s.marketId &&
      (c.destination === '' || c.destination === s.warehouseCode) &&
      c.validFrom <= s.etd &&
      (c.validTo === null || c.validTo >= s.etd),
  );
  if (lane.length === 0) return none;
  const chargeable = chargeableOf(s.mode, { actualKg: s.weightKg, cbm: s.cbm });
  const priced = lane
    .map((c) => ({ c, total: cardCostOf(c, chargeable).total }))
    .sort((a, b) => a.total - b.total || a.c.id - b.c.id);
  const own = priced.find((p) => carrierMatches(s.carrier, p.c.carrierCode, p.c.carrierName));
  const pick = own ?? priced[0];
  if (!pick) return none;
  return { estimatedUsd: pick.total, estimateBasis: own ? 'carrier' : 'cheapest', estimateCarrier: pick.c.carrierName };
}

const dayMs = 86_400_000;
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

export type PlannedDays = ReadonlyMap<number, Record<ShipmentMode, number>>;

/** Planned transit days: the marketplace's shipment settings, else the defaults per mode. */
export const plannedDaysOf = (planned: PlannedDays, marketId: number, mode: ShipmentMode) =>
  (planned.get(marketId) ?? TRANSIT_DAYS)[mode];

/**
 * Transit: received (plan received or closed) with a receipt: actual days = last receipt - ETD and
 * the on-time verdict; on its way: no actual days yet, late once today is past ETA + the grace.
 */
export function transitOf(s: ShipmentFacts, today: string) {
  const received = !onTheWay(s.planState, s.units, s.receivedUnits);
  return {
    flow: received ? ('received' as const) : ('transit' as const),
    actualDays: received && s.lastReceiptDay ? daysBetween(s.etd, s.lastReceiptDay) : null,
    onTime: received ? onTimeRule(s.eta, s.lastReceiptDay) : null,
    late: lateRule(s.eta, today, !received),
  };
}

/** The median: the middle value, or the mean of the two middle ones; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 === 1 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2;
}

/** The 90th percentile by nearest rank: the value at rank ceil(0.9 n); null for none. */
export function p90(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const v = [...values].sort((a, b) => a - b);
  return v[Math.ceil(0.9 * v.length) - 1] as number;
}

export const round2 = (v: number) => Math.round(v * 100) / 100;
