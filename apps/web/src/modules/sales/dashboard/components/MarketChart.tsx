import type { marketSplitSchema } from '@bo/contract/sales/dashboard';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EChart } from '../../../../shared/charts/EChart';
import { CHART_COLORS, escapeHtml } from '../../../../shared/charts/echarts-core';
import { formatPercentValue } from '../../../../shared/format';
import { useLang } from '../../../../shared/i18n/lang';
import { marketName, marketOf } from '../../../../shared/markets/markets';
import { currencySymbol, formatCount, formatMoney } from '../../shared/sales-format';

export type MarketSplit = z.infer<typeof marketSplitSchema>;

interface Props {
  markets: readonly MarketSplit[];
  currency: string;
}

/** Revenue by marketplace, largest on top, each bar labelled with its share; profit and units in the tooltip. */
export default function MarketChart({ markets, currency }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const option = useMemo(() => {
    const symbol = currencySymbol(currency);
    const total = markets.reduce((sum, m) => sum + Math.max(0, m.revenue), 0);
    const share = (m: MarketSplit) => (total > 0 ? (Math.max(0, m.revenue) / total) * 100 : 0);
    // ECharts draws the first category at the bottom: reverse so that the largest is on top.
    const rows = [...markets].sort((a, b) => a.revenue - b.revenue);
    const nameOf = (id: number) => {
      const m = marketOf(id);
      return m ? marketName(m, lang) : `#${id}`;
    };
    return {
      grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params: { dataIndex: number }[]) => {
          const m = rows[params[0]?.dataIndex ?? -1];
          if (!m) return '';
          return [
            `<b>${escapeHtml(nameOf(m.marketId))}</b> · ${formatPercentValue(share(m))}`,
            `${escapeHtml(t('sales.measure.revenue'))}: ${symbol} ${formatMoney(m.revenue)}`,
            `${escapeHtml(t('sales.measure.profit'))}: ${symbol} ${formatMoney(m.profit)}`,
            `${escapeHtml(t('sales.measure.units'))}: ${formatCount(m.units)}`,
          ].join('<br/>');
        },
      },
      xAxis: { type: 'value', show: false },
      yAxis: {
        type: 'category',
        data: rows.map((m) => nameOf(m.marketId)),
        axisTick: { show: false },
        axisLine: { show: false },
        axisLabel: { color: CHART_COLORS.axis },
      },
      series: [
        {
          type: 'bar',
          barMaxWidth: 16,
          itemStyle: { color: CHART_COLORS.revenue, borderRadius: [0, 3, 3, 0] },
          label: {
            show: true,
            position: 'right',
            color: CHART_COLORS.axis,
            formatter: (p: { dataIndex: number }) => {
              const m = rows[p.dataIndex];
              return m ? formatPercentValue(share(m)) : '';
            },
          },
          data: rows.map((m) => Math.max(0, m.revenue)),
        },
      ],
    };
  }, [markets, currency, lang, t]);

  return <EChart option={option} height={320} hasData={markets.length > 0} testId="dashboard-market-chart" />;
}
