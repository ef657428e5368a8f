import { describe, expect, it } from 'vitest';
import { readFilters, writeFilters } from '../../../shared/url-filters';
import { narrowingCount, readSalesFilters, SALES_FILTER_URL, salesFilterPatch, toSalesQuery } from './sales-filters';

const TODAY = '2026-11-21';
const read = (qs: string) => readSalesFilters(readFilters(new URLSearchParams(qs), SALES_FILTER_URL), TODAY);

describe('sales filters in the query string', () => {
  it('opens the last 30 days with nothing else when the link names nothing', () => {
    expect(read('')).toEqual({
      startDate: '2026-10-22',
      endDate: '2026-11-20',
      marketIds: [],
      shopIds: [],
      productLineId: null,
      productPositionId: null,
    });
  });

  it('reads repeated markets and shops, dropping what the API would refuse', () => {
    const s = read(
      'startDate=2026-01-01&endDate=2026-03-31&marketId=2&marketId=0&marketId=99&marketId=x&shopId=7&shopId=7&shopId=-1&productLineId=3&productPositionId=abc',
    );
    expect(s).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      marketIds: [0, 2],
      shopIds: [7],
      productLineId: 3,
      productPositionId: null,
    });
  });

  it('round-trips through the URL: a copied link reopens the same view', () => {
    const state = {
      startDate: '2026-07-01',
      endDate: '2026-09-30',
      marketIds: [1, 0],
      shopIds: [12, 3],
      productLineId: 5,
      productPositionId: 2,
    };
    const params = writeFilters(new URLSearchParams('tab=shop'), SALES_FILTER_URL, salesFilterPatch(state));
    expect(params.toString()).toBe(
      'tab=shop&startDate=2026-07-01&endDate=2026-09-30&marketId=0&marketId=1&shopId=3&shopId=12&productLineId=5&productPositionId=2',
    );
    expect(read(params.toString())).toEqual({ ...state, marketIds: [0, 1], shopIds: [3, 12] });
  });

  it('clears a filter from the URL', () => {
    const params = writeFilters(
      new URLSearchParams('marketId=1&productLineId=5'),
      SALES_FILTER_URL,
      salesFilterPatch({ marketIds: [], productLineId: null }),
    );
    expect(params.toString()).toBe('');
  });

  it('sends only the filters in use to the API', () => {
    const s = read('marketId=3&startDate=2026-01-01&endDate=2026-01-31');
    expect(toSalesQuery(s)).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31', marketId: [3] });
    expect(narrowingCount(s)).toBe(1);
  });
});
