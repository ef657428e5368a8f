/**
 * How shipments move stock (written by shipments.service.ts inside its transaction): units
 * shipped to a warehouse count as inbound shipped there; units received leave inbound and
 * become fulfillable; what a closed plan never received leaves inbound. Each change lands on
 * the shop's latest day for that warehouse (the day the boards call current), so the other
 * SKUs of that day stay current; with no day yet, on `day`. The next stock report of that day
 * replaces it as a whole: the report is the truth.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface StockMove {
  shopId: number;
  warehouseId: number;
  sku: string;
  listingId: number | null;
  units: number;
  /** The day to write when the shop has no position in that warehouse yet. */
  day: string;
}

async function latestDay(db: DbOrTx, m: StockMove): Promise<string> {
  const [r] = (
    await db.execute<{ day: string | null }>(sql`
      SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM inventory_positions
       WHERE shop_id = ${m.shopId} AND warehouse_id = ${m.warehouseId}`)
  ).rows;
  return r?.day ?? m.day;
}

/** Adds `fulfillable` and `inboundShipped` deltas to the SKU's current position (never below 0). */
async function adjust(db: DbOrTx, m: StockMove, fulfillable: number, inbound: number): Promise<void> {
  const day = await latestDay(db, m);
  await db.execute(sql`
    INSERT INTO inventory_positions (shop_id, warehouse_id, day, sku, listing_id, fulfillable, inbound_shipped, source)
    VALUES (${m.shopId}, ${m.warehouseId}, ${day}, ${m.sku}, ${m.listingId}, ${Math.max(fulfillable, 0)}, ${Math.max(inbound, 0)}, 'shipment')
    ON CONFLICT (shop_id, warehouse_id, day, sku) DO UPDATE
       SET fulfillable = greatest(inventory_positions.fulfillable + ${fulfillable}, 0),
           inbound_shipped = greatest(inventory_positions.inbound_shipped + ${inbound}, 0),
           updated_at = now()`);
}

/** Units shipped to the warehouse: inbound shipped there. */
export const stockShipped = (db: DbOrTx, m: StockMove) => adjust(db, m, 0, m.units);
/** Units received at the warehouse: out of inbound, into fulfillable. */
export const stockReceived = (db: DbOrTx, m: StockMove) => adjust(db, m, m.units, -m.units);
/** Units that will not arrive (the plan closed short): out of inbound. */
export const stockLost = (db: DbOrTx, m: StockMove) => adjust(db, m, 0, -m.units);
