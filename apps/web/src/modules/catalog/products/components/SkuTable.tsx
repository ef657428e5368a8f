import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ALL_ROUTES } from '@bo/contract';
import type { ProductSku } from '@bo/contract/catalog/products';
import { Empty, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../../../../shared/Can';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatPercent } from '../../../../shared/format';
import { useTexts } from '../../../../shared/i18n/lang';
import { ActionLinks } from '../../../../shared/kit/RowActions';
import { marketName, marketOf } from '../../../../shared/markets/markets';
import { type FitColumnType, FitTable } from '../../../../shared/table/FitTable';
import { formatMoney } from '../../../sales/shared/sales-format';
import { useMayOpen } from '../../../sales/shared/sales-reference.queries';
import { productCostPath } from '../product-rules';
import { useDeleteSku } from '../products.queries';

type Listing = ProductSku['listings'][number];

const COST_SCREEN_BUILT = ALL_ROUTES.some((r) => r.path === '/productCost' && r.built);

interface Props {
  productId: number;
  skus: readonly ProductSku[];
  onEdit: (sku: ProductSku) => void;
}

/** The SKUs of a product with today's unit cost; each expands to its listings in the visible shops. */
export function SkuTable({ productId, skus, onEdit }: Props) {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const remove = useDeleteSku(productId);
  // The cost screen is another area's: link to it once it is built and the user may open it.
  const mayOpenCosts = useMayOpen('product:cost') && COST_SCREEN_BUILT;

  const del = (sku: ProductSku) =>
    notify.run(() => remove.mutateAsync(sku.id), t('catalog.details.skuDeleted', { sku: sku.sku }));

  const market = (id: number) => {
    const m = marketOf(id);
    return m ? `${m.code} · ${marketName(m, lang)}` : String(id);
  };

  // A listing's shop, ASIN, status and price always show; the marketplace's name, fees and title when room allows.
  const listingColumns: FitColumnType<Listing>[] = [
    { key: 'shop', title: t('catalog.shop'), priority: 'key', dataIndex: 'shopName', width: 150, ellipsis: true },
    { key: 'market', title: t('catalog.market'), width: 150, ellipsis: true, render: (_, l) => market(l.marketId) },
    {
      key: 'asin',
      title: t('catalog.details.column.asin'),
      priority: 'key',
      width: 140,
      render: (_, l) => <Typography.Text copyable>{l.asin}</Typography.Text>,
    },
    {
      key: 'title',
      title: t('catalog.details.column.title'),
      priority: 'detail',
      width: 220,
      ellipsis: true,
      render: (_, l) => l.title || '—',
    },
    {
      key: 'status',
      title: t('catalog.details.column.status'),
      priority: 'key',
      width: 90,
      render: (_, l) =>
        l.status === 1 ? <Tag color="green">{t('catalog.details.active')}</Tag> : <Tag>{t('catalog.details.inactive')}</Tag>,
    },
    {
      key: 'price',
      title: t('catalog.details.column.price'),
      priority: 'key',
      width: 120,
      align: 'right',
      render: (_, l) => (l.price === null ? '—' : `${l.currency} ${formatMoney(l.price)}`),
    },
    {
      key: 'fees',
      title: t('catalog.details.column.fees'),
      width: 280,
      render: (_, l) =>
        l.referralRate === null && l.fbaFee === null ? (
          <Typography.Text type="secondary">{t('catalog.details.noFees')}</Typography.Text>
        ) : (
          <Space size={4}>
            {l.referralRate !== null && <Tag>{t('catalog.details.referral', { rate: formatPercent(l.referralRate) })}</Tag>}
            {l.fbaFee !== null && <Tag>{t('catalog.details.fba', { fee: `${l.currency} ${formatMoney(l.fbaFee)}` })}</Tag>}
          </Space>
        ),
    },
  ];

  // The SKU, its unit cost and the actions always show; the variant and the listing count when room allows.
  const columns: FitColumnType<ProductSku>[] = [
    {
      key: 'sku',
      title: t('catalog.details.column.sku'),
      priority: 'key',
      width: 200,
      render: (_, s) => <Typography.Text strong>{s.sku}</Typography.Text>,
    },
    {
      key: 'variant',
      title: t('catalog.details.column.variant'),
      width: 180,
      ellipsis: true,
      render: (_, s) => s.variant || <span className="bo-muted">—</span>,
    },
    {
      key: 'cost',
      title: t('catalog.details.column.unitCost'),
      priority: 'key',
      width: 260,
      render: (_, s) => (
        <Space size={8} wrap>
          {s.unitCost === null ? (
            <Typography.Text type="secondary">{t('catalog.details.noCost')}</Typography.Text>
          ) : (
            <span>
              US$ {formatMoney(s.unitCost)}{' '}
              <Typography.Text type="secondary">{t('catalog.details.costSince', { date: s.costFrom })}</Typography.Text>
            </span>
          )}
          {mayOpenCosts && (
            <Link to={productCostPath(s.sku)} data-testid={`sku-cost-${s.sku}`}>
              {t('catalog.details.viewCost')}
            </Link>
          )}
        </Space>
      ),
    },
    {
      key: 'listings',
      title: t('catalog.details.column.listings'),
      width: 90,
      align: 'right',
      render: (_, s) => <span className="bo-num">{s.listingCount}</span>,
    },
  ];
  if (can('product:manage:edit')) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      priority: 'key',
      width: 190,
      render: (_, s) => (
        <ActionLinks
          wrap={false}
          actions={[
            {
              testId: `sku-edit-${s.sku}`,
              label: t('catalog.details.editVariant'),
              icon: <EditOutlined />,
              onClick: () => onEdit(s),
            },
            {
              // A listed variant stays: its delete is greyed out, saying how many listings hold it.
              key: 'delete-held',
              hidden: s.listingCount === 0,
              label: t('common.delete'),
              danger: true,
              disabled: true,
              reason: t('catalog.details.skuListed', { count: s.listingCount }),
              icon: <DeleteOutlined />,
              onClick: () => {},
            },
            {
              testId: `sku-delete-${s.sku}`,
              hidden: s.listingCount > 0,
              remove: {
                title: t('catalog.details.confirmDeleteSku', { sku: s.sku }),
                description: t('catalog.details.confirmDeleteSkuNote'),
                onConfirm: () => del(s),
                confirmTestId: 'sku-delete-confirm',
              },
            },
          ]}
        />
      ),
    });
  }

  return (
    <FitTable<ProductSku>
      tableId="catalog.product.skus"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={skus as ProductSku[]}
      pagination={false}
      locale={{ emptyText: <Empty description={t('catalog.details.noSkus')} /> }}
      expandable={{
        rowExpandable: () => true,
        expandedRowRender: (s) => (
          <>
            <FitTable<Listing>
              tableId="catalog.product.listings"
              rowKey="id"
              size="small"
              columns={listingColumns}
              dataSource={s.listings}
              pagination={false}
              locale={{ emptyText: t('catalog.details.noListings') }}
              data-testid={`sku-listings-${s.sku}`}
            />
            {s.listingCount > s.listings.length && (
              <Typography.Text type="secondary">
                {t('catalog.details.otherShops', { count: s.listingCount - s.listings.length })}
              </Typography.Text>
            )}
          </>
        ),
      }}
      data-testid="sku-table"
    />
  );
}
