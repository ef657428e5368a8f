/**
 * What inventory publishes of its shipments for other areas (the convention of
 * catalog/catalog.reads.ts): logistics prices them and bills them (/logisticsMgr and its panels).
 * Read only; every reader filters `shop_id` through the caller's ShopScope.
 */
import { type SQL, sql } from 'drizzle-orm';
import { listingProducts, modelPackages } from '../catalog/catalog.reads';

/**
 * One row per shipment of a shipment plan: id, code, plan_id, plan_code, plan_state (shipped,
 * received, closed), shop_id, warehouse_id, warehouse_code, mode, carrier, tracking, etd, eta (dates),
 * units (shipped), received_units, last_receipt_day (date, null before a receipt), and the package
 * figures of the models' info (the batches' rule, docs/inventory.md "Totals"): weight_kg, cbm and
 * units_without_info (units whose model has no package info, left out of both).
 */
export const planShipments: SQL = sql`(SELECT sh.id, sh.code, sh.plan_id, sp.code AS plan_code, sp.state AS plan_state,
            sp.shop_id, sp.warehouse_id, w.code AS warehouse_code, sh.mode, sh.carrier, sh.tracking, sh.etd, sh.eta,
            coalesce(agg.units, 0) AS units, coalesce(agg.received_units, 0) AS received_units,
            (SELECT max(r.received_on) FROM shipment_receipts r JOIN shipment_plan_lines rl ON rl.id = r.line_id
              WHERE rl.plan_id = sp.id) AS last_receipt_day,
            coalesce(agg.weight_kg, 0) AS weight_kg, coalesce(agg.cbm, 0) AS cbm,
            coalesce(agg.units_without_info, 0) AS units_without_info
       FROM shipments sh JOIN shipment_plans sp ON sp.id = sh.plan_id
       JOIN inventory_warehouses w ON w.id = sp.warehouse_id
       LEFT JOIN LATERAL (
         SELECT sum(l.shipped)::int AS units, sum(l.received)::int AS received_units,
                round(sum(l.shipped * mp.gross_weight_g) / 1000.0, 3)::float8 AS weight_kg,
                round(sum(l.shipped * mp.package_length_mm::numeric * mp.package_width_mm * mp.package_height_mm) / 1e9, 4)::float8 AS cbm,
                coalesce(sum(l.shipped) FILTER (WHERE mp.gross_weight_g IS NULL), 0)::int AS units_without_info
           FROM shipment_plan_lines l
           LEFT JOIN ${listingProducts} lp ON lp.id = l.listing_id
           LEFT JOIN ${modelPackages} mp ON mp.product_id = lp.product_id
          WHERE l.plan_id = sp.id) agg ON true
      WHERE sp.state IN ('shipped', 'received', 'closed'))`;
