import type { ReportRow, ReportTotals } from '@bo/contract/inventory/ledger-report';
import * as ep from '@bo/contract/inventory/ledger-report';
import { Card, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../shared/Can';
import { CHART_COLORS } from '../../shared/charts/colors';
import { LiteChart } from '../../shared/charts/lite/LiteChart';
import { ExportButton } from '../../shared/components/ExportButton';
import { formatThousands } from '../../shared/format';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { type FitColumnType, TotalsRow } from '../../shared/table/FitTable';
import { boardFilters, listingColumns } from './components/stock-columns';
import { exportReport, reportKeys, useReportSummary } from './inventory-report.queries';

const n = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatThousands(v));

/** The figures a totals cell can show, by column key. */
const TOTAL_KEYS = ['opening', ...ep.REPORT_MOVEMENT_FIELDS, 'net', 'closing', 'difference'] as const;
type TotalKey = (typeof TOTAL_KEYS)[number];
const isTotalKey = (k: string): k is TotalKey => (TOTAL_KEYS as readonly string[]).includes(k);

/** The link that opens one row's SKU on /inventory/detail over its month. */
const detailLink = (r: ReportRow) =>
  `/inventory/detail?${new URLSearchParams({
    shopId: String(r.shopId),
    warehouseId: String(r.warehouseId),
    sku: r.sku,
    from: `${r.month}-01`,
    to: r.day,
  })}`;

/** A balance; one the ledger did not report this month is shown in grey with the rule it came from. */
function BalanceCell({
  value,
  reported,
  hint,
  testId,
}: {
  value: number | null;
  reported: boolean;
  hint: string;
  testId: string;
}) {
  if (reported) return <span data-testid={testId}>{n(value)}</span>;
  return (
    <Tooltip title={hint}>
      <Typography.Text type="secondary" data-testid={testId}>
        {n(value)}
      </Typography.Text>
    </Tooltip>
  );
}

function reportColumns(t: TFunction): KitColumn<ReportRow>[] {
  const key = (r: ReportRow) => `${r.sku}-${r.month}`;
  const movement = (k: (typeof ep.REPORT_MOVEMENT_FIELDS)[number], detail = false): KitColumn<ReportRow> => ({
    key: k,
    sortable: true,
    ...(detail ? { priority: 'detail' as const } : {}),
    width: 90,
    align: 'right',
    title: t(`invReport.column.${k}`),
    render: (_, r) => (r[k] === 0 ? <Typography.Text type="secondary">0</Typography.Text> : n(r[k])),
  });
  return [
    { key: 'month', sortable: true, priority: 'key', width: 90, title: t('invReport.column.month'), render: (_, r) => r.month },
    ...listingColumns<ReportRow>(t).filter((c) => c.key !== 'day'),
    {
      key: 'opening',
      sortable: true,
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('invReport.column.opening'),
      render: (_, r) => (
        <BalanceCell
          value={r.opening}
          reported={r.openingReported}
          hint={t(r.opening === null ? 'invReport.noOpening' : 'invReport.carried')}
          testId={`report-opening-${key(r)}`}
        />
      ),
    },
    movement('receipts'),
    movement('customerShipments'),
    movement('customerReturns'),
    movement('vendorReturns', true),
    movement('transfers', true),
    movement('found', true),
    movement('lost'),
    movement('damaged'),
    movement('disposed', true),
    movement('other', true),
    {
      key: 'closing',
      sortable: true,
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('invReport.column.closing'),
      render: (_, r) => (
        <BalanceCell
          value={r.closing}
          reported={r.closingReported}
          hint={t(r.closing === null ? 'invReport.noOpening' : 'invReport.computed')}
          testId={`report-closing-${key(r)}`}
        />
      ),
    },
    {
      key: 'difference',
      sortable: true,
      priority: 'key',
      width: 90,
      align: 'right',
      title: <Tooltip title={t('invReport.differenceHint')}>{t('invReport.column.difference')}</Tooltip>,
      render: (_, r) =>
        r.difference === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : r.difference === 0 ? (
          <Typography.Text type="secondary">0</Typography.Text>
        ) : (
          <Tag color={r.difference < 0 ? 'error' : 'warning'} data-testid={`report-difference-${key(r)}`}>
            {r.difference > 0 ? `+${r.difference}` : r.difference}
          </Tag>
        ),
    },
    {
      key: 'open',
      priority: 'key',
      fixed: 'right',
      width: 70,
      title: t('invReport.column.open'),
      render: (_, r) => (
        <Link to={detailLink(r)} data-testid={`report-open-${key(r)}`}>
          {t('invReport.column.open')}
        </Link>
      ),
    },
  ];
}

/** The totals row under the table: every filtered row summed (the summary's totals), under the columns shown. */
function ReportTotalsRow({
  shown,
  totals,
  t,
}: {
  shown: readonly FitColumnType<ReportRow>[];
  totals: ReportTotals;
  t: TFunction;
}) {
  return (
    <TotalsRow
      shown={shown}
      testId="report-totals"
      label={
        <Tooltip title={t('invReport.totalsHint', { count: totals.rows })}>
          <Typography.Text strong>{t('invReport.totals')}</Typography.Text>
        </Tooltip>
      }
      cell={(key) => (isTotalKey(key) ? <span data-testid={`report-total-${key}`}>{n(totals[key])}</span> : null)}
    />
  );
}

/** The chart of closing units per month of the filtered report, with the months shown. */
function ClosingChart({ summary, t }: { summary: ReturnType<typeof useReportSummary>['data']; t: TFunction }) {
  const months = summary?.months ?? [];
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={t('invReport.chart')}
      extra={
        summary?.fromMonth && summary.toMonth ? (
          <Typography.Text type="secondary" data-testid="report-shown">
            {t('invReport.shown', { from: summary.fromMonth, to: summary.toMonth })}
          </Typography.Text>
        ) : null
      }
    >
      <LiteChart
        testId="report-chart"
        label={t('invReport.chart')}
        height={200}
        legend
        hasData={months.length > 0}
        categories={months.map((m) => m.month)}
        series={[
          { type: 'bar', name: t('invReport.closing'), color: CHART_COLORS.revenue, values: months.map((m) => m.closing ?? 0) },
          { type: 'line', name: t('invReport.net'), color: CHART_COLORS.profit, values: months.map((m) => m.net) },
        ]}
        formatValue={(v) => formatThousands(v)}
        tooltip={(i) => {
          const m = months[i];
          if (!m) return null;
          return (
            <>
              <div>{m.month}</div>
              <div>{`${t('invReport.closing')}: ${n(m.closing)}`}</div>
              <div>{`${t('invReport.net')}: ${n(m.net)}`}</div>
              <div>{`${t('invReport.rows')}: ${m.rows}`}</div>
            </>
          );
        }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('invReport.noValue')}
      </Typography.Text>
    </Card>
  );
}

/** /inventoryReport: the monthly stock movement report (进销存) per SKU × warehouse × month from the Inventory Ledger. */
export default function InventoryReportPage() {
  const { t } = useTranslation();
  const list = useKitList(ep.listInventoryReport, reportKeys.list);
  const summary = useReportSummary(list.query);
  const totals = summary.data?.totals;
  return (
    <ListPage
      testId="page-inventory-report"
      texts="invReport"
      list={list}
      filters={[
        ...boardFilters(t),
        { kind: 'date-range', key: 'fromMonth', to: 'toMonth', picker: 'month', width: 220, testId: 'report-months' },
      ]}
      toolbar={
        <Can permission="scm:inventory:report:export">
          <ExportButton label={t('inventory.export')} fetchFile={(o) => exportReport(list.query, o)} testId="report-export" />
        </Can>
      }
      above={<ClosingChart summary={summary.data} t={t} />}
      columns={reportColumns(t)}
      tableId="inventory.report"
      rowKey={(r) => `${r.shopId}|${r.warehouseId}|${r.sku}|${r.month}`}
      tableTestId="report-table"
      tableProps={{
        summary: (shown) => (totals && totals.rows > 0 ? <ReportTotalsRow shown={shown} totals={totals} t={t} /> : null),
      }}
      emptyText={t('invReport.empty')}
    />
  );
}
