import type { OwnableLine } from '@bo/contract/sales/sales-basis';
import { describe, expect, it } from 'vitest';
import {
  BASIS_URL,
  chartSteps,
  formatInverse,
  formatRate,
  lineOptions,
  rangePeriod,
  rateChange,
  rateReach,
  readBasisView,
} from './basis-view';

const url = (patch: Partial<Record<keyof typeof BASIS_URL, string>> = {}) =>
  ({ ...BASIS_URL, ...patch }) as Record<keyof typeof BASIS_URL, string>;

describe('readBasisView', () => {
  it('reads the defaults', () => {
    expect(readBasisView(url())).toEqual({
      tab: 'rates',
      currency: 'EUR',
      range: '1y',
      order: 'descend',
      keyword: '',
      sortField: 'name',
      sortOrder: 'ascend',
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('falls back on what the API would refuse', () => {
    const v = readBasisView(
      url({ tab: 'x', currency: 'USD', range: '5y', order: 'up', sortField: 'id', pageNum: '0', pageSize: '900' }),
    );
    expect(v).toMatchObject({
      tab: 'rates',
      currency: 'EUR',
      range: '1y',
      order: 'descend',
      sortField: 'name',
      pageNum: 1,
      pageSize: 20,
    });
    expect(readBasisView(url({ tab: 'teams', currency: 'JPY', pageNum: '3', keyword: '  lamp ' }))).toMatchObject({
      tab: 'teams',
      currency: 'JPY',
      pageNum: 3,
      keyword: 'lamp',
    });
  });
});

describe('rate rules', () => {
  const now = new Date('2026-11-24T23:30:00Z');
  it('lets a change reach 92 days back and up to tomorrow, in UTC days', () => {
    expect(rateReach(now)).toEqual({ oldest: '2026-08-24', latest: '2026-11-25' });
  });
  it('gives the chart period of a range, ending tomorrow', () => {
    expect(rangePeriod('3m', now)).toEqual({ startDate: '2026-08-25', endDate: '2026-11-25' });
    expect(rangePeriod('1y', now).startDate).toBe('2025-11-25');
  });
  it('formats rates with 4 to 8 decimals and the inverse quote', () => {
    expect(formatRate(1.1)).toBe('1.1000');
    expect(formatRate(0.00667123)).toBe('0.00667123');
    expect(formatRate(1234.5)).toBe('1,234.5000');
    expect(formatRate(null)).toBe('—');
    expect(formatInverse(0.00666667)).toBe('149.9999');
    expect(formatInverse(0.5)).toBe('2.0000');
  });
  it('gives the change from the previous entry as a signed percent', () => {
    expect(rateChange(1.1, 1)).toBe('+10.00%');
    expect(rateChange(0.9, 1)).toBe('−10.00%');
    expect(rateChange(1, 1)).toBe('0.00%');
    expect(rateChange(1, null)).toBeNull();
  });
});

describe('lineOptions', () => {
  const line = (id: number, teamId: number | null, teamName: string | null): OwnableLine => ({
    id,
    name: `线${id}`,
    nameEn: `Line ${id}`,
    code: String(6000 + id),
    parentId: 1,
    parentName: '照明',
    parentNameEn: 'Lighting',
    teamId,
    teamName,
  });
  it('groups by parent and locks the lines of other teams', () => {
    const groups = lineOptions([line(1, null, null), line(2, 7, 'A'), line(3, 8, 'B')], 7, 'en-US');
    expect(groups).toHaveLength(1);
    expect(groups[0]?.label).toBe('Lighting');
    expect(groups[0]?.options.map((o) => [o.value, o.label, o.disabled, o.ownerName])).toEqual([
      [1, 'Line 1 (6001)', false, null],
      [2, 'Line 2 (6002)', false, null],
      [3, 'Line 3 (6003)', true, 'B'],
    ]);
    expect(lineOptions([line(1, null, null)], null, 'zh-CN')[0]?.options[0]?.label).toBe('线1 (6001)');
  });
});

describe('chartSteps', () => {
  it('starts an older entry at the period and carries the last rate to its end', () => {
    expect(
      chartSteps(
        [
          { day: '2026-01-01', rate: 1.1 },
          { day: '2026-03-01', rate: 1.2 },
        ],
        '2026-02-01',
        '2026-04-01',
      ),
    ).toEqual([
      ['2026-02-01', 1.1],
      ['2026-03-01', 1.2],
      ['2026-04-01', 1.2],
    ]);
    expect(chartSteps([], '2026-02-01', '2026-04-01')).toEqual([]);
  });
});
