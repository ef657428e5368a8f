import type { listShipmentForecast } from '@bo/contract/supplyboards/forecast';
import { Card } from 'antd';
import type { z } from 'zod';
import { EChart } from '../../../shared/charts/EChart';
import { CHART_COLORS } from '../../../shared/charts/echarts-core';
import { useTexts } from '../../../shared/i18n/lang';
import { marketOf } from '../../../shared/markets/markets';

type Data = z.output<(typeof listShipmentForecast)['data']>;
const PALETTE = ['#2459d6', '#f59e0b', '#13a8a8', '#722ed1', '#eb2f96', '#52c41a', '#8c8c8c', '#fa541c', '#1d39c4', '#a0d911'];

/** Above /shipmentForcast's table: the units to ship per week, stacked by marketplace, over every row of the filters. */
export function ForecastChart({ data }: { data: Data | undefined }) {
  const { t } = useTexts();
  const totals = data?.totals ?? [];
  const option = {
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0, type: 'scroll' },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: (data?.weekStarts ?? []).map((d) => d.slice(5)) },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: CHART_COLORS.split } } },
    series: totals.map((m, i) => ({
      name: marketOf(m.marketId)?.code ?? String(m.marketId),
      type: 'bar',
      stack: 'units',
      color: PALETTE[i % PALETTE.length],
      data: m.weeks,
    })),
  };
  return (
    <Card size="small" title={t('supplyBoards.forecast.chart')} style={{ marginBottom: 12 }}>
      <EChart option={option} height={260} hasData={totals.some((m) => m.weeks.some((u) => u > 0))} testId="forecast-chart" />
    </Card>
  );
}
