import { InboxOutlined } from '@ant-design/icons';
import { imports as ep, marketCode } from '@bo/contract';
import { IMPORT_MACHINE } from '@bo/contract/imports/import-states';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Popconfirm,
  Progress,
  Select,
  Space,
  Table,
  type TableProps,
  Tabs,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { QueryStates } from '../../shared/components/QueryStates';
import { useNotify } from '../../shared/components/use-notify';
import { formatAmount, formatDateTime, formatInteger } from '../../shared/format';
import { type ApiError, isApiError } from '../../shared/http/api-error';
import { uploadForm } from '../../shared/http/http-client';
import { StateTag } from '../../shared/kit/StateTag';
import { useUrlFilters } from '../../shared/url-filters';
import { userShopsQuery } from '../shops/shops-auth/shops-auth.queries';
import { DiscardImportButton } from './components/DiscardImportButton';
import { ImpactPanel, LargeRemovalModal } from './components/ImportImpact';
import { PreviewVerdictAlert } from './components/PreviewVerdictAlert';
import { RevertImportButton } from './components/RevertImportButton';
import { importActions } from './import-rules';
import { previewVerdict } from './import-verdict';
import {
  historyUrlSchema,
  type ImportPreview,
  type ImportRecord,
  useImport,
  useImportActions,
  useImportHistory,
} from './imports.queries';

type Kind = keyof typeof ep.IMPORT_KINDS;
// This screen imports one shop's sales reports; the company-wide kinds live on their own screens.
// The sales reports: the ad reports of the same facility are imported from the advertising screens.
const KINDS = ep.SHOP_IMPORT_KINDS.filter((k) => ep.IMPORT_KINDS[k].view === 'sales:importTraffic');
/** The order reports of the mail automation: per order line, no period, previewed as records. */
const ORDER_KINDS: readonly Kind[] = ['fba-shipments', 'order-returns'];
const isOrderKind = (k: Kind | undefined) => k !== undefined && ORDER_KINDS.includes(k);
const URL_DEFAULTS = { id: '', kind: '', shopId: '', status: '', pending: '', pageNum: '1', pageSize: '20' } as const;

/** /importTraffic: upload a report, check its preview, commit it; the history of every import. */
export default function ImportPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const history = historyUrlSchema.parse(
    Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === '' ? undefined : v])),
  );
  const openId = /^\d+$/.test(filters.id) ? Number(filters.id) : null;
  const list = useImportHistory({ ...history, scope: 'shop' });

  const columns: TableProps<ImportRecord>['columns'] = [
    { key: 'at', title: t('imports.column.at'), width: 170, render: (_, r) => formatDateTime(r.createdAt) },
    { key: 'kind', title: t('imports.column.kind'), width: 200, render: (_, r) => t(`imports.kind.${r.kind}`) },
    { key: 'shop', title: t('imports.column.shop'), render: (_, r) => `${r.shopName ?? ''} · ${marketCode(r.marketId ?? 0)}` },
    {
      key: 'period',
      title: t('imports.column.period'),
      render: (_, r) => (r.periodStart ? `${r.periodStart} – ${r.periodEnd}` : t('imports.fromFile')),
    },
    { key: 'file', title: t('imports.column.file'), ellipsis: true, render: (_, r) => r.fileName },
    {
      key: 'variant',
      title: t('imports.column.variant'),
      render: (_, r) => r.variant ?? <Tag color="orange">{t('imports.unknownVariant')}</Tag>,
    },
    { key: 'rows', title: t('imports.column.rows'), align: 'right', render: (_, r) => formatInteger(r.rowCount) },
    {
      key: 'errors',
      title: t('imports.column.errors'),
      align: 'right',
      render: (_, r) => (r.errorCount > 0 ? <Typography.Text type="danger">{formatInteger(r.errorCount)}</Typography.Text> : 0),
    },
    { key: 'by', title: t('imports.column.by'), width: 140, render: (_, r) => r.createdBy },
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
        if (may.revert) {
          return (
            <Can permission="sales:importTraffic:import">
              <RevertImportButton record={r} size="small" />
            </Can>
          );
        }
        return may.discard ? <DiscardImportButton id={r.id} size="small" /> : null;
      },
    },
  ];

  return (
    <div className="bo-page" data-testid="page-import">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('imports.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('imports.subtitle')}</Typography.Text>
      </div>
      <Can permission="sales:importTraffic:import">
        <UploadCard onUploaded={(id) => setFilters({ id: String(id) })} />
      </Can>
      <Card title={t('imports.history')} style={{ marginTop: 16 }}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={t('imports.column.kind')}
            value={history.kind}
            onChange={(v) => setFilters({ kind: v ?? '', pageNum: '1' })}
            options={KINDS.map((k) => ({ value: k, label: t(`imports.kind.${k}`) }))}
          />
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('imports.column.status')}
            value={history.status}
            onChange={(v) => setFilters({ status: v ?? '', pageNum: '1' })}
            options={ep.listImports.query.shape.status
              .unwrap()
              .options.map((s) => ({ value: s, label: t(`imports.status.${s}`) }))}
          />
          <Can permission="sales:importTraffic:import">
            <Checkbox
              checked={history.pending === 'all'}
              onChange={(e) => setFilters({ pending: e.target.checked ? 'all' : '', pageNum: '1' })}
              data-testid="import-pending-all"
            >
              {t('imports.pendingAll')}
            </Checkbox>
          </Can>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <Table<ImportRecord>
            rowKey="id"
            data-testid="import-history"
            size="middle"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            scroll={{ x: 1100 }}
            onRow={(r) => ({ onClick: () => setFilters({ id: String(r.id) }), style: { cursor: 'pointer' } })}
            onChange={(p) => setFilters({ pageNum: String(p.current ?? 1), pageSize: String(p.pageSize ?? 20) })}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('imports.empty')} /> }}
            pagination={{
              current: history.pageNum,
              pageSize: history.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (n) => t('list.total', { count: n }),
            }}
          />
        </QueryStates>
      </Card>
      <Drawer
        open={openId !== null}
        width={Math.min(1100, window.innerWidth - 40)}
        title={openId !== null ? t('imports.detailTitle', { id: openId }) : ''}
        onClose={() => setFilters({ id: '' })}
        destroyOnHidden
      >
        {openId !== null && <ImportDetail id={openId} />}
      </Drawer>
    </div>
  );
}

interface UploadValues {
  kind: Kind;
  shopId: number;
  period?: [Dayjs, Dayjs];
}

function UploadCard({ onUploaded }: { onUploaded: (id: number) => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<UploadValues>();
  const shops = useQuery(userShopsQuery());
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const kind = Form.useWatch('kind', form);

  useEffect(() => () => abort.current?.abort(), []);

  const submit = async (values: UploadValues) => {
    if (!file) {
      setError(t('imports.chooseFile'));
      return;
    }
    const body = new FormData();
    body.append('kind', values.kind);
    body.append('shopId', String(values.shopId));
    if (values.period) {
      body.append('periodStart', values.period[0].format('YYYY-MM-DD'));
      body.append('periodEnd', values.period[1].format('YYYY-MM-DD'));
    }
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
      // Green only for a file ready to commit; a held, empty or erroneous one says what is wrong (and opens).
      const verdict = previewVerdict(preview, t);
      if (verdict) notify[verdict.level](verdict.text);
      setFile(null);
      onUploaded(preview.id);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setError((err as ApiError).message);
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  return (
    <Card title={t('imports.uploadTitle')}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={isOrderKind(kind) ? t('imports.howtoOrders') : t('imports.howto')}
      />
      <Form<UploadValues> form={form} layout="vertical" initialValues={{ kind: 'business-report' }} onFinish={submit}>
        <Space wrap align="start" size={16}>
          <Form.Item name="kind" label={t('imports.column.kind')} rules={[{ required: true }]}>
            <Select style={{ width: 260 }} options={KINDS.map((k) => ({ value: k, label: t(`imports.kind.${k}`) }))} />
          </Form.Item>
          <Form.Item
            name="shopId"
            label={t('imports.column.shop')}
            rules={[{ required: true, message: t('imports.chooseShop') }]}
          >
            <Select
              style={{ width: 260 }}
              showSearch
              optionFilterProp="label"
              loading={shops.isPending}
              data-testid="import-shop"
              options={(shops.data ?? []).map((s) => ({ value: s.id, label: `${s.name} · ${marketCode(s.marketId)}` }))}
            />
          </Form.Item>
          {!isOrderKind(kind) && (
            <Form.Item
              name="period"
              label={t('imports.column.period')}
              extra={kind === 'business-report' ? t('imports.periodHintBr') : t('imports.periodHintAo')}
              rules={[{ required: kind === 'business-report', message: t('imports.periodRequired') }]}
            >
              <DatePicker.RangePicker />
            </Form.Item>
          )}
        </Space>
        <Upload.Dragger
          accept=".csv,.txt,.tsv"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setError(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: 'file', name: file.name, size: file.size, status: 'done' }] : []}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('imports.drop')}</p>
          <p className="ant-upload-hint">{t('imports.dropHint')}</p>
        </Upload.Dragger>
        {progress !== null && <Progress percent={progress} status="active" style={{ marginTop: 12 }} />}
        {error && <Alert type="error" showIcon style={{ marginTop: 12 }} message={error} data-testid="import-error" />}
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={progress !== null} data-testid="import-upload">
            {t('imports.uploadButton')}
          </Button>
          {progress !== null && <Button onClick={() => abort.current?.abort()}>{t('common.cancel')}</Button>}
        </Space>
      </Form>
    </Card>
  );
}

function ImportDetail({ id }: { id: number }) {
  const one = useImport(id);
  return (
    <QueryStates pending={one.isPending} error={one.error} onRetry={() => void one.refetch()}>
      {one.data && <DetailBody data={one.data} />}
    </QueryStates>
  );
}

function DetailBody({ data }: { data: ImportPreview }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { commit } = useImportActions();
  const [skip, setSkip] = useState(false);
  const [confirmLarge, setConfirmLarge] = useState(false);
  const may = importActions(data);
  const open = may.commit;
  const commitNow = (confirmLargeRemoval: boolean) =>
    commit.mutate(
      { id: data.id, skipErrorRows: skip, confirmLargeRemoval },
      {
        onSuccess: () => {
          setConfirmLarge(false);
          notify.success(t('imports.committed'));
        },
        // A large removal is held by the server until it is confirmed a second time.
        onError: (err) => {
          if (isApiError(err) && err.status === 409 && !confirmLargeRemoval && data.impact?.largeRemovalDays.length) {
            setConfirmLarge(true);
          }
        },
      },
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="import-detail">
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('imports.column.status')}>
          <StateTag machine={IMPORT_MACHINE} state={data.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('imports.column.kind')}>{t(`imports.kind.${data.kind}`)}</Descriptions.Item>
        <Descriptions.Item
          label={t('imports.column.shop')}
        >{`${data.shopName ?? ''} · ${marketCode(data.marketId ?? 0)}`}</Descriptions.Item>
        <Descriptions.Item label={t('imports.column.period')}>
          {data.periodStart ? `${data.periodStart} – ${data.periodEnd}` : t('imports.fromFile')}
        </Descriptions.Item>
        <Descriptions.Item label={t('imports.column.file')}>{data.fileName}</Descriptions.Item>
        <Descriptions.Item label={t('imports.column.variant')}>{data.variant ?? t('imports.unknownVariant')}</Descriptions.Item>
        <Descriptions.Item label={t('imports.currency')}>{data.currency ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('imports.timeZone')}>{data.timeZone}</Descriptions.Item>
        <Descriptions.Item label={t('imports.rates')}>
          {Object.entries(data.rateSnapshot)
            .slice(0, 3)
            .map(([d, r]) => `${d}: ${r}`)
            .join(', ') || '—'}
          {Object.keys(data.rateSnapshot).length > 3 ? ' …' : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('imports.hash')}>
          <Typography.Text code copyable={{ text: data.fileHash }}>
            {data.fileHash.slice(0, 12)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item
          label={t('imports.column.by')}
        >{`${data.createdBy} · ${formatDateTime(data.createdAt)}`}</Descriptions.Item>
        <Descriptions.Item label={t('imports.column.rows')}>
          {t('imports.counts', { rows: data.rowCount, errors: data.errorCount, warnings: data.warningCount })}
        </Descriptions.Item>
      </Descriptions>

      <PreviewVerdictAlert data={data} />
      {data.unknownHeader && (
        <Alert
          type="warning"
          showIcon
          message={t('imports.heldTitle')}
          description={
            <div data-testid="import-header-diff">
              <div>{t('imports.closest', { variant: data.unknownHeader.closestVariant })}</div>
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
      {data.result && <CommitResult data={data} />}
      {open && <ImpactPanel data={data} />}
      {data.revertible && (
        <Can permission="sales:importTraffic:import">
          <RevertImportButton record={data} />
        </Can>
      )}
      <LargeRemovalModal
        data={data}
        open={confirmLarge}
        loading={commit.isPending}
        onConfirm={() => commitNow(true)}
        onCancel={() => setConfirmLarge(false)}
      />

      <Tabs
        items={[
          {
            key: 'rows',
            label: t('imports.tab.rows', { count: data.rowCount }),
            children: isOrderKind(data.kind) ? <PreviewRecords data={data} /> : <PreviewRows data={data} />,
          },
          {
            key: 'errors',
            label: t('imports.tab.errors', { count: data.errorCount }),
            children: <Problems list={data.errors} testId="import-errors" />,
          },
          {
            key: 'warnings',
            label: t('imports.tab.warnings', { count: data.warningCount }),
            children: <Problems list={data.warnings} testId="import-warnings" />,
          },
        ]}
      />

      {(may.commit || may.discard) && (
        <Space wrap>
          {may.commit && (
            <Can permission="sales:importTraffic:import">
              <Space wrap>
                {data.errorCount > 0 && (
                  <Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)} data-testid="import-skip-errors">
                    {t('imports.skipErrors', { count: data.errorCount })}
                  </Checkbox>
                )}
                <Popconfirm
                  title={t(isOrderKind(data.kind) ? 'imports.commitConfirmOrders' : 'imports.commitConfirm', {
                    rows: data.rowCount,
                  })}
                  onConfirm={() => commitNow(false)}
                >
                  <Button
                    type="primary"
                    disabled={data.errorCount > 0 && !skip}
                    loading={commit.isPending}
                    data-testid="import-commit"
                  >
                    {t('imports.commit')}
                  </Button>
                </Popconfirm>
              </Space>
            </Can>
          )}
          {may.discard && <DiscardImportButton id={data.id} />}
        </Space>
      )}
    </Space>
  );
}

function PreviewRows({ data }: { data: ImportPreview }) {
  const { t } = useTranslation();
  type Row = ImportPreview['rows'][number];
  const columns: TableProps<Row>['columns'] = [
    { key: 'line', title: t('imports.line'), width: 70, render: (_, r) => r.line },
    { key: 'sku', title: 'SKU', render: (_, r) => r.sku },
    { key: 'asin', title: 'ASIN', render: (_, r) => r.asin },
    { key: 'day', title: t('imports.day'), render: (_, r) => r.day ?? <Tag>{t('imports.periodTotal')}</Tag> },
    { key: 'units', title: t('imports.units'), align: 'right', render: (_, r) => formatInteger(r.units) },
    { key: 'orders', title: t('imports.orders'), align: 'right', render: (_, r) => formatInteger(r.orders) },
    {
      key: 'revenue',
      title: t('imports.revenue', { currency: data.currency ?? '' }),
      align: 'right',
      render: (_, r) => formatAmount(r.revenue),
    },
    {
      key: 'sessions',
      title: t('imports.sessions'),
      align: 'right',
      render: (_, r) => (r.sessions === null ? '—' : formatInteger(r.sessions)),
    },
  ];
  return (
    <>
      {data.rowCount > data.rows.length && (
        <Typography.Paragraph type="secondary">
          {t('imports.firstRows', { shown: data.rows.length, total: data.rowCount })}
        </Typography.Paragraph>
      )}
      <Table<Row>
        rowKey={(r) => `${r.listingId}|${r.day ?? ''}`}
        size="small"
        columns={columns}
        dataSource={data.rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="import-rows"
      />
    </>
  );
}

const RECORD_COLOR = { new: 'green', changed: 'blue', unchanged: 'default' } as const;

/** The order lines an order report writes: key, new/changed/unchanged, the values (and what they replace). */
function PreviewRecords({ data }: { data: ImportPreview }) {
  const { t } = useTranslation();
  type Row = ImportPreview['records'][number];
  const show = (v: Row['values']) =>
    Object.entries(v)
      .filter(([k, x]) => x !== null && k !== 'orderId' && k !== 'asin')
      .map(([k, x]) => `${k}: ${x}`)
      .join(' · ');
  const columns: TableProps<Row>['columns'] = [
    { key: 'line', title: t('imports.line'), width: 70, render: (_, r) => r.line },
    { key: 'key', title: t('imports.record.key'), width: 260, render: (_, r) => r.key.replace('|', ' | ') },
    {
      key: 'status',
      title: t('imports.record.status'),
      width: 110,
      render: (_, r) => <Tag color={RECORD_COLOR[r.status]}>{t(`imports.record.${r.status}`)}</Tag>,
    },
    {
      key: 'values',
      title: t('imports.record.values'),
      render: (_, r) => (
        <>
          <div>{show(r.values)}</div>
          {r.before && <Typography.Text type="secondary">{show(r.before)}</Typography.Text>}
        </>
      ),
    },
  ];
  return (
    <>
      {data.rowCount > data.records.length && (
        <Typography.Paragraph type="secondary">
          {t('imports.firstRows', { shown: data.records.length, total: data.rowCount })}
        </Typography.Paragraph>
      )}
      <Table<Row>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={data.records}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="import-records"
      />
    </>
  );
}

function Problems({ list, testId }: { list: ImportPreview['errors']; testId: string }) {
  const { t } = useTranslation();
  type P = ImportPreview['errors'][number];
  return (
    <Table<P>
      rowKey={(p, i) => `${p.line}|${p.column ?? ''}|${i}`}
      size="small"
      data-testid={testId}
      dataSource={list}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('imports.noProblems')} /> }}
      columns={[
        { key: 'line', title: t('imports.line'), width: 70, render: (_, p) => p.line },
        { key: 'column', title: t('imports.columnName'), width: 200, render: (_, p) => p.column ?? '—' },
        { key: 'message', title: t('imports.message'), render: (_, p) => p.message },
      ]}
    />
  );
}

function CommitResult({ data }: { data: ImportPreview }) {
  const { t } = useTranslation();
  const r = data.result;
  if (!r) return null;
  return (
    <Alert
      type="success"
      showIcon
      data-testid="import-result"
      message={t('imports.resultTitle', { at: data.committedAt ? formatDateTime(data.committedAt) : '' })}
      description={
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>
            {t('imports.resultCounts', {
              inserted: r.inserted,
              updated: r.updated,
              unchanged: r.unchanged,
              zeroed: r.zeroed,
              totals: r.periodTotals,
            })}
          </span>
          {r.changes.length > 0 ? (
            <Table
              size="small"
              rowKey="day"
              pagination={false}
              dataSource={r.changes}
              columns={[
                { key: 'day', title: t('imports.day'), dataIndex: 'day' },
                {
                  key: 'units',
                  title: t('imports.units'),
                  render: (_, c) => `${formatInteger(c.unitsBefore)} → ${formatInteger(c.unitsAfter)}`,
                },
                {
                  key: 'revenue',
                  title: t('imports.revenue', { currency: data.currency ?? '' }),
                  render: (_, c) => `${formatAmount(c.revenueBefore)} → ${formatAmount(c.revenueAfter)}`,
                },
              ]}
            />
          ) : (
            <span>{t('imports.noChanges')}</span>
          )}
        </Space>
      }
    />
  );
}
