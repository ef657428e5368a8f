import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, updatedAt, version, writtenAt } from '../../db/columns';

/**
 * Carriers (/carrierManage): forwarders and couriers by code, with the shipment modes they
 * offer. Company data, like the FBA codes: one list for the company.
 */
export const logisticsCarriers = pgTable(
  'logistics_carriers',
  {
    id: serialId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Of the contract's SHIPMENT_MODES. */
    modes: text('modes').array().notNull(),
    active: boolean('active').notNull().default(true),
    remark: text('remark').notNull().default(''),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [uniqueIndex('logistics_carriers_code_uq').on(t.code)],
);

/**
 * A carrier's price for one lane (mode, origin, destination marketplace, optional warehouse),
 * valid from a day to a day (inclusive) or open. Cards of a lane never overlap (the service
 * checks under a lock on the carrier row). Prices in USD.
 */
export const logisticsRateCards = pgTable(
  'logistics_rate_cards',
  {
    id: serialId(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => logisticsCarriers.id),
    mode: text('mode').notNull(),
    origin: text('origin').notNull().default('CN'),
    marketId: smallint('market_id').notNull(),
    /** A warehouse or fulfilment-centre code; '' for any in the marketplace. */
    destination: text('destination').notNull().default(''),
    pricePerKg: numeric('price_per_kg', { precision: 12, scale: 4 }),
    pricePerCbm: numeric('price_per_cbm', { precision: 12, scale: 4 }),
    minCharge: numeric('min_charge', { precision: 12, scale: 2 }).notNull().default('0'),
    fuelSurchargePct: numeric('fuel_surcharge_pct', { precision: 5, scale: 2 }).notNull().default('0'),
    transitDays: smallint('transit_days').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    remark: text('remark').notNull().default(''),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    index('logistics_rate_cards_lane_ix').on(t.carrierId, t.mode, t.marketId, t.destination, t.validFrom),
    index('logistics_rate_cards_market_ix').on(t.marketId, t.validFrom),
    check('logistics_rate_cards_price_ck', sql`${t.pricePerKg} IS NOT NULL OR ${t.pricePerCbm} IS NOT NULL`),
    check('logistics_rate_cards_valid_ck', sql`${t.validTo} IS NULL OR ${t.validTo} >= ${t.validFrom}`),
  ],
);

/** Shipment settings per marketplace (/shipmentConfiguration); a marketplace without a row uses the defaults. */
export const logisticsShipmentSettings = pgTable('logistics_shipment_settings', {
  marketId: smallint('market_id').primaryKey(),
  defaultMode: text('default_mode').notNull(),
  defaultCarrierId: integer('default_carrier_id').references(() => logisticsCarriers.id, { onDelete: 'set null' }),
  transitSea: smallint('transit_sea').notNull(),
  transitAir: smallint('transit_air').notNull(),
  transitExpress: smallint('transit_express').notNull(),
  transitRail: smallint('transit_rail').notNull(),
  prepDays: smallint('prep_days').notNull(),
  fbaCapacityUnits: integer('fba_capacity_units'),
  updatedBy: integer('updated_by'),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * A freight bill (/logisticsMgr): one charge of a carrier's invoice for one shipment of the
 * shipment plans (inventory `shipments`, read through inventory/shipments.reads.ts; no foreign key
 * across the areas: a shipment is never deleted while it has a plan, and the plan's cascade is the
 * inventory's). A carrier bills a charge type once under a bill number.
 */
export const logisticsBills = pgTable(
  'logistics_bills',
  {
    id: serialId(),
    shipmentId: integer('shipment_id').notNull(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => logisticsCarriers.id),
    billNo: text('bill_no').notNull(),
    /** Of the contract's CHARGE_TYPES. */
    chargeType: text('charge_type').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    invoiceDay: date('invoice_day', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('logistics_bills_no_uq').on(t.carrierId, t.billNo, t.chargeType),
    index('logistics_bills_shipment_ix').on(t.shipmentId),
    check('logistics_bills_amount_ck', sql`${t.amount} > 0`),
    check('logistics_bills_charge_ck', sql`${t.chargeType} IN ('freight', 'duty', 'surcharge', 'insurance', 'other')`),
  ],
);
