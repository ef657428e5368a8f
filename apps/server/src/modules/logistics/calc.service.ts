/**
 * The shipping cost calculator (/logisticsCalc; docs/logistics.md). The unit is a model's package
 * from /modelInfo (catalog's published `modelPackages`) or typed sides and weight. The shipment
 * is `units` units, or whole cartons when a carton is given (its sides and gross weight; the
 * last carton full-sized). Each rate card valid on the day to the marketplace (of an active
 * carrier offering the card's mode) is priced on the shipment's chargeable weight or measure of
 * its mode (contract logistics/calc.ts), cheapest first; the FBA size tier and fee per unit come
 * from the contract's fee tables; the fee in USD from the latest exchange rate on or before the
 * day (sales' published `exchangeRateDays`).
 */
import type { ShipmentMode } from '@bo/contract/inventory/shipments';
import { SHIPMENT_MODES } from '@bo/contract/inventory/shipments';
import { type CalcQuery, type CalcReply, cardCostOf, chargeableOf, type Quote } from '@bo/contract/logistics/calc';
import { feeTableOf, sizeTierOf } from '@bo/contract/logistics/fba-fees';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains } from '../../db/sql';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError } from '../../platform/errors';
import { modelPackages } from '../catalog/catalog.reads';
import { exchangeRateDays } from '../sales/sales.reads';
import { validCards } from './carriers.repository';
import { assertCompany, toCard, todayUtc } from './carriers.service';

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

interface ModelRow extends Record<string, unknown> {
  product_id: number;
  model: string;
  name: string;
  name_en: string;
  package_length_mm: string;
  package_width_mm: string;
  package_height_mm: string;
  gross_weight_g: string;
}

const modelOf = (r: ModelRow) => ({
  productId: Number(r.product_id),
  model: r.model,
  name: r.name,
  nameEn: r.name_en,
  sidesCm: [r.package_length_mm, r.package_width_mm, r.package_height_mm].map((mm) => round(Number(mm) / 10, 2)),
  weightKg: round(Number(r.gross_weight_g) / 1000, 4),
});

export async function modelChoices(ctx: AppContext, actor: RequestActor, keyword: string | undefined) {
  assertCompany(actor);
  const like = likeContains(keyword);
  const rows = (
    await ctx.db.execute<ModelRow>(sql`SELECT * FROM ${modelPackages} m
      ${like ? sql`WHERE m.model ILIKE ${like} OR m.name ILIKE ${like} OR m.name_en ILIKE ${like}` : sql``}
      ORDER BY m.model LIMIT 30`)
  ).rows;
  return rows.map(modelOf);
}

async function unitOf(db: DbOrTx, q: CalcQuery): Promise<CalcReply['unit']> {
  if (q.productId !== undefined) {
    const [r] = (await db.execute<ModelRow>(sql`SELECT * FROM ${modelPackages} m WHERE m.product_id = ${q.productId}`)).rows;
    if (!r) throw codedFieldError('productId', 'logistics.noModelInfo');
    const m = modelOf(r);
    return { source: 'model', model: m.model, sidesCm: m.sidesCm, weightKg: m.weightKg };
  }
  return {
    source: 'typed',
    model: null,
    sidesCm: [q.lengthCm, q.widthCm, q.heightCm] as number[],
    weightKg: q.weightKg as number,
  };
}

/** The shipment's actual weight and volume: whole cartons when a carton is given, else the units' packages. */
export function shipmentOf(unit: CalcReply['unit'], q: CalcQuery): CalcReply['shipment'] {
  const vol = (s: readonly number[]) => s.reduce((a, b) => a * b, 1) / 1_000_000;
  if (q.unitsPerCarton !== undefined && q.cartonLengthCm !== undefined) {
    const cartons = Math.ceil(q.units / q.unitsPerCarton);
    const sides = [q.cartonLengthCm, q.cartonWidthCm, q.cartonHeightCm] as number[];
    return {
      units: q.units,
      cartons,
      actualKg: round(cartons * (q.cartonWeightKg as number), 3),
      cbm: round(cartons * vol(sides), 4),
    };
  }
  return {
    units: q.units,
    cartons: null,
    actualKg: round(q.units * unit.weightKg, 3),
    cbm: round(q.units * vol(unit.sidesCm), 4),
  };
}

async function usdPerUnitOf(db: DbOrTx, currency: string, on: string): Promise<number | null> {
  if (currency === 'USD') return 1;
  const [r] = (
    await db.execute<{ rate: string }>(sql`SELECT x.rate FROM ${exchangeRateDays} x
      WHERE x.currency = ${currency} AND x.day <= ${on}::date ORDER BY x.day DESC LIMIT 1`)
  ).rows;
  return r ? Number(r.rate) : null;
}

export async function calculate(ctx: AppContext, actor: RequestActor, q: CalcQuery): Promise<CalcReply> {
  assertCompany(actor);
  const on = q.on ?? todayUtc();
  const unit = await unitOf(ctx.db, q);
  const shipment = shipmentOf(unit, q);
  const chargeable = SHIPMENT_MODES.map((mode) => chargeableOf(mode, shipment));
  const byMode = new Map<ShipmentMode, (typeof chargeable)[number]>(chargeable.map((c) => [c.mode, c]));

  const table = feeTableOf(q.marketId);
  let fba: CalcReply['fba'] = null;
  if (table) {
    const tier = sizeTierOf(table, { sidesCm: unit.sidesCm as [number, number, number], weightKg: unit.weightKg });
    const rate = tier.fee === null ? null : await usdPerUnitOf(ctx.db, tier.currency, on);
    fba = { ...tier, feeUsd: tier.fee === null || rate === null ? null : round(tier.fee * rate, 2) };
  }

  const quotes: Quote[] = (await validCards(ctx.db, q.marketId, on)).map((row) => {
    const card = toCard(row);
    const c = byMode.get(card.mode) as (typeof chargeable)[number];
    const cost = cardCostOf(card, c);
    const perUnit = round(cost.total / shipment.units, 4);
    return {
      cardId: card.id,
      carrierId: card.carrierId,
      carrierCode: card.carrierCode,
      carrierName: card.carrierName,
      mode: card.mode,
      destination: card.destination,
      transitDays: card.transitDays,
      basis: cost.basis,
      chargeableKg: c.chargeableKg,
      chargeableCbm: c.chargeableCbm,
      freight: cost.freight,
      fuel: cost.fuel,
      total: cost.total,
      perUnit,
      landedPerUnit: fba?.feeUsd == null ? null : round(perUnit + fba.feeUsd, 2),
    };
  });
  quotes.sort((a, b) => a.total - b.total || a.transitDays - b.transitDays || a.cardId - b.cardId);
  return { unit, shipment, chargeable, quotes, fba, on };
}
