import { APPROVAL_MACHINE, statusFromCode } from '@bo/contract/approvals/approval-flow';
import type { Estimate } from '@bo/contract/forecasts/estimates';
import * as est from '@bo/contract/forecasts/estimates';
import { Typography } from 'antd';
import { useState } from 'react';
import { Can, useCan } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { errorText } from '../../shared/http/error-text';
import { useTexts } from '../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { type BulkAction, type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { shopLabel } from '../../shared/markets/markets';
import { formatUnits } from './components/forecast-format';
import { keywordFilter, shopMarketFilters } from './components/list-parts';
import { estimateKeys, exportPendingReview, useAuditEstimates } from './forecasts.queries';

interface RejectValues {
  remark: string;
}

/** /forecast/review: the planners' estimates of the visible shops, approved or rejected in bulk, and the export. */
export default function ForecastReviewPage() {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const list = useKitList(est.listPendingReview, estimateKeys.review);
  const audit = useAuditEstimates();
  const [rejecting, setRejecting] = useState<Editor<readonly Estimate[]> | null>(null);

  const items = (rows: readonly Estimate[]) => rows.map((r) => ({ id: r.id, version: r.version }));
  /** Only what waits for the caller: the server refuses the rest, all or none. */
  const reviewable = (rows: readonly Estimate[]) => {
    if (rows.every((r) => r.canReview)) return true;
    notify.error(t('forecasts.review.notReviewable'));
    return false;
  };
  const approve = async (rows: readonly Estimate[]) => {
    if (!reviewable(rows)) return;
    try {
      await audit.mutateAsync({ items: items(rows), action: 'approve' });
      notify.success(t('forecasts.review.approved', { n: rows.length }));
    } catch (e) {
      notify.error(errorText(e, lang));
    }
  };

  const bulkActions: BulkAction<Estimate>[] = can('scm:forecast:review:approve')
    ? [
        {
          key: 'approve',
          label: t('forecasts.review.approve'),
          confirm: (rows) => t('forecasts.review.confirmApprove', { n: rows.length }),
          run: approve,
          testId: 'review-approve',
        },
        {
          key: 'reject',
          label: t('forecasts.review.reject'),
          danger: true,
          run: async (rows) => {
            if (reviewable(rows)) setRejecting({ mode: 'edit', record: rows });
          },
          testId: 'review-reject',
        },
      ]
    : [];

  const columns: KitColumn<Estimate>[] = [
    {
      key: 'sku',
      priority: 'key',
      width: 200,
      title: t('forecasts.review.column.sku'),
      render: (_, r) => (
        <>
          <Typography.Text strong>{r.sku}</Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
              {[r.asin, lang === 'zh-CN' ? r.productName || r.productNameEn : r.productNameEn || r.productName]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      key: 'shopName',
      width: 150,
      title: t('forecasts.review.column.shop'),
      render: (_, r) => shopLabel(r.shopName, r.marketId),
    },
    {
      key: 'periods',
      width: 220,
      title: t('forecasts.review.column.periods'),
      render: (_, r) => (
        <>
          <div>{r.periods.map((u) => formatUnits(u)).join(' / ')}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('forecasts.review.periodsFrom', { day: r.startDay, unit: t(`forecasts.review.${r.granularity}`) })}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'totalUnits',
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('forecasts.review.column.total'),
      render: (_, r) => formatUnits(r.totalUnits),
    },
    {
      key: 'systemUnits',
      width: 110,
      align: 'right',
      title: t('forecasts.review.column.system'),
      render: (_, r) => (r.systemUnits === null ? '—' : formatUnits(r.systemUnits)),
    },
    { key: 'reason', width: 200, ellipsis: true, title: t('forecasts.review.column.reason'), render: (_, r) => r.reason },
    {
      key: 'status',
      priority: 'key',
      width: 110,
      title: t('forecasts.review.column.status'),
      render: (_, r) => (
        <StateTag machine={APPROVAL_MACHINE} state={statusFromCode(r.status) ?? 'not'} testId={`review-status-${r.id}`} />
      ),
    },
    {
      key: 'submitterName',
      width: 150,
      title: t('forecasts.review.column.submitter'),
      render: (_, r) => r.submitterName,
    },
    {
      key: 'submittedAt',
      width: 160,
      priority: 'detail',
      title: t('forecasts.review.column.submittedAt'),
      render: (_, r) => formatDateTime(r.submittedAt),
    },
    {
      key: 'reviewerName',
      width: 200,
      priority: 'detail',
      title: t('forecasts.review.column.reviewer'),
      render: (_, r) =>
        r.reviewerName ? (
          <>
            <div>
              {r.reviewerName} · {r.reviewedAt ? formatDateTime(r.reviewedAt) : ''}
            </div>
            {r.remark && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.remark}
              </Typography.Text>
            )}
          </>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <ListPage
        testId="page-forecast-review"
        texts="forecasts.review"
        list={list}
        filters={[
          {
            kind: 'select',
            key: 'status',
            placeholder: t('forecasts.review.allStatuses'),
            width: 140,
            options: est.REVIEW_FILTERS.map((s) => ({ value: s, label: t(`forecasts.review.status.${s}`) })),
            testId: 'review-status',
          },
          keywordFilter(t('forecasts.review.search'), 'review-search'),
          ...shopMarketFilters(t, 'review'),
        ]}
        toolbar={
          <Can permission="scm:forecast:review:export">
            <ExportButton
              label={t('forecasts.review.export')}
              fetchFile={(o) => exportPendingReview(list.query, o)}
              testId="review-export"
            />
          </Can>
        }
        bulkActions={bulkActions}
        columns={columns}
        tableId="forecasts.review"
        rowKey="id"
        tableTestId="review-table"
        emptyText={t('forecasts.review.empty')}
      />
      <EditDrawer<readonly Estimate[], RejectValues, unknown>
        editor={rejecting}
        onClose={() => setRejecting(null)}
        title={(e) => t('forecasts.review.rejectTitle', { n: e.record?.length ?? 0 })}
        schema={est.rejectRemarkSchema}
        fields={[{ name: 'remark', label: t('forecasts.review.remark'), input: 'textarea', testId: 'review-remark' }]}
        initialValues={() => ({ remark: '' })}
        onSubmit={(v) => audit.mutateAsync({ items: items(rejecting?.record ?? []), action: 'reject', remark: v.remark.trim() })}
        savedText={() => t('forecasts.review.rejected', { n: rejecting?.record?.length ?? 0 })}
        testId="review-reject-form"
        saveTestId="review-reject-save"
      />
    </>
  );
}
