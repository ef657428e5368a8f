import type { SkuGranularity, skuTrendPointSchema } from '@bo/contract/listings/sku-analysis';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EChart } from '../../../../shared/charts/EChart';
import { CHART_COLORS, escapeHtml } from '../../../../shared/charts/echarts-core';
import { currencySymbol, formatCount, formatMoney } from '../../../sales/shared/sales-format';

type Point = z.infer<typeof skuTrendPointSchema>;

interface Props {
  points: readonly Point[];
  granularity: SkuGranularity;
  currency: string;
}

const UNITS_COLOR = '#13a8a8';

/** Revenue bars and the profit line on the money axis, units on a second axis. */
export default function SkuTrendChart({ points, granularity, currency }: Props) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const symbol = currencySymbol(currency);
    const revenue = t('listings.sku.trend.revenue');
    const profit = t('listings.sku.trend.profit');
    const units = t('listings.sku.trend.units');
    const label = (d: string) => (granularity === 'month' ? d.slice(0, 7) : d.slice(5));
    return {
      color: [CHART_COLORS.revenue, CHART_COLORS.profit, UNITS_COLOR],
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0, data: [revenue, profit, units] },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params: { dataIndex: number }[]) => {
          const p = points[params[0]?.dataIndex ?? -1];
          if (!p) return '';
          return [
            `<b>${escapeHtml(p.date)}</b>`,
            `${escapeHtml(revenue)}: ${symbol} ${formatMoney(p.revenue)}`,
            `${escapeHtml(profit)}: ${symbol} ${formatMoney(p.profit)}`,
            `${escapeHtml(units)}: ${formatCount(p.units)}`,
            `${escapeHtml(t('sales.measure.adSpend'))}: ${symbol} ${formatMoney(p.adSpend)}`,
          ].join('<br/>');
        },
      },
      xAxis: {
        type: 'category',
        data: points.map((p) => label(p.date)),
        axisTick: { alignWithLabel: true },
        axisLabel: { color: CHART_COLORS.axis, hideOverlap: true },
      },
      yAxis: [
        {
          type: 'value',
          axisLabel: { color: CHART_COLORS.axis, formatter: (v: number) => formatCount(v) },
          splitLine: { lineStyle: { color: CHART_COLORS.split } },
        },
        {
          type: 'value',
          axisLabel: { color: CHART_COLORS.axis, formatter: (v: number) => formatCount(v) },
          splitLine: { show: false },
        },
      ],
      series: [
        { name: revenue, type: 'bar', barMaxWidth: 24, data: points.map((p) => p.revenue) },
        { name: profit, type: 'line', symbolSize: 4, data: points.map((p) => p.profit), lineStyle: { width: 2 } },
        {
          name: units,
          type: 'line',
          yAxisIndex: 1,
          symbolSize: 4,
          data: points.map((p) => p.units),
          lineStyle: { width: 1.5, type: 'dashed' },
        },
      ],
    };
  }, [points, granularity, currency, t]);
  const hasData = points.some((p) => p.units !== 0 || p.revenue !== 0);
  return <EChart option={option} height={320} hasData={hasData} testId="sku-trend-chart" />;
}
