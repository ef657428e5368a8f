/**
 * The recalculation (docs/forecasts.md "Recalculation"): a product line at a time, read the
 * line's daily units of FORECAST_HISTORY_DAYS days, forecast it in the compute worker
 * (forecasts.line.ts), write the line's rows, count the line done. The next line is read while
 * the worker computes and the last one's rows are written, so the API's thread only moves rows.
 */

import { FORECAST_HISTORY_DAYS } from '@bo/contract/forecasts/forecasts';
import type { Db } from '../../db/client';
import { computePool } from '../../platform/upload/parse-pool';
import type { ListingForecast, ListingSeries } from './forecasts.line';
import * as repo from './forecasts.repository';
import { addScore, emptyScore, type Score } from './method/backtest';
import { dayNum, isoOf } from './method/calendar';

export { backtestOrigins, forecastLine, type ListingForecast, type ListingSeries } from './forecasts.line';

export interface RunOutcome {
  listings: number;
  origin: string | null;
  accuracy: Score & { listings: number };
}

/** How a line is computed: in the compute worker (the default), or as a test passes (`forecastLine` on this thread). */
export type LineComputer = (list: readonly ListingSeries[], origin: number) => Promise<ListingForecast[]>;
const offThread: LineComputer = (list, origin) => computePool().run('forecastLine', list, origin);

/** A promise whose rejection is handled when awaited later, not reported as unhandled meanwhile. */
function later<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/**
 * Recalculates every listing's forecast for run `runId`: progress after each line, the line's
 * rows replaced in one statement, the rows of listings that no longer sell removed at the end.
 * Three lines are under way at once: the next one read, this one computed (in the worker), the
 * last one written; they stay in order, and a failure anywhere fails the run.
 */
export async function recalculate(
  db: Db,
  runId: number,
  signal?: AbortSignal,
  compute: LineComputer = offThread,
): Promise<RunOutcome> {
  const span = await repo.salesSpan(db);
  if (!span) {
    await repo.removeOtherRuns(db, runId);
    return { listings: 0, origin: null, accuracy: { ...emptyScore(), listings: 0 } };
  }
  const origin = dayNum(span.last) + 1;
  const from = origin - FORECAST_HISTORY_DAYS;
  const lines = await repo.linesWithSales(db, isoOf(from));
  await repo.startRun(db, runId, lines.length, isoOf(origin));
  const monthStart = isoOf(dayNum(`${isoOf(origin).slice(0, 7)}-01`));
  const read = (k: number) =>
    later(
      Promise.all([
        repo.lineUnits(db, lines[k]!, isoOf(from), isoOf(origin)),
        repo.lineStockOuts(db, lines[k]!, isoOf(from), isoOf(origin)),
      ]),
    );
  let total = emptyScore();
  let listings = 0;
  let scored = 0;
  let next = lines.length > 0 ? read(0) : null;
  let writing: Promise<void> | null = null;
  try {
    for (let k = 0; k < lines.length; k++) {
      if (signal?.aborted) throw new Error('stopped');
      const [rows, outs] = await next!;
      next = k + 1 < lines.length ? read(k + 1) : null;
      const forecasts = await compute(seriesOf(rows, from, outs), origin);
      if (writing) await writing;
      writing = later(
        (async () => {
          await repo.writeForecasts(db, runId, isoOf(origin), monthStart, forecasts);
          await repo.lineDone(db, runId);
        })(),
      );
      for (const f of forecasts) {
        total = addScore(total, f.score);
        if (f.score.actual > 0) scored++;
      }
      listings += forecasts.length;
    }
    if (writing) await writing;
  } finally {
    // A failed or stopped run leaves no statement of its own running behind it.
    await Promise.allSettled([next, writing]);
  }
  await repo.removeOtherRuns(db, runId);
  return { listings, origin: isoOf(origin), accuracy: { ...total, listings: scored } };
}

/**
 * Rows (listing, day number, units) ordered by listing into one series per listing from `from`, with
 * the listing's stock-out days (`outs`) marked: the method censors them (docs/forecasts.md).
 */
export function seriesOf(
  rows: readonly repo.UnitRow[],
  from: number,
  outs: readonly { listing_id: number; dn: number }[] = [],
): ListingSeries[] {
  const by = new Map<number, ListingSeries>();
  for (const r of rows) {
    let l = by.get(r.listing_id);
    if (!l) {
      l = {
        listingId: r.listing_id,
        shopId: r.shop_id,
        marketId: r.market_id,
        productLineId: r.product_line_id,
        series: { start: from, units: new Array<number | null>(FORECAST_HISTORY_DAYS).fill(null) },
        first: -1,
      };
      by.set(r.listing_id, l);
    }
    const i = r.dn - from;
    if (i < 0 || i >= FORECAST_HISTORY_DAYS) continue;
    (l.series.units as (number | null)[])[i] = r.units;
    if (l.first < 0 || i < l.first) l.first = i;
  }
  for (const o of outs) {
    const l = by.get(o.listing_id);
    const i = o.dn - from;
    if (!l || i < 0 || i >= FORECAST_HISTORY_DAYS) continue;
    if (!l.series.stockOut) l.series.stockOut = new Array<boolean>(FORECAST_HISTORY_DAYS).fill(false);
    (l.series.stockOut as boolean[])[i] = true;
  }
  return [...by.values()];
}
