/**
 * The reads inventory publishes for the supply boards (modules/supplyboards): shipments with what arrived,
 * the units of plans still to ship with their planned ship day, the units received per day, and the replenishment
 * inputs the shipment forecast runs forward. Every read
 * takes the caller's ShopScope; a shop filter narrows it. The boards compute their figures from these rows
 * (late and on time by contract inventory/delivery.ts), so no rule lives in SQL here.
 */
import { DEFAULT_WARNING } from '@bo/contract/forecasts/forecast-settings';
import { COVER_WINDOW_DAYS } from '@bo/contract/inventory/inventory';
import type { ReplenishInput, ServiceLevel } from '@bo/contract/inventory/replenish';
import { DEFAULT_PREP_DAYS } from '@bo/contract/logistics/shipment-settings';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { marketShipmentSettings } from '../logistics/logistics.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';
import { listingOf } from './inventory.service';
import { allAdviceInputs } from './replenish.repository';
import { sigmaOf } from './replenish.service';

export interface BoardFilter {
  shopId?: number | undefined;
  marketId?: number | undefined;
}

/** One shipment of a shipped plan with its plan's totals. */
export interface BoardShipmentRow {
  planId: number;
  planCode: string;
  state: string;
  shopId: number;
  shopName: string;
  marketId: number;
  warehouseCode: string;
  code: string;
  mode: string;
  carrier: string;
  tracking: string;
  etd: string;
  eta: string;
  receivedOn: string | null;
  shipped: number;
  received: number;
}

const day = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD')`);

function where(scope: ShopScope, f: BoardFilter): SQL {
  const parts: SQL[] = [shopIn(sql`sp.shop_id`, narrowScope(scope, f.shopId))];
  if (f.marketId !== undefined) parts.push(sql`s.market_id = ${f.marketId}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The shipments a board looks at: every one still open (its plan shipped or received, not closed), and any other
 * that left or had a receipt on or after `since` (`YYYY-MM-DD`).
 */
export async function boardShipments(db: DbOrTx, scope: ShopScope, f: BoardFilter, since: string): Promise<BoardShipmentRow[]> {
  const rows = (
    await db.execute<Record<string, unknown>>(sql`
      SELECT sp.id AS plan_id, sp.code AS plan_code, sp.state, sp.shop_id, s.name AS shop_name, s.market_id,
             w.code AS warehouse_code, sh.code, sh.mode, sh.carrier, sh.tracking, ${day('sh.etd')} AS etd, ${day('sh.eta')} AS eta,
             ${day('sh.received_on')} AS received_on, agg.shipped, agg.received
        FROM shipments sh JOIN shipment_plans sp ON sp.id = sh.plan_id
        JOIN ${shopDirectory} s ON s.id = sp.shop_id
        JOIN inventory_warehouses w ON w.id = sp.warehouse_id
        JOIN LATERAL (SELECT coalesce(sum(l.shipped), 0)::int AS shipped, coalesce(sum(l.received), 0)::int AS received
                        FROM shipment_plan_lines l WHERE l.plan_id = sp.id) agg ON true
       WHERE ${where(scope, f)}
         AND (sp.state IN ('shipped', 'received') OR sh.etd >= ${since}::date OR sh.received_on >= ${since}::date)
       ORDER BY sh.eta, sp.id`)
  ).rows;
  return rows.map((r) => ({
    planId: Number(r.plan_id),
    planCode: String(r.plan_code),
    state: String(r.state),
    shopId: Number(r.shop_id),
    shopName: String(r.shop_name),
    marketId: Number(r.market_id),
    warehouseCode: String(r.warehouse_code),
    code: String(r.code),
    mode: String(r.mode),
    carrier: String(r.carrier),
    tracking: String(r.tracking),
    etd: String(r.etd),
    eta: String(r.eta),
    receivedOn: r.received_on === null ? null : String(r.received_on),
    shipped: Number(r.shipped),
    received: Number(r.received),
  }));
}

/**
 * The plans still to ship (confirmed or batched) with their units and planned ship day: their batch's ship day
 * when it has one, else the day the plan was made plus the marketplace's prep days (/shipmentConfiguration, or
 * DEFAULT_PREP_DAYS when never saved).
 */
export async function plannedShipments(
  db: DbOrTx,
  scope: ShopScope,
  f: BoardFilter,
): Promise<{ planId: number; marketId: number; units: number; plannedOn: string }[]> {
  const rows = (
    await db.execute<Record<string, unknown>>(sql`
      SELECT sp.id AS plan_id, s.market_id,
             (SELECT coalesce(sum(l.cartons * l.units_per_carton), 0)::int FROM shipment_plan_lines l WHERE l.plan_id = sp.id) AS units,
             to_char(coalesce(b.ship_on, (sp.created_at AT TIME ZONE 'UTC')::date + coalesce(ms.prep_days, ${DEFAULT_PREP_DAYS})::int),
                     'YYYY-MM-DD') AS planned_on
        FROM shipment_plans sp JOIN ${shopDirectory} s ON s.id = sp.shop_id
        LEFT JOIN shipment_batches b ON b.id = sp.batch_id
        LEFT JOIN ${marketShipmentSettings} ms ON ms.market_id = s.market_id
       WHERE ${where(scope, f)} AND sp.state IN ('confirmed', 'batched')
       ORDER BY sp.id`)
  ).rows;
  return rows.map((r) => ({
    planId: Number(r.plan_id),
    marketId: Number(r.market_id),
    units: Number(r.units),
    plannedOn: String(r.planned_on),
  }));
}

/** Units received per marketplace and day, on or after `since`. */
export async function receivedPerDay(
  db: DbOrTx,
  scope: ShopScope,
  f: BoardFilter,
  since: string,
): Promise<{ marketId: number; day: string; units: number }[]> {
  const rows = (
    await db.execute<Record<string, unknown>>(sql`
      SELECT s.market_id, ${day('r.received_on')} AS day, sum(r.quantity)::int AS units
        FROM shipment_receipts r JOIN shipment_plan_lines l ON l.id = r.line_id
        JOIN shipment_plans sp ON sp.id = l.plan_id JOIN ${shopDirectory} s ON s.id = sp.shop_id
       WHERE ${where(scope, f)} AND r.received_on >= ${since}::date
       GROUP BY s.market_id, r.received_on
       ORDER BY r.received_on, s.market_id`)
  ).rows;
  return rows.map((r) => ({ marketId: Number(r.market_id), day: String(r.day), units: Number(r.units) }));
}

/** The shop of a shipment plan (null when there is none): the shipment history's reader checks it against the scope. */
export async function shopOfShipmentPlan(db: DbOrTx, planId: number): Promise<number | null> {
  const [row] = (await db.execute<{ shop_id: number }>(sql`SELECT shop_id FROM shipment_plans WHERE id = ${planId}`)).rows;
  return row ? Number(row.shop_id) : null;
}

/** One listing's replenishment inputs as the shipment forecast runs them forward (replenish.service.ts builds the same). */
export interface ForecastInputRow {
  listing: ReturnType<typeof listingOf> & { listingId: number };
  /** The product's line and its parent (the product-line filter). */
  lineId: number | null;
  lineParentId: number | null;
  unitsPerCarton: number;
  input: ReplenishInput;
}

/**
 * The replenishment inputs of every FBA listing of the scope (replenish.repository `allAdviceInputs`: the latest
 * position, our shipments on the way, the stored forecast, σ, the lead time, EOL), mapped as the advice maps them.
 */
export async function forecastInputs(
  db: Db,
  scope: ShopScope,
  st: { serviceLevel: ServiceLevel; moq: number; unitsPerCarton: number },
): Promise<ForecastInputRow[]> {
  const n = (v: unknown) => Number(v ?? 0);
  return (await allAdviceInputs(db, scope)).map((r) => {
    const onWay = ((r.on_way as { inDays: number; units: number }[] | null) ?? []).filter((x) => x.units > 0);
    const offset = n(r.origin_offset);
    const daily = Array.isArray(r.daily) ? (r.daily as number[]).map(Number).slice(Math.max(0, 1 - offset)) : null;
    const forecast = daily && offset >= 1 ? [...Array.from({ length: offset - 1 }, () => daily[0] ?? 0), ...daily] : daily;
    const unitsPerCarton = r.last_units_per_carton ? n(r.last_units_per_carton) : st.unitsPerCarton;
    return {
      listing: { ...listingOf(r), listingId: n(r.listing_id) },
      lineId: r.product_line_id === null ? null : n(r.product_line_id),
      lineParentId: r.line_parent_id === null ? null : n(r.line_parent_id),
      unitsPerCarton,
      input: {
        onHand: n(r.fulfillable) + n(r.reserved),
        inboundWorking: n(r.inbound_working),
        inboundShipped: n(r.inbound_shipped),
        inboundReceiving: n(r.inbound_receiving),
        arrivals: onWay.map((x) => ({ inDays: x.inDays, units: x.units })),
        forecast: forecast && forecast.length > 0 ? forecast : null,
        averageDaily: n(r.units30) / COVER_WINDOW_DAYS,
        sigma: sigmaOf(n(r.sum56), n(r.sq56)),
        prepDays: r.prep_days === null || r.prep_days === undefined ? DEFAULT_WARNING.leadTimeDays : n(r.prep_days),
        serviceLevel: st.serviceLevel,
        moq: st.moq,
        unitsPerCarton,
        eol: r.eol === true,
      },
    };
  });
}

/** The stock screens' kept rows (supply-epoch.ts) and their filters in memory (stock-board.ts), for the supply boards. */
export { filterBoard, type Kept, KeptRows } from './stock-board';
export { scopeKey, supplyMemo } from './supply-epoch';
