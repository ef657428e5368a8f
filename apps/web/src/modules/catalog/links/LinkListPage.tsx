import { PlusOutlined } from '@ant-design/icons';
import { MARKETS } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useLang } from '../../../shared/i18n/lang';
import { toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { useUrlFilters } from '../../../shared/url-filters';
import { marketName } from '../../shops/shops-auth/markets';
import { userShopsQuery } from '../../shops/shops-auth/shops-auth.queries';
import { ProductLineSelect } from '../shared/ProductLineSelect';
import { LinkDrawer, type LinkEditor } from './components/LinkDrawer';
import { LinksTable } from './components/LinksTable';
import { type LinkListQuery, linkListUrlSchema, useLinkList } from './links.queries';

const URL_DEFAULTS = {
  keyword: '',
  shopId: '',
  marketId: '',
  status: '',
  productLineId: '',
  sortField: 'sku',
  sortOrder: 'ascend',
  pageNum: '1',
  pageSize: '20',
} as const;
const orUndefined = (v: string) => (v === '' ? undefined : v);

/** /productLinkMgr: which SKU is sold under which ASIN in which shop; filters in the query string. */
export default function LinkListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = linkListUrlSchema.parse({
    ...filters,
    keyword: orUndefined(filters.keyword),
    shopId: orUndefined(filters.shopId),
    marketId: orUndefined(filters.marketId),
    status: orUndefined(filters.status),
    productLineId: orUndefined(filters.productLineId),
  });
  const list = useLinkList(query);
  const shops = useQuery(userShopsQuery());
  const [editor, setEditor] = useState<LinkEditor | null>(null);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);
  const change = (patch: Partial<LinkListQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const filtered = Boolean(
    query.keyword || query.shopId || query.marketId !== undefined || query.status !== undefined || query.productLineId,
  );

  return (
    <div className="bo-page" data-testid="page-product-links">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('catalog.links.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('catalog.links.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap align="start">
          <Space wrap size={12}>
            <Input.Search
              allowClear
              placeholder={t('catalog.links.search')}
              value={keyword}
              maxLength={100}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(value) => change({ keyword: value.trim() || undefined, pageNum: 1 })}
              style={{ width: 240 }}
              data-testid="links-search"
            />
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('catalog.shop')}
              loading={shops.isPending}
              value={query.shopId}
              onChange={(shopId) => change({ shopId, pageNum: 1 })}
              options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              style={{ width: 190 }}
              data-testid="links-shop"
            />
            <Select<number>
              allowClear
              placeholder={t('catalog.market')}
              value={query.marketId}
              onChange={(marketId) => change({ marketId, pageNum: 1 })}
              options={MARKETS.map((m) => ({ value: m.id, label: `${m.code} · ${marketName(m, lang)}` }))}
              style={{ width: 160 }}
              data-testid="links-market"
            />
            <Select<number>
              allowClear
              placeholder={t('catalog.links.status.all')}
              value={query.status}
              onChange={(status) => change({ status: status as LinkListQuery['status'], pageNum: 1 })}
              options={[
                { value: 1, label: t('catalog.links.status.active') },
                { value: 0, label: t('catalog.links.status.inactive') },
              ]}
              style={{ width: 130 }}
              data-testid="links-status"
            />
            <ProductLineSelect
              value={query.productLineId}
              onChange={(productLineId) => change({ productLineId, pageNum: 1 })}
              style={{ width: 190 }}
              testId="links-line"
            />
          </Space>
          <Can permission="product:link:create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ mode: 'create' })}
              data-testid="link-create"
            >
              {t('catalog.links.create')}
            </Button>
          </Can>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <LinksTable
            links={list.data?.list ?? []}
            total={total}
            loading={list.isFetching}
            query={query}
            filtered={filtered}
            onQueryChange={change}
            onEdit={(link) => setEditor({ mode: 'edit', link })}
          />
        </QueryStates>
      </Card>
      <LinkDrawer editor={editor} onClose={() => setEditor(null)} onReloaded={(link) => setEditor({ mode: 'edit', link })} />
    </div>
  );
}
