import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../shared/charts/EChart';
import { CHART_COLORS, escapeHtml } from '../../../../shared/charts/echarts-core';
import { currencySymbol, formatCount, formatMoney } from '../../shared/sales-format';
import type { Granularity } from '../dashboard.queries';
import { buildTrendSeries, isPending, type TrendPoint } from '../trend-series';

interface Props {
  points: readonly TrendPoint[];
  granularity: Granularity;
  currency: string;
}

/** Revenue bars and the profit line per bucket; pending buckets lighter and dashed (see trend-series.ts). */
export default function TrendChart({ points, granularity, currency }: Props) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const s = buildTrendSeries(points, granularity);
    const symbol = currencySymbol(currency);
    const revenueName = t('sales.measure.revenue');
    const profitName = t('sales.measure.profit');
    const tooltip = (params: unknown) => {
      const index = (Array.isArray(params) ? params[0] : params)?.dataIndex as number | undefined;
      const p = index === undefined ? undefined : points[index];
      if (!p) return '';
      const row = (label: string, value: string) =>
        `<div style="display:flex;justify-content:space-between;gap:24px"><span>${escapeHtml(label)}</span><b>${escapeHtml(value)}</b></div>`;
      return [
        `<div style="margin-bottom:4px">${escapeHtml(t(`sales.trend.bucket.${granularity}`, { date: p.date }))}</div>`,
        row(revenueName, `${symbol} ${formatMoney(p.revenue)}`),
        row(profitName, `${symbol} ${formatMoney(p.profit)}`),
        row(t('sales.measure.units'), formatCount(p.units)),
        row(t('sales.measure.adSpend'), `${symbol} ${formatMoney(p.adSpend)}`),
        isPending(p) ? `<div style="margin-top:4px;color:#d48806">${escapeHtml(t('sales.trend.pendingPoint'))}</div>` : '',
      ].join('');
    };
    return {
      color: [CHART_COLORS.revenue, CHART_COLORS.profit],
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0, data: [revenueName, profitName] },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: tooltip },
      xAxis: {
        type: 'category',
        data: s.labels,
        axisTick: { alignWithLabel: true },
        axisLabel: { color: CHART_COLORS.axis, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        axisLabel: { color: CHART_COLORS.axis, formatter: (v: number) => formatCount(v) },
        splitLine: { lineStyle: { color: CHART_COLORS.split } },
      },
      series: [
        {
          name: revenueName,
          type: 'bar',
          barMaxWidth: 28,
          data: s.revenue.map((r) => ({ value: r.value, itemStyle: r.pending ? { opacity: 0.4 } : undefined })),
        },
        {
          name: profitName,
          type: 'line',
          symbolSize: 5,
          data: s.profitSettled,
          lineStyle: { width: 2 },
        },
        {
          name: profitName,
          type: 'line',
          symbolSize: 5,
          symbol: 'emptyCircle',
          data: s.profitPending,
          lineStyle: { width: 2, type: 'dashed' },
          tooltip: { show: false },
        },
      ],
    };
  }, [points, granularity, currency, t]);
  const hasData = useMemo(() => points.some((p) => p.settlement !== null), [points]);

  return <EChart option={option} height={320} hasData={hasData} testId="dashboard-trend-chart" />;
}
