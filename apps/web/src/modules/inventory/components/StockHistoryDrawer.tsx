/** One monitored SKU × warehouse: its figures and the last 60 days of fulfillable stock against units sold. */
import type { Position } from '@bo/contract/inventory/inventory';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../../../shared/charts/colors';
import { LiteChart } from '../../../shared/charts/lite/LiteChart';
import { formatThousands } from '../../../shared/format';
import { DetailDrawer } from '../../../shared/kit/DetailDrawer';
import { shopLabel } from '../../../shared/markets/markets';
import { useSkuHistory } from '../inventory.queries';
import { CoverCell } from './stock-columns';

export function StockHistoryDrawer({ position: p, onClose }: { position: Position | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useSkuHistory(p ? { shopId: p.shopId, warehouseId: p.warehouseId, sku: p.sku } : null);
  return (
    <DetailDrawer
      open={p !== null}
      onClose={onClose}
      width={760}
      testId="monitor-detail"
      title={
        p
          ? t('inventory.monitor.detail', { sku: p.sku, shop: shopLabel(p.shopName, p.marketId), warehouse: p.warehouseCode })
          : ''
      }
      query={history}
      fields={
        p
          ? [
              { key: 'fulfillable', label: t('inventory.column.fulfillable'), render: () => formatThousands(p.fulfillable) },
              {
                key: 'inbound',
                label: t('inventory.column.inbound'),
                render: () => formatThousands(p.inboundWorking + p.inboundShipped + p.inboundReceiving),
              },
              { key: 'units30', label: t('inventory.column.units30'), render: () => formatThousands(p.units30) },
              {
                key: 'cover',
                label: t('inventory.column.cover'),
                render: () => <CoverCell p={p} under={Number.POSITIVE_INFINITY} />,
              },
              { key: 'day', label: t('inventory.column.day'), render: () => p.day },
            ]
          : []
      }
    >
      {(h) => (
        <LiteChart
          testId="monitor-chart"
          label={t('inventory.monitor.chart')}
          height={260}
          legend
          hasData={h.days.length > 0}
          categories={h.days.map((d) => d.day.slice(5))}
          series={[
            { type: 'bar', name: t('inventory.monitor.units'), color: '#94a3b8', values: h.days.map((d) => d.units) },
            {
              type: 'line',
              name: t('inventory.monitor.stock'),
              color: CHART_COLORS.revenue,
              values: h.days.map((d) => d.fulfillable),
            },
            {
              type: 'line',
              name: t('inventory.monitor.inboundLine'),
              color: CHART_COLORS.profit,
              dashed: true,
              values: h.days.map((d) => d.inbound),
            },
          ]}
          formatValue={(v) => formatThousands(v)}
          tooltip={(i) => {
            const d = h.days[i];
            if (!d) return null;
            return (
              <>
                <div>{d.day}</div>
                <div>
                  {t('inventory.monitor.stock')}: {d.fulfillable === null ? '—' : formatThousands(d.fulfillable)}
                </div>
                <div>
                  {t('inventory.monitor.inboundLine')}: {d.inbound === null ? '—' : formatThousands(d.inbound)}
                </div>
                <div>
                  {t('inventory.monitor.units')}: {formatThousands(d.units)}
                </div>
              </>
            );
          }}
        />
      )}
    </DetailDrawer>
  );
}
