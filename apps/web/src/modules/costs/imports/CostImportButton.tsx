/**
 * The import of a company-wide kind (unit costs, fees, materials, BOMs) on its own screen:
 * a button opening a modal with the upload (progress, cancel), the preview (counts of
 * new / changed / unchanged, the rows, per-row errors with line and column, warnings),
 * commit or discard, the kind's template and its import history. It drives the one
 * import facility (`POST /api/imports` …) the sales reports use too.
 */
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { type EndpointDef, imports as ep } from '@bo/contract';
import { IMPORT_MACHINE } from '@bo/contract/imports/import-states';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Modal, Progress, Space, Table, Tabs, Tag, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ButtonPattern, Can } from '../../../shared/Can';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { formatDateTime } from '../../../shared/format';
import type { ApiError } from '../../../shared/http/api-error';
import { saveBlob } from '../../../shared/http/content-disposition';
import { download, uploadForm } from '../../../shared/http/http-client';
import { StateTag } from '../../../shared/kit/StateTag';
import { DiscardImportButton } from '../../imports/components/DiscardImportButton';
import { RevertImportButton } from '../../imports/components/RevertImportButton';
import { importActions } from '../../imports/import-rules';
import { type ImportRecord, useImport, useImportHistory } from '../../imports/imports.queries';
import { ImportPreviewPanel } from './ImportPreviewPanel';

type Kind = 'sku-costs' | 'sku-fees' | 'materials' | 'bom';

interface Props {
  kind: Kind;
  permission: ButtonPattern;
  template: EndpointDef;
  /** What a commit changes, to be reloaded. */
  invalidates: readonly QueryKey[];
}

export function CostImportButton({ kind, permission, template, invalidates }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Can permission={permission}>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid={`import-open-${kind}`}>
        {t('costs.import.button')}
      </Button>
      {open && <ImportModal kind={kind} template={template} invalidates={invalidates} onClose={() => setOpen(false)} />}
    </Can>
  );
}

function ImportModal({ kind, template, invalidates, onClose }: Omit<Props, 'permission'> & { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [tab, setTab] = useState('upload');
  const [id, setId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const submit = async () => {
    if (!file) {
      setError(t('imports.chooseFile'));
      return;
    }
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file, file.name);
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const preview = await uploadForm(ep.uploadImport, body, {
        silent: true,
        signal: abort.current.signal,
        onProgress: (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
      });
      setFile(null);
      setId(preview.id);
      void client.invalidateQueries({ queryKey: ['imports'] });
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setError((err as ApiError).message);
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const saveTemplate = async () => {
    const { blob, filename } = await download(template);
    saveBlob(blob, filename);
  };

  const committed = () => {
    for (const key of invalidates) void client.invalidateQueries({ queryKey: key });
  };

  return (
    <Modal
      open
      width={1000}
      title={t('costs.import.title', { kind: t(`imports.kind.${kind}`) })}
      onCancel={() => {
        abort.current?.abort();
        onClose();
      }}
      footer={null}
      destroyOnHidden
      data-testid="cost-import-modal"
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'upload',
            label: t('costs.import.button'),
            children:
              id === null ? (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Space wrap>
                    <Button icon={<DownloadOutlined />} onClick={() => void saveTemplate()} data-testid="import-template">
                      {t('costs.import.template')}
                    </Button>
                    <Typography.Text type="secondary">{t('costs.import.templateHint')}</Typography.Text>
                  </Space>
                  <Upload.Dragger
                    accept=".xlsx"
                    maxCount={1}
                    beforeUpload={(f) => {
                      setFile(f);
                      setError(null);
                      return false;
                    }}
                    onRemove={() => setFile(null)}
                    fileList={file ? [{ uid: 'file', name: file.name, size: file.size, status: 'done' }] : []}
                    data-testid="cost-import-file"
                  >
                    <p className="ant-upload-drag-icon">
                      <InboxOutlined />
                    </p>
                    <p className="ant-upload-text">{t('costs.import.drop')}</p>
                    <p className="ant-upload-hint">{t('costs.import.dropHint')}</p>
                  </Upload.Dragger>
                  {progress !== null && <Progress percent={progress} status="active" />}
                  {error && <Alert type="error" showIcon message={error} data-testid="cost-import-error" />}
                  <Space>
                    <Button
                      type="primary"
                      onClick={() => void submit()}
                      loading={progress !== null}
                      data-testid="cost-import-upload"
                    >
                      {progress !== null ? t('costs.import.uploading') : t('costs.import.upload')}
                    </Button>
                    {progress !== null && <Button onClick={() => abort.current?.abort()}>{t('common.cancel')}</Button>}
                  </Space>
                </Space>
              ) : (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <ImportDetail id={id} onCommitted={committed} />
                  <Button onClick={() => setId(null)} data-testid="cost-import-again">
                    {t('costs.import.newImport')}
                  </Button>
                </Space>
              ),
          },
          {
            key: 'history',
            label: t('costs.import.history'),
            children: (
              <History
                kind={kind}
                onOpen={(importId) => {
                  setId(importId);
                  setTab('upload');
                }}
                onReverted={committed}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

function ImportDetail({ id, onCommitted }: { id: number; onCommitted: () => void }) {
  const one = useImport(id);
  return (
    <QueryStates pending={one.isPending} error={one.error} onRetry={() => void one.refetch()}>
      {one.data && <ImportPreviewPanel data={one.data} onCommitted={onCommitted} />}
    </QueryStates>
  );
}

function History({ kind, onOpen, onReverted }: { kind: Kind; onOpen: (id: number) => void; onReverted: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [allPending, setAllPending] = useState(false);
  const list = useImportHistory({
    kind,
    scope: 'company',
    ...page,
    shopId: undefined,
    status: undefined,
    pending: allPending ? 'all' : undefined,
  });
  return (
    <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
      <Checkbox
        checked={allPending}
        onChange={(e) => {
          setAllPending(e.target.checked);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        style={{ marginBottom: 8 }}
      >
        {t('imports.pendingAll')}
      </Checkbox>
      <Table<ImportRecord>
        size="small"
        rowKey="id"
        data-testid="cost-import-history"
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: <EmptyState text={t('costs.import.noHistory')} /> }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          hideOnSinglePage: true,
        }}
        onRow={(r) => ({ onClick: () => onOpen(r.id), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'id', title: '#', width: 60, render: (_, r) => r.id },
          { key: 'at', title: t('imports.column.at'), width: 170, render: (_, r) => formatDateTime(r.createdAt) },
          { key: 'file', title: t('imports.column.file'), ellipsis: true, render: (_, r) => r.fileName },
          { key: 'by', title: t('imports.column.by'), render: (_, r) => r.createdBy },
          {
            key: 'rows',
            title: t('imports.column.rows'),
            render: (_, r) => t('imports.counts', { rows: r.rowCount, errors: r.errorCount, warnings: r.warningCount }),
          },
          {
            key: 'status',
            title: t('imports.column.status'),
            render: (_, r) => <StateTag machine={IMPORT_MACHINE} state={r.status} />,
          },
          {
            key: 'actions',
            title: '',
            width: 90,
            render: (_, r) => {
              const may = importActions(r);
              if (may.revert) return <RevertImportButton record={r} size="small" onReverted={onReverted} />;
              return may.discard ? <DiscardImportButton id={r.id} size="small" /> : null;
            },
          },
        ]}
      />
    </QueryStates>
  );
}
