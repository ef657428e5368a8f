/**
 * The past imports of a wizard's kinds, newest first: state tags, counts, and discard or revert
 * where the import's state and the caller allow it (revert asks first, saying what comes back).
 * A row opens its import. Filters: the kind (when the wizard offers several), the state, and
 * other users' pending imports (for those who may upload).
 */
import { imports as ep, stateLabel } from '@bo/contract';
import { IMPORT_MACHINE } from '@bo/contract/imports/import-states';
import type { QueryKey } from '@tanstack/react-query';
import { Checkbox, Select, Space } from 'antd';
import { useCan } from '../Can';
import { EmptyState } from '../components/QueryStates';
import { formatDateTime } from '../format';
import { useTexts } from '../i18n/lang';
import { shopLabel } from '../markets/markets';
import type { FitColumnType } from '../table/FitTable';
import { QueryTable } from '../table/QueryTable';
import { ImportStateActions } from './ImportPreviewPanel';
import { useImportHistory } from './import-queries';
import type { ImportKind, ImportKindSpec, ImportRecord } from './import-wizard';
import { StateTag } from './StateTag';

/** What the history shows; in the URL on a page, kept by the wizard in a modal. */
export interface HistoryState {
  kind?: ImportKind;
  status?: ImportRecord['status'];
  pending: boolean;
  pageNum: number;
  pageSize: number;
}

interface Props {
  kinds: readonly ImportKindSpec[];
  spec: (kind: ImportKind) => ImportKindSpec;
  state: HistoryState;
  onState: (patch: Partial<HistoryState>) => void;
  onOpen: (id: number) => void;
  testIdPrefix: string;
  invalidates: readonly QueryKey[];
}

export function ImportHistory({ kinds, spec, state, onState, onOpen, testIdPrefix: p, invalidates }: Props) {
  const { t, lang } = useTexts();
  const can = useCan();
  const list = useImportHistory({
    kind: state.kind ? [state.kind] : kinds.map((k) => k.kind),
    status: state.status,
    pending: state.pending ? 'all' : undefined,
    pageNum: state.pageNum,
    pageSize: state.pageSize,
  });
  const mayUpload = kinds.some((k) => can(ep.IMPORT_KINDS[k.kind].upload as never));
  const shopKinds = kinds.some((k) => ep.isShopKind(k.kind));
  const periods = kinds.some((k) => k.period);

  const columns: (FitColumnType<ImportRecord> | false)[] = [
    { key: 'id', title: '#', width: 70, priority: 'key', render: (_, r) => r.id },
    { key: 'at', title: t('importWizard.column.at'), width: 170, render: (_, r) => formatDateTime(r.createdAt) },
    kinds.length > 1 && {
      key: 'kind',
      title: t('importWizard.column.kind'),
      width: 220,
      render: (_, r) => spec(r.kind).label,
    },
    shopKinds && {
      key: 'shop',
      title: t('importWizard.column.shop'),
      width: 180,
      render: (_, r) => (r.shopName ? shopLabel(r.shopName, r.marketId) : '—'),
    },
    periods && {
      key: 'period',
      title: t('importWizard.column.period'),
      width: 200,
      render: (_, r) => (r.periodStart ? `${r.periodStart} – ${r.periodEnd}` : t('importWizard.fromFile')),
    },
    {
      key: 'file',
      title: t('importWizard.column.file'),
      width: 200,
      priority: 'key',
      ellipsis: true,
      render: (_, r) => r.fileName,
    },
    {
      key: 'variant',
      title: t('importWizard.column.variant'),
      width: 130,
      priority: 'detail',
      render: (_, r) => r.variant ?? t('importWizard.unknownVariant'),
    },
    {
      key: 'rows',
      title: t('importWizard.column.rows'),
      width: 280,
      render: (_, r) => t('importWizard.counts', { rows: r.rowCount, errors: r.errorCount, warnings: r.warningCount }),
    },
    { key: 'by', title: t('importWizard.column.by'), width: 130, render: (_, r) => r.createdBy },
    {
      key: 'status',
      title: t('importWizard.column.status'),
      width: 150,
      priority: 'key',
      render: (_, r) => <StateTag machine={IMPORT_MACHINE} state={r.status} />,
    },
    {
      key: 'actions',
      title: t('importWizard.column.actions'),
      width: 110,
      priority: 'key',
      render: (_, r) => <ImportStateActions record={r} spec={spec(r.kind)} invalidates={invalidates} />,
    },
  ];

  const filters = (
    <Space wrap>
      {kinds.length > 1 && (
        <Select
          allowClear
          style={{ width: 240 }}
          placeholder={t('importWizard.column.kind')}
          value={state.kind}
          onChange={(v) => onState({ kind: v, pageNum: 1 })}
          options={kinds.map((k) => ({ value: k.kind, label: k.label }))}
          data-testid={`${p}-history-kind`}
        />
      )}
      <Select
        allowClear
        style={{ width: 170 }}
        placeholder={t('importWizard.column.status')}
        value={state.status}
        onChange={(v) => onState({ status: v, pageNum: 1 })}
        options={ep.IMPORT_STATUSES.map((s) => ({ value: s, label: stateLabel(IMPORT_MACHINE, s, lang) }))}
        data-testid={`${p}-history-status`}
      />
      {mayUpload && (
        <Checkbox
          checked={state.pending}
          onChange={(e) => onState({ pending: e.target.checked, pageNum: 1 })}
          data-testid={`${p}-pending-all`}
        >
          {t('importWizard.pendingAll')}
        </Checkbox>
      )}
    </Space>
  );

  return (
    <QueryTable<ImportRecord>
      query={list}
      tableId="import.history"
      toolbar={filters}
      rowKey="id"
      size="small"
      data-testid={`${p}-history`}
      columns={columns.filter((c): c is FitColumnType<ImportRecord> => c !== false)}
      onRow={(r) => ({ onClick: () => onOpen(r.id), style: { cursor: 'pointer' } })}
      locale={{
        emptyText: (
          <EmptyState filtered={Boolean(state.kind || state.status)} text={t('importWizard.empty')} testId={`${p}-empty`} />
        ),
      }}
      pagination={{
        current: state.pageNum,
        pageSize: state.pageSize,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        onChange: (pageNum, pageSize) => onState({ pageNum, pageSize }),
        showTotal: (n) => t('list.total', { count: n }),
      }}
    />
  );
}
