/**
 * The moments the benchmark reads from the browser's performance timeline: the first
 * chart drawn with data and the first table showing rows. Each is marked once per page
 * load, under the bench's `bo:` name and under the app's own name (app/lazy/interactive.ts).
 */
export type FirstMark = 'chart' | 'table';

const waiting = new Map<FirstMark, Set<() => void>>();
const seen = new Set<FirstMark>();

export function markFirst(kind: FirstMark): void {
  if (!seen.has(kind)) {
    seen.add(kind);
    for (const listener of waiting.get(kind) ?? []) listener();
    waiting.delete(kind);
  }
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  for (const name of [`bo:first-${kind}`, `first-${kind}`]) {
    if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
  }
}

/**
 * Starts a new "page load" for the marks. Only the DOM tests call it: they share one module
 * graph per worker (vitest `isolate: false`), so another file's chart would otherwise count
 * as this file's first.
 */
export function forgetMarks(): void {
  seen.clear();
  waiting.clear();
  if (typeof performance !== 'undefined' && typeof performance.clearMarks === 'function') performance.clearMarks();
}

/** Whether this page load has already drawn its first chart (or table). */
export const happened = (kind: FirstMark): boolean => seen.has(kind);

/** Calls `listener` once, when the first chart (or table) of this page load is drawn; answers the unsubscribe. */
export function whenFirst(kind: FirstMark, listener: () => void): () => void {
  if (seen.has(kind)) {
    listener();
    return () => undefined;
  }
  const set = waiting.get(kind) ?? new Set();
  set.add(listener);
  waiting.set(kind, set);
  return () => set.delete(listener);
}
