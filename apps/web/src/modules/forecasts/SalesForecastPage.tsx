import * as ep from '@bo/contract/forecasts/forecasts';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { CHART_COLORS } from '../../shared/charts/colors';
import { LiteChart } from '../../shared/charts/lite/LiteChart';
import { QueryStates } from '../../shared/components/QueryStates';
import { formatThousands } from '../../shared/format';
import { useTexts } from '../../shared/i18n/lang';
import { FilterBar } from '../../shared/kit/FilterBar';
import { useListQuery } from '../../shared/kit/use-list-query';
import { marketName, marketOf } from '../../shared/markets/markets';
import { formatShare } from './components/forecast-format';
import { useComprehensive } from './forecasts.queries';

/** /salesForecast: the forecast in sum: months of sales against the forecast, per marketplace, and how accurate it was. */
export default function SalesForecastPage() {
  const { t, lang } = useTexts();
  const state = useListQuery(ep.comprehensive.query);
  const sums = useComprehensive(state.query);
  const d = sums.data;
  return (
    <div className="bo-page" data-testid="page-sales-forecast">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('forecasts.sums.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('forecasts.sums.subtitle')}</Typography.Text>
      </div>
      <Card size="small" style={{ marginBottom: 12 }}>
        <FilterBar
          state={state}
          fields={[
            { kind: 'shop', key: 'shopId', placeholder: t('forecasts.allShops'), width: 180, testId: 'sums-shop' },
            { kind: 'market', key: 'marketId', placeholder: t('forecasts.allMarkets'), width: 140, testId: 'sums-market' },
            { kind: 'productLine', key: 'productLineId', placeholder: t('forecasts.allLines'), width: 180, testId: 'sums-line' },
          ]}
        />
      </Card>
      <QueryStates pending={sums.isPending} error={sums.error} onRetry={() => void sums.refetch()}>
        {d && (
          <>
            <Row gutter={12} style={{ marginBottom: 12 }}>
              <Col xs={12} md={6}>
                <Card size="small">
                  <Statistic
                    title={t('forecasts.sums.next30')}
                    value={formatThousands(d.byMarket.reduce((a, m) => a + m.next30, 0))}
                  />
                </Card>
              </Col>
              <Col xs={12} md={6}>
                <Card size="small">
                  <Statistic
                    title={t('forecasts.sums.next90')}
                    value={formatThousands(d.byMarket.reduce((a, m) => a + m.next90, 0))}
                  />
                </Card>
              </Col>
              <Col xs={12} md={6}>
                <Card size="small" data-testid="sums-wape">
                  <Statistic title={t('forecasts.sums.wape')} value={formatShare(d.accuracy.wape)} />
                  <Typography.Text type="secondary">
                    {t('forecasts.sums.naive', { naive: formatShare(d.accuracy.naiveWape) })}
                  </Typography.Text>
                </Card>
              </Col>
              <Col xs={12} md={6}>
                <Card size="small">
                  <Statistic title={t('forecasts.sums.bias')} value={formatShare(d.accuracy.bias)} />
                  <Typography.Text type="secondary">{t('forecasts.sums.origin', { origin: d.origin ?? '—' })}</Typography.Text>
                </Card>
              </Col>
            </Row>
            <Card size="small" title={t('forecasts.sums.months')} style={{ marginBottom: 12 }}>
              <LiteChart
                testId="sums-months"
                label={t('forecasts.sums.months')}
                height={260}
                legend
                hasData={d.months.length > 0}
                categories={d.months.map((m) => m.month)}
                series={[
                  { type: 'bar', name: t('forecasts.detail.sold'), color: '#94a3b8', values: d.months.map((m) => m.actual ?? 0) },
                  {
                    type: 'line',
                    name: t('forecasts.detail.forecast'),
                    color: CHART_COLORS.revenue,
                    values: d.months.map((m) => m.forecast),
                  },
                ]}
                formatValue={(v) => formatThousands(v)}
                tooltip={(i) => {
                  const m = d.months[i];
                  if (!m) return null;
                  return (
                    <>
                      <div>{m.month}</div>
                      {m.actual !== null && (
                        <div>
                          {t('forecasts.detail.sold')}: {formatThousands(m.actual)}
                        </div>
                      )}
                      {m.forecast !== null && (
                        <div>
                          {t('forecasts.detail.forecast')}: {formatThousands(m.forecast)}
                        </div>
                      )}
                    </>
                  );
                }}
              />
            </Card>
            <Card size="small" title={t('forecasts.sums.byMarket')}>
              <LiteChart
                testId="sums-markets"
                label={t('forecasts.sums.byMarket')}
                height={Math.max(120, d.byMarket.length * 34)}
                horizontal
                legend
                hasData={d.byMarket.length > 0}
                categories={d.byMarket.map((m) => {
                  const market = marketOf(m.marketId);
                  return market ? marketName(market, lang) : String(m.marketId);
                })}
                series={[
                  {
                    type: 'bar',
                    name: t('forecasts.column.units30'),
                    color: '#94a3b8',
                    values: d.byMarket.map((m) => m.units30),
                  },
                  {
                    type: 'bar',
                    name: t('forecasts.column.next30'),
                    color: CHART_COLORS.revenue,
                    values: d.byMarket.map((m) => m.next30),
                  },
                ]}
                formatValue={(v) => formatThousands(v)}
                tooltip={(i) => {
                  const m = d.byMarket[i];
                  if (!m) return null;
                  return (
                    <>
                      <div>{t('forecasts.sums.listings', { n: m.listings })}</div>
                      <div>
                        {t('forecasts.column.units30')}: {formatThousands(m.units30)}
                      </div>
                      <div>
                        {t('forecasts.column.next30')}: {formatThousands(m.next30)}
                      </div>
                      <div>
                        {t('forecasts.column.next90')}: {formatThousands(m.next90)}
                      </div>
                    </>
                  );
                }}
              />
            </Card>
          </>
        )}
      </QueryStates>
    </div>
  );
}
