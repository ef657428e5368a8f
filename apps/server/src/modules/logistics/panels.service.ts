/**
 * The logistics panels (docs/logistics.md "Panels"), summed from the same shipments and figures
 * as /logisticsMgr (shipment-costs.service.ts) within the caller's shops, a shipment in the month
 * of its ETD:
 * - /logisticsPanel: per month the shipments, units, kg, the estimate, the bills' actual (USD) and
 *   the estimate of the billed shipments (what the actual compares with), the actual per mode and
 *   per marketplace; per mode over the range the actual per unit and per kg of the billed shipments.
 * - /newLogisticsPanel: per carrier (as written on the shipment) and mode the shipments, received,
 *   median and p90 actual transit days, the mean planned days, on-time count and rate (of the
 *   received), late now; and the received shipments per mode and actual days.
 */
import { SHIPMENT_MODES } from '@bo/contract/inventory/shipments';
import type { CostPanel, costPanelQuery, TransitPanel, transitPanelQuery } from '@bo/contract/logistics/panels';
import type { ShipmentCost } from '@bo/contract/logistics/shipment-costs';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { ShopScope } from '../shops/shops/shop-scope';
import { addMonths, monthsFrom } from './months';
import * as repo from './shipment-costs.repository';
import { pricingOf, toShipment } from './shipment-costs.service';
import { median, p90, round2 } from './shipment-figures';

async function shipmentsIn(ctx: AppContext, scope: ShopScope, f: repo.ShipmentFilter, today: string): Promise<ShipmentCost[]> {
  const p = await pricingOf(ctx.db, today);
  return (await repo.shipmentsOf(ctx.db, scope, f, today)).map((r) => toShipment(r, p));
}

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** Sums of one panel's shipments (exported for the test of the arithmetic). */
export function costPanelOf(list: readonly ShipmentCost[], fromMonth: string, toMonth: string): CostPanel {
  const months = monthsFrom(fromMonth, toMonth);
  const byMonth = new Map(
    months.map((month) => [
      month,
      { month, shipments: 0, units: 0, weightKg: 0, estimatedUsd: 0, actualUsd: 0, estimatedBilledUsd: 0, unbilled: 0 },
    ]),
  );
  const modeSpend = new Map<string, number>();
  const marketSpend = new Map<string, number>();
  const modes = new Map(
    SHIPMENT_MODES.map((mode) => [
      mode,
      {
        mode,
        shipments: 0,
        billed: 0,
        billedUnits: 0,
        billedKg: 0,
        actualUsd: 0,
        perUnitUsd: null,
        perKgUsd: null,
      } as CostPanel['modes'][number],
    ]),
  );
  for (const s of list) {
    const month = s.etd.slice(0, 7);
    const m = byMonth.get(month);
    if (!m) continue;
    m.shipments += 1;
    m.units += s.units;
    m.weightKg += s.weightKg;
    m.estimatedUsd += s.estimatedUsd ?? 0;
    m.actualUsd += s.actualUsd;
    const md = modes.get(s.mode) as CostPanel['modes'][number];
    md.shipments += 1;
    if (s.bills === 0) {
      m.unbilled += 1;
      continue;
    }
    m.estimatedBilledUsd += s.estimatedUsd ?? 0;
    modeSpend.set(`${month}|${s.mode}`, (modeSpend.get(`${month}|${s.mode}`) ?? 0) + s.actualUsd);
    marketSpend.set(`${month}|${s.marketId}`, (marketSpend.get(`${month}|${s.marketId}`) ?? 0) + s.actualUsd);
    md.billed += 1;
    md.billedUnits += s.units;
    md.billedKg += s.weightKg;
    md.actualUsd += s.actualUsd;
  }
  const split = (key: string) => key.split('|') as [string, string];
  return {
    fromMonth,
    toMonth,
    months: [...byMonth.values()].map((m) => ({
      ...m,
      weightKg: round2(m.weightKg),
      estimatedUsd: round2(m.estimatedUsd),
      actualUsd: round2(m.actualUsd),
      estimatedBilledUsd: round2(m.estimatedBilledUsd),
    })),
    byMode: [...modeSpend].map(([k, usd]) => {
      const [month, mode] = split(k);
      return { month, mode: mode as CostPanel['byMode'][number]['mode'], usd: round2(usd) };
    }),
    byMarket: [...marketSpend].map(([k, usd]) => {
      const [month, market] = split(k);
      return { month, marketId: Number(market), usd: round2(usd) };
    }),
    modes: [...modes.values()]
      .filter((m) => m.shipments > 0)
      .map((m) => ({
        ...m,
        billedKg: round2(m.billedKg),
        actualUsd: round2(m.actualUsd),
        perUnitUsd: m.billedUnits > 0 ? Math.round((m.actualUsd / m.billedUnits) * 10_000) / 10_000 : null,
        perKgUsd: m.billedKg > 0 ? Math.round((m.actualUsd / m.billedKg) * 10_000) / 10_000 : null,
      })),
  };
}

export async function costPanel(
  ctx: AppContext,
  scope: ShopScope,
  q: z.infer<typeof costPanelQuery>,
  today = new Date().toISOString().slice(0, 10),
): Promise<CostPanel> {
  const toMonth = q.toMonth ?? today.slice(0, 7);
  const fromMonth = q.fromMonth ?? addMonths(toMonth, -11);
  const [first, to] = fromMonth <= toMonth ? [fromMonth, toMonth] : [toMonth, fromMonth];
  // Five years at most (the reply names the months it sums).
  const from = first < addMonths(to, -59) ? addMonths(to, -59) : first;
  const list = await shipmentsIn(
    ctx,
    scope,
    { shopId: q.shopId, marketId: q.marketId, mode: q.mode, etdFrom: `${from}-01`, etdTo: lastDayOf(to) },
    today,
  );
  return costPanelOf(list, from, to);
}

/** Sums of the transit panel (exported for the test of the arithmetic). */
export function transitPanelOf(list: readonly ShipmentCost[], etdFrom: string, etdTo: string): TransitPanel {
  const groups = new Map<string, ShipmentCost[]>();
  const dist = new Map<string, number>();
  for (const s of list) {
    const key = `${s.carrier}|${s.mode}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
    if (s.actualDays !== null) dist.set(`${s.mode}|${s.actualDays}`, (dist.get(`${s.mode}|${s.actualDays}`) ?? 0) + 1);
  }
  const carriers = [...groups.values()].map((g) => {
    const first = g[0] as ShipmentCost;
    const days = g.flatMap((s) => (s.actualDays === null ? [] : [s.actualDays]));
    const received = g.filter((s) => s.flow === 'received').length;
    const judged = g.filter((s) => s.onTime !== null).length;
    const onTime = g.filter((s) => s.onTime === true).length;
    return {
      carrier: first.carrier,
      mode: first.mode,
      shipments: g.length,
      received,
      medianDays: median(days),
      p90Days: p90(days),
      plannedDays: round2(g.reduce((a, s) => a + s.plannedDays, 0) / g.length),
      onTime,
      onTimeRate: judged > 0 ? Math.round((onTime / judged) * 10_000) / 10_000 : null,
      lateNow: g.filter((s) => s.late).length,
    };
  });
  carriers.sort((a, b) => b.shipments - a.shipments || a.carrier.localeCompare(b.carrier) || a.mode.localeCompare(b.mode));
  const distribution = [...dist].map(([k, shipments]) => {
    const [mode, days] = k.split('|') as [string, string];
    return { mode: mode as TransitPanel['distribution'][number]['mode'], days: Number(days), shipments };
  });
  distribution.sort((a, b) => a.mode.localeCompare(b.mode) || a.days - b.days);
  return { etdFrom, etdTo, carriers, distribution };
}

export async function transitPanel(
  ctx: AppContext,
  scope: ShopScope,
  q: z.infer<typeof transitPanelQuery>,
  today = new Date().toISOString().slice(0, 10),
): Promise<TransitPanel> {
  const etdTo = q.etdTo ?? today;
  const etdFrom = q.etdFrom ?? new Date(Date.parse(`${etdTo}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
  const list = await shipmentsIn(ctx, scope, { shopId: q.shopId, marketId: q.marketId, mode: q.mode, etdFrom, etdTo }, today);
  return transitPanelOf(list, etdFrom, etdTo);
}
