import type { Finding, FindingKind } from '@bo/contract/ppc/diagnosis';
import { FINDING_KINDS } from '@bo/contract/ppc/diagnosis';
import { Alert, Button, Card, DatePicker, Flex, Popconfirm, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Can, useCan } from '../../../shared/Can';
import { FilterCard, FilterNumber, Page } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { todayLocal } from '../../../shared/period/period-presets';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol, formatCount, formatMargin, formatMoney, NONE } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { formatTimestamp } from '../../../shared/format';
import { LastBatchAlert } from '../components/LastBatchAlert';
import { metricColumn } from '../components/metric-columns';
import { PpcShopSelect } from '../components/PpcShopSelect';
import { usePpcShop } from '../use-ppc-shop';
import { DIAG_URL, diagQuery, readDiagView } from './diag-view';
import { useApplyFixes, useDiagnosis, useDiagnosisHistory, useUndoBatch } from './diagnosis.queries';

const SETTLE_DAYS = 3;

/**
 * /ppcDiag: what is wrong with one shop's SP ads over a settled window, each finding with
 * a one-click fix (pause, lower or raise the bid, add a negative exact) applied through the
 * change path; several fixes go in one batch, undone from the list of recent fixes.
 * Fixing needs ppc:manager:edit (the route has no buttons of its own).
 */
export default function PpcDiagPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const can = useCan();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(DIAG_URL);
  const view = useMemo(() => readDiagView(url, today), [url, today]);
  const ppcShop = usePpcShop(view.shopId, (id) => setUrl({ shopId: id }));
  const { shops, shop } = ppcShop;
  const diag = useDiagnosis(view.shopId ? diagQuery({ ...view, shopId: view.shopId }) : null);
  const canFix = can('ppc:manager:edit');
  // The history is read with ppc:manager: shown to those who may fix (and so undo).
  const history = useDiagnosisHistory(view.shopId, canFix);
  const fix = useApplyFixes();
  const undo = useUndoBatch();
  const [selected, setSelected] = useState<string[]>([]);
  const [lastBatch, setLastBatch] = useState<number | null>(null);
  const symbol = currencySymbol(diag.data?.currency ?? shop?.currency ?? 'USD');
  const money = (v: number | null) => (v === null ? NONE : `${symbol} ${formatMoney(v)}`);
  const findings = (diag.data?.findings ?? []).filter((f) => f.kind === view.kind);

  const apply = async (list: Finding[]) => {
    if (!view.shopId || !list.length) return;
    try {
      const r = await fix.mutateAsync({ shopId: view.shopId, fixes: list.map((f) => f.fix) });
      setSelected([]);
      setLastBatch(r.batchId);
      notify.success(t('ppc.diag.fixed', { count: r.applied.length }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
  const undoBatch = async (batchId: number) => {
    try {
      await undo.mutateAsync(batchId);
      if (batchId === lastBatch) setLastBatch(null);
      notify.success(t('ppc.diag.undone'));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const fixText = (f: Finding) =>
    f.fix.action === 'pause'
      ? t('ppc.diag.fix.pause')
      : f.fix.action === 'set_bid'
        ? t('ppc.diag.fix.setBid', { from: money(f.bid), to: money(f.fix.value ?? null) })
        : t('ppc.diag.fix.addNegative', { term: f.fix.searchTerm });
  const reason = (f: Finding) => {
    switch (f.kind) {
      case 'wasted_keyword':
      case 'wasted_search_term':
        return t('ppc.diag.reason.wasted', { clicks: formatCount(f.clicks), spend: money(f.spend) });
      case 'acos_outlier':
        return t('ppc.diag.reason.acos', { acos: formatMargin(f.acos), median: formatMargin(f.reference) });
      case 'bid_above_cpc':
        return t('ppc.diag.reason.cpc', { bid: money(f.bid), cpc: money(f.reference) });
      case 'no_impressions':
        return t('ppc.diag.reason.idle', { days: f.reference ?? view.idleDays });
    }
  };

  const figure = (
    metric: string,
    value: (f: Finding) => number | null,
    extra: Partial<FitColumnType<Finding>> & { width: number },
  ) => metricColumn<Finding>(t, metric, value, symbol, extra);
  // The target, its spend and ACoS, the reason, the fix and its button always show (docs/decisions.md).
  const columns: FitColumnType<Finding>[] = [
    {
      key: 'name',
      title: view.kind === 'wasted_search_term' ? t('ppc.diag.searchTerm') : t('ppc.diag.target'),
      priority: 'key',
      fixed: 'left',
      width: 200,
      render: (_, f) => (
        <Space size={4} wrap>
          <span>{f.name}</span>
          {f.matchType && <Tag>{f.matchType}</Tag>}
        </Space>
      ),
    },
    {
      key: 'where',
      title: t('ppc.diag.where'),
      priority: 'detail',
      width: 240,
      ellipsis: true,
      render: (_, f) => `${f.campaignName} › ${f.adGroupName}`,
    },
    figure('clicks', (f) => f.clicks, { width: 80 }),
    figure('spend', (f) => f.spend, { priority: 'key', width: 100 }),
    figure('orders', (f) => f.orders, { width: 80 }),
    figure('sales', (f) => f.sales, { width: 100 }),
    figure('acos', (f) => f.acos, { priority: 'key', width: 80 }),
    figure('cpc', (f) => f.cpc, { priority: 'detail', width: 90 }),
    figure('cpc', (f) => f.bid, { key: 'bid', title: t('ppc.diag.bid'), width: 90 }),
    { key: 'reason', title: t('ppc.diag.reasonTitle'), priority: 'key', width: 220, render: (_, f) => reason(f) },
    { key: 'fix', title: t('ppc.diag.fixTitle'), priority: 'key', width: 200, render: (_, f) => fixText(f) },
    {
      key: 'action',
      title: '',
      label: t('ppc.diag.fixOne'),
      priority: 'key',
      fixed: 'right',
      width: 80,
      render: (_, f) => (
        <Can permission="ppc:manager:edit">
          <Button
            size="small"
            type="link"
            loading={fix.isPending}
            onClick={() => void apply([f])}
            data-testid={`ppc-diag-fix-${f.key}`}
          >
            {t('ppc.diag.fixOne')}
          </Button>
        </Can>
      ),
    },
  ];

  const chosen = findings.filter((f) => selected.includes(f.key));
  const disabledDate = (d: dayjs.Dayjs) => d.isAfter(dayjs(today).subtract(SETTLE_DAYS, 'day'), 'day');

  return (
    <Page testId="page-ppc-diag" texts="ppc.diag">
      <FilterCard>
        <PpcShopSelect of={ppcShop} onChosen={() => setSelected([])} testId="ppc-diag-shop" />
        <DatePicker.RangePicker
          value={[dayjs(view.startDate), dayjs(view.endDate)]}
          allowClear={false}
          format="YYYY-MM-DD"
          disabledDate={disabledDate}
          onChange={(range) => {
            const [from, to] = range ?? [];
            if (from && to) setUrl({ startDate: from.format('YYYY-MM-DD'), endDate: to.format('YYYY-MM-DD') });
          }}
          data-testid="ppc-diag-window"
        />
        <FilterNumber
          label={t('ppc.diag.minClicks')}
          min={1}
          max={100000}
          precision={0}
          value={view.minClicks}
          onChange={(v) => v !== null && setUrl({ minClicks: String(v) })}
          style={{ width: 80 }}
          data-testid="ppc-diag-min-clicks"
        />
        <FilterNumber
          label={t('ppc.diag.minSpend')}
          min={0}
          max={1000000}
          precision={2}
          value={view.minSpend}
          onChange={(v) => v !== null && setUrl({ minSpend: String(v) })}
          style={{ width: 100 }}
          data-testid="ppc-diag-min-spend"
        />
        <FilterNumber
          label={t('ppc.diag.idleDays')}
          min={3}
          max={90}
          precision={0}
          value={view.idleDays}
          onChange={(v) => v !== null && setUrl({ idleDays: String(v) })}
          style={{ width: 70 }}
          data-testid="ppc-diag-idle-days"
        />
      </FilterCard>

      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {shops.data && shops.data.length === 0 && <Alert type="info" showIcon message={t('ppc.board.noShops')} />}
        {lastBatch !== null && (
          <LastBatchAlert
            message={t('ppc.diag.lastBatch', { id: lastBatch })}
            undoing={undo.isPending}
            onUndo={() => void undoBatch(lastBatch)}
            onClose={() => setLastBatch(null)}
            testId="ppc-diag-undo-last"
          />
        )}
        <Card size="small">
          <QueryStates pending={diag.isPending && view.shopId !== null} error={diag.error} onRetry={() => void diag.refetch()}>
            {diag.data && (
              <Typography.Paragraph type="secondary" data-testid="ppc-diag-summary">
                {t('ppc.diag.summary', {
                  start: diag.data.startDate,
                  end: diag.data.endDate,
                  median: formatMargin(diag.data.medianAcos),
                })}
              </Typography.Paragraph>
            )}
            <Tabs
              activeKey={view.kind}
              onChange={(kind) => {
                setUrl({ kind });
                setSelected([]);
              }}
              items={FINDING_KINDS.map((k: FindingKind) => ({
                key: k,
                label: `${t(`ppc.diag.kind.${k}`)} (${diag.data?.counts[k] ?? 0})`,
              }))}
              data-testid="ppc-diag-kinds"
            />
            <Typography.Paragraph type="secondary">{t(`ppc.diag.explain.${view.kind}`)}</Typography.Paragraph>
            {canFix && (
              <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
                <Popconfirm
                  title={t('ppc.diag.fixSelectedConfirm', { count: chosen.length })}
                  onConfirm={() => void apply(chosen)}
                  disabled={!chosen.length}
                >
                  <Button type="primary" disabled={!chosen.length} loading={fix.isPending} data-testid="ppc-diag-fix-selected">
                    {t('ppc.diag.fixSelected', { count: chosen.length })}
                  </Button>
                </Popconfirm>
              </Flex>
            )}
            <FitTable<Finding>
              tableId="ppc.diag.findings"
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={findings}
              loading={diag.isFetching}
              rowSelection={
                canFix
                  ? {
                      selectedRowKeys: selected,
                      onChange: (keys) => setSelected(keys.map(String)),
                      preserveSelectedRowKeys: false,
                    }
                  : undefined
              }
              locale={{ emptyText: t('ppc.diag.empty') }}
              pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (n) => t('list.total', { count: n }) }}
              data-testid="ppc-diag-table"
            />
          </QueryStates>
        </Card>
        {canFix && (
          <Card size="small" title={t('ppc.diag.history')}>
            <QueryStates
              pending={history.isPending && view.shopId !== null}
              error={history.error}
              onRetry={() => void history.refetch()}
            >
              {/* At 1280 px: every column; when narrower the batch and who give way first. */}
              <FitTable<NonNullable<typeof history.data>['list'][number]>
                tableId="ppc.diag.history"
                rowKey="id"
                size="small"
                dataSource={history.data?.list ?? []}
                pagination={false}
                locale={{ emptyText: t('ppc.diag.noHistory') }}
                columns={[
                  {
                    key: 'at',
                    title: t('ppc.diag.at'),
                    priority: 'key',
                    width: 150,
                    render: (_, c) => formatTimestamp(c.createdAt, 'YYYY-MM-DD HH:mm'),
                  },
                  { key: 'batch', title: t('ppc.diag.batch'), width: 80, render: (_, c) => `#${c.batchId}` },
                  {
                    key: 'entity',
                    title: t('ppc.diag.target'),
                    priority: 'key',
                    width: 260,
                    ellipsis: true,
                    render: (_, c) => c.entityName,
                  },
                  {
                    key: 'change',
                    title: t('ppc.diag.change'),
                    priority: 'key',
                    width: 220,
                    ellipsis: true,
                    render: (_, c) =>
                      c.field === 'create'
                        ? t('ppc.diag.created')
                        : `${c.field}: ${String(c.before ?? NONE)} → ${String(c.after ?? NONE)}`,
                  },
                  { key: 'user', title: t('ppc.diag.user'), width: 130, ellipsis: true, render: (_, c) => c.userName ?? NONE },
                  {
                    key: 'undo',
                    title: '',
                    label: t('ppc.diag.undoBatch'),
                    priority: 'key',
                    width: 130,
                    render: (_, c) =>
                      c.undoneBy !== null ? (
                        <Tag>{t('ppc.diag.undoneTag')}</Tag>
                      ) : (
                        <Can permission="ppc:manager:edit">
                          <Popconfirm
                            title={t('ppc.diag.undoConfirm', { id: c.batchId })}
                            onConfirm={() => void undoBatch(c.batchId)}
                          >
                            <Button size="small" type="link" data-testid={`ppc-diag-undo-${c.id}`}>
                              {t('ppc.diag.undoBatch')}
                            </Button>
                          </Popconfirm>
                        </Can>
                      ),
                  },
                ]}
                data-testid="ppc-diag-history"
              />
            </QueryStates>
          </Card>
        )}
      </Space>
    </Page>
  );
}
