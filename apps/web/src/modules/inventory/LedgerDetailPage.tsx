import * as ep from '@bo/contract/inventory/ledger';
import { Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../../shared/charts/colors';
import { LiteChart } from '../../shared/charts/lite/LiteChart';
import { EmptyState, QueryStates } from '../../shared/components/QueryStates';
import { formatThousands } from '../../shared/format';
import { isApiError } from '../../shared/http/api-error';
import { FilterBar } from '../../shared/kit/FilterBar';
import { useListQuery } from '../../shared/kit/use-list-query';
import { shopLabel } from '../../shared/markets/markets';
import { LedgerDaysTable } from './components/LedgerDaysTable';
import { useLedgerDetail } from './ledger.queries';

const n = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatThousands(v));

/**
 * /inventory/detail?shopId=&sku=[&warehouseId=][&from=&to=]: one SKU's daily snapshot, the Inventory Ledger's
 * movements with a running balance, and the reconciliation of the ledger's ending balance with the snapshot.
 */
export default function LedgerDetailPage() {
  const { t } = useTranslation();
  const state = useListQuery(ep.ledgerDetail.query);
  const picked = state.query.shopId !== undefined && !!state.query.sku;
  const detail = useLedgerDetail(state.query);
  const d = detail.data;
  const latest = d?.days.at(-1);
  return (
    <div className="bo-page" data-testid="page-inventory-detail">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('ledger.detail.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('ledger.detail.subtitle')}</Typography.Text>
      </div>
      <Card size="small" style={{ marginBottom: 12 }}>
        <FilterBar
          state={state}
          fields={[
            { kind: 'shop', key: 'shopId', placeholder: t('ledger.detail.shop'), width: 180, testId: 'detail-shop' },
            { kind: 'text', key: 'sku', placeholder: t('ledger.detail.sku'), maxLength: 64, width: 200, testId: 'detail-sku' },
            { kind: 'date-range', key: 'from', to: 'to', testId: 'detail-days-range' },
          ]}
        />
      </Card>
      {!picked ? (
        <EmptyState text={t('ledger.detail.pick')} testId="detail-pick" />
      ) : isApiError(detail.error) && detail.error.status === 404 ? (
        <EmptyState text={t('ledger.detail.gone')} testId="detail-gone" />
      ) : (
        <QueryStates pending={detail.isPending} error={detail.error} onRetry={() => void detail.refetch()}>
          {d && !latest && <EmptyState text={t('ledger.detail.empty')} testId="detail-empty" />}
          {d && latest && (
            <>
              <Typography.Title level={5} data-testid="detail-head">
                {t('ledger.detail.head', {
                  sku: d.listing.sku,
                  shop: shopLabel(d.listing.shopName, d.listing.marketId),
                  warehouse: d.listing.warehouseCode,
                })}
              </Typography.Title>
              <Row gutter={12} style={{ marginBottom: 12 }}>
                <Col xs={12} md={6}>
                  <Card size="small">
                    <Statistic title={t('ledger.detail.onHand')} value={n(latest.onHand)} />
                    <Typography.Text type="secondary">{`${t('ledger.detail.latest')} ${latest.day}`}</Typography.Text>
                  </Card>
                </Col>
                <Col xs={12} md={6}>
                  <Card size="small">
                    <Statistic title={t('ledger.detail.ending')} value={n(latest.ledger?.endingBalance)} />
                  </Card>
                </Col>
                <Col xs={12} md={6}>
                  <Card size="small">
                    <Statistic title={t('ledger.detail.running')} value={n(latest.runningBalance)} />
                  </Card>
                </Col>
                <Col xs={12} md={6}>
                  <Card size="small" data-testid="detail-latest-difference">
                    <Statistic title={t('ledger.column.difference')} value={n(latest.difference)} />
                  </Card>
                </Col>
              </Row>
              <Card size="small" style={{ marginBottom: 12 }}>
                <LiteChart
                  testId="detail-chart"
                  label={t('ledger.detail.chart')}
                  height={240}
                  legend
                  hasData={d.days.some((x) => x.onHand !== null || x.ledger !== null)}
                  categories={d.days.map((x) => x.day.slice(5))}
                  series={[
                    { type: 'bar', name: t('ledger.detail.sold'), color: '#94a3b8', values: d.days.map((x) => x.unitsSold) },
                    {
                      type: 'line',
                      name: t('ledger.detail.onHand'),
                      color: CHART_COLORS.revenue,
                      values: d.days.map((x) => x.onHand),
                    },
                    {
                      type: 'line',
                      name: t('ledger.detail.running'),
                      color: CHART_COLORS.profit,
                      dashed: true,
                      values: d.days.map((x) => x.runningBalance),
                    },
                  ]}
                  formatValue={(v) => formatThousands(v)}
                  tooltip={(i) => {
                    const x = d.days[i];
                    if (!x) return null;
                    return (
                      <>
                        <div>{x.day}</div>
                        <div>{`${t('ledger.detail.onHand')}: ${n(x.onHand)}`}</div>
                        <div>{`${t('ledger.detail.ending')}: ${n(x.ledger?.endingBalance)}`}</div>
                        <div>{`${t('ledger.detail.running')}: ${n(x.runningBalance)}`}</div>
                        <div>{`${t('ledger.detail.sold')}: ${n(x.unitsSold)}`}</div>
                      </>
                    );
                  }}
                />
              </Card>
              <Card size="small" title={`${t('ledger.detail.totals')} ${d.from} – ${d.to}`} style={{ marginBottom: 12 }}>
                <Descriptions
                  size="small"
                  column={{ xs: 2, md: 4, xl: 6 }}
                  data-testid="detail-totals"
                  items={ep.LEDGER_MOVEMENT_FIELDS.map((f) => ({
                    key: f,
                    label: t(`ledger.column.${f}`),
                    children: n(d.totals[f]),
                  }))}
                />
              </Card>
              <LedgerDaysTable days={d.days} />
            </>
          )}
        </QueryStates>
      )}
    </div>
  );
}
