import { afterEach, describe, expect, it, vi } from 'vitest';

// perf-marks keeps per-page-load state: a fresh module for every test.
const fresh = async () => {
  vi.resetModules();
  return import('./perf-marks');
};

afterEach(() => {
  performance.clearMarks();
});

describe('first chart and table marks', () => {
  it('marks each kind once, under the bench name and the app name', async () => {
    const { markFirst } = await fresh();
    markFirst('chart');
    markFirst('chart');
    expect(performance.getEntriesByName('bo:first-chart', 'mark')).toHaveLength(1);
    expect(performance.getEntriesByName('first-chart', 'mark')).toHaveLength(1);
    expect(performance.getEntriesByName('bo:first-table', 'mark')).toHaveLength(0);
  });

  it('tells waiting listeners once, and answers at once after the fact', async () => {
    const { markFirst, whenFirst, happened } = await fresh();
    const early = vi.fn();
    const gone = vi.fn();
    whenFirst('chart', early);
    const stop = whenFirst('chart', gone);
    stop();
    expect(happened('chart')).toBe(false);

    markFirst('chart');
    markFirst('chart');
    expect(early).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();
    expect(happened('chart')).toBe(true);

    const late = vi.fn();
    whenFirst('chart', late);
    expect(late).toHaveBeenCalledTimes(1);
    // The other kind is separate.
    const table = vi.fn();
    whenFirst('table', table);
    expect(table).not.toHaveBeenCalled();
  });
});
