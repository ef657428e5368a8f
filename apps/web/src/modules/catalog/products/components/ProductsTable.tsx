import { EditOutlined } from '@ant-design/icons';
import { ERROR_CODES, STATUS } from '@bo/contract';
import type { Product } from '@bo/contract/catalog/products';
import { Empty, Typography } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../../../../shared/Can';
import { LifecycleTag } from '../../../../shared/components/LifecycleTag';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatThousands } from '../../../../shared/format';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { localName, useTexts } from '../../../../shared/i18n/lang';
import { ActionLinks } from '../../../../shared/kit/RowActions';
import { antdOrder, inContractOrder, listPagination, tableChangeHandler } from '../../../../shared/list-paging';
import { type FitColumnType, FitTable } from '../../../../shared/table/FitTable';
import { categoryLabel, lineLabel } from '../../shared/catalog-labels';
import { productDetailsPath } from '../product-rules';
import { type ProductListQuery, type ProductSortField, useDeleteProduct } from '../products.queries';

const SORTABLE: readonly ProductSortField[] = ['model', 'name', 'nameEn', 'lifecycle', 'launchDate', 'skuCount', 'listingCount'];

interface Props {
  products: readonly Product[];
  total: number;
  loading: boolean;
  query: ProductListQuery;
  filtered: boolean;
  onQueryChange: (patch: Partial<ProductListQuery>) => void;
  onEdit: (product: Product) => void;
}

const dash = <span className="bo-muted">—</span>;

/** Product models: server-side paging and sorting, driven by the query string. */
export function ProductsTable({ products, total, loading, query, filtered, onQueryChange, onEdit }: Props) {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const remove = useDeleteProduct();
  const sortOrder = (key: ProductSortField) => (query.sortField === key ? antdOrder(query.sortOrder) : null);
  const sortable = (key: ProductSortField) => ({ key, sorter: true, sortOrder: sortOrder(key) });

  const del = async (p: Product) => {
    try {
      await remove.mutateAsync(p.id);
      notify.success(t('catalog.products.deleted', { model: p.model }));
    } catch (err) {
      notify.error(
        isApiError(err) && err.code === ERROR_CODES.NOT_FOUND
          ? t('catalog.products.gone')
          : isApiError(err) && err.status === STATUS.CONFLICT
            ? t('catalog.products.deleteRefused', { model: p.model })
            : errorText(err, lang),
      );
    }
  };

  // Model, lifecycle and the actions always show; the rest as the width allows (docs/decisions.md).
  const columns: FitColumnType<Product>[] = [
    {
      ...sortable('model'),
      title: t('catalog.products.column.model'),
      width: 110,
      priority: 'key',
      fixed: 'left',
      render: (_, p) => (
        <Link to={productDetailsPath(p.id)} data-testid={`product-link-${p.model}`}>
          <Typography.Text strong>{p.model}</Typography.Text>
        </Link>
      ),
    },
    {
      ...sortable(lang === 'en-US' ? 'nameEn' : 'name'),
      title: t('catalog.products.column.name'),
      width: 240,
      ellipsis: true,
      render: (_, p) => (lang === 'en-US' ? p.nameEn : p.name),
    },
    {
      ...sortable('skuCount'),
      title: t('catalog.products.column.skuCount'),
      width: 75,
      priority: 'detail',
      align: 'right',
      render: (_, p) => <span className="bo-num">{formatThousands(p.skuCount)}</span>,
    },
    {
      ...sortable('listingCount'),
      title: t('catalog.products.column.listingCount'),
      width: 75,
      priority: 'detail',
      align: 'right',
      render: (_, p) => <span className="bo-num">{formatThousands(p.listingCount)}</span>,
    },
    { key: 'line', title: t('catalog.productLine'), width: 140, ellipsis: true, render: (_, p) => lineLabel(p, lang) || dash },
    {
      key: 'position',
      title: t('catalog.position'),
      width: 130,
      priority: 'detail',
      ellipsis: true,
      render: (_, p) => (p.positionId === null ? dash : localName(lang, p.positionName, p.positionNameEn)),
    },
    {
      key: 'category',
      title: t('catalog.category'),
      width: 170,
      priority: 'detail',
      ellipsis: true,
      render: (_, p) => categoryLabel(p.categoryCode, lang),
    },
    {
      ...sortable('lifecycle'),
      title: t('catalog.products.column.lifecycle'),
      width: 110,
      priority: 'key',
      render: (_, p) => <LifecycleTag lifecycle={p.lifecycle} />,
    },
    {
      ...sortable('launchDate'),
      title: t('catalog.products.column.dates'),
      width: 210,
      render: (_, p) =>
        p.launchDate || p.eolDate ? (
          <span>
            {p.launchDate ?? '—'}
            {p.eolDate && <Typography.Text type="secondary"> → {p.eolDate}</Typography.Text>}
          </span>
        ) : (
          dash
        ),
    },
  ];
  if (can('product:manage:edit') || can('product:manage:delete')) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      // Room for both buttons in either language, so nothing spills out of the fixed cell.
      width: lang === 'zh-CN' ? 150 : 180,
      priority: 'key',
      fixed: 'right',
      render: (_, p) => (
        <ActionLinks
          wrap={false}
          actions={[
            {
              testId: `product-edit-${p.model}`,
              permission: 'product:manage:edit',
              label: t('common.edit'),
              icon: <EditOutlined />,
              onClick: () => onEdit(p),
            },
            {
              testId: `product-delete-${p.model}`,
              permission: 'product:manage:delete',
              remove: {
                title: t('catalog.products.confirmDelete', { model: p.model }),
                description: (
                  <div style={{ maxWidth: 320 }}>{t('catalog.products.confirmDeleteNote', { count: p.skuCount })}</div>
                ),
                onConfirm: () => del(p),
                confirmTestId: 'product-delete-confirm',
              },
            },
          ]}
        />
      ),
    });
  }

  return (
    <FitTable<Product>
      tableId="catalog.products"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={products as Product[]}
      loading={loading}
      locale={{ emptyText: <Empty description={filtered ? t('list.noMatch') : t('catalog.products.empty')} /> }}
      pagination={listPagination(query, total, t)}
      onChange={tableChangeHandler<Product, ProductSortField>(SORTABLE, 'model', query.pageSize, inContractOrder(onQueryChange))}
      data-testid="products-table"
    />
  );
}
