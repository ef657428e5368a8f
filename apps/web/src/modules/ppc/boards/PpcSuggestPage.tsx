import { CheckOutlined } from '@ant-design/icons';
import { REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import { SUGGESTION_KINDS, type Suggestion } from '@bo/contract/ppc/boards';
import { App, Button, Card, Flex, InputNumber, Popconfirm, Segmented, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { Page } from '../../../shared/components/PageHead';
import { listPagination, useStepBackToLastPage } from '../../../shared/list-paging';
import { todayLocal } from '../../../shared/period/period-presets';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { MoneyCell } from '../../../shared/table/NumberCells';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { QueryTable } from '../../../shared/table/QueryTable';
import { metricColumn } from '../components/metric-columns';
import { useApplySuggestions, useSuggestions } from './boards.queries';
import { applyBody, PAGE_SIZES, readSuggestView, SUGGEST_URL } from './boards-view';
import { PpcFilterBar } from './PpcFilterBar';

const rowKey = (r: Suggestion) => `${r.entityType}:${r.entityId}:${r.name}`;

/**
 * /PPCSuggest: bid, budget and negative-keyword suggestions computed from the period's
 * figures; the chosen ones are applied through the change path (ppc:manager:edit) and
 * show in the change history as "diagnosis".
 */
export default function PpcSuggestPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(SUGGEST_URL);
  const view = useMemo(() => readSuggestView(url, today), [url, today]);
  const q = useSuggestions(view);
  const apply = useApplySuggestions();
  const [chosen, setChosen] = useState<Suggestion[]>([]);
  useStepBackToLastPage(q.isSuccess, q.data?.total ?? 0, view, setUrl);
  const symbol = currencySymbol(q.data?.currency ?? REPORTING_CURRENCY);
  const figure = (
    m: 'clicks' | 'spend' | 'orders' | 'sales' | 'acos',
    extra: Partial<FitColumnType<Suggestion>> & { width: number },
  ) => metricColumn<Suggestion>(t, m, (r) => r.figures[m], symbol, extra);

  // What the suggestion is about, the current and suggested value, spend, ACoS and the reason always show (docs/decisions.md).
  const columns: FitColumnType<Suggestion>[] = [
    {
      key: 'name',
      title: t(`ppc.suggest.subject.${view.kind}`),
      priority: 'key',
      width: 220,
      render: (_, r) => (
        <div>
          <div>{r.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[r.shopName, r.campaignName, r.adGroupName].filter(Boolean).join(' › ')}
          </Typography.Text>
        </div>
      ),
    },
    ...(view.kind === 'negative'
      ? []
      : [
          {
            key: 'current',
            title: t(view.kind === 'bid' ? 'ppc.suggest.currentBid' : 'ppc.suggest.currentBudget'),
            priority: 'key' as const,
            align: 'right' as const,
            width: 120,
            render: (_: unknown, r: Suggestion) => <MoneyCell value={r.current} symbol={currencySymbol(r.currency)} />,
          },
          {
            key: 'suggested',
            title: t(view.kind === 'bid' ? 'ppc.suggest.suggestedBid' : 'ppc.suggest.suggestedBudget'),
            priority: 'key' as const,
            align: 'right' as const,
            width: 120,
            render: (_: unknown, r: Suggestion) => (
              <b>
                <MoneyCell value={r.suggested} symbol={currencySymbol(r.currency)} />
              </b>
            ),
          },
        ]),
    ...(view.kind === 'budget'
      ? [
          {
            key: 'daysOut',
            title: t('ppc.outBudget.daysOut'),
            priority: 'key' as const,
            align: 'right' as const,
            width: 90,
            render: (_: unknown, r: Suggestion) => <span className="bo-num">{r.daysOut}</span>,
          },
        ]
      : []),
    figure('clicks', { width: 80 }),
    figure('spend', { priority: 'key', width: 110 }),
    figure('orders', { width: 80 }),
    figure('sales', { width: 110 }),
    figure('acos', { priority: 'key', width: 80 }),
    {
      key: 'reason',
      title: t('ppc.suggest.reason'),
      priority: 'key',
      width: 180,
      render: (_, r) => t(`ppc.suggest.reasons.${r.reason}`),
    },
  ];

  const run = () =>
    apply.mutate(applyBody(chosen), {
      onSuccess: (r) => {
        setChosen([]);
        void message.success(t('ppc.suggest.applied', { changed: r.changed, created: r.created, unchanged: r.unchanged }));
      },
    });

  return (
    <Page testId="page-ppc-suggest" texts="ppc.suggest">
      <PpcFilterBar
        view={view}
        url={url}
        setUrl={setUrl}
        today={today}
        extra={
          <Space wrap>
            <span>{t('ppc.suggest.targetAcos')}</span>
            <InputNumber
              min={1}
              max={200}
              precision={1}
              addonAfter="%"
              style={{ width: 110 }}
              value={view.targetAcosPercent}
              onChange={(v) => v !== null && setUrl({ targetAcos: String(v), pageNum: '1' })}
              data-testid="ppc-suggest-target"
            />
            <span>{t('ppc.suggest.minClicks')}</span>
            <InputNumber
              min={1}
              max={10000}
              precision={0}
              style={{ width: 90 }}
              value={view.minClicks}
              onChange={(v) => v !== null && setUrl({ minClicks: String(v), pageNum: '1' })}
              data-testid="ppc-suggest-clicks"
            />
          </Space>
        }
      />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
          <Segmented
            value={view.kind}
            onChange={(kind) => {
              setChosen([]);
              setUrl({ kind: String(kind), pageNum: '1' });
            }}
            options={SUGGESTION_KINDS.map((k) => ({ value: k, label: t(`ppc.suggest.kinds.${k}`) }))}
            data-testid="ppc-suggest-kind"
          />
          <Can permission="ppc:manager:edit">
            <Popconfirm title={t('ppc.suggest.confirm', { count: chosen.length })} onConfirm={run} disabled={chosen.length === 0}>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={chosen.length === 0}
                loading={apply.isPending}
                data-testid="ppc-suggest-apply"
              >
                {t('ppc.suggest.apply', { count: chosen.length })}
              </Button>
            </Popconfirm>
          </Can>
        </Flex>
        <Typography.Paragraph type="secondary">{t(`ppc.suggest.rule.${view.kind}`)}</Typography.Paragraph>
        <QueryTable<Suggestion>
          query={q}
          tableId={`ppc.suggest.${view.kind}`}
          rowKey={rowKey}
          size="small"
          columns={columns}
          locale={{ emptyText: t('ppc.suggest.empty') }}
          rowSelection={{
            selectedRowKeys: chosen.map(rowKey),
            onChange: (_, rows) => setChosen(rows),
            preserveSelectedRowKeys: true,
          }}
          pagination={{
            ...listPagination(view, q.data?.total ?? 0, t, { sizes: PAGE_SIZES, totalKey: 'ppc.suggest.count' }),
            onChange: (pageNum, pageSize) => setUrl({ pageNum: String(pageNum), pageSize: String(pageSize) }),
          }}
          data-testid="ppc-suggest-table"
        />
      </Card>
    </Page>
  );
}
