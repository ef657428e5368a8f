/**
 * The FBA capacity cap (issue #22, docs/inventory.md "Replenishment" → "FBA capacity"): the
 * limit logistics stores per marketplace (`fba_capacity_units` of /shipmentConfiguration, read
 * through logistics.reads) is the number of units the company may hold in that marketplace's FBA
 * warehouses, on hand and inbound together, as Amazon's capacity limits count them. Held =
 * fulfillable + reserved + inbound (working, shipped, receiving) of the latest position of every
 * shop's FBA warehouse of the marketplace + the units of plans confirmed or batched to them that
 * have not shipped yet (they are not inbound yet, but they are promised). Every shop of the
 * marketplace counts: the limit is the company's, whoever reads it.
 * - The advice is capped so that held + advice stays within the limit, the room shared in order
 *   of urgency: red before amber, the earliest stock-out first (then SKU), each row's share
 *   rounded down to whole cartons (`capAdvice`).
 * - Confirming a plan to an FBA warehouse whose units exceed the room left answers 409 with the
 *   figures (`checkPlanCapacity`, under a lock per marketplace so two confirms cannot both take
 *   the last room).
 */
import type { Lang } from '@bo/contract';
import type { AdviceRow } from '@bo/contract/inventory/replenish';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyInt } from '../../db/sql';
import { conflict } from '../../platform/errors';
import { marketShipmentSettings } from '../logistics/logistics.reads';

export interface MarketCapacity {
  marketId: number;
  /** Units the marketplace's FBA warehouses may hold. */
  limit: number;
  /** On hand + inbound + confirmed plans not yet shipped. */
  held: number;
}

/** The capacity of the marketplaces given (all with a limit when none given) that have a limit set. */
export async function marketCapacity(
  db: DbOrTx,
  marketIds?: readonly number[],
  exceptPlanId?: number,
): Promise<Map<number, MarketCapacity>> {
  const only = marketIds ? sql`AND st.market_id = ${anyInt(marketIds)}` : sql``;
  const r = await db.execute<{ market_id: number; limit: number; stock: string; planned: string }>(sql`
    SELECT st.market_id, st.fba_capacity_units AS limit,
           coalesce((SELECT sum(p.fulfillable + p.reserved + p.inbound_working + p.inbound_shipped + p.inbound_receiving)
              FROM (SELECT shop_id, warehouse_id, max(day) AS day FROM inventory_positions GROUP BY shop_id, warehouse_id) lt
              JOIN inventory_positions p ON p.shop_id = lt.shop_id AND p.warehouse_id = lt.warehouse_id AND p.day = lt.day
              JOIN inventory_warehouses w ON w.id = p.warehouse_id AND w.kind = 'fba'
             WHERE w.market_id = st.market_id), 0) AS stock,
           coalesce((SELECT sum(l.cartons * l.units_per_carton)
              FROM shipment_plans sp JOIN shipment_plan_lines l ON l.plan_id = sp.id
              JOIN inventory_warehouses w ON w.id = sp.warehouse_id AND w.kind = 'fba'
             WHERE w.market_id = st.market_id AND sp.state IN ('confirmed', 'batched')
               AND sp.id <> ${exceptPlanId ?? 0}), 0) AS planned
      FROM ${marketShipmentSettings} st
     WHERE st.fba_capacity_units IS NOT NULL ${only}`);
  return new Map(
    r.rows.map((x) => [
      Number(x.market_id),
      { marketId: Number(x.market_id), limit: Number(x.limit), held: Number(x.stock) + Number(x.planned) },
    ]),
  );
}

const STATE_ORDER = { red: 0, amber: 1, green: 2 } as const;

/** Red before amber, the earliest stock-out first (none last), then SKU and shop. */
export function urgencyOrder(a: AdviceRow, b: AdviceRow): number {
  return (
    STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
    (a.daysOfCover ?? Number.POSITIVE_INFINITY) - (b.daysOfCover ?? Number.POSITIVE_INFINITY) ||
    a.sku.localeCompare(b.sku) ||
    a.shopId - b.shopId
  );
}

export const rowKey = (r: Pick<AdviceRow, 'shopId' | 'warehouseId' | 'listingId'>) =>
  `${r.shopId}|${r.warehouseId}|${r.listingId}`;

export interface CappedUnits {
  units: number;
  limit: number;
}

/**
 * Shares each marketplace's room (limit − held, never below 0) among its advised rows in order
 * of urgency: a row gets its advice or what is left of the room, rounded down to whole cartons.
 * Answers the rows whose advice the cap lowered, by `rowKey`. Pure: the tests check it by hand.
 */
export function capAdvice(rows: readonly AdviceRow[], capacity: ReadonlyMap<number, MarketCapacity>): Map<string, CappedUnits> {
  const out = new Map<string, CappedUnits>();
  const byMarket = new Map<number, AdviceRow[]>();
  for (const r of rows) {
    if (r.adviceUnits <= 0 || r.warehouseKind !== 'fba' || !capacity.has(r.marketId)) continue;
    byMarket.set(r.marketId, [...(byMarket.get(r.marketId) ?? []), r]);
  }
  for (const [marketId, list] of byMarket) {
    const cap = capacity.get(marketId) as MarketCapacity;
    let room = Math.max(0, cap.limit - cap.held);
    for (const r of [...list].sort(urgencyOrder)) {
      const units = r.adviceUnits <= room ? r.adviceUnits : Math.floor(room / r.unitsPerCarton) * r.unitsPerCarton;
      room -= units;
      if (units < r.adviceUnits) out.set(rowKey(r), { units, limit: cap.limit });
    }
  }
  return out;
}

/** The row with its capped advice, or as it was. */
export function withCap(
  r: AdviceRow,
  capped: ReadonlyMap<string, CappedUnits>,
  capacity: ReadonlyMap<number, MarketCapacity>,
): AdviceRow {
  const c = capped.get(rowKey(r));
  const limit = capacity.get(r.marketId)?.limit ?? null;
  if (!c) return { ...r, uncappedUnits: r.adviceUnits, capped: false, capacityLimit: r.warehouseKind === 'fba' ? limit : null };
  return {
    ...r,
    uncappedUnits: r.adviceUnits,
    adviceUnits: c.units,
    cartons: c.units / r.unitsPerCarton,
    capped: true,
    capacityLimit: c.limit,
  };
}

/**
 * Confirming a plan: when it goes to an FBA warehouse of a marketplace with a limit, its units
 * must fit in the room left (limit − held, other plans confirmed and not shipped included);
 * otherwise 409 with the figures. Locks the marketplace's capacity for the transaction.
 */
export async function checkPlanCapacity(
  tx: DbOrTx,
  plan: { id: number; warehouseId: number; lines: readonly { quantity: number }[] },
  lang: Lang,
): Promise<void> {
  const [w] = (
    await tx.execute<{ market_id: number | null; kind: string }>(
      sql`SELECT market_id, kind FROM inventory_warehouses WHERE id = ${plan.warehouseId}`,
    )
  ).rows;
  if (w?.kind !== 'fba' || w.market_id === null) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727274300, ${Number(w.market_id)})`);
  const cap = (await marketCapacity(tx, [Number(w.market_id)], plan.id)).get(Number(w.market_id));
  if (!cap) return;
  const units = plan.lines.reduce((a, l) => a + l.quantity, 0);
  const remaining = Math.max(0, cap.limit - cap.held);
  if (units <= remaining) return;
  const figures = { marketId: cap.marketId, limit: cap.limit, held: cap.held, remaining, planUnits: units };
  throw conflict(
    lang === 'zh-CN'
      ? `超出 FBA 库容：上限 ${cap.limit} 件，已占用 ${cap.held} 件（在库、在途及已确认未发货的计划），剩余 ${remaining} 件，本计划 ${units} 件`
      : `over the FBA capacity: limit ${cap.limit} units, ${cap.held} held (on hand, inbound and confirmed plans not shipped), ${remaining} left, this plan ${units}`,
    { reason: 'fbaCapacity', ...figures },
  );
}
