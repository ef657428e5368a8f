import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dayChartFrame } from '../../../shared/charts/day-chart';
import { EChart } from '../../../shared/charts/EChart';
import { CHART_COLORS, escapeHtml } from '../../../shared/charts/echarts-core';
import { currencySymbol, formatCount, formatMoney } from '../../sales/shared/sales-format';

interface Point {
  day: string;
  campaigns: number;
  spend: number;
}

/** Per day: how many campaigns ran out of budget (bars) and what they spent that day (line). */
export default function OutBudgetChart({ points, currency }: { points: readonly Point[]; currency: string }) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const symbol = currencySymbol(currency);
    const campaigns = t('ppc.outBudget.campaignsOut');
    const spend = t('ppc.outBudget.spendOut');
    const lines = (p: Point) => [
      `${escapeHtml(campaigns)}: ${formatCount(p.campaigns)}`,
      `${escapeHtml(spend)}: ${symbol} ${formatMoney(p.spend)}`,
    ];
    return {
      ...dayChartFrame({
        days: points.map((p) => p.day),
        colors: ['#d4380d', CHART_COLORS.revenue],
        legend: [campaigns, spend],
        lines: (i) => lines(points[i] as Point),
      }),
      yAxis: [
        {
          type: 'value',
          minInterval: 1,
          axisLabel: { color: CHART_COLORS.axis },
          splitLine: { lineStyle: { color: CHART_COLORS.split } },
        },
        {
          type: 'value',
          axisLabel: { color: CHART_COLORS.axis, formatter: (v: number) => formatCount(v) },
          splitLine: { show: false },
        },
      ],
      series: [
        { name: campaigns, type: 'bar', barMaxWidth: 18, data: points.map((p) => p.campaigns) },
        { name: spend, type: 'line', yAxisIndex: 1, symbolSize: 4, data: points.map((p) => p.spend) },
      ],
    };
  }, [points, currency, t]);
  return <EChart option={option} height={260} hasData={points.some((p) => p.campaigns > 0)} testId="ppc-outbudget-chart" />;
}
