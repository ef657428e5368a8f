/** One company-wide import: its counts, rows, problems, and commit or discard while it waits. */
import { Alert, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/components/QueryStates';
import { formatDateTime } from '../../../shared/format';
import { ImportCommitBar } from '../../imports/components/ImportCommitBar';
import { PreviewVerdictAlert } from '../../imports/components/PreviewVerdictAlert';
import type { ImportPreview } from '../../imports/imports.queries';
import { recordPairs } from './record-values';

type RecordRow = ImportPreview['records'][number];
type Problem = ImportPreview['errors'][number];

const RECORD_COLOR: Record<RecordRow['status'], string> = { new: 'green', changed: 'orange', unchanged: 'default' };

export function ImportPreviewPanel({ data, onCommitted }: { data: ImportPreview; onCommitted: () => void }) {
  const { t } = useTranslation();
  const counts = data.counts ?? { new: 0, changed: 0, unchanged: 0 };
  const pairs = (values: RecordRow['values'] | null) =>
    recordPairs(values).map(([label, value]) => (
      <div key={label}>
        <Typography.Text type="secondary">{t(label as 'costs.from')}: </Typography.Text>
        {value}
      </div>
    ));

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="cost-import-preview">
      <Space wrap>
        <Tag color={data.status === 'committed' ? 'green' : data.status === 'held' ? 'orange' : 'blue'}>
          {t(`imports.status.${data.status}`)}
        </Tag>
        <Typography.Text>{`#${data.id} · ${data.fileName} · ${data.createdBy} · ${formatDateTime(data.createdAt)}`}</Typography.Text>
      </Space>
      <Typography.Text strong data-testid="cost-import-counts">
        {t('costs.import.counts', counts)}
        {' · '}
        {t('imports.counts', { rows: data.rowCount, errors: data.errorCount, warnings: data.warningCount })}
      </Typography.Text>
      <PreviewVerdictAlert data={data} />
      {data.unknownHeader && (
        <Alert
          type="warning"
          showIcon
          message={t('imports.heldTitle')}
          description={
            <div data-testid="cost-import-header-diff">
              {data.unknownHeader.missing.length > 0 && (
                <div>{t('imports.missing', { list: data.unknownHeader.missing.join(', ') })}</div>
              )}
              {data.unknownHeader.unexpected.length > 0 && (
                <div>{t('imports.unexpected', { list: data.unknownHeader.unexpected.join(', ') })}</div>
              )}
            </div>
          }
        />
      )}
      {data.result && (
        <Alert
          type="success"
          showIcon
          data-testid="cost-import-result"
          message={`${t('costs.import.committed', data.result)}${
            data.result.recomputedFacts !== undefined ? t('costs.import.recomputed', { count: data.result.recomputedFacts }) : ''
          }`}
        />
      )}
      <Tabs
        items={[
          {
            key: 'rows',
            label: t('imports.tab.rows', { count: data.rowCount }),
            children: (
              <>
                {data.rowCount > data.records.length && (
                  <Typography.Paragraph type="secondary">
                    {t('imports.firstRows', { shown: data.records.length, total: data.rowCount })}
                  </Typography.Paragraph>
                )}
                <Table<RecordRow>
                  size="small"
                  rowKey={(r) => `${r.line}|${r.key}`}
                  dataSource={data.records}
                  pagination={{ pageSize: 10, hideOnSinglePage: true }}
                  data-testid="cost-import-rows"
                  columns={[
                    { key: 'line', title: t('imports.line'), width: 64, render: (_, r) => r.line },
                    { key: 'key', title: t('costs.import.record'), render: (_, r) => r.key },
                    {
                      key: 'status',
                      title: t('imports.column.status'),
                      width: 90,
                      render: (_, r) => <Tag color={RECORD_COLOR[r.status]}>{t(`costs.import.status.${r.status}`)}</Tag>,
                    },
                    { key: 'values', title: t('costs.import.values'), render: (_, r) => pairs(r.values) },
                    { key: 'before', title: t('costs.import.before'), render: (_, r) => (r.before ? pairs(r.before) : '—') },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'errors',
            label: t('imports.tab.errors', { count: data.errorCount }),
            children: <Problems list={data.errors} testId="cost-import-errors" />,
          },
          {
            key: 'warnings',
            label: t('imports.tab.warnings', { count: data.warningCount }),
            children: <Problems list={data.warnings} testId="cost-import-warnings" />,
          },
        ]}
      />
      <ImportCommitBar
        data={data}
        onCommitted={onCommitted}
        confirmTitle={t('costs.import.commitConfirm', { rows: data.rowCount })}
        testIdPrefix="cost-import"
      />
    </Space>
  );
}

function Problems({ list, testId }: { list: Problem[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Table<Problem>
      rowKey={(p, i) => `${p.line}|${p.column ?? ''}|${i}`}
      size="small"
      data-testid={testId}
      dataSource={list}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <EmptyState text={t('imports.noProblems')} /> }}
      columns={[
        { key: 'line', title: t('imports.line'), width: 64, render: (_, p) => p.line },
        { key: 'column', title: t('imports.columnName'), width: 180, render: (_, p) => p.column ?? '—' },
        { key: 'message', title: t('imports.message'), render: (_, p) => p.message },
      ]}
    />
  );
}
