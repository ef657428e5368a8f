import { describe, expect, it } from 'vitest';
import { alertText, monitorListQuery, parseAsins, readMonitorView, sparkPoints } from './monitor-view';

const url = {
  keyword: '',
  shopId: [],
  marketId: [],
  alertsOnly: '',
  sortField: 'alerts',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
};

describe('readMonitorView', () => {
  it('reads filters, sort and page, dropping what the API would refuse', () => {
    const v = readMonitorView({
      ...url,
      keyword: ' b0 ',
      shopId: ['3', 'x', '3'],
      marketId: ['0', '99'],
      alertsOnly: 'true',
      sortField: 'bogus',
      pageNum: '0',
      pageSize: '7',
    });
    expect(v).toEqual({
      keyword: 'b0',
      shopIds: [3],
      marketIds: [0],
      alertsOnly: true,
      sortField: 'alerts',
      sortOrder: 'descend',
      pageNum: 1,
      pageSize: 20,
    });
    expect(monitorListQuery(v)).toEqual({
      keyword: 'b0',
      shopId: [3],
      marketId: [0],
      alertsOnly: true,
      sortField: 'alerts',
      sortOrder: 'desc',
      pageNum: 1,
      pageSize: 20,
    });
  });
});

describe('parseAsins', () => {
  it('splits on lines, spaces and commas, upper-cases and reports what is not an ASIN', () => {
    expect(parseAsins('b0lstde001, B0LSTFR001\nB0LSTDE001；short')).toEqual({
      asins: ['B0LSTDE001', 'B0LSTFR001'],
      invalid: ['SHORT'],
    });
    expect(parseAsins('  ')).toEqual({ asins: [], invalid: [] });
  });
});

describe('alertText', () => {
  it('names a year without sales rather than 365 days', () => {
    expect(alertText({ kind: 'noSales', value: 365, threshold: 3 }).key).toBe('listings.monitor.alert.noSalesYear');
    expect(alertText({ kind: 'unitsDrop', value: 80, threshold: 30 })).toEqual({
      key: 'listings.monitor.alert.unitsDrop',
      values: { value: 80, threshold: 30 },
    });
  });
});

describe('sparkPoints', () => {
  it('scales to the box with zero at the bottom', () => {
    expect(sparkPoints([0, 10, 5], 10, 12)).toBe('0,11 5,1 10,6');
    expect(sparkPoints([], 10, 12)).toBe('');
  });
});
