import type { chartPointSchema } from '@bo/contract/ppc/board';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { dayChartFrame } from '../../../../shared/charts/day-chart';
import { EChart } from '../../../../shared/charts/EChart';
import { CHART_COLORS, escapeHtml } from '../../../../shared/charts/echarts-core';
import { currencySymbol, formatCount, formatMargin, formatMoney } from '../../../sales/shared/sales-format';

type Point = z.infer<typeof chartPointSchema>;

const ACOS_COLOR = '#d4380d';

/** Spend and ad sales as bars on the money axis, ACoS as a line on a percent axis. */
export default function PpcTrendChart({ points, currency }: { points: readonly Point[]; currency: string }) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const symbol = currencySymbol(currency);
    const spend = t('ppc.metric.spend');
    const sales = t('ppc.metric.sales');
    const acos = t('ppc.metric.acos');
    const lines = (p: Point) => [
      `${escapeHtml(spend)}: ${symbol} ${formatMoney(p.spend)}`,
      `${escapeHtml(sales)}: ${symbol} ${formatMoney(p.sales)}`,
      `${escapeHtml(acos)}: ${formatMargin(p.acos)}`,
      `${escapeHtml(t('ppc.metric.clicks'))}: ${formatCount(p.clicks)}`,
      ...(p.settlement < 2
        ? [`<i>${escapeHtml(t(p.settlement === 0 ? 'ppc.board.settling0' : 'ppc.board.settling1'))}</i>`]
        : []),
    ];
    return {
      ...dayChartFrame({
        days: points.map((p) => p.day),
        colors: [CHART_COLORS.profit, CHART_COLORS.revenue, ACOS_COLOR],
        legend: [spend, sales, acos],
        lines: (i) => lines(points[i] as Point),
        shadow: true,
      }),
      yAxis: [
        {
          type: 'value',
          axisLabel: { color: CHART_COLORS.axis, formatter: (v: number) => formatCount(v) },
          splitLine: { lineStyle: { color: CHART_COLORS.split } },
        },
        {
          type: 'value',
          axisLabel: { color: CHART_COLORS.axis, formatter: (v: number) => `${Math.round(v * 100)}%` },
          splitLine: { show: false },
        },
      ],
      series: [
        { name: spend, type: 'bar', barMaxWidth: 18, data: points.map((p) => p.spend) },
        { name: sales, type: 'bar', barMaxWidth: 18, data: points.map((p) => p.sales) },
        { name: acos, type: 'line', yAxisIndex: 1, symbolSize: 4, connectNulls: false, data: points.map((p) => p.acos) },
      ],
    };
  }, [points, currency, t]);
  return (
    <EChart option={option} height={320} hasData={points.some((p) => p.spend !== 0 || p.sales !== 0)} testId="ppc-trend-chart" />
  );
}
