/**
 * /logisticsMgr (docs/logistics.md "Shipments and freight bills"): the plans' shipments in the
 * caller's shops with their figures (shipment-figures.ts), and their freight bills. Rules of a bill:
 * its shipment must be one the caller sees (404 otherwise), its carrier an active company carrier
 * (400 on carrierId), a carrier bills a charge type once under a number (409 on billNo), edits name
 * the version read (409 stale); every write is audited with the shipment's shop, so the history
 * reader finds a deleted bill's shop.
 */
import type { EndpointQuery } from '@bo/contract';
import type { ShipmentMode } from '@bo/contract/inventory/shipments';
import type { BillBody, FreightBill, listShipmentCosts, ShipmentCost } from '@bo/contract/logistics/shipment-costs';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { codedFieldError, fieldConflict, notFound, staleVersion } from '../../platform/errors';
import type { ShopScope } from '../shops/shops/shop-scope';
import { activeCarriers } from './carriers.repository';
import { todayUtc } from './carriers.service';
import * as repo from './shipment-costs.repository';
import {
  type EstimateCard,
  estimateOf,
  type PlannedDays,
  plannedDaysOf,
  round2,
  type ShipmentFacts,
  transitOf,
} from './shipment-figures';

const num = (v: string | null) => (v === null ? null : Number(v));

/** What every shipment's figures need once per request: the cards and the planned days. */
export interface Pricing {
  cards: EstimateCard[];
  planned: PlannedDays;
  today: string;
}

export async function pricingOf(db: DbOrTx, today = todayUtc()): Promise<Pricing> {
  const cards = (await repo.estimateCards(db)).map((r) => ({
    id: Number(r.id),
    carrierCode: r.carrier_code,
    carrierName: r.carrier_name,
    mode: r.mode,
    marketId: Number(r.market_id),
    destination: r.destination,
    pricePerKg: num(r.price_per_kg),
    pricePerCbm: num(r.price_per_cbm),
    minCharge: Number(r.min_charge),
    fuelSurchargePct: Number(r.fuel_surcharge_pct),
    validFrom: r.valid_from,
    validTo: r.valid_to,
  }));
  const planned = new Map(
    (await repo.plannedDaysRows(db)).map((r) => [
      Number(r.market_id),
      { sea: Number(r.sea), air: Number(r.air), express: Number(r.express), rail: Number(r.rail) },
    ]),
  );
  return { cards, planned, today };
}

export function toShipment(r: repo.ShipmentRow, p: Pricing): ShipmentCost {
  const facts: ShipmentFacts = {
    mode: r.mode as ShipmentMode,
    carrier: r.carrier,
    marketId: Number(r.market_id),
    warehouseCode: r.warehouse_code,
    etd: r.etd,
    eta: r.eta,
    weightKg: Number(r.weight_kg),
    cbm: Number(r.cbm),
    planState: r.plan_state,
    units: Number(r.units),
    receivedUnits: Number(r.received_units),
    lastReceiptDay: r.last_receipt_day,
  };
  const estimate = estimateOf(facts, p.cards);
  const transit = transitOf(facts, p.today);
  const bills = Number(r.bills);
  const actualUsd = round2(Number(r.actual_usd));
  return {
    id: Number(r.id),
    code: r.code,
    planId: Number(r.plan_id),
    planCode: r.plan_code,
    shopId: Number(r.shop_id),
    shopName: r.shop_name,
    marketId: facts.marketId,
    warehouseCode: r.warehouse_code,
    mode: facts.mode,
    carrier: r.carrier,
    tracking: r.tracking,
    etd: r.etd,
    eta: r.eta,
    flow: transit.flow,
    units: Number(r.units),
    receivedUnits: Number(r.received_units),
    weightKg: facts.weightKg,
    cbm: facts.cbm,
    unitsWithoutInfo: Number(r.units_without_info),
    ...estimate,
    actualUsd,
    bills,
    billsWithoutRate: Number(r.bills_without_rate),
    varianceUsd: estimate.estimatedUsd === null || bills === 0 ? null : round2(actualUsd - estimate.estimatedUsd),
    plannedDays: plannedDaysOf(p.planned, facts.marketId, facts.mode),
    actualDays: transit.actualDays,
    lastReceiptDay: r.last_receipt_day,
    onTime: transit.onTime,
    late: transit.late,
  };
}

export async function listShipments(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listShipmentCosts>) {
  const p = await pricingOf(ctx.db);
  const { rows, total } = await pageOf<repo.ShipmentRow>(ctx.db, repo.shipmentsPage(scope, q, p.today), q);
  return { list: rows.map((r) => toShipment(r, p)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

const toBill = (r: repo.BillRow): FreightBill => ({
  id: Number(r.id),
  shipmentId: Number(r.shipment_id),
  carrierId: Number(r.carrier_id),
  carrierCode: r.carrier_code,
  carrierName: r.carrier_name,
  billNo: r.bill_no,
  chargeType: r.charge_type as FreightBill['chargeType'],
  amount: Number(r.amount),
  currency: r.currency,
  amountUsd: num(r.amount_usd),
  invoiceDay: r.invoice_day,
  remark: r.remark,
  version: Number(r.version),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

async function visibleShipment(db: DbOrTx, scope: ShopScope, id: number) {
  const row = await repo.shipmentById(db, scope, id, todayUtc());
  if (!row) throw notFound(`no shipment ${id}`);
  return row;
}

export async function shipmentDetail(ctx: AppContext, scope: ShopScope, id: number) {
  const row = await visibleShipment(ctx.db, scope, id);
  const shipment = toShipment(row, await pricingOf(ctx.db));
  return { shipment, bills: (await repo.billsOfShipment(ctx.db, id)).map(toBill) };
}

export async function billCarrierChoices(ctx: AppContext) {
  return (await activeCarriers(ctx.db)).map((c) => ({ id: Number(c.id), code: c.code, name: c.name }));
}

/** What the audit keeps of a bill: its terms and the shop it belongs to (for the history reader). */
const billTerms = (b: FreightBill, shopId: number) => ({
  shipmentId: b.shipmentId,
  carrierId: b.carrierId,
  billNo: b.billNo,
  chargeType: b.chargeType,
  amount: b.amount,
  currency: b.currency,
  invoiceDay: b.invoiceDay,
  remark: b.remark,
  shopId,
});

async function checkBill(tx: DbOrTx, b: BillBody, exceptId: number | null) {
  if (!(await repo.activeCarrier(tx, b.carrierId))) throw codedFieldError('carrierId', 'logistics.unknownCarrier');
  if (await repo.billWithNo(tx, b.carrierId, b.billNo, b.chargeType, exceptId))
    throw fieldConflict(`the carrier billed ${b.chargeType} under ${b.billNo} already`, 'billNo', 'logistics.billTaken', {
      billNo: b.billNo,
    });
}

/** Serialises writes of bill numbers (the unique check and the insert or update in one step). */
const lockNumbers = (tx: DbOrTx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('logistics_bills.no'))`);

async function billOf(db: DbOrTx, id: number, lock = false) {
  const r = await repo.billById(db, id, lock);
  if (!r) throw notFound(`no bill ${id}`);
  return toBill(r);
}

export async function createBill(ctx: AppContext, actor: RequestActor, scope: ShopScope, b: BillBody) {
  return ctx.db.transaction(async (tx) => {
    const ship = await visibleShipment(tx, scope, b.shipmentId);
    await lockNumbers(tx);
    await checkBill(tx, b, null);
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO logistics_bills (shipment_id, carrier_id, bill_no, charge_type, amount, currency, invoice_day, remark,
               updated_by)
        VALUES (${b.shipmentId}, ${b.carrierId}, ${b.billNo}, ${b.chargeType}, ${String(b.amount)}, ${b.currency},
               ${b.invoiceDay}, ${b.remark}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const bill = await billOf(tx, Number(row?.id));
    await audit(tx, actor, {
      action: 'create',
      entity: 'logistics_bill',
      entityId: bill.id,
      after: billTerms(bill, Number(ship.shop_id)),
    });
    return bill;
  });
}

/** A bill the caller may change: its shipment is in the caller's shops (404 otherwise, as for no bill). */
async function ownBill(tx: DbOrTx, scope: ShopScope, id: number) {
  const before = await billOf(tx, id, true);
  const ship = await repo.shipmentById(tx, scope, before.shipmentId, todayUtc());
  if (!ship) throw notFound(`no bill ${id}`);
  return { before, shopId: Number(ship.shop_id) };
}

export async function updateBill(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  id: number,
  b: BillBody & { version: number },
) {
  return ctx.db.transaction(async (tx) => {
    const { before, shopId: beforeShop } = await ownBill(tx, scope, id);
    if (before.version !== b.version) throw staleVersion();
    const ship = b.shipmentId === before.shipmentId ? null : await visibleShipment(tx, scope, b.shipmentId);
    await lockNumbers(tx);
    await checkBill(tx, b, id);
    await tx.execute(sql`
      UPDATE logistics_bills SET shipment_id = ${b.shipmentId}, carrier_id = ${b.carrierId}, bill_no = ${b.billNo},
             charge_type = ${b.chargeType}, amount = ${String(b.amount)}, currency = ${b.currency},
             invoice_day = ${b.invoiceDay}, remark = ${b.remark}, updated_by = ${actor.userId}, version = version + 1,
             updated_at = now()
       WHERE id = ${id}`);
    const after = await billOf(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'logistics_bill',
      entityId: id,
      before: billTerms(before, beforeShop),
      after: billTerms(after, ship ? Number(ship.shop_id) : beforeShop),
    });
    return after;
  });
}

export async function deleteBill(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const { before, shopId } = await ownBill(tx, scope, id);
    await tx.execute(sql`DELETE FROM logistics_bills WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'logistics_bill', entityId: id, before: billTerms(before, shopId) });
    return null;
  });
}

/** The shop of a bill (its shipment's), for the history reader; null for none. */
export async function shopOfBill(db: DbOrTx, id: number): Promise<number | null> {
  const [r] = (await db.execute<{ shipment_id: number }>(sql`SELECT shipment_id FROM logistics_bills WHERE id = ${id}`)).rows;
  return r ? repo.shopOfShipment(db, Number(r.shipment_id)) : null;
}
