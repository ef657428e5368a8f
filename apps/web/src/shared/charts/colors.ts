/**
 * Chart colours that match the antd theme (theme.ts). Their own module so that the
 * dashboard's SVG charts (lite/) use them without pulling ECharts in; echarts-core.ts
 * re-exports them for the ECharts screens.
 */
export const CHART_COLORS = {
  revenue: '#2459d6',
  profit: '#f59e0b',
  loss: '#cf1322',
  axis: 'rgba(0, 0, 0, 0.45)',
  split: 'rgba(0, 0, 0, 0.06)',
} as const;
