/** One listing's forecast: its figures, and 120 days of units sold against the next 90 days' forecast. */
import type { ForecastRow } from '@bo/contract/forecasts/forecasts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../../../shared/charts/colors';
import { LiteChart } from '../../../shared/charts/lite/LiteChart';
import { DetailDrawer } from '../../../shared/kit/DetailDrawer';
import { shopLabel } from '../../../shared/markets/markets';
import { useDaySales } from '../forecasts.queries';
import { formatShare, formatUnits } from './forecast-format';

export function ForecastDrawer({ row: r, onClose }: { row: ForecastRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const days = useDaySales(r ? r.listingId : null);
  return (
    <DetailDrawer
      open={r !== null}
      onClose={onClose}
      width={820}
      testId="forecast-detail"
      title={r ? t('forecasts.detail.title', { sku: r.sku, shop: shopLabel(r.shopName, r.marketId) }) : ''}
      query={days}
      fields={
        r
          ? [
              { key: 'units30', label: t('forecasts.column.units30'), render: () => formatUnits(r.units30) },
              { key: 'next30', label: t('forecasts.column.next30'), render: () => formatUnits(r.next30) },
              { key: 'next90', label: t('forecasts.column.next90'), render: () => formatUnits(r.next90) },
              {
                key: 'wape',
                label: t('forecasts.column.wape'),
                render: () => t('forecasts.detail.wapeVsNaive', { wape: formatShare(r.wape), naive: formatShare(r.naiveWape) }),
              },
              { key: 'bias', label: t('forecasts.column.bias'), render: () => formatShare(r.bias) },
              {
                key: 'method',
                label: t('forecasts.column.method'),
                render: () => <Tag>{t(`forecasts.method.${r.method}`)}</Tag>,
              },
              {
                key: 'censored',
                label: t('forecasts.column.censored'),
                render: () => t('forecasts.detail.censoredDays', { n: r.censoredDays }),
              },
              { key: 'origin', label: t('forecasts.column.origin'), render: () => r.origin },
            ]
          : []
      }
    >
      {(d) => {
        const categories = [...d.history.map((h) => h.day), ...d.forecast.map((f) => f.day)];
        const events = new Map(d.events.map((e) => [e.day, e.kind]));
        const sold = [...d.history.map((h) => h.units), ...d.forecast.map(() => 0)];
        const opacity = [...d.history.map((h) => (h.censored ? 0.3 : 1)), ...d.forecast.map(() => 1)];
        const forecast = [...d.history.map(() => null), ...d.forecast.map((f) => f.units)];
        return (
          <LiteChart
            testId="forecast-chart"
            label={t('forecasts.detail.chart')}
            height={280}
            legend
            hasData={categories.length > 0}
            categories={categories.map((c) => c.slice(5))}
            series={[
              { type: 'bar', name: t('forecasts.detail.sold'), color: '#94a3b8', values: sold, opacity },
              { type: 'line', name: t('forecasts.detail.forecast'), color: CHART_COLORS.revenue, values: forecast },
            ]}
            formatValue={formatUnits}
            tooltip={(i) => {
              const day = categories[i];
              if (!day) return null;
              const h = i < d.history.length ? d.history[i] : undefined;
              const f = i >= d.history.length ? d.forecast[i - d.history.length] : undefined;
              const ev = events.get(day);
              return (
                <>
                  <div>{day}</div>
                  {h && (
                    <div>
                      {t('forecasts.detail.sold')}: {formatUnits(h.units)}
                      {h.censored ? ` · ${t('forecasts.detail.censored')}` : ''}
                    </div>
                  )}
                  {f && (
                    <div>
                      {t('forecasts.detail.forecast')}: {formatUnits(f.units)}
                    </div>
                  )}
                  {ev && <div>{t(`forecasts.event.${ev}`)}</div>}
                </>
              );
            }}
          />
        );
      }}
    </DetailDrawer>
  );
}
