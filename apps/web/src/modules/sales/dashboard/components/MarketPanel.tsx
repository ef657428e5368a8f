import type { SalesFilter } from '@bo/contract/sales/sales-profit';
import { Empty, Skeleton } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol } from '../../shared/sales-format';
import { useMarketSplit } from '../dashboard.queries';
import { PanelCard } from './PanelCard';

// The chart code (the SVG LiteChart) downloads while the figures load, not after them.
const loadMarketChart = () => import('./MarketChart');
const MarketChart = lazy(loadMarketChart);

interface Props {
  query: SalesFilter;
  currency: string;
}

/** Revenue by marketplace. */
export function MarketPanel({ query, currency }: Props) {
  const { t } = useTranslation();
  const markets = useMarketSplit(query, true);
  useEffect(() => void loadMarketChart(), []);
  const rows = (markets.data ?? []).filter((m) => m.revenue !== 0 || m.units !== 0);

  return (
    <PanelCard
      title={`${t('sales.panel.markets')} (${currencySymbol(currency)})`}
      testId="dashboard-markets"
      query={markets}
      rows={8}
    >
      {rows.length > 0 ? (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
          <MarketChart markets={rows} currency={currency} />
        </Suspense>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sales.empty.panel')} style={{ padding: '72px 0' }} />
      )}
    </PanelCard>
  );
}
