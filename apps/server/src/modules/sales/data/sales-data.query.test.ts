import { columnLabel } from '@bo/contract/sales/sales-data';
import { describe, expect, it } from 'vitest';
import { bucketKey, countColumns, periodColumns } from './sales-data.query';
import { comparePeriod, keyOrder, largestChanges, yearEarlier } from './sales-data.service';

describe('period columns', () => {
  it('clips the first and last ISO week to the period', () => {
    expect(periodColumns('2026-03-01', '2026-03-10', 'week')).toEqual([
      { key: '2026-02-23', startDate: '2026-03-01', endDate: '2026-03-01' },
      { key: '2026-03-02', startDate: '2026-03-02', endDate: '2026-03-08' },
      { key: '2026-03-09', startDate: '2026-03-09', endDate: '2026-03-10' },
    ]);
    expect(countColumns('2026-03-01', '2026-03-10', 'week')).toBe(3);
  });

  it('counts days, weeks and months like it lists them', () => {
    for (const [a, b] of [
      ['2024-02-10', '2026-01-05'],
      ['2025-12-29', '2026-01-04'],
      ['2026-01-31', '2026-03-01'],
    ] as const) {
      for (const g of ['day', 'week', 'month'] as const) {
        expect(countColumns(a, b, g), `${a} ${b} ${g}`).toBe(periodColumns(a, b, g).length);
      }
    }
    expect(periodColumns('2026-01-31', '2026-03-01', 'month').map((c) => [c.startDate, c.endDate])).toEqual([
      ['2026-01-31', '2026-01-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-01', '2026-03-01'],
    ]);
  });

  it('names ISO weeks by the year of their Thursday', () => {
    expect(bucketKey('2026-01-01', 'week')).toBe('2025-12-29');
    expect(columnLabel('2025-12-29', 'week')).toBe('2026-W01');
    expect(columnLabel('2020-12-28', 'week')).toBe('2020-W53');
    expect(columnLabel('2026-03-09', 'week')).toBe('2026-W11');
    expect(columnLabel('2026-03-01', 'month')).toBe('2026-03');
  });
});

describe('comparison periods', () => {
  it('takes the same number of days before, the same dates a year earlier, or the custom dates', () => {
    const f = { start: '2026-03-01', end: '2026-03-31' };
    expect(comparePeriod(f, { compare: 'previous' })).toEqual({ start: '2026-01-29', end: '2026-02-28' });
    expect(comparePeriod(f, { compare: 'yoy' })).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(comparePeriod(f, { compare: 'custom', compareStart: '2026-01-01', compareEnd: '2026-01-10' })).toEqual({
      start: '2026-01-01',
      end: '2026-01-10',
    });
    expect(yearEarlier('2024-02-29')).toBe('2023-02-28');
  });
});

describe('the drivers of a comparison', () => {
  it('picks the largest changes either way, ties by key, as a full sort would', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 200; run++) {
      const rows = Array.from({ length: Math.floor(rnd() * 40) }, (_, i) => ({
        key: String(Math.floor(rnd() * 1000) + i * 1000),
        diff: rnd() < 0.2 ? (rnd() < 0.5 ? null : 0) : Math.floor((rnd() - 0.5) * 20),
      }));
      const sorted = rows
        .filter((r) => r.diff !== null && r.diff !== 0)
        .sort((a, b) => Math.abs(b.diff as number) - Math.abs(a.diff as number) || keyOrder(a.key, b.key))
        .slice(0, 10);
      expect(largestChanges(rows, 10)).toEqual(sorted);
    }
  });

  it('orders keys as numbers, others by text', () => {
    expect(['10', '9', '100', '0'].sort(keyOrder)).toEqual(['0', '9', '10', '100']);
    expect(['DE', 'US', 'FR'].sort(keyOrder)).toEqual(['DE', 'FR', 'US']);
  });
});
