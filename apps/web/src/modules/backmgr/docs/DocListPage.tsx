import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { backMgrDocs as ep } from '@bo/contract';
import { DOC_CATEGORIES, DOC_CATEGORY_LABELS, DOC_MACHINE, DOC_STATES, type DocRow } from '@bo/contract/backmgr/docs';
import { Button, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { StateTag } from '../../../shared/kit/StateTag';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { EditRowActions } from '../components/EditRowActions';
import { docKeys, useDeleteDoc } from './docs.queries';

/** A document's title in the reader's language, else the other one. */
export const docTitle = (d: { titleZh: string; titleEn: string }, lang: string) =>
  (lang === 'zh-CN' ? d.titleZh || d.titleEn : d.titleEn || d.titleZh) || '—';
export const categoryLabel = (c: DocRow['category'], lang: string) => DOC_CATEGORY_LABELS[c][lang === 'zh-CN' ? 'zh' : 'en'];

/** /backMgr/docList: the back office's documents. */
export default function DocListPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const navigate = useNavigate();
  const list = useKitList(ep.list, docKeys.all);
  const del = useDeleteDoc();

  const remove = (d: DocRow) => notify.run(() => del.mutateAsync(d.id), t('backMgr.docs.deleted', { title: docTitle(d, lang) }));

  const columns: KitColumn<DocRow>[] = [
    {
      key: 'title',
      sortable: true,
      priority: 'key',
      width: 300,
      ellipsis: true,
      title: t('backMgr.docs.column.title'),
      render: (_, d) => (
        <Space size={6}>
          <Link to={`/backMgr/docDetail?id=${d.id}`} data-testid={`doc-open-${d.id}`}>
            {docTitle(d, lang)}
          </Link>
          {d.attachments > 0 && (
            <Typography.Text type="secondary" title={t('backMgr.docs.attachmentsCount', { count: d.attachments })}>
              <PaperClipOutlined /> {d.attachments}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'category',
      priority: 'key',
      width: 110,
      title: t('backMgr.docs.column.category'),
      render: (_, d) => categoryLabel(d.category, lang),
    },
    {
      key: 'state',
      priority: 'key',
      width: 100,
      title: t('backMgr.docs.column.state'),
      render: (_, d) => <StateTag machine={DOC_MACHINE} state={d.state} testId={`doc-state-${d.id}`} />,
    },
    { key: 'version', priority: 'detail', width: 80, title: t('backMgr.docs.column.version'), render: (_, d) => `v${d.version}` },
    { key: 'author', priority: 'detail', width: 120, title: t('backMgr.docs.column.author'), render: (_, d) => d.author ?? '—' },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'key',
      width: 170,
      title: t('backMgr.docs.column.updatedAt'),
      render: (_, d) => (
        <span title={d.updatedBy ?? undefined}>
          {formatDateTime(d.updatedAt)}
          {d.updatedBy ? <Typography.Text type="secondary"> · {d.updatedBy}</Typography.Text> : null}
        </span>
      ),
    },
    actionsColumn(t, 140, (_, d) => (
      <EditRowActions
        prefix="doc"
        id={d.id}
        onEdit={() => navigate(`/backMgr/editDoc?id=${d.id}`)}
        remove={{
          title: t('backMgr.docs.confirmDelete', { title: docTitle(d, lang) }),
          description: t('backMgr.docs.confirmDeleteNote'),
          onConfirm: () => void remove(d),
        }}
      />
    )),
  ];

  return (
    <ListPage
      testId="page-backmgr-docs"
      texts="backMgr.docs"
      list={list}
      filters={[
        { kind: 'text', key: 'keyword', placeholder: t('backMgr.docs.search'), maxLength: 200, testId: 'doc-search' },
        {
          kind: 'select',
          key: 'category',
          placeholder: t('backMgr.docs.allCategories'),
          width: 150,
          options: DOC_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c, lang) })),
          testId: 'doc-category',
        },
        {
          kind: 'select',
          key: 'state',
          placeholder: t('backMgr.docs.allStates'),
          width: 130,
          options: DOC_STATES.map((s) => ({ value: s, label: DOC_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'] })),
          testId: 'doc-state',
        },
      ]}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/backMgr/addDoc')} data-testid="doc-create">
          {t('backMgr.docs.create')}
        </Button>
      }
      columns={columns}
      tableId="backmgr.docs"
      rowKey="id"
      tableTestId="doc-table"
      emptyText={t('backMgr.docs.empty')}
    />
  );
}
