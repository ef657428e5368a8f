import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest server files, started first. Vitest orders files by their last run's time, which
 * a clean clone (CI) does not have, and then by size: these are small files that call hundreds of
 * routes, so they came last and ran on alone while the other workers had nothing left (the
 * matrix's last 40 s on one core of two). Started first, the short files fill in beside them.
 */
const LONGEST_FIRST = [
  'test/matrix/matrix.test.ts',
  'test/fuzz/fuzz-1.test.ts',
  'test/fuzz/fuzz-2.test.ts',
  'test/fuzz/fuzz-3.test.ts',
  'test/reliability/concurrency.test.ts',
];

class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

// Unit and integration tests of every workspace; `npm test` runs them (and the browser tests).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/web', 'apps/server'],
    sequence: { sequencer: LongestFirst },
  },
});
