import type { SkuListingRow } from '@bo/contract/listings/sku-analysis';
import type { Measures } from '@bo/contract/sales/sales-profit';
import { describe, expect, it } from 'vitest';
import { marketSplit, readSkuView, skuAnalysisHref, skuKpi, skuQuery, waterfall } from './sku-view';

const m = (over: Partial<Measures>): Measures => ({
  units: 0,
  orders: 0,
  revenue: 0,
  refunds: 0,
  fees: 0,
  adSpend: 0,
  cogs: 0,
  otherCosts: 0,
  profit: 0,
  margin: null,
  ...over,
});

describe('readSkuView', () => {
  it('keeps the SKU, a known granularity and a valid period, defaults the rest', () => {
    expect(
      readSkuView({ sku: ' LST-1 ', startDate: '2026-03-01', endDate: '2026-03-31', granularity: 'week' }, '2026-11-24'),
    ).toEqual({
      sku: 'LST-1',
      granularity: 'week',
      marketIds: [],
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    const v = readSkuView({ sku: '', startDate: 'nonsense', endDate: '', granularity: 'year' }, '2026-11-24');
    expect(v.granularity).toBe('day');
    expect(v.endDate <= '2026-11-24').toBe(true);
  });

  it('reads back the marketplace and period of a drill link', () => {
    const href = skuAnalysisHref({ sku: 'LST-1', startDate: '2026-03-01', endDate: '2026-03-31', marketIds: [1] });
    expect(href).toBe('/skuAnalysis?sku=LST-1&startDate=2026-03-01&endDate=2026-03-31&marketId=1');
    const q = new URLSearchParams(href.split('?')[1]);
    const v = readSkuView(
      {
        sku: q.get('sku') ?? '',
        startDate: q.get('startDate') ?? '',
        endDate: q.get('endDate') ?? '',
        granularity: '',
        marketId: q.getAll('marketId'),
      },
      '2026-11-24',
    );
    expect(skuQuery(v)).toEqual({ sku: 'LST-1', startDate: '2026-03-01', endDate: '2026-03-31', marketId: [1] });
    expect(
      readSkuView({ sku: 'x', startDate: '', endDate: '', granularity: '', marketId: ['99', 'a', '3', '3'] }, '2026-11-24')
        .marketIds,
    ).toEqual([3]);
  });
});

describe('skuKpi', () => {
  const now = m({ units: 6, revenue: 165, refunds: 11, adSpend: 5.5, profit: 88.8, margin: 0.5382 });
  const before = m({ units: 2, revenue: 44, refunds: 0, adSpend: 0, profit: 20.8, margin: 0.4727 });
  it('shows counts, money and ratios, with the change against the period before', () => {
    expect(skuKpi('units', now, before, 'USD')).toMatchObject({ value: '6', change: '+200.00%', tone: 'good' });
    expect(skuKpi('revenue', now, before, 'USD').value).toContain('165.00');
    // 11 / 165 = 6.67 %, up from 0: a rise of refunds is bad news.
    expect(skuKpi('refundRate', now, before, 'USD')).toMatchObject({ value: '6.67%', direction: 'up', tone: 'bad' });
    expect(skuKpi('adShare', now, before, 'USD')).toMatchObject({ value: '3.33%', tone: 'bad' });
    expect(skuKpi('margin', now, before, 'USD')).toMatchObject({ value: '53.82%', direction: 'up', tone: 'good' });
  });
  it('has no comparison when the period before had no revenue', () => {
    expect(skuKpi('refundRate', now, m({}), 'USD')).toMatchObject({ previous: '—', direction: null });
    expect(skuKpi('revenue', now, m({}), 'USD')).toMatchObject({ direction: null });
  });
});

describe('marketSplit', () => {
  it('sums listings per marketplace, largest revenue first', () => {
    const row = (marketId: number, revenue: number, profit: number, units: number) =>
      ({ marketId, revenue, profit, units }) as SkuListingRow;
    expect(marketSplit([row(1, 10.1, 1, 1), row(5, 55, 45, 2), row(1, 100.2, 42.8, 4)])).toEqual([
      { marketId: 1, units: 5, revenue: 110.3, profit: 43.8 },
      { marketId: 5, units: 2, revenue: 55, profit: 45 },
    ]);
  });
});

describe('waterfall', () => {
  it('steps down from revenue by each cost to the profit', () => {
    const bars = waterfall(m({ revenue: 165, refunds: 11, fees: 29.7, adSpend: 5.5, cogs: 30, profit: 88.8 }));
    expect(bars.map((b) => [b.key, b.base, b.value])).toEqual([
      ['revenue', 0, 165],
      ['refunds', 154, 11],
      ['fees', 124.3, 29.7],
      ['adSpend', 118.8, 5.5],
      ['cogs', 88.8, 30],
      ['otherCosts', 88.8, 0],
      ['profit', 0, 88.8],
    ]);
  });
  it('goes below zero for a loss and steps up for a credit', () => {
    const bars = waterfall(m({ revenue: 10, cogs: 15, otherCosts: -2, profit: -3 }));
    expect(bars.find((b) => b.key === 'cogs')).toMatchObject({ base: -5, value: 15, amount: -15 });
    expect(bars.find((b) => b.key === 'otherCosts')).toMatchObject({ base: -5, value: 2, amount: 2 });
    expect(bars.find((b) => b.key === 'profit')).toMatchObject({ base: -3, value: 3 });
  });
});
