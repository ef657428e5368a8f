import { BarChartOutlined } from '@ant-design/icons';
import { DASHBOARD_PANELS, type DashboardPanel } from '@bo/contract/sales/dashboard';
import { REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { Button, Card, Col, Empty, Row, Skeleton, Space } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { periodPresets, todayLocal } from '../../../shared/period/period-presets';
import { useUrlFilters } from '../../../shared/url-filters';
import { narrowingCount, salesFilterPatch } from '../filters/sales-filters';
import { salesProfitHrefFor } from '../profit/profit-view';
import { useMayOpen } from '../shared/sales-reference.queries';
import '../shared/sales.css';
import { KpiCards } from './components/KpiCards';
import { MarketPanel } from './components/MarketPanel';
import { PanelsMenu } from './components/PanelsMenu';
import { TrendPanel } from './components/TrendPanel';
import { type Granularity, isShown, useKpis, usePanels, useSavePanels } from './dashboard.queries';
import { DASHBOARD_URL_DEFAULTS, granularityOf, queryOf, readFiltersOf } from './dashboard-view';
import { hasFigures } from './kpis';
import { useSecondWave } from './second-wave';

// The second wave (second-wave.ts): loaded once the first chart is drawn.
const SalesFilterBar = lazy(() => import('../filters/SalesFilterBar').then((m) => ({ default: m.SalesFilterBar })));
const SkuRankPanel = lazy(() => import('./components/SkuRankPanel').then((m) => ({ default: m.SkuRankPanel })));

/**
 * Where the filter bar will be: its period picker, four selects and the reset button as
 * skeleton inputs, at about their width (so the row wraps where the real one does).
 */
const filtersPending = (
  <div className="bo-sales-filters-pending" data-testid="sales-filters-pending">
    {[352, 170, 150, 150, 130, 90].map((width, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of placeholders
      <Skeleton.Input key={i} active style={{ width }} />
    ))}
  </div>
);

/** Two panels side by side, or one across the row when the other is hidden. */
const pairSpans = (left: boolean, right: boolean, leftWide = 12) => (left && right ? [leftWide, 24 - leftWide] : [24, 24]);

/** Where a listing table will be, until its code has arrived. */
function RankPending({ panel }: { panel: 'topSkus' | 'bottomSkus' }) {
  const { t } = useTranslation();
  return (
    <Card title={t(`sales.panel.${panel}`)} style={{ height: '100%' }}>
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}

/**
 * /dashboard/index: the period's KPIs against the period before, the trend, the
 * marketplace split, and the top and bottom listings by profit. Filters live in the query
 * string; each panel can be hidden, and the choice is kept for the user on the server.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl, resetUrl] = useUrlFilters(DASHBOARD_URL_DEFAULTS);
  const filters = useMemo(() => readFiltersOf(url, today), [url, today]);
  const query = useMemo(() => queryOf(filters), [filters]);
  const granularity: Granularity = granularityOf(url);
  const mayOpenProfit = useMayOpen('sales:profit');
  const mayOpenSku = useMayOpen('sales:skuAnalysis');

  const panels = usePanels();
  const savePanels = useSavePanels();
  // The KPIs also decide whether the period holds anything, so they load even when their panel is hidden.
  const kpis = useKpis(query);
  const currency = kpis.data?.currency ?? REPORTING_CURRENCY;
  const empty = kpis.data !== undefined && !hasFigures(kpis.data.current);
  const shown = (p: DashboardPanel) => isShown(panels.data, p);
  const noneShown = panels.data !== undefined && DASHBOARD_PANELS.every((p) => !panels.data[p]);
  const [trendSpan, marketSpan] = pairSpans(shown('trend'), shown('markets'), 16);
  const [topSpan, bottomSpan] = pairSpans(shown('topSkus'), shown('bottomSkus'));
  const last90 = periodPresets(today).find((p) => p.kind === 'last90');
  const chartComing =
    panels.data === undefined || kpis.data === undefined
      ? undefined
      : !empty && !noneShown && (shown('trend') || shown('markets'));
  const secondWave = useSecondWave(chartComing);

  return (
    <div className="bo-page" data-testid="page-dashboard-index">
      <div className="bo-sales-head">
        <div>
          {/* Plain elements styled as antd's Typography (sales.css): Typography brings its
              editable mode's TextArea along, 17 kB gzip the first chart would wait for. */}
          <h3 className="bo-sales-title">{t('sales.dashboard.title')}</h3>
          <span className="bo-muted" data-testid="dashboard-period">
            {kpis.data
              ? t('sales.dashboard.subtitle', {
                  start: kpis.data.startDate,
                  end: kpis.data.endDate,
                  previousStart: kpis.data.previousStartDate,
                  previousEnd: kpis.data.previousEndDate,
                })
              : t('sales.dashboard.period', { start: filters.startDate, end: filters.endDate })}
          </span>
        </div>
        <Space wrap>
          {mayOpenProfit && (
            <Link to={salesProfitHrefFor(filters)} data-testid="dashboard-open-profit">
              <Button icon={<BarChartOutlined />}>{t('sales.dashboard.openProfit')}</Button>
            </Link>
          )}
          <PanelsMenu panels={panels.data} onToggle={(panel, on) => savePanels.mutate({ [panel]: on })} />
        </Space>
      </div>

      <Card className="bo-sales-filters" size="small">
        {secondWave ? (
          <Suspense fallback={filtersPending}>
            <SalesFilterBar
              value={filters}
              today={today}
              onChange={(patch) => setUrl(salesFilterPatch(patch))}
              onReset={resetUrl}
            />
          </Suspense>
        ) : (
          filtersPending
        )}
      </Card>

      {panels.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : empty ? (
        <Card data-testid="dashboard-empty">
          <Empty
            description={
              <Space direction="vertical" size={4}>
                <strong className="bo-sales-empty-title">{t('sales.empty.periodTitle')}</strong>
                <span className="bo-muted">
                  {t(narrowingCount(filters) > 0 ? 'sales.empty.periodFiltered' : 'sales.empty.periodText')}
                </span>
              </Space>
            }
          >
            <Space>
              {last90 && (
                <Button type="primary" onClick={() => setUrl(salesFilterPatch(last90))}>
                  {t('sales.empty.tryLast90')}
                </Button>
              )}
              <Button onClick={resetUrl}>{t('common.reset')}</Button>
            </Space>
          </Empty>
        </Card>
      ) : noneShown ? (
        <Card data-testid="dashboard-no-panels">
          <Empty description={t('sales.panel.noneShown')}>
            <Button type="primary" onClick={() => savePanels.mutate(Object.fromEntries(DASHBOARD_PANELS.map((p) => [p, true])))}>
              {t('sales.panel.showAll')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {shown('kpis') && (
            <KpiCards data={kpis.data} pending={kpis.isPending} error={kpis.error} onRetry={() => void kpis.refetch()} />
          )}
          {(shown('trend') || shown('markets')) && (
            <Row gutter={[16, 16]}>
              {shown('trend') && (
                <Col xs={24} xl={trendSpan}>
                  <TrendPanel query={query} granularity={granularity} onGranularity={(g) => setUrl({ granularity: g })} />
                </Col>
              )}
              {shown('markets') && (
                <Col xs={24} xl={marketSpan}>
                  <MarketPanel query={query} currency={currency} />
                </Col>
              )}
            </Row>
          )}
          {(shown('topSkus') || shown('bottomSkus')) && (
            <Row gutter={[16, 16]}>
              {(['topSkus', 'bottomSkus'] as const).filter(shown).map((panel) => (
                <Col key={panel} xs={24} xl={panel === 'topSkus' ? topSpan : bottomSpan}>
                  {secondWave ? (
                    <Suspense fallback={<RankPending panel={panel} />}>
                      <SkuRankPanel
                        query={{ ...query, startDate: filters.startDate, endDate: filters.endDate }}
                        order={panel === 'topSkus' ? 'top' : 'bottom'}
                        currency={currency}
                        linkToSku={mayOpenSku}
                        linkToProfit={mayOpenProfit}
                      />
                    </Suspense>
                  ) : (
                    <RankPending panel={panel} />
                  )}
                </Col>
              ))}
            </Row>
          )}
        </Space>
      )}
    </div>
  );
}
