import type { Measures } from '@bo/contract/sales/sales-profit';
import { CustomChart } from 'echarts/charts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../shared/charts/EChart';
import { CHART_COLORS, echarts, escapeHtml } from '../../../../shared/charts/echarts-core';
import { currencySymbol, formatMargin, formatMoney } from '../../../sales/shared/sales-format';
import { waterfall } from '../sku-view';

echarts.use([CustomChart]);

interface Props {
  measures: Measures;
  currency: string;
}

const COST_COLOR = '#d4380d';
const CREDIT_COLOR = '#389e0d';

interface RenderApi {
  value: (dim: number) => number;
  coord: (point: [number, number]) => [number, number];
  size: (size: [number, number]) => [number, number];
  style: (extra?: object) => object;
}

/** Revenue, each cost stepping down from it, and the profit that remains (floating bars, so a loss goes below 0). */
export default function CostWaterfall({ measures, currency }: Props) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const bars = waterfall(measures);
    const symbol = currencySymbol(currency);
    const names = bars.map((b) => t(`listings.sku.cost.${b.key}`));
    const colorOf = (b: (typeof bars)[number]) =>
      b.key === 'revenue'
        ? CHART_COLORS.revenue
        : b.key === 'profit'
          ? b.amount < 0
            ? CHART_COLORS.loss
            : CHART_COLORS.profit
          : b.amount > 0
            ? CREDIT_COLOR
            : COST_COLOR;
    return {
      grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'item',
        formatter: (p: { dataIndex: number }) => {
          const b = bars[p.dataIndex];
          if (!b) return '';
          const share = measures.revenue !== 0 && b.key !== 'revenue' ? Math.abs(b.amount) / measures.revenue : null;
          return [
            `<b>${escapeHtml(names[p.dataIndex] ?? '')}</b>`,
            `${symbol} ${formatMoney(b.amount)}`,
            share === null ? '' : escapeHtml(t('listings.sku.cost.ofRevenue', { pct: formatMargin(share) })),
          ]
            .filter(Boolean)
            .join('<br/>');
        },
      },
      xAxis: { type: 'category', data: names, axisLabel: { color: CHART_COLORS.axis, interval: 0 } },
      yAxis: {
        type: 'value',
        axisLabel: { color: CHART_COLORS.axis, formatter: (v: number) => formatMoney(v).replace(/\.00$/, '') },
        splitLine: { lineStyle: { color: CHART_COLORS.split } },
      },
      series: [
        {
          type: 'custom',
          data: bars.map((b, i) => [i, b.base, b.base + b.value]),
          encode: { x: 0, y: [1, 2] },
          renderItem: (params: { dataIndex: number }, api: RenderApi) => {
            const i = api.value(0);
            const low = api.coord([i, api.value(1)]);
            const high = api.coord([i, api.value(2)]);
            const width = api.size([1, 0])[0] * 0.55;
            const b = bars[params.dataIndex];
            return {
              type: 'rect',
              shape: { x: low[0] - width / 2, y: high[1], width, height: Math.max(1, low[1] - high[1]) },
              style: { fill: b ? colorOf(b) : CHART_COLORS.revenue },
            };
          },
          label: { show: false },
        },
      ],
    };
  }, [measures, currency, t]);
  return <EChart option={option} height={300} hasData={measures.revenue !== 0} testId="sku-cost-chart" />;
}
