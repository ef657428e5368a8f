/**
 * The supply boards' figures (docs/supply-boards.md). The reads come from inventory's boards.reads.ts within the
 * caller's ShopScope; the figures are computed here from those rows, by pure functions the tests check by hand:
 * - in transit: a shipment whose plan is shipped or received (not closed) with units not yet received;
 * - arriving in 7 / 14 days: in transit with its ETA from today to today + 6 / + 13;
 * - late and on time: contract inventory/delivery.ts (`late`, `onTime`, ETA + ON_TIME_GRACE_DAYS);
 * - received short: a received or closed plan with fewer units received than shipped (as /shipmentDif), its last
 *   receipt in the last LOOKBACK_DAYS; on-time rate: plans received in full or closed, last receipt in that window;
 * - planned week: the Monday of a confirmed or batched plan's planned ship day (its batch's, else creation + prep).
 * The open shipments of a company are a few hundred at most, so the late and progress lists are sorted and paged
 * here, over the rows of the scope, rather than by a second query that would restate the late rule in SQL.
 */
import type { EndpointQuery } from '@bo/contract';
import { addDays, late, ON_TIME_GRACE_DAYS, onTheWay, onTime } from '@bo/contract/inventory/delivery';
import type { ShipmentMode, ShipmentPlanState } from '@bo/contract/inventory/shipments';
import {
  ARRIVAL_WEEKS,
  type BoardShipment,
  DELIVERY_WEEKS_AHEAD,
  DELIVERY_WEEKS_BACK,
  type DeliveryWeek,
  daysBetween,
  LOOKBACK_DAYS,
  type LogisticsBoard,
  type lateShipments,
  type receiptProgress,
  weekOf,
} from '@bo/contract/supplyboards/boards';
import type { AppContext } from '../../platform/context';
import {
  type BoardFilter,
  type BoardShipmentRow,
  boardShipments,
  plannedShipments,
  receivedPerDay,
} from '../inventory/boards.reads';
import type { ShopScope } from '../shops/shops/shop-scope';

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Shipped or partly received, not closed, with units still on the way (`onTheWay`, the rule every board shares). */
export const isOpen = (r: BoardShipmentRow) => onTheWay(r.state, r.shipped, r.received);

export function toBoardShipment(r: BoardShipmentRow, today: string): BoardShipment {
  return {
    ...r,
    state: r.state as ShipmentPlanState,
    mode: r.mode as ShipmentMode,
    remaining: r.shipped - r.received,
    daysSinceEta: daysBetween(r.eta, today),
  };
}

const tally = (rows: readonly BoardShipmentRow[]) => ({
  shipments: rows.length,
  units: rows.reduce((sum, r) => sum + r.shipped - r.received, 0),
});

/** The logistics board's figures from the board's shipments (see the file's head for each definition). */
export function logisticsFigures(rows: readonly BoardShipmentRow[], today: string): LogisticsBoard {
  const open = rows.filter(isOpen);
  const arrivingBy = (days: number) => open.filter((r) => r.eta >= today && r.eta <= addDays(today, days - 1));
  const since = addDays(today, -LOOKBACK_DAYS);
  const recent = (r: BoardShipmentRow) => r.receivedOn !== null && r.receivedOn >= since && r.receivedOn <= today;
  const short = rows.filter((r) => (r.state === 'received' || r.state === 'closed') && r.shipped > r.received && recent(r));
  const judged = rows
    .filter((r) => (r.state === 'closed' || (r.state === 'received' && r.received >= r.shipped)) && recent(r))
    .map((r) => onTime(r.eta, r.receivedOn))
    .filter((v): v is boolean => v !== null);
  const onTimeCount = judged.filter(Boolean).length;
  const first = weekOf(today);
  const weeks = Array.from({ length: ARRIVAL_WEEKS }, (_, i) => addDays(first, i * 7));
  const arrivals = weeks.map((week) => ({ week, sea: 0, air: 0, express: 0, rail: 0 }));
  for (const r of open) {
    const i = weeks.indexOf(weekOf(r.eta));
    const bucket = arrivals[i];
    if (bucket) bucket[r.mode as ShipmentMode] += r.shipped - r.received;
  }
  return {
    today,
    inTransit: tally(open),
    arriving7: tally(arrivingBy(7)),
    arriving14: tally(arrivingBy(14)),
    late: tally(open.filter((r) => late(r.eta, today, true))),
    short: tally(short),
    onTime: {
      judged: judged.length,
      onTime: onTimeCount,
      rate: judged.length ? onTimeCount / judged.length : null,
      graceDays: ON_TIME_GRACE_DAYS,
    },
    arrivals,
  };
}

type Sortable = 'eta' | 'etd' | 'daysSinceEta' | 'remaining' | 'shipped' | 'progress';
const progressOf = (r: BoardShipment) => (r.shipped ? r.received / r.shipped : 0);

/** Sorts (ties by plan id, newest last) and pages board shipments. */
export function pageRows(
  rows: BoardShipment[],
  q: { sortField: Sortable; sortOrder: 'asc' | 'desc'; pageNum: number; pageSize: number },
) {
  const key = (r: BoardShipment): number | string => (q.sortField === 'progress' ? progressOf(r) : r[q.sortField]);
  const dir = q.sortOrder === 'asc' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -dir : ka > kb ? dir : a.planId - b.planId;
  });
  const start = (q.pageNum - 1) * q.pageSize;
  return { list: sorted.slice(start, start + q.pageSize), total: rows.length, pageNum: q.pageNum, pageSize: q.pageSize };
}

const filterOf = (q: BoardFilter): BoardFilter => ({ shopId: q.shopId, marketId: q.marketId });

export async function logisticsBoard(ctx: AppContext, scope: ShopScope, q: BoardFilter, today = todayUtc()) {
  return logisticsFigures(await boardShipments(ctx.db, scope, filterOf(q), addDays(today, -LOOKBACK_DAYS)), today);
}

export async function lateShipmentsPage(
  ctx: AppContext,
  scope: ShopScope,
  q: EndpointQuery<typeof lateShipments>,
  today = todayUtc(),
) {
  const rows = await boardShipments(ctx.db, scope, filterOf(q), today);
  const lateRows = rows.filter((r) => late(r.eta, today, isOpen(r))).map((r) => toBoardShipment(r, today));
  return pageRows(lateRows, q);
}

/** The Mondays of the delivery dashboard, oldest first. */
export function deliveryWeeks(today: string): string[] {
  const first = addDays(weekOf(today), -7 * DELIVERY_WEEKS_BACK);
  return Array.from({ length: DELIVERY_WEEKS_BACK + 1 + DELIVERY_WEEKS_AHEAD }, (_, i) => addDays(first, i * 7));
}

/** Units planned, shipped (by ETD) and received (by receipt day) per week and marketplace, inside `weeks`. */
export function deliveryFigures(
  weeks: readonly string[],
  input: {
    planned: readonly { marketId: number; units: number; plannedOn: string }[];
    shipments: readonly BoardShipmentRow[];
    received: readonly { marketId: number; day: string; units: number }[];
  },
): DeliveryWeek[] {
  const cells = new Map<string, DeliveryWeek>();
  const cell = (day: string, marketId: number) => {
    const week = weekOf(day);
    if (!weeks.includes(week)) return null;
    const k = `${week}|${marketId}`;
    let c = cells.get(k);
    if (!c) {
      c = { week, marketId, planned: 0, shipped: 0, received: 0 };
      cells.set(k, c);
    }
    return c;
  };
  for (const p of input.planned) {
    const c = cell(p.plannedOn, p.marketId);
    if (c) c.planned += p.units;
  }
  for (const s of input.shipments) {
    const c = cell(s.etd, s.marketId);
    if (c) c.shipped += s.shipped;
  }
  for (const r of input.received) {
    const c = cell(r.day, r.marketId);
    if (c) c.received += r.units;
  }
  return [...cells.values()].sort((a, b) => (a.week < b.week ? -1 : a.week > b.week ? 1 : a.marketId - b.marketId));
}

export async function deliveryBoard(ctx: AppContext, scope: ShopScope, q: BoardFilter, today = todayUtc()) {
  const weeks = deliveryWeeks(today);
  const since = weeks[0] as string;
  const f = filterOf(q);
  const planned = await plannedShipments(ctx.db, scope, f);
  const shipments = await boardShipments(ctx.db, scope, f, since);
  const received = await receivedPerDay(ctx.db, scope, f, since);
  return { today, weeks, rows: deliveryFigures(weeks, { planned, shipments, received }) };
}

export async function receiptProgressPage(
  ctx: AppContext,
  scope: ShopScope,
  q: EndpointQuery<typeof receiptProgress>,
  today = todayUtc(),
) {
  const rows = await boardShipments(ctx.db, scope, filterOf(q), today);
  const notClosed = rows.filter((r) => r.state === 'shipped' || r.state === 'received').map((r) => toBoardShipment(r, today));
  return pageRows(notClosed, q);
}
