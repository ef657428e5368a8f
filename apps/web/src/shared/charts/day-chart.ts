/**
 * The frame of a chart over days, as the boards draw it: the legend on top, the days as
 * "MM-DD" categories, and a tooltip headed by the full day under the pointer with the
 * screen's lines for that day. The screen adds its axes and series.
 */
import { CHART_COLORS } from './colors';
import { escapeHtml } from './echarts-core';

export function dayChartFrame({
  days,
  colors,
  legend,
  lines,
  shadow = false,
}: {
  days: readonly string[];
  colors: string[];
  legend: string[];
  /** The tooltip's lines (HTML, texts escaped) for the day at this index. */
  lines: (index: number) => string[];
  /** Shade the day under the pointer (bars) rather than draw a line. */
  shadow?: boolean;
}) {
  return {
    color: colors,
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0, data: legend },
    tooltip: {
      trigger: 'axis',
      ...(shadow ? { axisPointer: { type: 'shadow' } } : {}),
      formatter: (params: { dataIndex: number }[]) => {
        const index = params[0]?.dataIndex ?? -1;
        const day = days[index];
        return day === undefined ? '' : [`<b>${escapeHtml(day)}</b>`, ...lines(index)].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: days.map((d) => d.slice(5)),
      axisTick: { alignWithLabel: true },
      axisLabel: { color: CHART_COLORS.axis, hideOverlap: true },
    },
  };
}
