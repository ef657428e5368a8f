import { marketCode } from '@bo/contract';
import { REPORTING_CURRENCY } from '@bo/contract/ppc/board';
import type { outBudgetRowSchema } from '@bo/contract/ppc/boards';
import { adLimitsOf, stepPercent } from '@bo/contract/ppc/changes';
import { App, Button, Card, InputNumber, Popover, Space, Tooltip, Typography } from 'antd';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Can } from '../../../shared/Can';
import { Page } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { listPagination, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { todayLocal } from '../../../shared/period/period-presets';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { MoneyCell } from '../../../shared/table/NumberCells';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol, formatCount, formatMoney } from '../../sales/shared/sales-format';
import '../../sales/shared/sales.css';
import { ChartSuspense } from '../../../shared/charts/ChartSuspense';
import { QueryTable } from '../../../shared/table/QueryTable';
import { KeywordSearch } from '../components/KeywordSearch';
import { metricColumn } from '../components/metric-columns';
import { stepText, useChangeFeedback } from '../manager/change-feedback';
import { overGuard } from '../manager/manager-view';
import { readPpcGuard } from '../ppc-preferences';
import { useChangeBudget, useOutBudget } from './boards.queries';
import { OUT_BUDGET_URL, type OutBudgetSortField, PAGE_SIZES, readOutBudgetView } from './boards-view';
import { PpcFilterBar } from './PpcFilterBar';

const OutBudgetChart = lazy(() => import('./OutBudgetChart'));
type Row = z.infer<typeof outBudgetRowSchema>;

/** A campaign's budget, changed in place through the change path (ppc:manager:edit). */
function BudgetEditor({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeBudget();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<number | null>(row.dailyBudget);
  const limits = adLimitsOf(row.budgetCurrency);
  const feedback = useChangeFeedback();
  const save = async () => {
    if (value === null) return;
    // A step over the guardrails is confirmed first (the server refuses it unconfirmed).
    const over = overGuard(row.dailyBudget, value, 'budget', row.budgetCurrency, readPpcGuard());
    if (over) {
      const line = `${t('ppc.mgr.fields.daily_budget')}: ${formatMoney(row.dailyBudget)} → ${formatMoney(value)} ${row.budgetCurrency} (${stepText(stepPercent(row.dailyBudget, value))})`;
      if (!(await feedback.confirm([line]))) return;
    }
    change.mutate(
      { campaignId: row.campaignId, budget: value, version: row.version, confirmed: over !== null },
      {
        onSuccess: () => {
          setOpen(false);
          void message.success(t('ppc.outBudget.saved'));
        },
      },
    );
  };
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) setValue(row.dailyBudget);
      }}
      trigger="click"
      title={t('ppc.outBudget.changeTitle', { name: row.campaignName })}
      content={
        <Space direction="vertical">
          <InputNumber
            autoFocus
            min={limits.minBudget}
            max={limits.maxBudget}
            precision={2}
            value={value}
            onChange={(v) => setValue(v)}
            addonAfter={row.budgetCurrency}
            data-testid={`ppc-outbudget-input-${row.campaignId}`}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('ppc.outBudget.limits', { min: limits.minBudget, max: formatCount(limits.maxBudget) })}
          </Typography.Text>
          <Button
            type="primary"
            size="small"
            loading={change.isPending}
            disabled={value === null || value === row.dailyBudget}
            onClick={() => void save()}
            data-testid={`ppc-outbudget-save-${row.campaignId}`}
          >
            {t('ppc.outBudget.save')}
          </Button>
        </Space>
      }
    >
      <Button size="small" data-testid={`ppc-outbudget-edit-${row.campaignId}`}>
        {t('ppc.outBudget.raise')}
      </Button>
    </Popover>
  );
}

/** /outBudget: campaigns whose day's spend reached 98 % of that day's budget, with the sales they likely missed. */
export default function OutBudgetPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(OUT_BUDGET_URL);
  const view = useMemo(() => readOutBudgetView(url, today), [url, today]);
  const q = useOutBudget(view);
  useStepBackToLastPage(q.isSuccess, q.data?.total ?? 0, view, setUrl);
  const currency = q.data?.currency ?? REPORTING_CURRENCY;
  const symbol = currencySymbol(currency);
  const money = (v: number | null) => <MoneyCell value={v} symbol={symbol} />;
  const sortOrder = (key: OutBudgetSortField) => (view.sortField === key ? view.sortOrder : null);
  // The campaign, its budget, days out, ACoS, the missed sales and the raise button always show (docs/decisions.md).
  const columns: FitColumnType<Row>[] = [
    {
      key: 'campaign',
      title: t('ppc.boards.campaign'),
      priority: 'key',
      fixed: 'left',
      width: 240,
      render: (_, r) => (
        <div>
          <div>{r.campaignName}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.shopName} · {marketCode(r.marketId)} · {r.campaignType.toUpperCase()} ·{' '}
            {t(`ppc.outBudget.state.${r.state as 'enabled' | 'paused' | 'archived'}`)}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'budget',
      title: t('ppc.outBudget.budget'),
      priority: 'key',
      align: 'right',
      width: 140,
      render: (_, r) => <MoneyCell value={r.dailyBudget} symbol={currencySymbol(r.budgetCurrency)} />,
    },
    {
      key: 'daysOut',
      title: t('ppc.outBudget.daysOut'),
      priority: 'key',
      align: 'right',
      width: 100,
      sorter: true,
      sortOrder: sortOrder('daysOut'),
      render: (_, r) => (
        <Tooltip title={r.days.join(', ')}>
          <span className="bo-num" data-testid={`ppc-outbudget-days-${r.campaignId}`}>
            {r.daysOut}
          </span>
        </Tooltip>
      ),
    },
    {
      key: 'lastDayOut',
      title: t('ppc.outBudget.lastDayOut'),
      width: 110,
      sorter: true,
      sortOrder: sortOrder('lastDayOut'),
      render: (_, r) => r.lastDayOut,
    },
    {
      key: 'spendOut',
      title: t('ppc.outBudget.spendOut'),
      align: 'right',
      width: 130,
      sorter: true,
      sortOrder: sortOrder('spendOut'),
      render: (_, r) => money(r.spendOut),
    },
    metricColumn<Row>(t, 'spend', (r) => r.figures.spend, symbol, { width: 110 }),
    metricColumn<Row>(t, 'sales', (r) => r.figures.sales, symbol, { width: 110 }),
    metricColumn<Row>(t, 'acos', (r) => r.figures.acos, symbol, {
      priority: 'key',
      width: 80,
      sorter: true,
      sortOrder: sortOrder('acos'),
    }),
    {
      key: 'missedSales',
      title: (
        <Tooltip title={t('ppc.outBudget.missedHelp')}>
          <span className="bo-th-text">{t('ppc.outBudget.missedSales')}</span>
        </Tooltip>
      ),
      label: t('ppc.outBudget.missedSales'),
      priority: 'key',
      align: 'right',
      width: 160,
      sorter: true,
      sortOrder: sortOrder('missedSales'),
      render: (_, r) => (r.missedSales === null ? t('ppc.outBudget.noEstimate') : money(r.missedSales)),
    },
    {
      key: 'action',
      title: '',
      label: t('ppc.outBudget.raise'),
      priority: 'key',
      width: 130,
      fixed: 'right',
      render: (_, r) =>
        r.state === 'archived' ? null : (
          <Can permission="ppc:manager:edit">
            <BudgetEditor row={r} />
          </Can>
        ),
    },
  ];

  return (
    <Page testId="page-ppc-outbudget" texts="ppc.outBudget">
      <PpcFilterBar view={view} url={url} setUrl={setUrl} today={today} />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title={t('ppc.outBudget.chart')} size="small">
          <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
            <ChartSuspense height={260}>
              <OutBudgetChart points={q.data?.points ?? []} currency={currency} />
            </ChartSuspense>
          </QueryStates>
          <Typography.Text type="secondary">{t('ppc.outBudget.granularity')}</Typography.Text>
        </Card>
        <Card
          title={t('ppc.outBudget.list')}
          size="small"
          extra={
            <KeywordSearch
              value={view.keyword}
              onSearch={(keyword) => setUrl({ keyword, pageNum: '1' })}
              placeholder={t('ppc.outBudget.search')}
              testId="ppc-outbudget-search"
            />
          }
        >
          <QueryTable<Row>
            query={q}
            tableId="ppc.outBudget"
            rowKey="campaignId"
            size="small"
            columns={columns}
            locale={{ emptyText: t('ppc.outBudget.empty') }}
            pagination={listPagination(view, q.data?.total ?? 0, t, { sizes: PAGE_SIZES, totalKey: 'ppc.outBudget.count' })}
            onChange={tableChangeHandler<Row, OutBudgetSortField>(
              ['daysOut', 'lastDayOut', 'spendOut', 'acos', 'missedSales'],
              'daysOut',
              view.pageSize,
              (patch) => setUrl(toUrlPatch({ ...patch })),
            )}
            data-testid="ppc-outbudget-table"
          />
        </Card>
      </Space>
    </Page>
  );
}
