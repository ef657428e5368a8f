import { describe, expect, it } from 'vitest';
import { ppcEnUS, ppcZhCN } from '../ppc.locale';
import {
  applyBody,
  changeOf,
  columnsOf,
  dashChange,
  EXPORT_URL,
  exportQuery,
  FILTER_URL,
  filterQuery,
  higherIsBetter,
  OUT_BUDGET_URL,
  type OutBudgetUrl,
  outBudgetQuery,
  REPORT_URL,
  type ReportUrl,
  readExportView,
  readFilterView,
  readOutBudgetView,
  readReportView,
  readSkuAdvView,
  readSuggestView,
  reportQuery,
  SUGGEST_URL,
  suggestQuery,
} from './boards-view';

const report = (patch: Partial<ReportUrl>): ReportUrl => ({
  ...REPORT_URL,
  shopId: [],
  campaignType: [],
  marketId: [],
  ...patch,
});
const outBudget = (patch: Partial<OutBudgetUrl>): OutBudgetUrl => ({
  ...OUT_BUDGET_URL,
  shopId: [],
  campaignType: [],
  marketId: [],
  ...patch,
});

describe('PPC analysis boards: views from links', () => {
  it('reads shops, marketplaces, types and period, dropping what it cannot use', () => {
    const v = readFilterView(
      {
        ...FILTER_URL,
        shopId: ['4', 'x', '4', '0'],
        campaignType: ['sb', 'zz'],
        marketId: ['0', '13', '3'],
        startDate: '2026-03-01',
        endDate: '2026-03-31',
      },
      '2026-04-10',
    );
    expect(v).toEqual({ shopIds: [4], campaignTypes: ['sb'], marketIds: [0, 3], startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(filterQuery(v)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      shopId: [4],
      campaignType: ['sb'],
      marketId: [0, 3],
    });
    const def = readFilterView(
      { ...FILTER_URL, shopId: [], campaignType: [], marketId: [], startDate: '2026-02-30' },
      '2026-04-10',
    );
    expect(def).toMatchObject({ startDate: '2026-03-11', endDate: '2026-04-09' });
    expect(filterQuery(def)).toEqual({ startDate: '2026-03-11', endDate: '2026-04-09' });
  });

  it('reads the report pivot: grouping, compare, sort and page', () => {
    const v = readReportView(
      report({
        groupBy: 'searchTerm',
        compare: '1',
        sortField: 'acos',
        sortOrder: 'ascend',
        pageNum: '3',
        pageSize: '50',
        keyword: ' lamp ',
      }),
      '2026-04-10',
    );
    expect(v).toMatchObject({
      groupBy: 'searchTerm',
      compare: true,
      sortField: 'acos',
      sortOrder: 'ascend',
      pageNum: 3,
      pageSize: 50,
    });
    expect(reportQuery(v)).toMatchObject({
      groupBy: 'searchTerm',
      compare: true,
      keyword: 'lamp',
      sortField: 'acos',
      sortOrder: 'asc',
    });
    const bad = readReportView(report({ groupBy: 'hour', sortField: 'drop', pageSize: '7', pageNum: '-1' }), '2026-04-10');
    expect(bad).toMatchObject({ groupBy: 'campaign', compare: false, sortField: 'spend', pageSize: 20, pageNum: 1 });
    expect(reportQuery(bad)).not.toHaveProperty('keyword');
  });

  it('reads the out-of-budget list and the SKU analysis', () => {
    const v = readOutBudgetView(outBudget({ sortField: 'missedSales', sortOrder: 'ascend' }), '2026-04-10');
    expect(outBudgetQuery(v)).toMatchObject({ sortField: 'missedSales', sortOrder: 'asc' });
    expect(readOutBudgetView(outBudget({ sortField: 'name' }), '2026-04-10').sortField).toBe('daysOut');
    const many = Array.from({ length: 60 }, (_, i) => String(i + 1));
    const s = readSkuAdvView({ listingId: ['7', 'x', '7', '0', ...many], startDate: '', endDate: '' }, '2026-04-10');
    expect(s.listingIds).toHaveLength(50);
    expect(s.listingIds[0]).toBe(1);
    expect(s).toMatchObject({ startDate: '2026-03-11', endDate: '2026-04-09' });
  });
});

describe('period-over-period change', () => {
  it('compares amounts relatively and ratios in points', () => {
    expect(changeOf('spend', 150, 100)).toEqual({ kind: 'relative', value: 0.5 });
    expect(changeOf('sales', 10, 0)).toEqual({ kind: 'relative', value: null });
    expect(changeOf('roas', null, 2)).toEqual({ kind: 'relative', value: null });
    const acos = changeOf('acos', 0.3, 0.25);
    expect(acos.kind).toBe('points');
    expect(acos.value).toBeCloseTo(0.05);
    expect(changeOf('tacos', 0.1, null)).toEqual({ kind: 'points', value: null });
  });
  it("shows the dashboard's changes as the server gave them, and no change without data for the previous period", () => {
    const covered = { previousCovered: true, change: { spend: 0.5, tacos: -0.012 } };
    expect(dashChange('spend', covered)).toEqual({ kind: 'relative', value: 0.5, noData: false });
    expect(dashChange('tacos', covered)).toEqual({ kind: 'points', value: -0.012, noData: false });
    // Ad reports that start inside the previous period: its spend is unknown, not zero (issue #19).
    const uncovered = { previousCovered: false, change: { spend: null, tacos: 0.1365 } };
    expect(dashChange('tacos', uncovered)).toEqual({ kind: 'points', value: null, noData: true });
    expect(dashChange('spend', uncovered)).toEqual({ kind: 'relative', value: null, noData: true });
    expect(ppcZhCN.dashboard.noPrevious).toBe('上一周期无数据');
    expect(ppcEnUS.dashboard.noPrevious).toBe('no data for the previous period');
  });
  it('knows which way is good', () => {
    expect(higherIsBetter('sales')).toBe(true);
    expect(higherIsBetter('roas')).toBe(true);
    expect(higherIsBetter('acos')).toBe(false);
    expect(higherIsBetter('tacos')).toBe(false);
    expect(higherIsBetter('cpc')).toBe(false);
  });
});

describe('report export view', () => {
  const url = (patch: object) => ({ ...EXPORT_URL, shopId: [], campaignType: [], marketId: [], column: [], ...patch });
  it('offers the columns the report has, all of them without a choice', () => {
    expect(columnsOf('searchTerm')).not.toContain('shop');
    expect(columnsOf('sku')).toContain('detail');
    expect(columnsOf('campaign')).not.toContain('adGroup');
    const all = readExportView(url({ report: 'keyword' }), '2026-04-10');
    expect(all.columns).toEqual(columnsOf('keyword'));
    expect(all.format).toBe('xlsx');
  });
  it('keeps only known columns of the report and builds the query', () => {
    const v = readExportView(url({ report: 'sku', column: ['adGroup', 'spend', 'detail', 'x'], format: 'csv' }), '2026-04-10');
    expect(v.columns).toEqual(['detail', 'spend']);
    expect(exportQuery(v)).toMatchObject({ report: 'sku', column: ['detail', 'spend'], format: 'csv' });
    expect(readExportView(url({ report: 'bogus', column: ['none'] }), '2026-04-10')).toMatchObject({
      report: 'campaign',
      columns: [],
    });
  });
});

describe('suggestions view', () => {
  const url = (patch: object) => ({ ...SUGGEST_URL, shopId: [], campaignType: [], marketId: [], ...patch });
  it('reads the kind, the target ACoS in percent and the minimum clicks', () => {
    const v = readSuggestView(url({ kind: 'negative', targetAcos: '25.5', minClicks: '7' }), '2026-04-10');
    expect(suggestQuery(v)).toMatchObject({ kind: 'negative', targetAcos: 0.255, minClicks: 7, pageNum: 1, pageSize: 20 });
    const bad = readSuggestView(url({ kind: 'x', targetAcos: '0', minClicks: '-3' }), '2026-04-10');
    expect(bad).toMatchObject({ kind: 'bid', targetAcosPercent: 30, minClicks: 10 });
  });
  it('turns chosen suggestions into one apply request', () => {
    const body = applyBody([
      { kind: 'bid', entityType: 'keyword', entityId: 3, version: 2, suggested: 0.8, name: 'lamp' },
      { kind: 'budget', entityType: 'campaign', entityId: 9, version: null, suggested: 13.33, name: 'SP' },
      { kind: 'negative', entityType: 'ad_group', entityId: 5, version: null, suggested: null, name: 'desk lamp' },
    ]);
    expect(body).toEqual({
      changes: [
        { entityType: 'keyword', entityId: 3, value: 0.8, version: 2 },
        { entityType: 'campaign', entityId: 9, value: 13.33 },
      ],
      negatives: [{ adGroupId: 5, searchTerm: 'desk lamp' }],
    });
  });
});
