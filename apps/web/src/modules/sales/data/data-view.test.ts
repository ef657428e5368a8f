import { describe, expect, it } from 'vitest';
import { topGroups } from './chart-data';
import {
  ANALYSIS_URL,
  analysisListQuery,
  columnCount,
  defaultGranularity,
  GROUP_URL,
  groupQuery,
  readAnalysisView,
  readGroupView,
  readSeriesView,
  SERIES_URL,
  seriesListQuery,
  waterfall,
  waterfallAxisMin,
} from './data-view';

const TODAY = '2026-05-20';
const url = <T extends object>(defaults: T, patch: Partial<Record<keyof T, string | string[]>>) =>
  ({ ...JSON.parse(JSON.stringify(defaults)), ...patch }) as {
    [K in keyof T]: T[K] extends readonly string[] ? string[] : string;
  };

describe('series view', () => {
  it('counts columns like the server and picks the finest granularity that fits', () => {
    expect(columnCount({ startDate: '2026-03-01', endDate: '2026-03-10' }, 'week')).toBe(3);
    expect(columnCount({ startDate: '2025-12-15', endDate: '2026-02-01' }, 'month')).toBe(3);
    expect(defaultGranularity({ startDate: '2026-03-01', endDate: '2026-03-31' })).toBe('day');
    expect(defaultGranularity({ startDate: '2026-01-01', endDate: '2026-03-31' })).toBe('week');
    expect(defaultGranularity({ startDate: '2024-06-01', endDate: '2026-03-31' })).toBe('month');
  });

  it('falls back from a granularity with too many columns and from unknown values', () => {
    const v = readSeriesView(
      url(SERIES_URL, { startDate: '2026-01-01', endDate: '2026-03-31', granularity: 'day', rows: 'sku', measure: 'x' }),
      TODAY,
    );
    expect(v).toMatchObject({ granularity: 'week', rows: 'listing', measure: 'revenue', sortField: 'total' });
    const kept = readSeriesView(
      url(SERIES_URL, {
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        granularity: 'month',
        sortField: '2026-03-01',
        shopId: ['4'],
      }),
      TODAY,
    );
    expect(seriesListQuery(kept)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      shopId: [4],
      rows: 'listing',
      granularity: 'month',
      measure: 'revenue',
      sortField: '2026-03-01',
      sortOrder: 'descend',
      pageNum: 1,
      pageSize: 20,
    });
  });
});

describe('group and analysis views', () => {
  it('drops a second level equal to the first', () => {
    const v = readGroupView(url(GROUP_URL, { groupBy: 'shop', thenBy: 'shop', sortField: 'name' }), TODAY);
    expect(v).toMatchObject({ groupBy: 'shop', thenBy: null, sortField: 'name' });
    expect(groupQuery(v)).not.toHaveProperty('thenBy');
  });

  it('keeps a custom comparison only with valid dates', () => {
    const bad = readAnalysisView(url(ANALYSIS_URL, { compare: 'custom', compareStart: '2026-02-30' }), TODAY);
    expect(bad.compare).toBe('previous');
    const ok = readAnalysisView(
      url(ANALYSIS_URL, { compare: 'custom', compareStart: '2025-01-01', compareEnd: '2025-01-31', status: 'lost' }),
      TODAY,
    );
    expect(analysisListQuery(ok)).toMatchObject({
      compare: 'custom',
      compareStart: '2025-01-01',
      compareEnd: '2025-01-31',
      status: 'lost',
    });
  });
});

describe('charts', () => {
  it('builds a waterfall from the comparison total through the drivers to the period total', () => {
    const steps = waterfall(
      100,
      [
        { label: 'A', change: 30 },
        { label: 'B', change: -10 },
      ],
      5,
      {
        base: 'base',
        current: 'now',
        others: 'others',
      },
    );
    expect(steps.map((s) => [s.label, s.from, s.delta, s.kind])).toEqual([
      ['base', 0, 100, 'total'],
      ['A', 100, 30, 'up'],
      ['B', 130, -10, 'down'],
      ['others', 120, 5, 'up'],
      ['now', 0, 125, 'total'],
    ]);
  });

  it('starts the waterfall axis at 0, also when every level is far above it', () => {
    const labels = { base: 'base', current: 'now', others: 'others' };
    const high = waterfall(832_114, [{ label: 'A', change: -12_000 }], 3_000, labels);
    expect(waterfallAxisMin(high)).toBe(0);
    // A level below 0 leaves the minimum to the chart, which then reaches below 0.
    expect(waterfallAxisMin(waterfall(10, [{ label: 'A', change: -30 }], 0, labels))).toBeUndefined();
  });

  it('keeps the top groups and sums the rest as others, never for the margin', () => {
    const groups = [3, 1, 5, 2].map((v, i) => ({ name: `g${i}`, value: v }));
    expect(topGroups(groups, 'revenue', 2, 'others').withOthers).toEqual([
      { name: 'g2', value: 5 },
      { name: 'g0', value: 3 },
      { name: 'others', value: 3 },
    ]);
    expect(topGroups([...groups, { name: 'none', value: null }], 'margin', 2, 'others').withOthers).toHaveLength(2);
  });
});
