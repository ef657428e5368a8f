/**
 * ECharts for the dashboard, registered piece by piece (echarts/core) so that only what
 * the charts use is downloaded, and only by the chunks that draw charts. React binds to
 * it through echarts-for-react's ESM core build: its lib/ build breaks under Vite 8.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, CanvasRenderer]);

export { echarts };

let tooltip: Promise<boolean> | null = null;
let tooltipReady = false;

/** Whether the tooltip is registered already (charts created from now on need nothing more). */
export const hasTooltip = (): boolean => tooltipReady;

/**
 * The tooltip (with its axis pointer, about 15 kB gzip) is registered only after a chart
 * has drawn: nobody hovers a chart before it is there, and the first chart comes sooner
 * without it. Until then ECharts leaves an option's `tooltip` aside; EChart.tsx gives each
 * chart its option again once this resolves (true), so the tooltip shows from then on.
 */
export function loadTooltip(): Promise<boolean> {
  tooltip ??= import('./echarts-tooltip').then(
    () => {
      tooltipReady = true;
      return true;
    },
    () => {
      tooltip = null; // a failed download is tried again by the next chart
      return false;
    },
  );
  return tooltip;
}

export { CHART_COLORS } from './colors';

/** Escapes text put into an ECharts HTML tooltip. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
