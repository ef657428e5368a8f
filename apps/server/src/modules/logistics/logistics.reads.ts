/**
 * The reads logistics publishes for other areas (see catalog/catalog.reads.ts for the
 * convention): the planned transit days per marketplace and mode that planners set on
 * /shipmentConfiguration, for the shipment plans' delivery-type read.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** One row per saved marketplace: market_id, transit_sea, transit_air, transit_express, transit_rail, prep_days, fba_capacity_units. */
export const marketShipmentSettings: SQL = sql`(SELECT market_id, transit_sea, transit_air, transit_express, transit_rail,
            prep_days, fba_capacity_units FROM logistics_shipment_settings)`;

/** The planned transit days per mode a marketplace's settings give, or null when it has none saved. */
export async function plannedTransitDays(
  db: DbOrTx,
  marketId: number,
): Promise<{ sea: number; air: number; express: number; rail: number } | null> {
  const [r] = (
    await db.execute<{ sea: number; air: number; express: number; rail: number }>(sql`
      SELECT transit_sea AS sea, transit_air AS air, transit_express AS express, transit_rail AS rail
        FROM ${marketShipmentSettings} s WHERE s.market_id = ${marketId}`)
  ).rows;
  return r ? { sea: Number(r.sea), air: Number(r.air), express: Number(r.express), rail: Number(r.rail) } : null;
}
