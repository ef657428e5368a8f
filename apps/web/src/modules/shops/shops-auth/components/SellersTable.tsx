import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ShopAuth } from '@bo/contract/shops/shops';
import { Button, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../shared/Can';
import { useNotify } from '../../../../shared/components/use-notify';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import { actionsColumn, type FitColumnType, FitTable } from '../../../../shared/table/FitTable';
import { useRemoveSeller } from '../shops-auth.queries';
import { SellerShopsTable } from './SellerShopsTable';

interface Props {
  sellers: readonly ShopAuth[];
  loading: boolean;
  filtered: boolean;
  spStates: ReadonlyMap<number, number> | undefined;
  page: { pageNum: number; pageSize: number };
  onPageChange: (pageNum: number, pageSize: number) => void;
  onRename: (seller: ShopAuth) => void;
}

/** Sellers with their marketplaces; each opens to its shops (all open at first). */
export function SellersTable({ sellers, loading, filtered, spStates, page, onPageChange, onRename }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const can = useCan();
  const remove = useRemoveSeller();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const expanded = sellers.map((s) => s.sellerId).filter((id) => !collapsed.has(id));

  const removeSeller = async (seller: ShopAuth) => {
    await remove.mutateAsync(seller.sellerId);
    notify.success(t('shops.removed', { name: seller.name }));
  };

  // At 1280 px: the seller's name, marketplaces, state and actions; the seller ID when room allows.
  const columns: FitColumnType<ShopAuth>[] = [
    {
      key: 'sellerId',
      title: t('shops.column.sellerId'),
      width: 190,
      ellipsis: true,
      render: (_, s) => (
        <Typography.Text code copyable style={{ whiteSpace: 'nowrap' }}>
          {s.sellerId}
        </Typography.Text>
      ),
    },
    {
      key: 'name',
      title: t('shops.column.name'),
      priority: 'key',
      width: 170,
      ellipsis: true,
      render: (_, s) => <Typography.Text strong>{s.name}</Typography.Text>,
    },
    {
      key: 'markets',
      title: t('shops.column.markets'),
      priority: 'key',
      width: 190,
      render: (_, s) => (
        <Space size={[0, 4]} wrap>
          {s.shops.map((shop) => (
            <MarketTag key={shop.shopId} marketId={shop.marketId} color={shop.mwsAuthState === 1 ? 'green' : undefined} />
          ))}
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('shops.column.state'),
      priority: 'key',
      width: 150,
      render: (_, s) => {
        const authorised = s.shops.filter((shop) => shop.mwsAuthState === 1).length;
        return s.state === 1 ? (
          <Tag color="green">{t('shops.state.authorised')}</Tag>
        ) : (
          <Tag color="orange">{t('shops.state.pending', { done: authorised, total: s.shops.length })}</Tag>
        );
      },
    },
  ];
  if (can('user:shop:auth:edit') || can('user:shop:auth:delete')) {
    columns.push(
      actionsColumn(
        t,
        200,
        (_, s) => (
          <Space size={4}>
            <Can permission="user:shop:auth:edit">
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => onRename(s)}
                data-testid={`seller-rename-${s.sellerId}`}
              >
                {t('shops.rename')}
              </Button>
            </Can>
            <Can permission="user:shop:auth:delete">
              <Popconfirm
                title={t('shops.confirmRemove.title', { name: s.name })}
                description={t('shops.confirmRemove.text', { count: s.shops.length })}
                okText={t('common.remove')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => removeSeller(s).catch(() => undefined)}
              >
                <Button size="small" danger icon={<DeleteOutlined />} data-testid={`seller-remove-${s.sellerId}`}>
                  {t('common.remove')}
                </Button>
              </Popconfirm>
            </Can>
          </Space>
        ),
        { fixed: undefined },
      ),
    );
  }

  return (
    <FitTable<ShopAuth>
      tableId="shops.sellers"
      rowKey="sellerId"
      data-testid="shops-table"
      columns={columns}
      dataSource={sellers as ShopAuth[]}
      loading={loading}
      expandable={{
        expandedRowKeys: expanded,
        onExpand: (open, s) => {
          const next = new Set(collapsed);
          if (open) next.delete(s.sellerId);
          else next.add(s.sellerId);
          setCollapsed(next);
        },
        expandedRowRender: (s) => <SellerShopsTable seller={s} spStates={spStates} />,
      }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'list.noMatch' : 'shops.empty')} />,
      }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: sellers.length,
        hideOnSinglePage: true,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50],
        onChange: onPageChange,
        showTotal: (n) => t('list.total', { count: n }),
      }}
    />
  );
}
