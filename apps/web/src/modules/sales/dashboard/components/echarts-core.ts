/**
 * ECharts for the dashboard, registered piece by piece (echarts/core) so that only what
 * the charts use is downloaded, and only by the chunks that draw charts. React binds to
 * it through echarts-for-react's ESM core build: its lib/ build breaks under Vite 8.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };

/** Chart colours that match the antd theme (theme.ts). */
export const CHART_COLORS = {
  revenue: '#2459d6',
  profit: '#f59e0b',
  loss: '#cf1322',
  axis: 'rgba(0, 0, 0, 0.45)',
  split: 'rgba(0, 0, 0, 0.06)',
} as const;

/** Escapes text put into an ECharts HTML tooltip. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
