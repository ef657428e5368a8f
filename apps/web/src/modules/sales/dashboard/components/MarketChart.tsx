import type { marketSplitSchema } from '@bo/contract/sales/dashboard';
import { useMemo } from 'react';
import type { z } from 'zod';
import { CHART_COLORS } from '../../../../shared/charts/colors';
import { LiteChart, type LiteSeries } from '../../../../shared/charts/lite/LiteChart';
import { formatPercentValue } from '../../../../shared/format';
import { useTexts } from '../../../../shared/i18n/lang';
import { marketName, marketOf } from '../../../../shared/markets/markets';
import { currencySymbol, formatCount, formatMoney } from '../../shared/sales-format';

export type MarketSplit = z.infer<typeof marketSplitSchema>;

interface Props {
  markets: readonly MarketSplit[];
  currency: string;
}

/**
 * Revenue by marketplace, largest on top, each bar labelled with its share; profit and units in the tooltip.
 * Drawn by the dashboard's own SVG chart, not ECharts (docs/decisions.md).
 */
export default function MarketChart({ markets, currency }: Props) {
  const { t, lang } = useTexts();
  const revenueName = t('sales.measure.revenue');
  const { rows, shares, names } = useMemo(() => {
    const total = markets.reduce((sum, m) => sum + Math.max(0, m.revenue), 0);
    const sorted = [...markets].sort((a, b) => b.revenue - a.revenue);
    return {
      rows: sorted,
      shares: sorted.map((m) => (total > 0 ? (Math.max(0, m.revenue) / total) * 100 : 0)),
      names: sorted.map((m) => {
        const market = marketOf(m.marketId);
        return market ? marketName(market, lang) : `#${m.marketId}`;
      }),
    };
  }, [markets, lang]);
  const series = useMemo<LiteSeries[]>(
    () => [{ type: 'bar', name: revenueName, color: CHART_COLORS.revenue, values: rows.map((m) => Math.max(0, m.revenue)) }],
    [rows, revenueName],
  );
  const symbol = currencySymbol(currency);
  const share = (i: number) => formatPercentValue(shares[i] ?? 0);
  const tooltip = (i: number) => {
    const m = rows[i];
    if (!m) return null;
    return (
      <>
        <div>
          <b>{names[i]}</b> · {share(i)}
        </div>
        <div>{`${revenueName}: ${symbol} ${formatMoney(m.revenue)}`}</div>
        <div>{`${t('sales.measure.profit')}: ${symbol} ${formatMoney(m.profit)}`}</div>
        <div>{`${t('sales.measure.units')}: ${formatCount(m.units)}`}</div>
      </>
    );
  };

  return (
    <LiteChart
      horizontal
      categories={names}
      series={series}
      height={320}
      endLabel={share}
      tooltip={tooltip}
      label={`${t('sales.panel.markets')} (${symbol})`}
      hasData={markets.length > 0}
      testId="dashboard-market-chart"
    />
  );
}
