import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../../../../shared/charts/colors';
import { LiteChart, type LiteSeries } from '../../../../shared/charts/lite/LiteChart';
import { currencySymbol, formatCount, formatMoney } from '../../shared/sales-format';
import type { Granularity } from '../dashboard.queries';
import { buildTrendSeries, isPending, type TrendPoint } from '../trend-series';

interface Props {
  points: readonly TrendPoint[];
  granularity: Granularity;
  currency: string;
}

const PENDING_BAR = 0.4;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 24 }}>
      <span>{label}</span>
      <b>{value}</b>
    </div>
  );
}

/**
 * Revenue bars and the profit line per bucket; pending buckets lighter and dashed (see trend-series.ts).
 * Drawn by the dashboard's own SVG chart, not ECharts: it is the first chart of the app.
 */
export default function TrendChart({ points, granularity, currency }: Props) {
  const { t } = useTranslation();
  const revenueName = t('sales.measure.revenue');
  const profitName = t('sales.measure.profit');
  const s = useMemo(() => buildTrendSeries(points, granularity), [points, granularity]);
  const series = useMemo<LiteSeries[]>(
    () => [
      {
        type: 'bar',
        name: revenueName,
        color: CHART_COLORS.revenue,
        values: s.revenue.map((r) => r.value),
        opacity: s.revenue.map((r) => (r.pending ? PENDING_BAR : 1)),
      },
      { type: 'line', name: profitName, color: CHART_COLORS.profit, values: s.profitSettled },
      { type: 'line', name: profitName, color: CHART_COLORS.profit, values: s.profitPending, dashed: true, hollow: true },
    ],
    [s, revenueName, profitName],
  );
  const symbol = currencySymbol(currency);
  const tooltip = (index: number) => {
    const p = points[index];
    if (!p) return null;
    return (
      <>
        <div style={{ marginBottom: 4 }}>{t(`sales.trend.bucket.${granularity}`, { date: p.date })}</div>
        <Row label={revenueName} value={`${symbol} ${formatMoney(p.revenue)}`} />
        <Row label={profitName} value={`${symbol} ${formatMoney(p.profit)}`} />
        <Row label={t('sales.measure.units')} value={formatCount(p.units)} />
        <Row label={t('sales.measure.adSpend')} value={`${symbol} ${formatMoney(p.adSpend)}`} />
        {isPending(p) && <div style={{ marginTop: 4, color: '#d48806' }}>{t('sales.trend.pendingPoint')}</div>}
      </>
    );
  };

  return (
    <LiteChart
      categories={s.labels}
      series={series}
      height={320}
      legend
      formatValue={formatCount}
      tooltip={tooltip}
      label={`${t('sales.panel.trend')} (${symbol})`}
      hasData={s.hasData}
      testId="dashboard-trend-chart"
    />
  );
}
