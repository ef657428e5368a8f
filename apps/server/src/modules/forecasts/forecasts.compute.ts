/**
 * The recalculation (docs/forecasts.md "Recalculation"): a product line at a time, read the
 * line's daily units of FORECAST_HISTORY_DAYS days, forecast it in the compute worker
 * (forecasts.line.ts), write the line's rows, count the line done. The next line is read while
 * the worker computes and the last one's rows are written, so the API's thread only moves rows.
 */

import { FORECAST_HISTORY_DAYS } from '@bo/contract/forecasts/forecasts';
import type { Db } from '../../db/client';
import { computePool } from '../../platform/upload/parse-pool';
import type { LineResult } from './forecasts.line';
import type { StockOutRow, UnitRow } from './forecasts.repository';
import * as repo from './forecasts.repository';
import { addScore, emptyScore, type Score } from './method/backtest';
import { dayNum, isoOf } from './method/calendar';

export {
  backtestOrigins,
  forecastLine,
  forecastRows,
  type ListingForecast,
  type ListingSeries,
  seriesOf,
} from './forecasts.line';

export interface RunOutcome {
  listings: number;
  origin: string | null;
  accuracy: Score & { listings: number };
}

/** How a line is computed: in the compute worker (the default), or as a test passes (`forecastRows` on this thread). */
export type LineComputer = (
  rows: readonly UnitRow[],
  outs: readonly StockOutRow[],
  from: number,
  origin: number,
) => Promise<LineResult>;
const offThread: LineComputer = (rows, outs, from, origin) => computePool().run('forecastRows', rows, outs, from, origin);

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
  // One statement at a time on each side (reading, writing): two connections at most, however loaded the machine.
  const read = (k: number) =>
    later(
      (async () => {
        const units = await repo.lineUnits(db, lines[k]!, isoOf(from), isoOf(origin));
        return [units, await repo.lineStockOuts(db, lines[k]!, isoOf(from), isoOf(origin))] as const;
      })(),
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
      const line = await compute(rows, outs, from, origin);
      if (writing) await writing;
      writing = later(
        (async () => {
          for (const chunk of line.chunks) await repo.writeForecastChunk(db, runId, isoOf(origin), monthStart, chunk);
          await repo.lineDone(db, runId);
        })(),
      );
      total = addScore(total, line.score);
      scored += line.scored;
      listings += line.listings;
    }
    if (writing) await writing;
  } finally {
    // A failed or stopped run leaves no statement of its own running behind it.
    await Promise.allSettled([next, writing]);
  }
  await repo.removeOtherRuns(db, runId);
  return { listings, origin: isoOf(origin), accuracy: { ...total, listings: scored } };
}
