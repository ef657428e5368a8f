import { APPROVAL_MACHINE, statusFromCode } from '@bo/contract/approvals/approval-flow';
import type { AuditRecord } from '@bo/contract/forecasts/estimates';
import * as est from '@bo/contract/forecasts/estimates';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { formatDateTime } from '../../shared/format';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { shopLabel } from '../../shared/markets/markets';
import { keywordFilter, shopMarketFilters } from './components/list-parts';
import { estimateKeys, exportAuditRecord } from './forecasts.queries';

const ACTION_COLOR: Record<AuditRecord['action'], string> = {
  submit: 'processing',
  withdraw: 'default',
  approve: 'success',
  reject: 'error',
};

/** /forecast/auditRecord: the decision log of the estimates of the visible shops, newest first, and its export. */
export default function ForecastAuditRecordPage() {
  const { t } = useTranslation();
  const list = useKitList(est.listAuditRecord, estimateKeys.records);
  const status = (code: number, testId?: string) => (
    <StateTag machine={APPROVAL_MACHINE} state={statusFromCode(code) ?? 'not'} {...(testId ? { testId } : {})} />
  );
  const columns: KitColumn<AuditRecord>[] = [
    { key: 'at', priority: 'key', width: 170, title: t('forecasts.records.column.at'), render: (_, r) => formatDateTime(r.at) },
    {
      key: 'shopName',
      width: 150,
      title: t('forecasts.records.column.shop'),
      render: (_, r) => shopLabel(r.shopName, r.marketId),
    },
    { key: 'sku', priority: 'key', width: 160, title: t('forecasts.records.column.sku'), render: (_, r) => r.sku },
    { key: 'estimateId', width: 100, title: t('forecasts.records.column.estimate'), render: (_, r) => `#${r.estimateId}` },
    {
      key: 'action',
      priority: 'key',
      width: 100,
      title: t('forecasts.records.column.action'),
      render: (_, r) => (
        <Tag color={ACTION_COLOR[r.action]} data-testid={`record-action-${r.id}`}>
          {t(`forecasts.records.action.${r.action}`)}
        </Tag>
      ),
    },
    { key: 'userName', priority: 'key', width: 150, title: t('forecasts.records.column.user'), render: (_, r) => r.userName },
    {
      key: 'change',
      width: 200,
      title: t('forecasts.records.column.change'),
      render: (_, r) => (
        <Space size={4}>
          {status(r.fromStatus)}→{status(r.toStatus, `record-to-${r.id}`)}
        </Space>
      ),
    },
    { key: 'remark', width: 220, ellipsis: true, title: t('forecasts.records.column.remark'), render: (_, r) => r.remark ?? '—' },
  ];
  return (
    <ListPage
      testId="page-forecast-records"
      texts="forecasts.records"
      list={list}
      filters={[
        keywordFilter(t('forecasts.records.search'), 'record-search'),
        {
          kind: 'select',
          key: 'action',
          placeholder: t('forecasts.records.allActions'),
          width: 130,
          options: est.AUDIT_RECORD_ACTIONS.map((a) => ({ value: a, label: t(`forecasts.records.action.${a}`) })),
          testId: 'record-action',
        },
        { kind: 'date-range', key: 'from', to: 'to', testId: 'record-days' },
        ...shopMarketFilters(t, 'record'),
      ]}
      toolbar={
        <Can permission="scm:forecast:review:export">
          <ExportButton
            label={t('forecasts.records.export')}
            fetchFile={(o) => exportAuditRecord(list.query, o)}
            testId="record-export"
          />
        </Can>
      }
      columns={columns}
      tableId="forecasts.records"
      rowKey="id"
      tableTestId="record-table"
      emptyText={t('forecasts.records.empty')}
    />
  );
}
