import { ArrowLeftOutlined, DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { DOC_MACHINE, type Doc, type DocVersionRow } from '@bo/contract/backmgr/docs';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Drawer, List, Popconfirm, Row, Space, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import './doc-body.css';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { formatBytes, formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { StateTag } from '../../../shared/kit/StateTag';
import { categoryLabel, docTitle } from './DocListPage';
import {
  docQuery,
  docVersionQuery,
  saveAttachment,
  useRemoveAttachment,
  useRestoreVersion,
  useUploadAttachment,
} from './docs.queries';

/** The body as stored: sanitised by the server's allow-list on every save, so it is shown as HTML. */
function DocBody({ html, testId }: { html: string; testId: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores only what its allow-list sanitiser wrote (contract backmgr/doc-html.ts).
  return <div className="bo-doc-body" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** /backMgr/docDetail?id=: the document rendered, its attachments and its versions. */
export default function DocDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const doc = useQuery({ ...docQuery(valid ? id : 0), enabled: valid });
  if (!valid) return <Typography.Text type="danger">{t('backMgr.docs.noId')}</Typography.Text>;
  return (
    <QueryStates pending={doc.isPending} error={doc.error} onRetry={() => void doc.refetch()}>
      {doc.data && <DocDetail doc={doc.data} />}
    </QueryStates>
  );
}

function DocDetail({ doc }: { doc: Doc }) {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <div className="bo-page" data-testid="page-backmgr-doc-detail">
      <div className="bo-page-head">
        <Space wrap>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate('/backMgr/docList')}
            aria-label={t('backMgr.docs.back')}
          />
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="doc-detail-title">
            {docTitle(doc, lang)}
          </Typography.Title>
          <StateTag machine={DOC_MACHINE} state={doc.state} />
          <Button icon={<EditOutlined />} onClick={() => navigate(`/backMgr/editDoc?id=${doc.id}`)} data-testid="doc-detail-edit">
            {t('common.edit')}
          </Button>
        </Space>
      </div>
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'zh', label: t('backMgr.docs.titleZh'), children: doc.titleZh || '—' },
                { key: 'en', label: t('backMgr.docs.titleEn'), children: doc.titleEn || '—' },
                { key: 'category', label: t('backMgr.docs.column.category'), children: categoryLabel(doc.category, lang) },
                { key: 'version', label: t('backMgr.docs.column.version'), children: `v${doc.version}` },
                { key: 'author', label: t('backMgr.docs.column.author'), children: doc.author ?? '—' },
                {
                  key: 'updated',
                  label: t('backMgr.docs.column.updatedAt'),
                  children: `${formatDateTime(doc.updatedAt)}${doc.updatedBy ? ` · ${doc.updatedBy}` : ''}`,
                },
              ]}
            />
            <DocBody html={doc.body} testId="doc-detail-body" />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Attachments doc={doc} />
            <Versions doc={doc} onOpen={setOpened} />
          </Space>
        </Col>
      </Row>
      <VersionDrawer doc={doc} no={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

function Attachments({ doc }: { doc: Doc }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadAttachment();
  const remove = useRemoveAttachment();
  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) notify.success(done);
    } catch (err) {
      notify.failure(err);
    }
  };
  return (
    <Card
      size="small"
      title={t('backMgr.docs.attachments', { count: doc.attachmentList.length })}
      extra={
        <Upload
          showUploadList={false}
          beforeUpload={(file) => {
            void run(() => upload.mutateAsync({ docId: doc.id, file }), t('backMgr.docs.attached', { name: file.name }));
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} loading={upload.isPending} data-testid="doc-attach">
            {t('backMgr.docs.attach')}
          </Button>
        </Upload>
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('backMgr.docs.attachHint')}
      </Typography.Paragraph>
      <List
        size="small"
        locale={{ emptyText: t('backMgr.docs.noAttachments') }}
        dataSource={doc.attachmentList}
        renderItem={(a) => (
          <List.Item
            actions={[
              <Button
                key="dl"
                size="small"
                type="link"
                icon={<DownloadOutlined />}
                onClick={() => void run(() => saveAttachment(doc.id, a.fileId))}
                data-testid={`doc-attachment-download-${a.fileId}`}
              >
                {t('backMgr.docs.download')}
              </Button>,
              <DeleteAction
                key="rm"
                title={t('backMgr.docs.confirmDetach', { name: a.name })}
                onConfirm={() => void run(() => remove.mutateAsync({ id: doc.id, fileId: a.fileId }))}
                testId={`doc-attachment-remove-${a.fileId}`}
              />,
            ]}
          >
            <List.Item.Meta
              title={<Typography.Text ellipsis={{ tooltip: a.name }}>{a.name}</Typography.Text>}
              description={`${formatBytes(a.size)} · ${a.uploadedBy ?? '—'} · ${formatDateTime(a.createdAt)}`}
            />
          </List.Item>
        )}
        data-testid="doc-attachments"
      />
    </Card>
  );
}

function Versions({ doc, onOpen }: { doc: Doc; onOpen: (no: number) => void }) {
  const { t, lang } = useTexts();
  return (
    <Card size="small" title={t('backMgr.docs.versions', { count: doc.versions.length })}>
      <List<DocVersionRow>
        size="small"
        dataSource={doc.versions}
        renderItem={(v) => (
          <List.Item
            actions={[
              <Button key="open" size="small" type="link" onClick={() => onOpen(v.no)} data-testid={`doc-version-open-${v.no}`}>
                {t('backMgr.docs.openVersion')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space size={6}>
                  <Typography.Text strong>v{v.no}</Typography.Text>
                  {v.no === doc.version && <Tag color="blue">{t('backMgr.docs.current')}</Tag>}
                  {v.restoredFrom !== null && <Tag>{t('backMgr.docs.restoredFrom', { no: v.restoredFrom })}</Tag>}
                </Space>
              }
              description={`${docTitle(v, lang)} · ${v.savedBy ?? '—'} · ${formatDateTime(v.savedAt)}`}
            />
          </List.Item>
        )}
        data-testid="doc-versions"
      />
    </Card>
  );
}

function VersionDrawer({ doc, no, onClose }: { doc: Doc; no: number | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const version = useQuery({ ...docVersionQuery(doc.id, no ?? 0), enabled: no !== null });
  const restore = useRestoreVersion();
  const doRestore = async () => {
    if (no === null) return;
    try {
      const saved = await restore.mutateAsync({ id: doc.id, no, version: doc.version });
      notify.success(t('backMgr.docs.restored', { no, version: saved.version }));
      onClose();
    } catch (err) {
      notify.failure(err);
    }
  };
  return (
    <Drawer
      open={no !== null}
      onClose={onClose}
      size={720}
      title={no === null ? '' : t('backMgr.docs.versionTitle', { no })}
      extra={
        no !== null &&
        no !== doc.version && (
          <Popconfirm
            title={t('backMgr.docs.confirmRestore', { no, next: doc.version + 1 })}
            okText={t('backMgr.docs.restore')}
            cancelText={t('common.cancel')}
            onConfirm={() => void doRestore()}
            okButtonProps={{ 'data-testid': 'doc-restore-confirm' } as never}
          >
            <Button type="primary" loading={restore.isPending} data-testid="doc-restore">
              {t('backMgr.docs.restore')}
            </Button>
          </Popconfirm>
        )
      }
      data-testid="doc-version-drawer"
    >
      <QueryStates pending={version.isPending} error={version.error} onRetry={() => void version.refetch()}>
        {version.data && (
          <>
            <Typography.Title level={4}>{docTitle(version.data, lang)}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {categoryLabel(version.data.category, lang)} · {version.data.savedBy ?? '—'} ·{' '}
              {formatDateTime(version.data.savedAt)}
            </Typography.Paragraph>
            <DocBody html={version.data.body} testId="doc-version-body" />
          </>
        )}
      </QueryStates>
    </Drawer>
  );
}
