/**
 * The compute worker's entry (computePool in platform/upload/parse-pool.ts): long, pure computations
 * the API's thread must not run, by name, with the parse worker's message protocol. Lighter than the
 * parse worker: it loads only what its tasks need (no parsers, no workbook or image libraries).
 */
import { parentPort } from 'node:worker_threads';
import { forecastRows } from './modules/forecasts/forecasts.line';
import type { ParseReply } from './platform/upload/parse-pool';

export const COMPUTE_TASKS = {
  /** One product line's forecasts and backtests from its rows as read (the forecast recalculation, forecasts.compute.ts). */
  forecastRows,
};
export type ComputeTasks = typeof COMPUTE_TASKS;

parentPort?.on('message', async (m: { id: number; task: keyof ComputeTasks; args: unknown[] }) => {
  let reply: ParseReply;
  try {
    const run = COMPUTE_TASKS[m.task] as (...a: unknown[]) => unknown;
    reply = { id: m.id, ok: true, value: await run(...m.args) };
  } catch (err) {
    reply = { id: m.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
