import { FileExcelOutlined } from '@ant-design/icons';
import { skuAnalysis as ep } from '@bo/contract';
import { SKU_GRANULARITIES } from '@bo/contract/listings/sku-analysis';
import { REPORTING_CURRENCY } from '@bo/contract/sales/sales-profit';
import { Alert, Card, Col, Empty, Result, Row, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { QueryStates } from '../../../shared/components/QueryStates';
import { isApiError } from '../../../shared/http/api-error';
import { download } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import { PeriodPicker } from '../../../shared/period/PeriodPicker';
import { todayLocal } from '../../../shared/period/period-presets';
import { useUrlFilters } from '../../../shared/url-filters';
import '../../sales/shared/sales.css';
import { FilterCard, Page } from '../../../shared/components/PageHead';
import { MarketSelect } from '../../shops/shops-auth/components/MarketSelect';
import { lifecycleKey } from '../labels';
import { MarketSplitTable } from './components/MarketSplitTable';
import { SkuKpiCards } from './components/SkuKpiCards';
import { SkuPicker } from './components/SkuPicker';
import { useSkuSummary, useSkuTrend } from './sku-analysis.queries';
import { marketSplit, readSkuView, SKU_URL, skuQuery } from './sku-view';

const SkuTrendChart = lazy(() => import('./components/SkuTrendChart'));
const MarketChart = lazy(() => import('../../sales/dashboard/components/MarketChart'));
const CostWaterfall = lazy(() => import('./components/CostWaterfall'));

const chartFallback = <Skeleton.Node active style={{ width: '100%', height: 300 }} />;

/**
 * /skuAnalysis: one SKU across its listings and time. The SKU, the period and the
 * granularity live in the query string (`?sku=`), so a link reopens the same analysis.
 */
export default function SkuAnalysisPage() {
  const { t, lang } = useTexts();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(SKU_URL);
  const view = useMemo(() => readSkuView(url, today), [url, today]);
  const summary = useSkuSummary(view);
  const trend = useSkuTrend(view);
  const s = summary.data;
  const currency = s?.currency ?? REPORTING_CURRENCY;
  const markets = useMemo(() => marketSplit(s?.listings ?? []), [s]);
  const notFound = isApiError(summary.error) && summary.error.status === 404;

  return (
    <Page
      testId="page-sku-analysis"
      texts="listings.sku"
      extra={
        <Can permission="sales:skuAnalysis:export">
          <ExportButton
            label={t('listings.sku.exportRows')}
            icon={<FileExcelOutlined />}
            testId="sku-export"
            disabled={!s}
            fetchFile={(options) =>
              download(ep.skuAnalysisExcel, { query: { ...skuQuery(view), granularity: view.granularity } }, options)
            }
          />
        </Can>
      }
    >
      <FilterCard>
        <SkuPicker value={view.sku} onPick={(sku) => setUrl({ sku })} />
        <PeriodPicker value={view} today={today} quarters={null} onChange={(p) => setUrl(p)} />
        <MarketSelect
          placeholder={t('sales.filter.markets')}
          value={view.marketIds}
          onChange={(ids) => setUrl({ marketId: ids.map(String) })}
          style={{ width: 190 }}
          testId="sku-markets"
        />
        <Segmented
          value={view.granularity}
          onChange={(g) => setUrl({ granularity: String(g) })}
          options={SKU_GRANULARITIES.map((g) => ({
            value: g,
            label: <span data-testid={`sku-granularity-${g}`}>{t(`listings.sku.granularity.${g}`)}</span>,
          }))}
        />
      </FilterCard>

      {view.sku === '' ? (
        <Card>
          <Empty description={t('listings.sku.pickFirst')} data-testid="sku-empty">
            <Typography.Text type="secondary">{t('listings.sku.pickHint')}</Typography.Text>
          </Empty>
        </Card>
      ) : notFound ? (
        <Card>
          <Result status="warning" title={t('listings.sku.notFound')} data-testid="sku-not-found" />
        </Card>
      ) : (
        <QueryStates pending={summary.isPending} error={summary.error} onRetry={() => void summary.refetch()} rows={8}>
          {s && (
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              <div data-testid="sku-head">
                <Space wrap size={8} align="baseline">
                  <Typography.Title level={4} style={{ margin: 0 }} data-testid="sku-head-sku">
                    {s.sku}
                  </Typography.Title>
                  <Typography.Text>
                    {s.model} · {lang === 'zh-CN' ? s.productName : s.productNameEn}
                  </Typography.Text>
                  {(s.productLineName || s.productLineNameEn) && (
                    <Tag>{lang === 'zh-CN' ? s.productLineName : (s.productLineNameEn ?? s.productLineName)}</Tag>
                  )}
                  <Tag color={s.lifecycle === 2 ? 'default' : s.lifecycle === 1 ? 'green' : 'blue'}>
                    {t(lifecycleKey(s.lifecycle))}
                  </Tag>
                </Space>
                <div>
                  <Typography.Text type="secondary" data-testid="sku-period">
                    {t('listings.sku.period', { start: s.startDate, end: s.endDate })} ·{' '}
                    {t('listings.sku.versus', { start: s.previousStartDate, end: s.previousEndDate })}
                  </Typography.Text>
                </div>
              </div>

              <SkuKpiCards
                current={s.current}
                previous={s.previous}
                currency={currency}
                previousLabel={t('listings.sku.period', { start: s.previousStartDate, end: s.previousEndDate })}
              />

              <Card title={t('listings.sku.trend.title')} size="small">
                <QueryStates pending={trend.isPending} error={trend.error} onRetry={() => void trend.refetch()}>
                  <Suspense fallback={chartFallback}>
                    <SkuTrendChart points={trend.data?.points ?? []} granularity={view.granularity} currency={currency} />
                  </Suspense>
                </QueryStates>
              </Card>

              <Row gutter={[16, 16]}>
                <Col xs={24} xl={10}>
                  <Card title={t('listings.sku.markets.chart')} size="small" style={{ height: '100%' }}>
                    {markets.some((m) => m.revenue > 0) ? (
                      <Suspense fallback={chartFallback}>
                        <MarketChart markets={markets} currency={currency} />
                      </Suspense>
                    ) : (
                      <Empty description={t('listings.sku.markets.empty')} />
                    )}
                  </Card>
                </Col>
                <Col xs={24} xl={14}>
                  <Card title={t('listings.sku.cost.title')} size="small" style={{ height: '100%' }}>
                    {s.current.revenue !== 0 ? (
                      <Suspense fallback={chartFallback}>
                        <CostWaterfall measures={s.current} currency={currency} />
                      </Suspense>
                    ) : (
                      <Empty description={t('listings.sku.cost.empty')} />
                    )}
                  </Card>
                </Col>
              </Row>

              <Card title={t('listings.sku.markets.title')} size="small">
                <MarketSplitTable rows={s.listings} currency={currency} />
                <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('listings.sku.noSessions')} />
              </Card>
            </Space>
          )}
        </QueryStates>
      )}
    </Page>
  );
}
