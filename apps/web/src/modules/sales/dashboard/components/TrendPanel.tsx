import { GRANULARITIES } from '@bo/contract/sales/dashboard';
import { REPORTING_CURRENCY, type SalesFilter } from '@bo/contract/sales/sales-profit';
import { Empty, Segmented, Skeleton } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol } from '../../shared/sales-format';
import { type Granularity, useTrend } from '../dashboard.queries';
import { buildTrendSeries } from '../trend-series';
import { PanelCard } from './PanelCard';

// The chart code (the SVG LiteChart) downloads while the figures load, not after them.
const loadTrendChart = () => import('./TrendChart');
const TrendChart = lazy(loadTrendChart);

interface Props {
  query: SalesFilter;
  granularity: Granularity;
  onGranularity: (g: Granularity) => void;
}

/** Revenue and profit over the period by day, week or month, with the note on figures that may still change. */
export function TrendPanel({ query, granularity, onGranularity }: Props) {
  const { t } = useTranslation();
  const trend = useTrend(query, granularity, true);
  useEffect(() => void loadTrendChart(), []);
  const points = trend.data?.points ?? [];
  const series = buildTrendSeries(points, granularity);

  return (
    <PanelCard
      title={`${t('sales.panel.trend')} (${currencySymbol(trend.data?.currency ?? REPORTING_CURRENCY)})`}
      testId="dashboard-trend"
      query={trend}
      rows={8}
      extra={
        <Segmented<Granularity>
          size="small"
          value={granularity}
          onChange={onGranularity}
          options={GRANULARITIES.map((g) => ({ value: g, label: t(`sales.trend.granularity.${g}`) }))}
          data-testid="dashboard-granularity"
        />
      }
    >
      {series.hasData ? (
        <>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
            <TrendChart points={points} granularity={granularity} currency={trend.data?.currency ?? REPORTING_CURRENCY} />
          </Suspense>
          {series.hasPending && (
            <div className="bo-trend-note" data-testid="dashboard-trend-pending">
              <span className="bo-trend-swatch" />
              <span className="bo-trend-dash" />
              {t('sales.trend.pendingNote')}
            </div>
          )}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sales.empty.panel')} style={{ padding: '72px 0' }} />
      )}
    </PanelCard>
  );
}
