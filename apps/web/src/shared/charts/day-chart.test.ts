/** The frame of a chart over days: short day labels, the tooltip headed by the full day. */
import { describe, expect, it } from 'vitest';
import { dayChartFrame } from './day-chart';

describe('dayChartFrame', () => {
  const frame = dayChartFrame({
    days: ['2026-11-01', '2026-11-02'],
    colors: ['#111', '#222'],
    legend: ['Spend'],
    lines: (i) => [`Spend: ${i === 0 ? 5 : 7}`],
    shadow: true,
  });

  it('labels the days as MM-DD and keeps the legend and colours', () => {
    expect(frame.xAxis.data).toEqual(['11-01', '11-02']);
    expect(frame.legend.data).toEqual(['Spend']);
    expect(frame.color).toEqual(['#111', '#222']);
    expect(frame.tooltip).toMatchObject({ trigger: 'axis', axisPointer: { type: 'shadow' } });
  });

  it("heads the tooltip with the day under the pointer, then the screen's lines; nothing off the days", () => {
    expect(frame.tooltip.formatter([{ dataIndex: 1 }])).toBe('<b>2026-11-02</b><br/>Spend: 7');
    expect(frame.tooltip.formatter([])).toBe('');
  });

  it('draws no shade unless asked', () => {
    const plain = dayChartFrame({ days: [], colors: [], legend: [], lines: () => [] });
    expect('axisPointer' in plain.tooltip).toBe(false);
  });
});
