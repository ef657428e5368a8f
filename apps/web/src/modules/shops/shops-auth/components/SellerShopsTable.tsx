import type { ShopAuth } from '@bo/contract/shops/shops';
import { Typography } from 'antd';
import { useTexts } from '../../../../shared/i18n/lang';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import { marketName, marketOf } from '../../../../shared/markets/markets';
import { type FitColumnType, FitTable } from '../../../../shared/table/FitTable';
import { ShopStateSwitch } from './ShopStateSwitch';
import { SpAuthCell } from './SpAuthCell';

type Shop = ShopAuth['shops'][number];

interface Props {
  seller: ShopAuth;
  spStates: ReadonlyMap<number, number> | undefined;
}

/** The shops of one seller, one per marketplace, with their switches. */
export function SellerShopsTable({ seller, spStates }: Props) {
  const { t, lang } = useTexts();
  // Every column is a switch or what it applies to: all key; they fit the sellers' expanded row at 1280 px.
  const columns: FitColumnType<Shop>[] = [
    { key: 'name', title: t('shops.column.shop'), priority: 'key', dataIndex: 'name', width: 170, ellipsis: true },
    {
      key: 'market',
      title: t('shops.column.market'),
      priority: 'key',
      width: 170,
      ellipsis: true,
      render: (_, s) => {
        const m = marketOf(s.marketId);
        return (
          <span>
            <MarketTag marketId={s.marketId} />
            {m && <Typography.Text type="secondary">{marketName(m, lang)}</Typography.Text>}
          </span>
        );
      },
    },
    {
      key: 'authState',
      title: t('shops.column.authState'),
      priority: 'key',
      width: 120,
      render: (_, s) => <ShopStateSwitch shopId={s.shopId} shopName={s.name} kind="auth" on={s.mwsAuthState === 1} />,
    },
    {
      key: 'ppcState',
      title: t('shops.column.ppcState'),
      priority: 'key',
      width: 100,
      render: (_, s) => <ShopStateSwitch shopId={s.shopId} shopName={s.name} kind="ppc" on={s.ppcState === 1} />,
    },
    {
      key: 'spAuth',
      title: t('shops.column.spAuth'),
      priority: 'key',
      width: 280,
      render: (_, s) => <SpAuthCell shopId={s.shopId} state={spStates ? (spStates.get(s.shopId) ?? 0) : undefined} />,
    },
  ];
  return (
    <FitTable<Shop>
      tableId="shops.sellerShops"
      rowKey="shopId"
      size="small"
      columns={columns}
      dataSource={seller.shops}
      pagination={false}
      data-testid={`seller-shops-${seller.sellerId}`}
    />
  );
}
