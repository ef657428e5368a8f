import { describe, expect, it } from 'vitest';
import { readFilters } from '../../../shared/url-filters';
import {
  PROFIT_URL,
  profitExportQuery,
  profitListQuery,
  readProfitView,
  salesProfitHref,
  salesProfitHrefFor,
  tabPatch,
} from './profit-view';

const TODAY = '2026-11-21';
const view = (qs: string) => readProfitView(readFilters(new URLSearchParams(qs), PROFIT_URL), TODAY);

describe('sales-profit view from the query string', () => {
  it('opens the SKU tab by revenue, newest 30 days, page 1 of 20', () => {
    expect(view('')).toMatchObject({
      dimension: 'sku',
      keyword: '',
      directorId: null,
      sortField: 'revenue',
      sortOrder: 'descend',
      pageNum: 1,
      pageSize: 20,
      filters: { startDate: '2026-10-22', endDate: '2026-11-20' },
    });
  });

  it('keeps a sort by a key column of the tab, and drops one of another tab', () => {
    expect(view('tab=shop&sortField=shopName&sortOrder=ascend')).toMatchObject({ sortField: 'shopName', sortOrder: 'ascend' });
    expect(view('tab=shop&sortField=asin&sortOrder=ascend')).toMatchObject({ sortField: 'revenue', sortOrder: 'descend' });
    expect(view('tab=nope').dimension).toBe('sku');
  });

  it('reads the director only on the director tab', () => {
    expect(view('tab=sale_director&directorId=4').directorId).toBe(4);
    expect(view('tab=sku&directorId=4').directorId).toBeNull();
  });

  it('refuses page sizes the table does not offer', () => {
    expect(view('pageSize=1000').pageSize).toBe(20);
    expect(view('pageSize=50&pageNum=3')).toMatchObject({ pageSize: 50, pageNum: 3 });
    expect(view('pageNum=0').pageNum).toBe(1);
  });

  it('builds the API queries from the view', () => {
    const v = view(
      'keyword=%20SKU-1%20&marketId=1&startDate=2026-01-01&endDate=2026-01-31&sortField=profit&sortOrder=ascend&pageNum=2',
    );
    expect(profitListQuery(v)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      marketId: [1],
      keyword: 'SKU-1',
      sortField: 'profit',
      sortOrder: 'ascend',
      pageNum: 2,
      pageSize: 20,
    });
    expect(profitExportQuery(v)).not.toHaveProperty('pageNum');
  });

  it('starts sort and page over on a tab change and leaves the director behind', () => {
    expect(tabPatch('shop')).toEqual({ tab: 'shop', sortField: 'revenue', sortOrder: 'descend', pageNum: '1', directorId: '' });
  });

  it('links to the screen filtered to a SKU and period', () => {
    const href = salesProfitHref({ keyword: 'LM-H6 01', startDate: '2026-11-01', endDate: '2026-11-20' });
    expect(href).toBe('/salesProfit?keyword=LM-H6+01&startDate=2026-11-01&endDate=2026-11-20');
    const opened = view(href.split('?')[1] ?? '');
    expect(opened).toMatchObject({
      dimension: 'sku',
      keyword: 'LM-H6 01',
      filters: { startDate: '2026-11-01', endDate: '2026-11-20' },
    });
  });

  it('links to the screen with the shared filters of another screen', () => {
    const filters = view('startDate=2026-11-01&endDate=2026-11-20&marketId=1&shopId=4&productLineId=2').filters;
    const href = salesProfitHrefFor(filters);
    expect(href).toBe('/salesProfit?startDate=2026-11-01&endDate=2026-11-20&marketId=1&shopId=4&productLineId=2');
    expect(view(href.split('?')[1] ?? '').filters).toEqual(filters);
  });
});
