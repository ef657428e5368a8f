/**
 * Timing comparisons that hold on a loaded machine: two kinds of call, alternated so
 * that load drifts hit both alike, compared by their medians (one slow outlier moves
 * neither).
 */
import { performance } from 'node:perf_hooks';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Medians in ms of `a` and `b` over `tries` alternated calls each (call i gets its index). */
export async function compareMedians(a: (i: number) => Promise<unknown>, b: (i: number) => Promise<unknown>, tries = 9) {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < tries; i++) {
    // Alternate which goes first, so neither always follows the other's after-effects.
    if (i % 2) {
      bs.push(await timed(() => b(i)));
      as.push(await timed(() => a(i)));
    } else {
      as.push(await timed(() => a(i)));
      bs.push(await timed(() => b(i)));
    }
  }
  const ma = median(as);
  const mb = median(bs);
  return { a: ma, b: mb, diff: Math.abs(ma - mb) };
}
