// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup } from '../../kit/test/dom-harness';
import { LiteChart, type LiteSeries } from './LiteChart';

domTestSetup([], { keepGlobals: true });

const categories = ['Mon', 'Tue', 'Wed', 'Thu'];
const series: LiteSeries[] = [
  { type: 'bar', name: 'Revenue', color: '#2459d6', values: [100, 400, 250, 900], opacity: [1, 1, 1, 0.4] },
  { type: 'line', name: 'Profit', color: '#f59e0b', values: [20, null, 60, 80] },
  { type: 'line', name: 'Profit', color: '#f59e0b', values: [null, null, 60, 80], dashed: true, hollow: true },
];
const tooltip = (i: number) => <span>{`${categories[i]}: ${series[0]?.values[i]}`}</span>;

function drawTrend(hasData = true) {
  render(
    <LiteChart
      categories={categories}
      series={series}
      height={320}
      legend
      formatValue={(v) => `${v}`}
      tooltip={tooltip}
      label="Trend"
      hasData={hasData}
      testId="chart"
    />,
  );
  return screen.getByTestId('chart');
}

const texts = (root: Element, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent);

describe('LiteChart', () => {
  it('draws nice value ticks, one bar per category with its opacity, and the category labels', () => {
    const chart = drawTrend();
    const svg = chart.querySelector('svg[aria-hidden="true"][height="292"]');
    expect(svg).not.toBeNull();
    const labels = texts(chart, 'svg text');
    for (const tick of ['0', '200', '400', '600', '800', '1000']) expect(labels).toContain(tick);
    expect(labels).toEqual(expect.arrayContaining(categories));
    const bars = chart.querySelectorAll('g[data-series="Revenue"] rect');
    expect(bars).toHaveLength(4);
    expect(bars[3]?.getAttribute('opacity')).toBe('0.4');
    expect(bars[0]?.getAttribute('opacity')).toBe('1');
    // The highest bar is the tallest.
    const heights = [...bars].map((b) => Number(b.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[3]);
  });

  it('breaks a line at a null and dashes the pending one; the legend names each series once', () => {
    const chart = drawTrend();
    const [solid, dashed] = [...chart.querySelectorAll('g[data-series="Profit"]')];
    const d = solid?.querySelector('path')?.getAttribute('d') ?? '';
    // 20 → gap → 60 → 80: two pieces, three markers.
    expect(d.match(/M/g)).toHaveLength(2);
    expect(d.match(/L/g)).toHaveLength(1);
    expect(solid?.querySelectorAll('circle')).toHaveLength(3);
    expect(dashed?.getAttribute('data-dashed')).toBe('true');
    expect(dashed?.querySelector('path')?.getAttribute('stroke-dasharray')).toBe('5 4');
    expect(dashed?.querySelector('circle')?.getAttribute('fill')).toBe('#fff');
    expect(chart.textContent).toContain('Revenue');
    expect(chart.textContent?.match(/Profit/g)).toHaveLength(1);
  });

  it('shows the hovered category in the tooltip and hides it when the pointer leaves', () => {
    const chart = drawTrend();
    const tip = screen.getByTestId('chart-tooltip');
    expect(tip.hidden).toBe(true);
    // 1200 px wide, the plot from about x = 50 to 1184: x = 700 is the third of four categories.
    fireEvent.mouseMove(chart, { clientX: 700, clientY: 150 });
    expect(tip.hidden).toBe(false);
    expect(tip.textContent).toBe('Wed: 250');
    expect(chart.querySelectorAll('svg[height="292"] > rect')).toHaveLength(1); // the hovered category's shadow
    fireEvent.mouseMove(chart, { clientX: 1100, clientY: 150 });
    expect(tip.textContent).toBe('Thu: 900');
    fireEvent.mouseLeave(chart);
    expect(tip.hidden).toBe(true);
  });

  it('moves the tooltip across the categories with the arrow keys', () => {
    const chart = drawTrend();
    const tip = screen.getByTestId('chart-tooltip');
    expect(chart.getAttribute('tabindex')).toBe('0');
    expect(chart.getAttribute('aria-label')).toBe('Trend');
    act(() => chart.focus());
    expect(tip.textContent).toBe('Mon: 100');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(tip.textContent).toBe('Wed: 250');
    fireEvent.keyDown(chart, { key: 'End' });
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(tip.textContent).toBe('Thu: 900');
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(tip.textContent).toBe('Wed: 250');
    fireEvent.keyDown(chart, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
  });

  it('draws horizontal bars in the given order with their end labels', () => {
    render(
      <LiteChart
        horizontal
        categories={['Germany', 'Japan']}
        series={[{ type: 'bar', name: 'Revenue', color: '#2459d6', values: [300, 100] }]}
        height={200}
        endLabel={(i) => ['75.00%', '25.00%'][i] ?? ''}
        tooltip={(i) => `row ${i}`}
        label="Markets"
        hasData
        testId="markets"
      />,
    );
    const chart = screen.getByTestId('markets');
    expect(texts(chart, 'svg text')).toEqual(['Germany', 'Japan', '75.00%', '25.00%']);
    const [first, second] = [...chart.querySelectorAll('g[data-series="Revenue"] path')];
    const end = (p: Element | undefined) => Number(/H([\d.]+)/.exec(p?.getAttribute('d') ?? '')?.[1]);
    expect(end(first)).toBeGreaterThan(end(second));
    act(() => chart.focus());
    fireEvent.keyDown(chart, { key: 'ArrowDown' });
    expect(screen.getByTestId('markets-tooltip').textContent).toBe('row 1');
  });

  it('says there is no data when there are no categories, and draws nothing', () => {
    render(
      <LiteChart categories={[]} series={[]} height={200} tooltip={() => null} label="Empty" hasData={false} testId="empty" />,
    );
    const chart = screen.getByTestId('empty');
    expect(chart.textContent).toBe('No data yet');
    expect(chart.querySelector('svg')).toBeNull();
  });
});
