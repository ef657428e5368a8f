/**
 * The reproducible draw (docs/trials.md "The draw"). Given a seed and a pool of application ids:
 * 1. the pool is ordered by id ascending (so the order the rows were read in does not matter);
 * 2. a Fisher–Yates shuffle runs from the last place down to the second; the place `i` swaps with
 *    `j`, a uniform whole number in 0..i drawn from the seed's byte stream;
 * 3. the byte stream is SHA-256(seed ‖ ":" ‖ n) for n = 0, 1, 2, … concatenated, read as
 *    unsigned 32-bit big-endian words; `j` comes from rejection sampling (a word at or above the
 *    largest multiple of i+1 below 2^32 is thrown away) so every j is equally likely.
 * The winners are the first N of the shuffled order; replacements take the next ones in it. Anyone
 * with the seed and the pool can run it again (a few lines in any language) and get the same order.
 */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, hex: recorded with the draw. */
export const newSeed = (): string => randomBytes(32).toString('hex');

/** The seed's stream of unsigned 32-bit words. */
function wordsOf(seed: string): () => number {
  let block = 0;
  let buf = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + 4 > buf.length) {
      buf = createHash('sha256').update(`${seed}:${block}`).digest();
      block += 1;
      at = 0;
    }
    const w = buf.readUInt32BE(at);
    at += 4;
    return w;
  };
}

/** A uniform whole number in 0..max (inclusive) from the stream. */
function below(next: () => number, max: number): number {
  const range = max + 1;
  const limit = 2 ** 32 - (2 ** 32 % range);
  for (;;) {
    const w = next();
    if (w < limit) return w % range;
  }
}

/** The pool in draw order: sorted by id, then shuffled by the seed. */
export function drawOrder(seed: string, pool: readonly number[]): number[] {
  const order = [...new Set(pool)].sort((a, b) => a - b);
  const next = wordsOf(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = below(next, i);
    const tmp = order[i] as number;
    order[i] = order[j] as number;
    order[j] = tmp;
  }
  return order;
}
