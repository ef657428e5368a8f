/**
 * /logisticsPanel: freight spend per ETD month, stacked by mode and by marketplace; the estimate
 * against the actual of the billed shipments per month; the cost per unit and per kg by mode; a
 * table of the months under the charts. Shop, marketplace, mode and the month range in the URL.
 */
import { MARKETS } from '@bo/contract';
import { SHIPMENT_MODES } from '@bo/contract/inventory/shipments';
import { costPanel } from '@bo/contract/logistics/panels';
import { Card, Col, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../../../shared/charts/colors';
import { EChart } from '../../../shared/charts/EChart';
import { FilterCard, Page } from '../../../shared/components/PageHead';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { useTexts } from '../../../shared/i18n/lang';
import { FilterBar } from '../../../shared/kit/FilterBar';
import { useListQuery } from '../../../shared/kit/use-list-query';
import { marketLabel } from '../../../shared/markets/markets';
import { FitTable } from '../../../shared/table/FitTable';
import { useModeOptions } from '../carriers/mode-tags';
import { useCostPanel } from '../logistics.queries';
import { usd } from '../shipments/shipment-format';
import { MODE_COLORS, MonthRange, stackedMonths } from './panel-parts';

const thisMonth = () => new Date().toISOString().slice(0, 7);
const monthsBack = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
};
const perUnit = (v: number | null) => (v === null ? '—' : `$${v.toFixed(4)}`);

export default function CostPanelPage() {
  const { t } = useTranslation();
  const { lang } = useTexts();
  const state = useListQuery(costPanel.query);
  const modeOptions = useModeOptions();
  const toMonth = state.query.toMonth ?? thisMonth();
  const fromMonth = state.query.fromMonth ?? monthsBack(toMonth, 11);
  const panel = useCostPanel({ ...state.query, fromMonth, toMonth });
  const p = panel.data;

  const charts = useMemo(() => {
    if (!p) return null;
    const months = p.months.map((m) => m.month);
    const byKey = <K extends string | number>(rows: readonly { month: string; usd: number }[], key: (r: never) => K) => {
      const out = new Map<K, Map<string, number>>();
      for (const r of rows) {
        const k = key(r as never);
        out.set(k, (out.get(k) ?? new Map()).set(r.month, r.usd));
      }
      return out;
    };
    const modes = byKey(p.byMode, (r: { mode: (typeof SHIPMENT_MODES)[number] }) => r.mode);
    const markets = byKey(p.byMarket, (r: { marketId: number }) => r.marketId);
    return {
      mode: stackedMonths(
        months,
        SHIPMENT_MODES.filter((m) => modes.has(m)).map((m) => ({
          name: t(`logistics.mode.${m}`),
          color: MODE_COLORS[m],
          values: modes.get(m) as Map<string, number>,
        })),
      ),
      market: stackedMonths(
        months,
        MARKETS.filter((m) => markets.has(m.id)).map((m) => ({
          name: marketLabel(m, lang),
          values: markets.get(m.id) as Map<string, number>,
        })),
      ),
      versus: {
        color: ['#8c8c8c', CHART_COLORS.revenue],
        grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
        legend: { top: 0, left: 0 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: months },
        yAxis: { type: 'value', splitLine: { lineStyle: { color: CHART_COLORS.split } } },
        series: [
          { name: t('logistics.panel.estimated'), type: 'bar', barMaxWidth: 20, data: p.months.map((m) => m.estimatedBilledUsd) },
          { name: t('logistics.panel.actual'), type: 'bar', barMaxWidth: 20, data: p.months.map((m) => m.actualUsd) },
        ],
      },
      spent: p.byMode.length > 0,
    };
  }, [p, t, lang]);

  return (
    <Page testId="page-logistics-panel" texts="logistics.panel">
      <FilterCard>
        <FilterBar
          state={state}
          fields={[
            { kind: 'shop', key: 'shopId', width: 170 },
            { kind: 'market', key: 'marketId', width: 140 },
            { kind: 'select', key: 'mode', placeholder: t('logistics.panel.allModes'), width: 130, options: modeOptions },
          ]}
        />
        <MonthRange
          label={t('logistics.panel.range')}
          from={fromMonth}
          to={toMonth}
          onChange={(from, to) => state.set({ fromMonth: from, toMonth: to })}
          testId="panel-months"
        />
      </FilterCard>
      <QueryStates pending={panel.isPending} error={panel.error} onRetry={() => void panel.refetch()}>
        {p && charts && p.months.every((m) => m.shipments === 0) && (
          <EmptyState text={t('logistics.panel.empty')} testId="panel-empty" />
        )}
        {p && charts && p.months.some((m) => m.shipments > 0) && (
          <>
            <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
              <Col xs={24} xl={12}>
                <Card size="small" title={t('logistics.panel.spendByMode')}>
                  <EChart option={charts.mode} height={280} hasData={charts.spent} testId="panel-by-mode" />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card size="small" title={t('logistics.panel.spendByMarket')}>
                  <EChart option={charts.market} height={280} hasData={charts.spent} testId="panel-by-market" />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card size="small" title={t('logistics.panel.estimateVsActual')}>
                  <EChart option={charts.versus} height={260} hasData={charts.spent} testId="panel-versus" />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card size="small" title={t('logistics.panel.perMode')}>
                  <FitTable
                    tableId="logistics.panel.modes"
                    size="small"
                    rowKey="mode"
                    pagination={false}
                    dataSource={p.modes}
                    data-testid="panel-modes"
                    columns={[
                      {
                        key: 'mode',
                        priority: 'key',
                        width: 80,
                        title: t('logistics.transit.mode'),
                        render: (_, m) => t(`logistics.mode.${m.mode}`),
                      },
                      {
                        key: 'shipments',
                        priority: 'detail',
                        width: 80,
                        align: 'right',
                        title: t('logistics.panel.shipments'),
                        render: (_, m) => m.shipments,
                      },
                      {
                        key: 'billed',
                        priority: 'detail',
                        width: 80,
                        align: 'right',
                        title: t('logistics.panel.billed'),
                        render: (_, m) => m.billed,
                      },
                      {
                        key: 'actual',
                        priority: 'key',
                        width: 110,
                        align: 'right',
                        title: t('logistics.panel.actual'),
                        render: (_, m) => usd(m.actualUsd),
                      },
                      {
                        key: 'unit',
                        priority: 'key',
                        width: 100,
                        align: 'right',
                        title: t('logistics.panel.perUnit'),
                        render: (_, m) => perUnit(m.perUnitUsd),
                      },
                      {
                        key: 'kg',
                        priority: 'key',
                        width: 100,
                        align: 'right',
                        title: t('logistics.panel.perKg'),
                        render: (_, m) => perUnit(m.perKgUsd),
                      },
                    ]}
                  />
                </Card>
              </Col>
            </Row>
            <Card size="small" style={{ marginTop: 12 }}>
              <FitTable
                tableId="logistics.panel.months"
                size="small"
                rowKey="month"
                pagination={false}
                dataSource={p.months}
                data-testid="panel-months-table"
                columns={[
                  { key: 'month', priority: 'key', width: 90, title: t('logistics.panel.month'), render: (_, m) => m.month },
                  {
                    key: 'shipments',
                    priority: 'key',
                    width: 80,
                    align: 'right',
                    title: t('logistics.panel.shipments'),
                    render: (_, m) => m.shipments,
                  },
                  {
                    key: 'units',
                    priority: 'detail',
                    width: 90,
                    align: 'right',
                    title: t('logistics.panel.units'),
                    render: (_, m) => m.units.toLocaleString(),
                  },
                  {
                    key: 'kg',
                    priority: 'detail',
                    width: 100,
                    align: 'right',
                    title: t('logistics.panel.weight'),
                    render: (_, m) => m.weightKg.toLocaleString(),
                  },
                  {
                    key: 'estimated',
                    priority: 'key',
                    width: 110,
                    align: 'right',
                    title: t('logistics.panel.estimated'),
                    render: (_, m) => usd(m.estimatedBilledUsd),
                  },
                  {
                    key: 'actual',
                    priority: 'key',
                    width: 110,
                    align: 'right',
                    title: t('logistics.panel.actual'),
                    render: (_, m) => usd(m.actualUsd),
                  },
                  {
                    key: 'unbilled',
                    priority: 'key',
                    width: 90,
                    align: 'right',
                    title: t('logistics.panel.unbilled'),
                    render: (_, m) => m.unbilled,
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
