// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTexts, installBrowserStubs } from '../../../../shared/kit/test/dom-harness';
import type { TrendPoint } from '../trend-series';
import MarketChart from './MarketChart';
import TrendChart from './TrendChart';

beforeAll(async () => {
  installBrowserStubs();
  await initTexts('en-US');
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en-US');
});

// Settlement 2 = final, 0 = preliminary (pending).
const points: TrendPoint[] = [
  { date: '2026-11-02', units: 12, revenue: 1500.5, profit: 300, adSpend: 80, settlement: 2 },
  { date: '2026-11-09', units: 20, revenue: 2500, profit: -40, adSpend: 120.25, settlement: 2 },
  { date: '2026-11-16', units: 7, revenue: 900, profit: 150, adSpend: 30, settlement: 0 },
];

describe('TrendChart', () => {
  it('draws revenue bars (the pending bucket lighter), the profit line solid and dashed, and a legend', () => {
    render(<TrendChart points={points} granularity="week" currency="USD" />);
    const chart = screen.getByTestId('dashboard-trend-chart');
    const bars = [...chart.querySelectorAll('g[data-series="Revenue"] rect')];
    expect(bars.map((b) => b.getAttribute('opacity'))).toEqual(['1', '1', '0.4']);
    const lines = chart.querySelectorAll('g[data-series="Profit"]');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.getAttribute('data-dashed')).toBe('true');
    expect(chart.textContent).toContain('11-02');
  });

  it('tells a bucket’s revenue, profit, units and ad spend in the tooltip, and that it may change', () => {
    render(<TrendChart points={points} granularity="week" currency="USD" />);
    const chart = screen.getByTestId('dashboard-trend-chart');
    act(() => chart.focus());
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    const tip = screen.getByTestId('dashboard-trend-chart-tooltip');
    expect(tip.textContent).toContain('Week from 2026-11-09');
    expect(tip.textContent).toContain('Revenue');
    expect(tip.textContent).toContain('2,500.00');
    expect(tip.textContent).toContain('-40.00');
    expect(tip.textContent).toContain('120.25');
    expect(tip.textContent).not.toContain('Not final yet');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(tip.textContent).toContain('Not final yet');
  });

  it('speaks Chinese in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(<TrendChart points={points} granularity="week" currency="USD" />);
    const chart = screen.getByTestId('dashboard-trend-chart');
    act(() => chart.focus());
    fireEvent.keyDown(chart, { key: 'End' });
    const tip = screen.getByTestId('dashboard-trend-chart-tooltip');
    expect(tip.textContent).toContain('2026-11-16 起的一周');
    expect(tip.textContent).toContain('尚未最终结算');
  });
});

describe('MarketChart', () => {
  const markets = [
    { marketId: 3, units: 5, revenue: 250, profit: 20 },
    { marketId: 1, units: 30, revenue: 750, profit: 100 },
  ];

  it('puts the largest marketplace on top with its share, and its figures in the tooltip', () => {
    render(<MarketChart markets={markets} currency="USD" />);
    const chart = screen.getByTestId('dashboard-market-chart');
    expect([...chart.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual(['Germany', 'Japan', '75.00%', '25.00%']);
    act(() => chart.focus());
    const tip = screen.getByTestId('dashboard-market-chart-tooltip');
    expect(tip.textContent).toContain('Germany · 75.00%');
    expect(tip.textContent).toContain('Revenue: US$ 750.00');
    expect(tip.textContent).toContain('Units: 30');
  });

  it('names the marketplaces in Chinese in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    render(<MarketChart markets={markets} currency="USD" />);
    const chart = screen.getByTestId('dashboard-market-chart');
    expect(chart.textContent).toContain('德国');
    act(() => chart.focus());
    expect(screen.getByTestId('dashboard-market-chart-tooltip').textContent).toContain('销售额');
  });
});
