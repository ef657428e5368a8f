/**
 * Queries of /logisticsMgr and the two panels: the plans' shipments (inventory's published
 * `planShipments`) within the caller's ShopScope, with their freight bills summed in USD, and
 * the bills themselves. Shipments belong to shops: every read takes the scope.
 */
import { ON_TIME_GRACE_DAYS } from '@bo/contract/inventory/delivery';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, type SortOrder } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { planShipments } from '../inventory/shipments.reads';
import { exchangeRateDays } from '../sales/sales.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';

const day = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD')`);
const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/**
 * USD per unit of a bill's currency: the latest rate on or before its invoice day, else the first
 * rate after it (a bill older than the rates); null when the currency has none.
 */
const usdRate = sql`CASE WHEN b.currency = 'USD' THEN 1 ELSE coalesce(
    (SELECT x.rate FROM ${exchangeRateDays} x WHERE x.currency = b.currency AND x.day <= b.invoice_day ORDER BY x.day DESC LIMIT 1),
    (SELECT x.rate FROM ${exchangeRateDays} x WHERE x.currency = b.currency ORDER BY x.day LIMIT 1)) END`;

/** Bills with their amount in USD (null without a rate). */
const BILLS_USD = sql`(SELECT b.*, round(b.amount * ${usdRate}, 2) AS amount_usd FROM logistics_bills b)`;

export interface ShipmentRow extends Record<string, unknown> {
  id: number;
  code: string;
  plan_id: number;
  plan_code: string;
  plan_state: string;
  shop_id: number;
  shop_name: string;
  market_id: number;
  warehouse_code: string;
  mode: string;
  carrier: string;
  tracking: string;
  etd: string;
  eta: string;
  units: number;
  received_units: number;
  last_receipt_day: string | null;
  weight_kg: number;
  cbm: number;
  units_without_info: number;
  actual_usd: string;
  bills: number;
  bills_without_rate: number;
}

const SELECT = sql`SELECT sh.id, sh.code, sh.plan_id, sh.plan_code, sh.plan_state, sh.shop_id, s.name AS shop_name, s.market_id,
    sh.warehouse_code, sh.mode, sh.carrier, sh.tracking, ${day('sh.etd')} AS etd, ${day('sh.eta')} AS eta, sh.units,
    sh.received_units, ${day('sh.last_receipt_day')} AS last_receipt_day, sh.weight_kg, sh.cbm, sh.units_without_info,
    coalesce(bl.actual_usd, 0) AS actual_usd, coalesce(bl.bills, 0) AS bills, coalesce(bl.without_rate, 0) AS bills_without_rate`;

const FROM = sql`FROM ${planShipments} sh
  JOIN ${shopDirectory} s ON s.id = sh.shop_id
  LEFT JOIN LATERAL (SELECT count(*)::int AS bills, sum(b.amount_usd) AS actual_usd,
                            count(*) FILTER (WHERE b.amount_usd IS NULL)::int AS without_rate
                       FROM ${BILLS_USD} b WHERE b.shipment_id = sh.id) bl ON true`;

export interface ShipmentFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
  mode?: string | undefined;
  carrier?: string | undefined;
  etdFrom?: string | undefined;
  etdTo?: string | undefined;
  state?: 'transit' | 'received' | 'late' | undefined;
  keyword?: string | undefined;
}

function where(scope: ShopScope, f: ShipmentFilter, today: string): SQL {
  const parts: SQL[] = [shopIn(sql`sh.shop_id`, narrowScope(scope, f.shopId))];
  if (f.marketId !== undefined) parts.push(sql`s.market_id = ${f.marketId}`);
  if (f.mode) parts.push(sql`sh.mode = ${f.mode}`);
  if (f.carrier) parts.push(sql`lower(sh.carrier) = lower(${f.carrier})`);
  if (f.etdFrom) parts.push(sql`sh.etd >= ${f.etdFrom}::date`);
  if (f.etdTo) parts.push(sql`sh.etd <= ${f.etdTo}::date`);
  // On its way: the SQL of `onTheWay` (packages/contract/src/inventory/delivery.ts).
  const onTheWay = sql`(sh.plan_state = 'shipped' OR (sh.plan_state = 'received' AND sh.received_units < sh.units))`;
  if (f.state === 'transit') parts.push(onTheWay);
  if (f.state === 'received') parts.push(sql`NOT ${onTheWay}`);
  if (f.state === 'late') parts.push(sql`${onTheWay} AND sh.eta + ${ON_TIME_GRACE_DAYS}::int < ${today}::date`);
  const like = likeContains(f.keyword);
  if (like) parts.push(sql`(sh.code ILIKE ${like} OR sh.plan_code ILIKE ${like} OR sh.tracking ILIKE ${like})`);
  return sql.join(parts, sql` AND `);
}

const SORTS = {
  etd: sql`sh.etd`,
  eta: sql`sh.eta`,
  units: sql`sh.units`,
  actualUsd: sql`coalesce(bl.actual_usd, 0)`,
  code: sql`sh.code`,
};

export function shipmentsPage(scope: ShopScope, f: ShipmentFilter & { sortField: string; sortOrder: SortOrder }, today: string) {
  return {
    select: SELECT,
    from: sql`${FROM} WHERE ${where(scope, f, today)}`,
    orderBy: orderBy(f.sortField, f.sortOrder, SORTS, sql`sh.id DESC`),
  };
}

/** Every shipment matching the filter (the panels: a few hundred a year). */
export async function shipmentsOf(db: DbOrTx, scope: ShopScope, f: ShipmentFilter, today: string) {
  return (await db.execute<ShipmentRow>(sql`${SELECT} ${FROM} WHERE ${where(scope, f, today)} ORDER BY sh.etd, sh.id`)).rows;
}

export async function shipmentById(db: DbOrTx, scope: ShopScope, id: number, today: string) {
  return (await db.execute<ShipmentRow>(sql`${SELECT} ${FROM} WHERE sh.id = ${id} AND ${where(scope, {}, today)}`)).rows[0];
}

/** The shop of a shipment of a plan, or null: for checks before the scope applies (history of a bill). */
export async function shopOfShipment(db: DbOrTx, id: number): Promise<number | null> {
  const [r] = (await db.execute<{ shop_id: number }>(sql`SELECT sh.shop_id FROM ${planShipments} sh WHERE sh.id = ${id}`)).rows;
  return r ? Number(r.shop_id) : null;
}

// ---- rate cards for the estimate ----

export interface EstimateCardRow extends Record<string, unknown> {
  id: number;
  carrier_code: string;
  carrier_name: string;
  mode: string;
  market_id: number;
  destination: string;
  price_per_kg: string | null;
  price_per_cbm: string | null;
  min_charge: string;
  fuel_surcharge_pct: string;
  valid_from: string;
  valid_to: string | null;
}

/** Every card of an active carrier offering its mode (a few dozen): the service picks per shipment. */
export async function estimateCards(db: DbOrTx) {
  return (
    await db.execute<EstimateCardRow>(sql`
      SELECT r.id, c.code AS carrier_code, c.name AS carrier_name, r.mode, r.market_id, r.destination, r.price_per_kg,
             r.price_per_cbm, r.min_charge, r.fuel_surcharge_pct, ${day('r.valid_from')} AS valid_from,
             ${day('r.valid_to')} AS valid_to
        FROM logistics_rate_cards r JOIN logistics_carriers c ON c.id = r.carrier_id
       WHERE c.active AND r.mode = ANY (c.modes) ORDER BY r.id`)
  ).rows;
}

/** Saved planned transit days per marketplace. */
export async function plannedDaysRows(db: DbOrTx) {
  return (
    await db.execute<{ market_id: number; sea: number; air: number; express: number; rail: number }>(sql`
      SELECT market_id, transit_sea AS sea, transit_air AS air, transit_express AS express, transit_rail AS rail
        FROM logistics_shipment_settings`)
  ).rows;
}

// ---- bills ----

export interface BillRow extends Record<string, unknown> {
  id: number;
  shipment_id: number;
  carrier_id: number;
  carrier_code: string;
  carrier_name: string;
  bill_no: string;
  charge_type: string;
  amount: string;
  currency: string;
  amount_usd: string | null;
  invoice_day: string;
  remark: string;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

const BILL_SELECT = sql`SELECT b.id, b.shipment_id, b.carrier_id, c.code AS carrier_code, c.name AS carrier_name, b.bill_no,
    b.charge_type, b.amount, b.currency, b.amount_usd, ${day('b.invoice_day')} AS invoice_day, b.remark, b.version,
    u.user_name AS updated_by, ${ts('b.updated_at')} AS updated_at
  FROM ${BILLS_USD} b JOIN logistics_carriers c ON c.id = b.carrier_id LEFT JOIN ${userDirectory} u ON u.id = b.updated_by`;

export async function billsOfShipment(db: DbOrTx, shipmentId: number) {
  return (await db.execute<BillRow>(sql`${BILL_SELECT} WHERE b.shipment_id = ${shipmentId} ORDER BY b.invoice_day, b.id`)).rows;
}

export async function billById(db: DbOrTx, id: number, lock = false) {
  if (lock) await db.execute(sql`SELECT id FROM logistics_bills WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<BillRow>(sql`${BILL_SELECT} WHERE b.id = ${id}`)).rows[0];
}

/** Another bill of the carrier with this number and charge type. */
export async function billWithNo(db: DbOrTx, carrierId: number, billNo: string, chargeType: string, exceptId: number | null) {
  return (
    await db.execute<{ id: number }>(sql`SELECT id FROM logistics_bills WHERE carrier_id = ${carrierId}
      AND bill_no = ${billNo} AND charge_type = ${chargeType} AND id IS DISTINCT FROM ${exceptId}`)
  ).rows[0];
}

export async function activeCarrier(db: DbOrTx, id: number) {
  return (await db.execute<{ id: number }>(sql`SELECT id FROM logistics_carriers WHERE id = ${id} AND active FOR SHARE`)).rows[0];
}
