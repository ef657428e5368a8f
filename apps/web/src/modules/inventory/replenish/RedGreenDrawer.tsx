/** One SKU × marketplace: its figures and the projected stock of the next 90 days against the reorder point and safety stock. */
import type { AdviceRow } from '@bo/contract/inventory/replenish';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../../../shared/charts/colors';
import { LiteChart } from '../../../shared/charts/lite/LiteChart';
import { formatThousands } from '../../../shared/format';
import { DetailDrawer } from '../../../shared/kit/DetailDrawer';
import { shopLabel } from '../../../shared/markets/markets';
import { AdviceCell, StateTag } from './advice-cells';
import { type LineKey, useRedGreenLine } from './replenish.queries';

export function RedGreenDrawer({
  row,
  settings,
  onClose,
}: {
  row: AdviceRow | null;
  settings: Omit<LineKey, 'shopId' | 'listingId'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const line = useRedGreenLine(row ? { shopId: row.shopId, listingId: row.listingId, ...settings } : null);
  const n = formatThousands;
  return (
    <DetailDrawer
      open={row !== null}
      onClose={onClose}
      width={820}
      testId="replenish-detail"
      title={row ? t('replenish.detail', { sku: row.sku, shop: shopLabel(row.shopName, row.marketId) }) : ''}
      query={line}
      fields={[
        { key: 'state', label: t('replenish.column.state'), render: (d) => <StateTag r={d.row} /> },
        {
          key: 'onHand',
          label: t('replenish.field.onHand'),
          render: (d) => `${n(d.row.fulfillable + d.row.reserved)} (${n(d.row.fulfillable)} + ${n(d.row.reserved)})`,
        },
        {
          key: 'inbound',
          label: t('replenish.field.inbound'),
          render: (d) => `${n(d.row.inbound)} (${n(d.row.onWay)}${d.row.onWayEta ? ` · ETA ${d.row.onWayEta}` : ''})`,
        },
        {
          key: 'demand',
          label: t('replenish.field.demand'),
          render: (d) => `${d.row.dailyDemand}${d.row.demandSource === 'average' ? ` (${t('replenish.averageFlag')})` : ''}`,
        },
        { key: 'sigma', label: t('replenish.field.sigma'), render: (d) => d.row.sigma },
        {
          key: 'lead',
          label: t('replenish.field.lead'),
          render: (d) =>
            `${d.row.leadTimeDays} = ${d.row.prepDays} + ${d.row.leadTimeDays - d.row.prepDays} (${t(`replenish.mode.${d.row.mode}`)})`,
        },
        { key: 'rop', label: t('replenish.column.rop'), render: (d) => `${n(d.row.reorderPoint)} / ${n(d.row.safetyStock)}` },
        { key: 'position', label: t('replenish.field.position'), render: (d) => n(d.row.position) },
        { key: 'advice', label: t('replenish.field.advice'), span: 2, render: (d) => <AdviceCell r={d.row} /> },
      ]}
    >
      {(d) => (
        <LiteChart
          testId="replenish-chart"
          label={t('replenish.chart')}
          height={280}
          legend
          hasData={d.days.length > 0}
          categories={d.days.map((x) => x.day.slice(5))}
          series={[
            { type: 'bar', name: t('replenish.series.demand'), color: '#94a3b8', values: d.days.map((x) => x.demand) },
            { type: 'line', name: t('replenish.series.stock'), color: CHART_COLORS.revenue, values: d.days.map((x) => x.stock) },
            {
              type: 'line',
              name: t('replenish.series.withAdvice'),
              color: '#16a34a',
              dashed: true,
              values: d.days.map((x) => x.withAdvice),
            },
            {
              type: 'line',
              name: t('replenish.series.rop'),
              color: CHART_COLORS.profit,
              dashed: true,
              values: d.days.map(() => d.row.reorderPoint),
            },
            {
              type: 'line',
              name: t('replenish.series.ss'),
              color: CHART_COLORS.loss,
              dashed: true,
              values: d.days.map(() => d.row.safetyStock),
            },
          ]}
          formatValue={(v) => n(Math.round(v))}
          tooltip={(i) => {
            const x = d.days[i];
            if (!x) return null;
            return (
              <>
                <div>{x.day}</div>
                <div>
                  {t('replenish.series.stock')}: {n(Math.round(x.stock))}
                </div>
                <div>
                  {t('replenish.series.withAdvice')}: {n(Math.round(x.withAdvice))}
                </div>
                <div>
                  {t('replenish.series.demand')}: {x.demand.toFixed(1)}
                </div>
              </>
            );
          }}
        />
      )}
    </DetailDrawer>
  );
}
