/**
 * The moments the benchmark reads from the browser's performance timeline: the first
 * chart drawn with data and the first table showing rows. Each is marked once per page
 * load, under the bench's `bo:` name and under the app's own name (app/lazy/interactive.ts).
 */
export type FirstMark = 'chart' | 'table';

export function markFirst(kind: FirstMark): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  for (const name of [`bo:first-${kind}`, `first-${kind}`]) {
    if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
  }
}
