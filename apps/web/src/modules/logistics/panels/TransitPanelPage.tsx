/**
 * /newLogisticsPanel: transit performance per carrier (as written on the shipments) and mode: the
 * shipments, the median and p90 of the actual transit days against the planned ones, the on-time
 * rate and the shipments late now; a chart of the received shipments' transit days per mode. A
 * carrier opens its shipments on /logisticsMgr with the filter in the URL. Shop, marketplace, mode
 * and the ETD range in the URL.
 */
import { SHIPMENT_MODES } from '@bo/contract/inventory/shipments';
import { type TransitPanel, transitPanel } from '@bo/contract/logistics/panels';
import { Card, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHART_COLORS } from '../../../shared/charts/colors';
import { EChart } from '../../../shared/charts/EChart';
import { FilterCard, Page } from '../../../shared/components/PageHead';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { FilterBar } from '../../../shared/kit/FilterBar';
import { useListQuery } from '../../../shared/kit/use-list-query';
import { FitTable } from '../../../shared/table/FitTable';
import { useModeOptions } from '../carriers/mode-tags';
import { useTransitPanel } from '../logistics.queries';
import { MODE_COLORS } from './panel-parts';

type CarrierRow = TransitPanel['carriers'][number];

/** /logisticsMgr with this carrier, mode and the panel's other filters. */
export function shipmentsLink(r: CarrierRow, q: { shopId?: number; marketId?: number; etdFrom: string; etdTo: string }) {
  const p = new URLSearchParams({ carrier: r.carrier, mode: r.mode, etdFrom: q.etdFrom, etdTo: q.etdTo });
  if (q.shopId !== undefined) p.set('shopId', String(q.shopId));
  if (q.marketId !== undefined) p.set('marketId', String(q.marketId));
  return `/logisticsMgr?${p.toString()}`;
}

const days = (v: number | null) => (v === null ? '—' : String(v));

export default function TransitPanelPage() {
  const { t } = useTranslation();
  const state = useListQuery(transitPanel.query);
  const modeOptions = useModeOptions();
  const panel = useTransitPanel(state.query);
  const p = panel.data;

  const option = useMemo(() => {
    if (!p) return null;
    const all = p.distribution.map((d) => d.days);
    const min = Math.min(...all);
    const max = Math.max(...all);
    const axis = all.length ? Array.from({ length: max - min + 1 }, (_, i) => min + i) : [];
    const modes = SHIPMENT_MODES.filter((m) => p.distribution.some((d) => d.mode === m));
    return {
      grid: { left: 8, right: 16, top: 36, bottom: 24, containLabel: true },
      legend: { top: 0, left: 0 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', name: t('logistics.transit.days'), nameLocation: 'middle', nameGap: 24, data: axis },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: CHART_COLORS.split } } },
      series: modes.map((m) => ({
        name: t(`logistics.mode.${m}`),
        type: 'bar',
        barMaxWidth: 18,
        itemStyle: { color: MODE_COLORS[m] },
        data: axis.map((d) => p.distribution.find((x) => x.mode === m && x.days === d)?.shipments ?? 0),
      })),
    };
  }, [p, t]);

  return (
    <Page testId="page-logistics-transit" texts="logistics.transit">
      <FilterCard>
        <FilterBar
          state={state}
          fields={[
            { kind: 'shop', key: 'shopId', width: 170 },
            { kind: 'market', key: 'marketId', width: 140 },
            { kind: 'select', key: 'mode', placeholder: t('logistics.transit.allModes'), width: 130, options: modeOptions },
            { kind: 'date-range', key: 'etdFrom', to: 'etdTo', testId: 'transit-etd' },
          ]}
        />
      </FilterCard>
      <QueryStates pending={panel.isPending} error={panel.error} onRetry={() => void panel.refetch()}>
        {p && p.carriers.length === 0 && <EmptyState text={t('logistics.transit.empty')} testId="transit-empty" />}
        {p && option && p.carriers.length > 0 && (
          <>
            <Card size="small" title={t('logistics.transit.distribution')} style={{ marginTop: 12 }}>
              <EChart option={option} height={260} hasData={p.distribution.length > 0} testId="transit-distribution" />
            </Card>
            <Card size="small" style={{ marginTop: 12 }}>
              <FitTable<CarrierRow>
                tableId="logistics.transit.carriers"
                size="small"
                rowKey={(r) => `${r.carrier}|${r.mode}`}
                pagination={false}
                dataSource={p.carriers}
                data-testid="transit-carriers"
                columns={[
                  {
                    key: 'carrier',
                    priority: 'key',
                    width: 150,
                    title: t('logistics.transit.carrier'),
                    render: (_, r) => (
                      <Link
                        to={shipmentsLink(r, { ...state.query, etdFrom: p.etdFrom, etdTo: p.etdTo })}
                        data-testid={`transit-open-${r.carrier}-${r.mode}`}
                      >
                        {r.carrier}
                      </Link>
                    ),
                  },
                  {
                    key: 'mode',
                    priority: 'key',
                    width: 80,
                    title: t('logistics.transit.mode'),
                    render: (_, r) => t(`logistics.mode.${r.mode}`),
                  },
                  {
                    key: 'shipments',
                    priority: 'key',
                    width: 80,
                    align: 'right',
                    title: t('logistics.transit.shipments'),
                    render: (_, r) => r.shipments,
                  },
                  {
                    key: 'received',
                    priority: 'detail',
                    width: 80,
                    align: 'right',
                    title: t('logistics.transit.received'),
                    render: (_, r) => r.received,
                  },
                  {
                    key: 'median',
                    priority: 'key',
                    width: 100,
                    align: 'right',
                    title: t('logistics.transit.median'),
                    render: (_, r) => days(r.medianDays),
                  },
                  {
                    key: 'p90',
                    priority: 'key',
                    width: 90,
                    align: 'right',
                    title: t('logistics.transit.p90'),
                    render: (_, r) => days(r.p90Days),
                  },
                  {
                    key: 'planned',
                    priority: 'key',
                    width: 100,
                    align: 'right',
                    title: t('logistics.transit.planned'),
                    render: (_, r) => r.plannedDays,
                  },
                  {
                    key: 'onTime',
                    priority: 'key',
                    width: 90,
                    align: 'right',
                    title: t('logistics.transit.onTimeRate'),
                    render: (_, r) =>
                      r.onTimeRate === null ? (
                        '—'
                      ) : (
                        <Typography.Text
                          type={r.onTimeRate < 0.8 ? 'danger' : undefined}
                        >{`${Math.round(r.onTimeRate * 100)}%`}</Typography.Text>
                      ),
                  },
                  {
                    key: 'late',
                    priority: 'key',
                    width: 90,
                    align: 'right',
                    title: t('logistics.transit.lateNow'),
                    render: (_, r) => (r.lateNow > 0 ? <Tag color="red">{r.lateNow}</Tag> : 0),
                  },
                ]}
              />
            </Card>
          </>
        )}
      </QueryStates>
    </Page>
  );
}
