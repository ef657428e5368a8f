import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { salesBasis as ep, MARKETS } from '@bo/contract';
import type { RateEntry } from '@bo/contract/sales/sales-basis';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Popconfirm, Row, Segmented, Space, Statistic, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../shared/Can';
import { ExportButton } from '../../../../shared/components/ExportButton';
import { EmptyState, QueryStates } from '../../../../shared/components/QueryStates';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatDateTime } from '../../../../shared/format';
import { download } from '../../../../shared/http/http-client';
import { AddButton } from '../../../../shared/kit/AddButton';
import { tableChangeHandler, useStepBackToLastPage } from '../../../../shared/list-paging';
import type { FitColumnType } from '../../../../shared/table/FitTable';
import { actionsColumn } from '../../../../shared/table/FitTable';
import { QueryTable } from '../../../../shared/table/QueryTable';
import {
  type BasisView,
  CHART_RANGES,
  type ChartRange,
  currencyPatch,
  formatInverse,
  formatRate,
  rangePeriod,
} from '../basis-view';
import { currenciesQuery, useRateHistory, useRateMutations, useRateSeries } from '../sales-basis.queries';
import { CurrencyList } from './CurrencyList';
import { editableColumns } from './editable-columns';
import { RateChart } from './RateChart';
import { type RateEditor, RateEntryModal } from './RateEntryModal';
import { useBasisError } from './use-basis-error';

interface Props {
  view: BasisView;
  setUrl: (patch: Record<string, string>) => void;
}

/** Exchange rates: the currencies with their current rate, and the chosen one's chart and history. */
export function RatesTab({ view, setUrl }: Props) {
  const { t } = useTranslation();
  const mayEdit = useCan()('sales:basisInfo:edit');
  const notify = useNotify();
  const basisError = useBasisError();
  const currencies = useQuery(currenciesQuery());
  const period = rangePeriod(view.range);
  const series = useRateSeries(view.currency, period);
  const historyQuery = { sortOrder: view.order, pageNum: view.pageNum, pageSize: view.pageSize };
  const history = useRateHistory(view.currency, historyQuery);
  const { remove } = useRateMutations();
  const [editor, setEditor] = useState<RateEditor | null>(null);
  const summary = currencies.data?.find((c) => c.currency === view.currency);
  const markets = MARKETS.filter((m) => m.currency === view.currency);

  useStepBackToLastPage(Boolean(history.data), history.data?.total ?? 0, view, setUrl);

  const del = async (e: RateEntry) => {
    try {
      const r = await remove.mutateAsync({ currency: e.currency, effectiveFrom: e.effectiveFrom });
      notify.success(
        r.rerated.facts > 0
          ? t('salesBasis.rates.deletedRerated', { facts: r.rerated.facts.toLocaleString('en-US'), days: r.rerated.days })
          : t('salesBasis.rates.deleted'),
      );
    } catch (err) {
      notify.error(basisError(err, 'rate'));
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={9}>
        <QueryStates pending={currencies.isPending} error={currencies.error} onRetry={() => void currencies.refetch()}>
          <CurrencyList currencies={currencies.data ?? []} selected={view.currency} onSelect={(c) => setUrl(currencyPatch(c))} />
        </QueryStates>
      </Col>
      <Col xs={24} xl={15}>
        <Card
          size="small"
          title={
            <Space size={8} wrap>
              <strong data-testid="rate-currency-title">{view.currency}</strong>
              <Typography.Text type="secondary">{markets.map((m) => m.code).join(' · ')}</Typography.Text>
            </Space>
          }
          extra={
            <Space wrap>
              <Can permission="sales:basisInfo:export">
                <ExportButton
                  label={t('salesBasis.export')}
                  testId="rates-export"
                  fetchFile={(options) => download(ep.exportRates, { query: { currency: view.currency } }, options)}
                />
              </Can>
              <AddButton
                permission="sales:basisInfo:edit"
                onClick={() => setEditor({ mode: 'add', currency: view.currency })}
                testId="rate-add"
              >
                {t('salesBasis.rates.add')}
              </AddButton>
            </Space>
          }
        >
          <div className="bo-basis-rate-head">
            <Statistic
              title={t('salesBasis.rates.currentOf', { currency: view.currency })}
              value={summary?.current ? formatRate(summary.current.rate) : '—'}
              suffix={summary?.current ? 'USD' : undefined}
            />
            <Statistic
              title={t('salesBasis.rates.perUsd', { currency: view.currency })}
              value={formatInverse(summary?.current?.rate)}
            />
            <Segmented<ChartRange>
              value={view.range}
              onChange={(range) => setUrl({ range })}
              options={CHART_RANGES.map((r) => ({ value: r, label: t(`salesBasis.rates.range.${r}`) }))}
              data-testid="rate-range"
            />
          </div>
          <QueryStates pending={series.isPending} error={series.error} onRetry={() => void series.refetch()} rows={4}>
            {series.data?.points.length ? (
              <RateChart currency={view.currency} points={series.data.points} {...period} />
            ) : (
              <EmptyState text={t('salesBasis.rates.noPoints')} />
            )}
          </QueryStates>
          <Typography.Title level={5} className="bo-basis-subtitle">
            {t('salesBasis.rates.history')}
          </Typography.Title>
          <QueryTable<RateEntry>
            query={history}
            tableId="sales.basis.rateHistory"
            rowKey="effectiveFrom"
            size="small"
            data-testid="rate-history"
            locale={{ emptyText: <EmptyState text={t('salesBasis.rates.empty')} /> }}
            onChange={tableChangeHandler<RateEntry, 'effectiveFrom'>(['effectiveFrom'], 'effectiveFrom', view.pageSize, (p) =>
              setUrl({
                ...(p.sortOrder ? { order: p.sortOrder } : {}),
                ...(p.pageNum ? { pageNum: String(p.pageNum) } : {}),
                ...(p.pageSize ? { pageSize: String(p.pageSize) } : {}),
              }),
            )}
            pagination={{
              current: view.pageNum,
              pageSize: view.pageSize,
              total: history.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('list.total', { count: total }),
            }}
            columns={editableColumns<FitColumnType<RateEntry>>(
              [
                // At 1280 px (beside the currencies): the period, the rate and the actions; the inverse rate
                // when room allows, then who changed it.
                {
                  title: t('salesBasis.rates.effectiveFrom'),
                  dataIndex: 'effectiveFrom',
                  key: 'effectiveFrom',
                  priority: 'key',
                  width: 200,
                  sorter: true,
                  sortOrder: view.order,
                  sortDirections: ['descend', 'ascend', 'descend'],
                  render: (d: string, r) => (
                    <span className="bo-sales-num">
                      {d}
                      {r.effectiveTo !== d && (
                        <Typography.Text type="secondary"> → {r.effectiveTo ?? t('salesBasis.rates.open')}</Typography.Text>
                      )}
                    </span>
                  ),
                },
                {
                  title: t('salesBasis.rates.rateUsd'),
                  dataIndex: 'rate',
                  key: 'rate',
                  priority: 'key',
                  width: 110,
                  align: 'right',
                  render: (v: number) => <span className="bo-sales-num">{formatRate(v)}</span>,
                },
                {
                  title: t('salesBasis.rates.perUsdShort', { currency: view.currency }),
                  dataIndex: 'rate',
                  key: 'inverse',
                  width: 110,
                  align: 'right',
                  render: (v: number) => <span className="bo-sales-num">{formatInverse(v)}</span>,
                },
                {
                  title: t('salesBasis.changedBy'),
                  dataIndex: 'updatedBy',
                  key: 'updatedBy',
                  priority: 'detail',
                  width: 160,
                  ellipsis: true,
                  render: (v: string | null, r) =>
                    r.updatedAt ? (
                      <span className="bo-basis-nowrap">
                        {v ?? '—'}
                        <div className="bo-basis-small">
                          <Typography.Text type="secondary">{formatDateTime(r.updatedAt)}</Typography.Text>
                        </div>
                      </span>
                    ) : (
                      <Typography.Text type="secondary" className="bo-basis-nowrap">
                        {t('salesBasis.rates.loaded')}
                      </Typography.Text>
                    ),
                },
                actionsColumn(
                  t,
                  170,
                  (_: unknown, r) => (
                    <Can permission="sales:basisInfo:edit">
                      <Tooltip title={r.editable ? undefined : t('salesBasis.rates.closed')}>
                        <Space size={0}>
                          <Button
                            type="link"
                            size="small"
                            icon={<EditOutlined />}
                            disabled={!r.editable}
                            onClick={() => setEditor({ mode: 'correct', entry: r })}
                            data-testid={`rate-edit-${r.effectiveFrom}`}
                          >
                            {t('salesBasis.rates.correct')}
                          </Button>
                          <Popconfirm
                            title={t('salesBasis.rates.confirmDelete', { currency: r.currency, day: r.effectiveFrom })}
                            description={t('salesBasis.rates.confirmDeleteText')}
                            okText={t('common.delete')}
                            cancelText={t('common.cancel')}
                            okButtonProps={{ danger: true, 'data-testid': 'rate-delete-confirm' }}
                            onConfirm={() => del(r)}
                            disabled={!r.editable}
                          >
                            <Button
                              type="link"
                              size="small"
                              danger
                              icon={<DeleteOutlined />}
                              disabled={!r.editable}
                              data-testid={`rate-delete-${r.effectiveFrom}`}
                            >
                              {t('common.delete')}
                            </Button>
                          </Popconfirm>
                        </Space>
                      </Tooltip>
                    </Can>
                  ),
                  { fixed: undefined },
                ),
              ],
              mayEdit,
            )}
          />
        </Card>
      </Col>
      <RateEntryModal editor={editor} onClose={() => setEditor(null)} />
    </Row>
  );
}
