import { describe, expect, it } from 'vitest';
import {
  FILTER_URL,
  type FilterUrl,
  filterListQuery,
  filterQuery,
  rangesPatch,
  readFilterView,
  savedQueryOf,
} from './filter-view';

const base: FilterUrl = {
  ...FILTER_URL,
  marketId: [],
  shopId: [],
  lifecycle: [],
  status: [],
};

describe('readFilterView', () => {
  it('reads criteria leniently and builds the API query', () => {
    const v = readFilterView(
      {
        ...base,
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        marketId: ['1'],
        lifecycle: ['2', '9', '2'],
        status: ['0'],
        unitsMin: '2',
        unitsMax: '1.5',
        revenueMin: '100',
        revenueMax: '50',
        marginMin: '-12.5',
        profitMax: 'abc',
        noSales: 'true',
        sortField: 'profit',
        sortOrder: 'ascend',
        pageNum: '3',
      },
      '2026-11-24',
    );
    expect(v.lifecycle).toEqual([2]);
    expect(v.ranges).toEqual({
      units: { min: 2, max: null },
      revenue: { min: 100, max: null },
      profit: { min: null, max: null },
      margin: { min: -12.5, max: null },
    });
    expect(filterListQuery(v)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      marketId: [1],
      lifecycle: [2],
      status: [0],
      unitsMin: 2,
      revenueMin: 100,
      marginMin: -12.5,
      noSales: true,
      sortField: 'profit',
      sortOrder: 'asc',
      pageNum: 3,
      pageSize: 20,
    });
  });

  it('defaults the period and the sort', () => {
    const q = filterQuery(readFilterView(base, '2026-11-24'));
    expect(q).toMatchObject({ sortField: 'revenue', sortOrder: 'desc' });
    expect(typeof q.startDate).toBe('string');
  });
});

describe('rangesPatch and savedQueryOf', () => {
  it('writes ranges as strings, empty to clear', () => {
    expect(
      rangesPatch({
        units: { min: 1, max: null },
        revenue: { min: null, max: 99.5 },
        profit: { min: null, max: null },
        margin: { min: 0, max: 10 },
      }),
    ).toEqual({
      unitsMin: '1',
      unitsMax: '',
      revenueMin: '',
      revenueMax: '99.5',
      profitMin: '',
      profitMax: '',
      marginMin: '0',
      marginMax: '10',
    });
  });
  it('keeps the criteria without the page', () => {
    expect(savedQueryOf(new URLSearchParams('marketId=1&pageNum=4&noSales=true'))).toBe('marketId=1&noSales=true');
  });
});
