import { EditOutlined } from '@ant-design/icons';
import { TEMPLATE_CATEGORIES, type TemplateRow } from '@bo/contract/mail/templates';
import { Button, Empty, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/Can';
import { DeleteAction } from '../../../../shared/components/DeleteAction';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatDateTime } from '../../../../shared/format';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { listPagination, tableChangeHandler } from '../../../../shared/list-paging';
import { marketName, marketOf } from '../../../shops/shops-auth/markets';
import { type TemplateListQuery, type TemplateSortField, useDeleteTemplate } from '../mail-templates.queries';

const SORTABLE: readonly TemplateSortField[] = ['name', 'category', 'language', 'marketId', 'updatedAt'];

interface Props {
  rows: readonly TemplateRow[];
  total: number;
  loading: boolean;
  query: TemplateListQuery;
  filtered: boolean;
  onQueryChange: (patch: Partial<TemplateListQuery>) => void;
  onEdit: (row: TemplateRow) => void;
}

export function TemplatesTable({ rows, total, loading, query, filtered, onQueryChange, onEdit }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const remove = useDeleteTemplate();
  const sortable = (key: TemplateSortField) => ({
    key,
    sorter: true,
    sortOrder: query.sortField === key ? query.sortOrder : null,
  });
  const categoryText = (c: string) =>
    (TEMPLATE_CATEGORIES as readonly string[]).includes(c)
      ? t(`mailTemplates.category.${c as (typeof TEMPLATE_CATEGORIES)[number]}`)
      : c;

  const del = async (r: TemplateRow) => {
    try {
      await remove.mutateAsync(r.templateId);
      notify.success(t('mailTemplates.deleted', { name: r.name }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const columns: NonNullable<TableProps<TemplateRow>['columns']> = [
    {
      ...sortable('name'),
      title: t('mailTemplates.column.name'),
      width: 220,
      fixed: 'left',
      render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text>,
    },
    {
      key: 'scope',
      title: t('mailTemplates.column.scope'),
      width: 90,
      render: (_, r) => <Tag color={r.scope === 'shared' ? 'blue' : 'default'}>{t(`mailTemplates.scope.${r.scope}`)}</Tag>,
    },
    {
      ...sortable('category'),
      title: t('mailTemplates.column.category'),
      width: 130,
      render: (_, r) => categoryText(r.category),
    },
    {
      ...sortable('language'),
      title: t('mailTemplates.column.language'),
      width: 100,
      render: (_, r) => t(`mailTemplates.language.${r.language}`),
    },
    {
      ...sortable('marketId'),
      title: t('mailTemplates.column.market'),
      width: 150,
      render: (_, r) => {
        const m = r.marketId === null ? undefined : marketOf(r.marketId);
        return m ? `${m.code} · ${marketName(m, lang)}` : <span className="bo-muted">{t('mailTemplates.allMarkets')}</span>;
      },
    },
  ];
  if (query.kind === 'faq')
    columns.push({
      key: 'asin',
      title: t('mailTemplates.column.asin'),
      width: 130,
      render: (_, r) => r.asin ?? <span className="bo-muted">{t('mailTemplates.allProducts')}</span>,
    });
  else
    columns.push({
      key: 'subject',
      title: t('mailTemplates.column.subject'),
      ellipsis: true,
      width: 260,
      render: (_, r) => r.subject || <span className="bo-muted">—</span>,
    });
  columns.push(
    {
      ...sortable('updatedAt'),
      title: t('mailTemplates.column.updatedAt'),
      width: 170,
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    { key: 'updatedBy', title: t('mailTemplates.column.updatedBy'), width: 150, render: (_, r) => r.updatedByName ?? '—' },
  );
  if (can('userCenter:cs:configuration:edit') || can('userCenter:cs:configuration:delete')) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap={false}>
          {can('userCenter:cs:configuration:edit') && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => onEdit(r)}
              data-testid={`template-edit-${r.templateId}`}
            >
              {t('common.edit')}
            </Button>
          )}
          {can('userCenter:cs:configuration:delete') && (
            <DeleteAction
              title={t('mailTemplates.confirmDelete', { name: r.name })}
              description={t('mailTemplates.confirmDeleteNote')}
              onConfirm={() => del(r)}
              testId={`template-delete-${r.templateId}`}
              confirmTestId="template-delete-confirm"
            />
          )}
        </Space>
      ),
    });
  }

  return (
    <Table<TemplateRow>
      rowKey="templateId"
      size="middle"
      columns={columns}
      dataSource={rows as TemplateRow[]}
      loading={loading}
      scroll={{ x: 1300 }}
      locale={{ emptyText: <Empty description={filtered ? t('list.noMatch') : t('mailTemplates.empty')} /> }}
      pagination={listPagination(query, total, t)}
      onChange={tableChangeHandler<TemplateRow, TemplateSortField>(SORTABLE, 'updatedAt', query.pageSize, onQueryChange)}
      data-testid="templates-table"
    />
  );
}
