/**
 * Performance marks read by the benchmarks (bench/) and by anyone in the browser's
 * performance panel:
 *  - 'app-interactive': the first screen after the start (and the session load) rendered;
 *  - list screens mark 'first-table' when their first page of rows is on screen;
 *  - chart screens mark 'first-chart' when their first chart has drawn.
 */
export type AppMark = 'app-interactive' | 'first-table' | 'first-chart';

/** Marks once per page load; later calls with the same name are ignored. */
export function markOnce(name: AppMark): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(name, 'mark').length > 0) return;
  performance.mark(name);
}
