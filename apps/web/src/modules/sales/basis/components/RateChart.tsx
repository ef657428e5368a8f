import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../shared/charts/EChart';
import { CHART_COLORS, escapeHtml } from '../../../../shared/charts/echarts-core';
import { chartSteps, formatRate } from '../basis-view';

interface Props {
  currency: string;
  points: readonly { day: string; rate: number }[];
  startDate: string;
  endDate: string;
}

/**
 * The rate of one currency over time: a step line, because an entry holds until the next
 * one. The axis is scaled to the values (rates move by a few percent), not from zero.
 */
export function RateChart({ currency, points, startDate, endDate }: Props) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption>(
    () => ({
      animation: false,
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        formatter: (params: { axisValue: string; value: [string, number] }[]) => {
          const p = params[0];
          if (!p) return '';
          return `${escapeHtml(p.value[0])}<br/>1 ${escapeHtml(currency)} = <b>${formatRate(p.value[1])}</b> USD`;
        },
      },
      xAxis: {
        type: 'time',
        min: startDate,
        max: endDate,
        axisLabel: { color: CHART_COLORS.axis, hideOverlap: true },
        axisLine: { lineStyle: { color: CHART_COLORS.split } },
      },
      yAxis: {
        type: 'value',
        scale: true,
        name: t('salesBasis.rates.axis'),
        nameTextStyle: { color: CHART_COLORS.axis, align: 'left' },
        axisLabel: { color: CHART_COLORS.axis, formatter: (v: number) => formatRate(v).replace(/0+$/, '').replace(/\.$/, '') },
        splitLine: { lineStyle: { color: CHART_COLORS.split } },
      },
      series: [
        {
          type: 'line',
          step: 'end',
          showSymbol: points.length < 40,
          symbolSize: 5,
          lineStyle: { width: 2, color: CHART_COLORS.revenue },
          itemStyle: { color: CHART_COLORS.revenue },
          areaStyle: { color: 'rgba(36, 89, 214, 0.06)' },
          data: chartSteps(points, startDate, endDate),
        },
      ],
    }),
    [currency, points, startDate, endDate, t],
  );
  return <EChart option={option} height={220} hasData={points.length > 0} testId="rate-chart" />;
}
