import type { ShopAuth } from '@bo/contract/shops/shops';
import { Alert, Card, Segmented, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHead } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { SearchBox } from '../../../shared/components/SearchBox';
import { AddButton } from '../../../shared/kit/AddButton';
import { useUrlFilters } from '../../../shared/url-filters';
import { SellerRegisterModal } from './components/SellerRegisterModal';
import { SellerRenameModal } from './components/SellerRenameModal';
import { SellersTable } from './components/SellersTable';
import { type SellerStateFilter, selectSellers, sellerFilterSchema } from './seller-filters';
import { useShopAuths, useSpAuthStates } from './shops-auth.queries';

const URL_DEFAULTS = { keyword: '', state: 'all', pageNum: '1', pageSize: '20' } as const;
const STATES: readonly SellerStateFilter[] = ['all', 'authorised', 'pending'];

/**
 * /shop/auth: the account's sellers and their shops per marketplace. The API answers the
 * whole (short) list, so search, state filter and paging run here, mirrored in the query string.
 */
export default function ShopAuthListPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const f = sellerFilterSchema.parse(filters);
  const auths = useShopAuths();
  const sp = useSpAuthStates();
  const spStates = useMemo(() => (sp.data ? new Map(sp.data.map((s) => [s.shopId, s.state])) : undefined), [sp.data]);
  const sellers = useMemo(() => selectSellers(auths.data ?? [], f.keyword, f.state), [auths.data, f.keyword, f.state]);
  const [registering, setRegistering] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const renamed: ShopAuth | null = auths.data?.find((s) => s.sellerId === renaming) ?? null;

  // A removal or a narrower filter can leave the page past the end: step back to one that exists.
  const lastPage = Math.max(1, Math.ceil(sellers.length / f.pageSize));
  useEffect(() => {
    if (auths.data && f.pageNum > lastPage) setFilters({ pageNum: String(lastPage) });
  }, [auths.data, f.pageNum, lastPage, setFilters]);

  return (
    <div className="bo-page" data-testid="page-shop-auth">
      <ScreenHead title={t('shops.title')} subtitle={t('shops.subtitle')} />
      <Alert type="info" showIcon title={t('shops.noLiveConnection')} style={{ marginBottom: 16 }} data-testid="shops-notice" />
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
          <Space wrap size={12}>
            <SearchBox
              value={f.keyword}
              onSearch={(text) => setFilters({ keyword: text, pageNum: '1' })}
              placeholder={t('shops.search')}
              maxLength={64}
              width={280}
              testId="shops-search"
            />
            <Segmented<SellerStateFilter>
              value={f.state}
              onChange={(state) => setFilters({ state, pageNum: '1' })}
              options={STATES.map((s) => ({ value: s, label: t(`shops.filter.${s}`) }))}
            />
          </Space>
          <AddButton permission="user:shop:auth:create" onClick={() => setRegistering(true)} testId="seller-register">
            {t('shops.register')}
          </AddButton>
        </Space>
        <QueryStates pending={auths.isPending} error={auths.error} onRetry={() => void auths.refetch()}>
          <SellersTable
            sellers={sellers}
            loading={auths.isFetching}
            filtered={Boolean(f.keyword) || f.state !== 'all'}
            spStates={spStates}
            page={{ pageNum: f.pageNum, pageSize: f.pageSize }}
            onPageChange={(pageNum, pageSize) => setFilters({ pageNum: String(pageNum), pageSize: String(pageSize) })}
            onRename={(s) => setRenaming(s.sellerId)}
          />
        </QueryStates>
      </Card>
      <SellerRegisterModal open={registering} onClose={() => setRegistering(false)} />
      <SellerRenameModal
        seller={renamed}
        onClose={() => setRenaming(null)}
        onReload={async () => (await auths.refetch()).data?.find((s) => s.sellerId === renaming) ?? null}
      />
    </div>
  );
}
