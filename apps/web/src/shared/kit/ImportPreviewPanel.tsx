/**
 * One import as the wizard shows it: its state and file, the counts, the verdict, a held file's
 * column difference, what a commit wrote, the screen's details, the rows it writes and the
 * per-row problems (paged tables), then what its state allows: commit (after the kind's
 * question, a second one when the server holds a large removal), discard, revert.
 */
import { actionLabel } from '@bo/contract';
import { IMPORT_MACHINE } from '@bo/contract/imports/import-states';
import type { QueryKey } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Checkbox, Modal, Popconfirm, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../Can';
import { EmptyState, QueryStates } from '../components/QueryStates';
import { useNotify } from '../components/use-notify';
import { formatDateTime } from '../format';
import { isApiError } from '../http/api-error';
import { useTexts } from '../i18n/lang';
import { shopLabel } from '../markets/markets';
import { type FitColumnType, FitTable } from '../table/FitTable';
import { useImport, useImportActions } from './import-queries';
import { previewVerdict } from './import-verdict';
import { type ImportKindSpec, type ImportPreview, type ImportRecord, importActions, type RecordRow } from './import-wizard';
import { StateActions, StateTag } from './StateTag';

const COMMIT = IMPORT_MACHINE.transitions.find((x) => x.action === 'commit');

/** Discard and revert of one import, as its state, the server's flags and the caller's permission allow. */
export function ImportStateActions({
  record,
  spec,
  invalidates,
}: {
  record: ImportRecord;
  spec: ImportKindSpec;
  invalidates: readonly QueryKey[];
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const can = useCan();
  const { discard, revert } = useImportActions(invalidates);
  const may = importActions(record, (p) => can(p as never));
  return (
    // A history row opens its import on click: the buttons and their confirmations must not.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the click from reaching the row
    // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside take the keyboard
    <span onClick={(e) => e.stopPropagation()}>
      <StateActions
        machine={IMPORT_MACHINE}
        state={record.status}
        only={['discard', 'revert']}
        allow={(a) => (a === 'revert' ? may.revert : may.discard)}
        describe={(a) => (a === 'revert' ? spec.revertText(record) : null)}
        busy={revert.isPending ? 'revert' : discard.isPending ? 'discard' : null}
        testId={(a) => `import-${a}-${record.id}`}
        onAction={(a) =>
          a === 'revert'
            ? revert.mutate(record.id, { onSuccess: () => notify.success(t('importWizard.reverted')) })
            : discard.mutate(record.id, { onSuccess: () => notify.success(t('importWizard.discarded')) })
        }
      />
    </span>
  );
}

interface PanelProps {
  id: number;
  spec: (kind: ImportRecord['kind']) => ImportKindSpec;
  testIdPrefix: string;
  invalidates: readonly QueryKey[];
}

/** The import `id`, loaded. */
export function ImportDetail(props: PanelProps) {
  const one = useImport(props.id);
  return (
    <QueryStates pending={one.isPending} error={one.error} onRetry={() => void one.refetch()}>
      {one.data && <ImportPreviewPanel {...props} data={one.data} />}
    </QueryStates>
  );
}

function ImportPreviewPanel({ data, spec: specOf, testIdPrefix: p, invalidates }: PanelProps & { data: ImportPreview }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const spec = specOf(data.kind);
  const verdict = previewVerdict(data, t);
  const counts = data.counts;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid={`${p}-preview`}>
      <Space wrap>
        <StateTag machine={IMPORT_MACHINE} state={data.status} />
        <Typography.Text>
          {[
            `#${data.id}`,
            spec.label,
            data.shopName && shopLabel(data.shopName, data.marketId),
            data.fileName,
            data.variant ?? t('importWizard.unknownVariant'),
            `${data.createdBy} · ${formatDateTime(data.createdAt)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
        {data.currency && <Tag>{data.currency}</Tag>}
      </Space>
      <Typography.Text strong data-testid={`${p}-counts`}>
        {counts ? `${t('importWizard.recordCounts', counts)} · ` : ''}
        {t('importWizard.counts', { rows: data.rowCount, errors: data.errorCount, warnings: data.warningCount })}
      </Typography.Text>
      {verdict && <Alert type={verdict.level} showIcon title={verdict.text} data-testid={`${p}-verdict`} />}
      {data.unknownHeader && (
        <Alert
          type="warning"
          showIcon
          title={t('importWizard.heldTitle')}
          description={
            <div data-testid={`${p}-header-diff`}>
              <div>{t('importWizard.closest', { variant: data.unknownHeader.closestVariant })}</div>
              {data.unknownHeader.missing.length > 0 && (
                <div>{t('importWizard.missing', { list: data.unknownHeader.missing.join(', ') })}</div>
              )}
              {data.unknownHeader.unexpected.length > 0 && (
                <div>{t('importWizard.unexpected', { list: data.unknownHeader.unexpected.join(', ') })}</div>
              )}
            </div>
          }
        />
      )}
      {data.result && (
        <div data-testid={`${p}-result`}>
          {spec.result ? (
            spec.result(data)
          ) : (
            <Alert
              type="success"
              showIcon
              title={`${t('importWizard.result', data.result)}${
                data.result.recomputedFacts !== undefined
                  ? t('importWizard.recomputed', { count: data.result.recomputedFacts })
                  : ''
              }`}
            />
          )}
        </div>
      )}
      {spec.details?.(data)}
      <Tabs
        items={[
          {
            key: 'rows',
            label: t('importWizard.tab.rows', { count: data.rowCount }),
            children: <RowsTable data={data} spec={spec} testIdPrefix={p} />,
          },
          {
            key: 'errors',
            label: t('importWizard.tab.errors', { count: data.errorCount }),
            children: <Problems list={data.errors} testId={`${p}-errors`} />,
          },
          {
            key: 'warnings',
            label: t('importWizard.tab.warnings', { count: data.warningCount }),
            children: <Problems list={data.warnings} testId={`${p}-warnings`} />,
          },
        ]}
      />
      <Space wrap>
        <CommitBar
          data={data}
          spec={spec}
          testIdPrefix={p}
          invalidates={invalidates}
          label={COMMIT ? actionLabel(COMMIT, lang) : ''}
          onCommitted={() => notify.success(t('importWizard.committed'))}
        />
        <ImportStateActions record={data} spec={spec} invalidates={invalidates} />
      </Space>
    </Space>
  );
}

function CommitBar({
  data,
  spec,
  testIdPrefix: p,
  invalidates,
  label,
  onCommitted,
}: {
  data: ImportPreview;
  spec: ImportKindSpec;
  testIdPrefix: string;
  invalidates: readonly QueryKey[];
  label: string;
  onCommitted: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const { commit } = useImportActions(invalidates);
  const [skip, setSkip] = useState(false);
  const [confirmLarge, setConfirmLarge] = useState(false);
  if (!importActions(data, (x) => can(x as never)).commit) return null;
  // Nothing to write: no row, and no period whose missing days the commit would set to zero.
  const nothing = data.rowCount === 0 && data.periodStart === null;
  const run = (confirmLargeRemoval: boolean) =>
    commit.mutate(
      { id: data.id, skipErrorRows: skip, confirmLargeRemoval },
      {
        onSuccess: () => {
          setConfirmLarge(false);
          onCommitted();
        },
        // The server holds a commit that removes much more than it adds until it is confirmed a second time.
        onError: (err) => {
          if (isApiError(err) && err.status === 409 && !confirmLargeRemoval && data.impact?.largeRemovalDays.length) {
            setConfirmLarge(true);
          }
        },
      },
    );
  return (
    <>
      {data.errorCount > 0 && (
        <Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)} data-testid={`${p}-skip-errors`}>
          {t('importWizard.skipErrors', { count: data.errorCount })}
        </Checkbox>
      )}
      <Popconfirm title={spec.commitConfirm(data)} onConfirm={() => run(false)}>
        <Button
          type="primary"
          disabled={(data.errorCount > 0 && !skip) || nothing}
          loading={commit.isPending}
          data-testid={`${p}-commit`}
        >
          {label}
        </Button>
      </Popconfirm>
      <Modal
        open={confirmLarge}
        title={t('importWizard.large.title')}
        okText={t('importWizard.large.ok')}
        okButtonProps={{ danger: true, loading: commit.isPending, 'data-testid': `${p}-confirm-large` } as ButtonProps}
        onOk={() => run(true)}
        onCancel={() => setConfirmLarge(false)}
        width={760}
        destroyOnHidden
      >
        <div data-testid={`${p}-large-removal`}>
          <p>{t('importWizard.large.text')}</p>
          {spec.largeRemoval?.(data)}
        </div>
      </Modal>
    </>
  );
}

const RECORD_COLOR: Record<RecordRow['status'], string> = { new: 'green', changed: 'orange', unchanged: 'default' };

/** The usual "new / changed / unchanged" column of a records preview; a screen may name the states its own way. */
export function recordStatusColumn(
  t: (key: string) => string,
  labels?: Record<RecordRow['status'], string>,
): FitColumnType<RecordRow> {
  return {
    key: 'status',
    title: t('importWizard.record.change'),
    width: 130,
    priority: 'key',
    render: (_, r) => <Tag color={RECORD_COLOR[r.status]}>{labels?.[r.status] ?? t(`importWizard.record.${r.status}`)}</Tag>,
  };
}

function RowsTable({ data, spec, testIdPrefix: p }: { data: ImportPreview; spec: ImportKindSpec; testIdPrefix: string }) {
  const { t } = useTranslation();
  const line = { key: 'line', title: t('importWizard.line'), width: 70, priority: 'key' as const };
  const shown = spec.rows.from === 'rows' ? data.rows.length : data.records.length;
  const common = {
    size: 'small' as const,
    pagination: { pageSize: 10, hideOnSinglePage: true, showSizeChanger: false },
    'data-testid': spec.rows.testId ?? `${p}-rows`,
    tableId: `import.rows.${data.kind}`,
  };
  return (
    <>
      {data.rowCount > shown && (
        <Typography.Paragraph type="secondary">
          {t('importWizard.firstRows', { shown, total: data.rowCount })}
        </Typography.Paragraph>
      )}
      {spec.rows.from === 'rows' ? (
        <FitTable
          {...common}
          rowKey={(r) => `${r.line}|${r.listingId}|${r.day ?? ''}`}
          dataSource={data.rows}
          columns={[{ ...line, render: (_, r) => r.line }, ...spec.rows.columns(data)]}
        />
      ) : (
        <FitTable
          {...common}
          rowKey={(r) => `${r.line}|${r.key}`}
          dataSource={data.records}
          columns={[{ ...line, render: (_, r) => r.line }, ...spec.rows.columns(data)]}
        />
      )}
    </>
  );
}

type Problem = ImportPreview['errors'][number];

function Problems({ list, testId }: { list: Problem[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <FitTable<Problem>
      tableId="import.problems"
      rowKey={(x) => `${x.line}|${x.column ?? ''}|${x.message}`}
      size="small"
      data-testid={testId}
      dataSource={list}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: <EmptyState text={t('importWizard.noProblems')} /> }}
      columns={[
        { key: 'line', title: t('importWizard.line'), width: 70, priority: 'key', render: (_, x) => x.line },
        { key: 'column', title: t('importWizard.columnName'), width: 200, render: (_, x) => x.column ?? '—' },
        { key: 'message', title: t('importWizard.message'), width: 480, priority: 'key', render: (_, x) => x.message },
      ]}
    />
  );
}
