import { EditOutlined } from '@ant-design/icons';
import { STATUS } from '@bo/contract';
import type { ProductLink } from '@bo/contract/catalog/links';
import { App, Button, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../../shared/Can';
import { DeleteAction } from '../../../../shared/components/DeleteAction';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatDateTime } from '../../../../shared/format';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { listPagination, tableChangeHandler } from '../../../../shared/list-paging';
import { type FitColumnType, FitTable } from '../../../../shared/table/FitTable';
import { formatMoney } from '../../../sales/shared/sales-format';
import { useMayOpen } from '../../../sales/shared/sales-reference.queries';
import { marketName, marketOf } from '../../../shops/shops-auth/markets';
import { productDetailsPath } from '../../products/product-rules';
import { type LinkListQuery, type LinkSortField, useDeleteLink, useUpdateLink } from '../links.queries';

const SORTABLE: readonly LinkSortField[] = ['sku', 'asin', 'shopName', 'marketId', 'price', 'status', 'createdAt'];

interface Props {
  links: readonly ProductLink[];
  total: number;
  loading: boolean;
  query: LinkListQuery;
  filtered: boolean;
  onQueryChange: (patch: Partial<LinkListQuery>) => void;
  onEdit: (link: ProductLink) => void;
}

/** Links of the visible shops; a delete refused for sales offers to set the link inactive. */
export function LinksTable({ links, total, loading, query, filtered, onQueryChange, onEdit }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const { modal } = App.useApp();
  const remove = useDeleteLink();
  const update = useUpdateLink();
  const mayOpenProducts = useMayOpen('product:manage');
  const sortable = (key: LinkSortField) => ({ key, sorter: true, sortOrder: query.sortField === key ? query.sortOrder : null });

  const deactivate = async (l: ProductLink) => {
    try {
      await update.mutateAsync({ id: l.id, version: l.version, asin: l.asin, title: l.title, price: l.price, status: 0 });
      notify.success(t('catalog.links.setInactiveDone', { asin: l.asin }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const del = async (l: ProductLink) => {
    try {
      await remove.mutateAsync({ id: l.id, productId: l.productId });
      notify.success(t('catalog.links.deleted', { asin: l.asin }));
    } catch (err) {
      if (isApiError(err) && err.status === STATUS.CONFLICT) {
        modal.confirm({
          title: t('catalog.links.hasSales'),
          okText: l.status === 1 && can('product:link:edit') ? t('catalog.links.setInactive') : t('common.yes'),
          cancelText: t('common.cancel'),
          okButtonProps: { 'data-testid': 'link-set-inactive' },
          onOk: l.status === 1 && can('product:link:edit') ? () => deactivate(l) : undefined,
        });
      } else notify.error(errorText(err, lang));
    }
  };

  // SKU, ASIN, shop, status and the actions always show; the rest as the width allows (docs/decisions.md).
  const columns: FitColumnType<ProductLink>[] = [
    {
      ...sortable('sku'),
      title: t('catalog.links.column.sku'),
      width: 170,
      priority: 'key',
      fixed: 'left',
      render: (_, l) => <Typography.Text strong>{l.sku}</Typography.Text>,
    },
    {
      key: 'model',
      title: t('catalog.links.column.model'),
      width: 110,
      priority: 'detail',
      render: (_, l) => (mayOpenProducts ? <Link to={productDetailsPath(l.productId)}>{l.model}</Link> : l.model),
    },
    {
      ...sortable('asin'),
      title: t('catalog.links.column.asin'),
      width: 140,
      priority: 'key',
      render: (_, l) => <Typography.Text copyable>{l.asin}</Typography.Text>,
    },
    {
      key: 'title',
      title: t('catalog.links.column.title'),
      ellipsis: true,
      width: 260,
      priority: 'detail',
      render: (_, l) => l.title || <span className="bo-muted">—</span>,
    },
    {
      ...sortable('shopName'),
      title: t('catalog.links.column.shop'),
      width: 170,
      priority: 'key',
      ellipsis: true,
      render: (_, l) => l.shopName,
    },
    {
      ...sortable('marketId'),
      title: t('catalog.links.column.market'),
      width: 170,
      priority: 'detail',
      ellipsis: true,
      render: (_, l) => {
        const m = marketOf(l.marketId);
        return m ? `${m.code} · ${marketName(m, lang)}` : l.marketId;
      },
    },
    {
      ...sortable('price'),
      title: t('catalog.links.column.price'),
      width: 120,
      align: 'right',
      render: (_, l) => <span className="bo-num">{l.price === null ? '—' : `${l.currency} ${formatMoney(l.price)}`}</span>,
    },
    {
      ...sortable('status'),
      title: t('catalog.links.column.status'),
      width: 100,
      priority: 'key',
      render: (_, l) =>
        l.status === 1 ? (
          <Tag color="green">{t('catalog.links.status.active')}</Tag>
        ) : (
          <Tag>{t('catalog.links.status.inactive')}</Tag>
        ),
    },
    {
      ...sortable('createdAt'),
      title: t('catalog.links.column.createdAt'),
      width: 170,
      priority: 'detail',
      render: (_, l) => formatDateTime(l.createdAt),
    },
  ];
  if (can('product:link:edit') || can('product:link:delete')) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      // Room for both buttons in either language, so nothing spills out of the fixed cell.
      width: lang === 'zh-CN' ? 150 : 180,
      priority: 'key',
      fixed: 'right',
      render: (_, l) => (
        <Space size={0} wrap={false}>
          {can('product:link:edit') && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => onEdit(l)}
              data-testid={`link-edit-${l.asin}`}
            >
              {t('common.edit')}
            </Button>
          )}
          {can('product:link:delete') && (
            <DeleteAction
              title={t('catalog.links.confirmDelete', { asin: l.asin, shop: l.shopName })}
              description={t('catalog.links.confirmDeleteNote')}
              onConfirm={() => del(l)}
              testId={`link-delete-${l.asin}`}
              confirmTestId="link-delete-confirm"
            />
          )}
        </Space>
      ),
    });
  }

  return (
    <FitTable<ProductLink>
      tableId="catalog.links"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={links as ProductLink[]}
      loading={loading}
      locale={{ emptyText: <Empty description={filtered ? t('list.noMatch') : t('catalog.links.empty')} /> }}
      pagination={listPagination(query, total, t)}
      onChange={tableChangeHandler<ProductLink, LinkSortField>(SORTABLE, 'sku', query.pageSize, onQueryChange)}
      data-testid="links-table"
    />
  );
}
