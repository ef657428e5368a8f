import { EditOutlined } from '@ant-design/icons';
import { catalogLinks as ep, STATUS } from '@bo/contract';
import type { ProductLink } from '@bo/contract/catalog/links';
import { App, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { isApiError } from '../../../shared/http/api-error';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import type { Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { ActionLinks } from '../../../shared/kit/RowActions';
import { useKitList } from '../../../shared/kit/use-list-query';
import { marketName, marketOf } from '../../../shared/markets/markets';
import { formatMoney } from '../../sales/shared/sales-format';
import { useMayOpen } from '../../sales/shared/sales-reference.queries';
import { catalogKeys } from '../catalog.keys';
import { productDetailsPath } from '../products/product-rules';
import { LinkEditDrawer } from './components/LinkEditDrawer';
import { useDeleteLink, useUpdateLink } from './links.queries';

/** /productLinkMgr: which SKU is sold under which ASIN in which shop; filters in the query string. */
export default function LinkListPage() {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const { modal } = App.useApp();
  const list = useKitList(ep.listLinks, catalogKeys.links());
  const [editor, setEditor] = useState<Editor<ProductLink> | null>(null);
  const [historyOf, setHistoryOf] = useState<ProductLink | null>(null);
  const remove = useDeleteLink();
  const update = useUpdateLink();
  const mayOpenProducts = useMayOpen('product:manage');

  const deactivate = (l: ProductLink) =>
    notify.run(
      () => update.mutateAsync({ id: l.id, version: l.version, asin: l.asin, title: l.title, price: l.price, status: 0 }),
      t('catalog.links.setInactiveDone', { asin: l.asin }),
    );

  // A link with sales cannot be deleted: the refusal offers to set it inactive instead.
  const del = async (l: ProductLink) => {
    try {
      await remove.mutateAsync({ id: l.id, productId: l.productId });
      notify.success(t('catalog.links.deleted', { asin: l.asin }));
    } catch (err) {
      if (!(isApiError(err) && err.status === STATUS.CONFLICT)) return notify.failure(err);
      const offer = l.status === 1 && can('product:link:edit');
      modal.confirm({
        title: t('catalog.links.hasSales'),
        okText: offer ? t('catalog.links.setInactive') : t('common.yes'),
        cancelText: t('common.cancel'),
        okButtonProps: { 'data-testid': 'link-set-inactive' } as never,
        onOk: offer ? () => deactivate(l) : undefined,
      });
    }
  };

  // SKU, ASIN, shop, status and the actions always show; the rest as the width allows (docs/decisions.md).
  const columns: KitColumn<ProductLink>[] = [
    {
      key: 'sku',
      sortable: true,
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
      key: 'asin',
      sortable: true,
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
      key: 'shopName',
      sortable: true,
      title: t('catalog.links.column.shop'),
      width: 170,
      priority: 'key',
      ellipsis: true,
      render: (_, l) => l.shopName,
    },
    {
      key: 'marketId',
      sortable: true,
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
      key: 'price',
      sortable: true,
      title: t('catalog.links.column.price'),
      width: 120,
      align: 'right',
      render: (_, l) => <span className="bo-num">{l.price === null ? '—' : `${l.currency} ${formatMoney(l.price)}`}</span>,
    },
    {
      key: 'status',
      sortable: true,
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
      key: 'createdAt',
      sortable: true,
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
        <ActionLinks
          wrap={false}
          actions={[
            {
              testId: `link-edit-${l.asin}`,
              permission: 'product:link:edit',
              label: t('common.edit'),
              icon: <EditOutlined />,
              onClick: () => setEditor({ mode: 'edit', record: l }),
            },
            {
              testId: `link-delete-${l.asin}`,
              permission: 'product:link:delete',
              remove: {
                title: t('catalog.links.confirmDelete', { asin: l.asin, shop: l.shopName }),
                description: t('catalog.links.confirmDeleteNote'),
                onConfirm: () => void del(l),
                confirmTestId: 'link-delete-confirm',
              },
            },
          ]}
        />
      ),
    });
  }

  return (
    <>
      <ListPage
        testId="page-product-links"
        texts="catalog.links"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('catalog.links.search'), testId: 'links-search' },
          { kind: 'shop', key: 'shopId', placeholder: t('catalog.shop'), testId: 'links-shop' },
          { kind: 'market', key: 'marketId', placeholder: t('catalog.market'), testId: 'links-market' },
          {
            kind: 'select',
            key: 'status',
            placeholder: t('catalog.links.status.all'),
            width: 130,
            options: [
              { value: 1, label: t('catalog.links.status.active') },
              { value: 0, label: t('catalog.links.status.inactive') },
            ],
            testId: 'links-status',
          },
          { kind: 'productLine', key: 'productLineId', width: 190, testId: 'links-line' },
        ]}
        toolbar={
          <AddButton permission="product:link:create" onClick={() => setEditor({ mode: 'create' })} testId="link-create">
            {t('catalog.links.create')}
          </AddButton>
        }
        columns={columns}
        tableId="catalog.links"
        rowKey="id"
        tableTestId="links-table"
        emptyText={t('catalog.links.empty')}
      />
      <LinkEditDrawer
        editor={editor}
        onClose={() => setEditor(null)}
        onReloaded={(link) => setEditor({ mode: 'edit', record: link })}
        onHistory={setHistoryOf}
      />
      <HistoryDrawer
        entity="listing"
        entityId={historyOf?.id ?? null}
        name={historyOf?.asin ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          asin: t('catalog.links.field.asin'),
          title: t('catalog.links.field.title'),
          price: t('catalog.links.field.price'),
          status: t('catalog.links.field.status'),
          shopId: t('catalog.links.field.shop'),
          skuId: t('catalog.links.field.sku'),
        }}
        formatValue={(field, v) =>
          field === 'status' && (v === 0 || v === 1)
            ? t(v === 1 ? 'catalog.links.status.active' : 'catalog.links.status.inactive')
            : undefined
        }
      />
    </>
  );
}
