/**
 * The freight bills demo (after the shipment and batch demos and the carriers): a freight bill
 * for each demo shipment of the internal account but the newest (left unbilled), priced around its
 * estimate (some over, some under), a fuel surcharge on the sea ones and an import duty in the
 * marketplace's currency on the first received one, so /logisticsMgr and both panels show their
 * figures after `npm start`. Applied once (app_meta).
 */
import { MARKETS } from '@bo/contract';
import type { ShipmentMode } from '@bo/contract/inventory/shipments';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planShipments } from '../inventory/shipments.reads';
import { shopDirectory } from '../shops/shops.reads';
import { pricingOf } from './shipment-costs.service';
import { carrierMatches, estimateOf } from './shipment-figures';

export const BILLS_SEED_KEY = 'seed.logistics-bills';

/** The company carrier that bills a mode when none matches the shipment's written carrier. */
const BY_MODE: Record<ShipmentMode, string> = { sea: 'SEA-FBA', air: 'AIR-FBA', rail: 'CR-EXPRESS', express: 'DHL-EXP' };
/** Actual / estimate, in turn: over, under, well over, on it. */
const FACTORS = [1.12, 0.94, 1.31, 1.0, 1.05];

export async function applyBillsDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${BILLS_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${BILLS_SEED_KEY}`)).rows;
    if (done) return;
    const [any] = (await tx.execute(sql`SELECT 1 AS x FROM logistics_bills LIMIT 1`)).rows;
    const ships = (
      await tx.execute<{
        id: number;
        code: string;
        mode: ShipmentMode;
        carrier: string;
        market_id: number;
        warehouse_code: string;
        etd: string;
        eta: string;
        weight_kg: number;
        cbm: number;
        plan_state: string;
        units: number;
        received_units: number;
        last_receipt_day: string | null;
      }>(sql`
        SELECT sh.id, sh.code, sh.mode, sh.carrier, s.market_id, sh.warehouse_code, to_char(sh.etd, 'YYYY-MM-DD') AS etd,
               to_char(sh.eta, 'YYYY-MM-DD') AS eta, sh.weight_kg, sh.cbm, sh.plan_state, sh.units, sh.received_units,
               to_char(sh.last_receipt_day, 'YYYY-MM-DD') AS last_receipt_day
          FROM ${planShipments} sh JOIN ${shopDirectory} s ON s.id = sh.shop_id
         WHERE s.account_id = 1 ORDER BY sh.etd, sh.id`)
    ).rows;
    const carriers = (
      await tx.execute<{ id: number; code: string; name: string }>(sql`SELECT id, code, name FROM logistics_carriers`)
    ).rows;
    if (!any && ships.length > 1 && carriers.length > 0) {
      const pricing = await pricingOf(tx);
      let dutyDone = false;
      // The newest shipment stays unbilled: the carrier's invoice has not come yet.
      for (const [i, s] of ships.slice(0, -1).entries()) {
        const est = estimateOf(
          {
            mode: s.mode,
            carrier: s.carrier,
            marketId: Number(s.market_id),
            warehouseCode: s.warehouse_code,
            etd: s.etd,
            eta: s.eta,
            weightKg: Number(s.weight_kg),
            cbm: Number(s.cbm),
            planState: s.plan_state,
            units: Number(s.units),
            receivedUnits: Number(s.received_units),
            lastReceiptDay: s.last_receipt_day,
          },
          pricing.cards,
        ).estimatedUsd;
        const carrier =
          carriers.find((c) => carrierMatches(s.carrier, c.code, c.name)) ?? carriers.find((c) => c.code === BY_MODE[s.mode]);
        if (!carrier) continue;
        const freight = Math.max(Math.round((est ?? 180) * (FACTORS[i % FACTORS.length] as number) * 100) / 100, 25);
        const invoice = s.etd;
        const bills: [string, number, string][] = [['freight', freight, 'USD']];
        if (s.mode === 'sea') bills.push(['surcharge', Math.round(freight * 8) / 100, 'USD']);
        const currency = MARKETS.find((m) => m.id === Number(s.market_id))?.currency ?? 'USD';
        if (!dutyDone && s.plan_state !== 'shipped' && currency !== 'USD') {
          dutyDone = true;
          bills.push(['duty', 120, currency]);
        }
        for (const [type, amount, cur] of bills)
          await tx.execute(sql`
            INSERT INTO logistics_bills (shipment_id, carrier_id, bill_no, charge_type, amount, currency, invoice_day, remark)
            VALUES (${s.id}, ${carrier.id}, ${`INV-${s.code}`}, ${type}, ${amount.toFixed(2)}, ${cur}, ${invoice}::date,
                    ${type === 'freight' ? '' : 'demo'})`);
      }
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${BILLS_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
