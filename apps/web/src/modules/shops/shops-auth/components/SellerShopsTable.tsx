import type { ShopAuth } from '@bo/contract/shops/shops';
import { Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../shared/i18n/lang';
import { MarketTag } from '../../../../shared/markets/MarketTag';
import { marketName, marketOf } from '../../../../shared/markets/markets';
import { ShopStateSwitch } from './ShopStateSwitch';
import { SpAuthCell } from './SpAuthCell';

type Shop = ShopAuth['shops'][number];

interface Props {
  seller: ShopAuth;
  spStates: ReadonlyMap<number, number> | undefined;
}

/** The shops of one seller, one per marketplace, with their switches. */
export function SellerShopsTable({ seller, spStates }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const columns: TableProps<Shop>['columns'] = [
    { key: 'name', title: t('shops.column.shop'), dataIndex: 'name', ellipsis: true },
    {
      key: 'market',
      title: t('shops.column.market'),
      width: 180,
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
      width: 130,
      render: (_, s) => <ShopStateSwitch shopId={s.shopId} shopName={s.name} kind="auth" on={s.mwsAuthState === 1} />,
    },
    {
      key: 'ppcState',
      title: t('shops.column.ppcState'),
      width: 110,
      render: (_, s) => <ShopStateSwitch shopId={s.shopId} shopName={s.name} kind="ppc" on={s.ppcState === 1} />,
    },
    {
      key: 'spAuth',
      title: t('shops.column.spAuth'),
      width: 290,
      render: (_, s) => <SpAuthCell shopId={s.shopId} state={spStates ? (spStates.get(s.shopId) ?? 0) : undefined} />,
    },
  ];
  return (
    <Table<Shop>
      rowKey="shopId"
      size="small"
      columns={columns}
      dataSource={seller.shops}
      tableLayout="fixed"
      pagination={false}
      data-testid={`seller-shops-${seller.sellerId}`}
    />
  );
}
