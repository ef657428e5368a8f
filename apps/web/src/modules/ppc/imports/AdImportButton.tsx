/**
 * "Import ad reports" on the advertising screens: a button opening the one import facility
 * (`POST /api/imports` …) with the ad kinds — the Sponsored Products search term, targeting
 * and campaign reports, the Sponsored Brands campaign and keyword reports, the Sponsored
 * Display campaign report and the bulk-operations sheet — for one shop: upload (progress,
 * cancel), the preview (new / changed / unchanged, the rows, errors with line and column,
 * warnings, a held file's header difference), commit or discard, and the kind's history.
 */
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { imports as ep, marketCode } from '@bo/contract';
import { IMPORT_MACHINE } from '@bo/contract/imports/import-states';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, Form, Modal, Progress, Select, Space, Table, Tabs, Tag, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { QueryStates } from '../../../shared/components/QueryStates';
import { formatDateTime } from '../../../shared/format';
import type { ApiError } from '../../../shared/http/api-error';
import { uploadForm } from '../../../shared/http/http-client';
import { StateTag } from '../../../shared/kit/StateTag';
import { DiscardImportButton } from '../../imports/components/DiscardImportButton';
import { ImportCommitBar } from '../../imports/components/ImportCommitBar';
import { PreviewVerdictAlert } from '../../imports/components/PreviewVerdictAlert';
import { RevertImportButton } from '../../imports/components/RevertImportButton';
import { importActions } from '../../imports/import-rules';
import { type ImportPreview, type ImportRecord, useImport, useImportHistory } from '../../imports/imports.queries';
import { usePpcShops } from '../board/board.queries';

type Kind = keyof typeof ep.IMPORT_KINDS;
/** The ad kinds of the import facility (their upload permission is ppc:manager:edit). */
export const AD_KINDS = ep.SHOP_IMPORT_KINDS.filter((k) => ep.IMPORT_KINDS[k].view === 'ppc:manager');
const RECORD_COLOR = { new: 'green', changed: 'orange', unchanged: 'default' } as const;

export function AdImportButton({ shopId }: { shopId?: number | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Can permission="ppc:manager:edit">
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="ppc-import-open">
        {t('ppc.adImport.button')}
      </Button>
      {open && <AdImportModal shopId={shopId ?? null} onClose={() => setOpen(false)} />}
    </Can>
  );
}

interface Values {
  kind: Kind;
  shopId: number;
}

function AdImportModal({ shopId, onClose }: { shopId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const shops = usePpcShops();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'sp-search-term';
  const [tab, setTab] = useState('upload');
  const [id, setId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const submit = async (v: Values) => {
    if (!file) {
      setError(t('imports.chooseFile'));
      return;
    }
    const body = new FormData();
    body.append('kind', v.kind);
    body.append('shopId', String(v.shopId));
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

  // The figures of the boards and lists come from what was imported.
  const committed = () => void client.invalidateQueries({ queryKey: ['ppc'] });

  return (
    <Modal
      open
      width={1100}
      title={t('ppc.adImport.title')}
      onCancel={() => {
        abort.current?.abort();
        onClose();
      }}
      footer={null}
      destroyOnHidden
      data-testid="ppc-import-modal"
    >
      <Form<Values>
        form={form}
        layout="inline"
        initialValues={{ kind: 'sp-search-term', ...(shopId ? { shopId } : {}) }}
        onFinish={(v) => void submit(v)}
        style={{ marginBottom: 12 }}
      >
        <Form.Item name="kind" label={t('imports.column.kind')} rules={[{ required: true }]}>
          <Select
            style={{ width: 300 }}
            options={AD_KINDS.map((k) => ({ value: k, label: t(`imports.kind.${k}`) }))}
            data-testid="ppc-import-kind"
          />
        </Form.Item>
        <Form.Item name="shopId" label={t('imports.column.shop')} rules={[{ required: true, message: t('imports.chooseShop') }]}>
          <Select
            style={{ width: 260 }}
            showSearch
            optionFilterProp="label"
            loading={shops.isPending}
            options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: `${s.name} · ${marketCode(s.marketId)}` }))}
            data-testid="ppc-import-shop"
          />
        </Form.Item>
      </Form>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'upload',
            label: t('ppc.adImport.upload'),
            children:
              id === null ? (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text type="secondary">{t('ppc.adImport.howto')}</Typography.Text>
                  <Upload.Dragger
                    accept=".csv,.txt,.tsv,.xlsx"
                    maxCount={1}
                    beforeUpload={(f) => {
                      setFile(f);
                      setError(null);
                      return false;
                    }}
                    onRemove={() => setFile(null)}
                    fileList={file ? [{ uid: 'file', name: file.name, size: file.size, status: 'done' }] : []}
                    data-testid="ppc-import-file"
                  >
                    <p className="ant-upload-drag-icon">
                      <InboxOutlined />
                    </p>
                    <p className="ant-upload-text">{t('imports.drop')}</p>
                    <p className="ant-upload-hint">{t('ppc.adImport.dropHint')}</p>
                  </Upload.Dragger>
                  {progress !== null && <Progress percent={progress} status="active" />}
                  {error && <Alert type="error" showIcon message={error} data-testid="ppc-import-error" />}
                  <Space>
                    <Button
                      type="primary"
                      onClick={() => form.submit()}
                      loading={progress !== null}
                      data-testid="ppc-import-upload"
                    >
                      {t('imports.uploadButton')}
                    </Button>
                    {progress !== null && <Button onClick={() => abort.current?.abort()}>{t('common.cancel')}</Button>}
                  </Space>
                </Space>
              ) : (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <ImportDetail id={id} onCommitted={committed} />
                  <Button onClick={() => setId(null)} data-testid="ppc-import-again">
                    {t('ppc.adImport.again')}
                  </Button>
                </Space>
              ),
          },
          {
            key: 'history',
            label: t('imports.history'),
            children: (
              <History
                kind={kind}
                shopId={form.getFieldValue('shopId') as number | undefined}
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
      {one.data && <Preview data={one.data} onCommitted={onCommitted} />}
    </QueryStates>
  );
}

type RecordRow = ImportPreview['records'][number];
type Problem = ImportPreview['errors'][number];

/** One ad import: its counts, rows (figures as in the file), problems; commit or discard while it waits. */
function Preview({ data, onCommitted }: { data: ImportPreview; onCommitted: () => void }) {
  const { t } = useTranslation();
  const counts = data.counts ?? { new: 0, changed: 0, unchanged: 0 };
  const text = (r: RecordRow, k: string) => {
    const v = r.values[k];
    return v === null || v === undefined || v === '' ? '' : String(v);
  };
  const what = (r: RecordRow) =>
    [text(r, 'campaign'), text(r, 'adGroup'), text(r, 'targeting'), text(r, 'searchTerm'), text(r, 'entity')]
      .filter(Boolean)
      .join(' › ');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="ppc-import-preview">
      <Space wrap>
        <StateTag machine={IMPORT_MACHINE} state={data.status} />
        <Typography.Text>{`#${data.id} · ${t(`imports.kind.${data.kind}`)} · ${data.fileName} · ${data.variant ?? t('imports.unknownVariant')}`}</Typography.Text>
        {data.currency && <Tag>{data.currency}</Tag>}
      </Space>
      <Typography.Text strong data-testid="ppc-import-counts">
        {t('ppc.adImport.counts', counts)}
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
            <div data-testid="ppc-import-header-diff">
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
        <Alert type="success" showIcon data-testid="ppc-import-result" message={t('ppc.adImport.committed', data.result)} />
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
                  scroll={{ x: 900 }}
                  data-testid="ppc-import-rows"
                  columns={[
                    { key: 'line', title: t('imports.line'), width: 64, render: (_, r) => r.line },
                    { key: 'day', title: t('imports.day'), width: 110, render: (_, r) => text(r, 'day') || '—' },
                    { key: 'what', title: t('ppc.adImport.entity'), render: (_, r) => what(r) },
                    ...(['impressions', 'clicks', 'spend', 'orders', 'sales'] as const).map((m) => ({
                      key: m,
                      title: t(`ppc.metric.${m}`),
                      align: 'right' as const,
                      width: 90,
                      render: (_: unknown, r: RecordRow) => text(r, m) || '—',
                    })),
                    {
                      key: 'status',
                      title: t('imports.column.status'),
                      width: 90,
                      render: (_, r) => <Tag color={RECORD_COLOR[r.status]}>{t(`ppc.adImport.status.${r.status}`)}</Tag>,
                    },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'errors',
            label: t('imports.tab.errors', { count: data.errorCount }),
            children: <Problems list={data.errors} testId="ppc-import-errors" />,
          },
          {
            key: 'warnings',
            label: t('imports.tab.warnings', { count: data.warningCount }),
            children: <Problems list={data.warnings} testId="ppc-import-warnings" />,
          },
        ]}
      />
      <ImportCommitBar
        data={data}
        onCommitted={onCommitted}
        confirmTitle={t('imports.commitConfirm', { rows: data.rowCount })}
        testIdPrefix="ppc-import"
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
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('imports.noProblems')} /> }}
      columns={[
        { key: 'line', title: t('imports.line'), width: 64, render: (_, p) => p.line },
        { key: 'column', title: t('imports.columnName'), width: 180, render: (_, p) => p.column ?? '—' },
        { key: 'message', title: t('imports.message'), render: (_, p) => p.message },
      ]}
    />
  );
}

function History({
  kind,
  shopId,
  onOpen,
  onReverted,
}: {
  kind: Kind;
  shopId?: number;
  onOpen: (id: number) => void;
  onReverted: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [allPending, setAllPending] = useState(false);
  const list = useImportHistory({
    kind,
    scope: 'shop',
    ...page,
    shopId,
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
        data-testid="ppc-import-history"
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: t('imports.empty') }}
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
          { key: 'shop', title: t('imports.column.shop'), render: (_, r) => r.shopName ?? '' },
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
