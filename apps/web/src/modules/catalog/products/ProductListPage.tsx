import { Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { ScreenHead } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { AddButton } from '../../../shared/kit/AddButton';
import { toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { useUrlFilters } from '../../../shared/url-filters';
import { ProductEditDrawer, type ProductEditor } from './components/ProductEditDrawer';
import { ProductFilters } from './components/ProductFilters';
import { ProductsTable } from './components/ProductsTable';
import { productDetailsPath } from './product-rules';
import {
  exportProducts,
  exportProductsJob,
  type ProductListQuery,
  productListUrlSchema,
  useProductList,
} from './products.queries';

const URL_DEFAULTS = {
  keyword: '',
  productLineId: '',
  positionId: '',
  categoryCode: '',
  lifecycle: '',
  sortField: 'model',
  sortOrder: 'asc',
  pageNum: '1',
  pageSize: '20',
} as const;

const orUndefined = (v: string) => (v === '' ? undefined : v);

/** /productMgr/list: product models with filters, sorting and paging in the query string. */
export default function ProductListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = productListUrlSchema.parse({
    ...filters,
    keyword: orUndefined(filters.keyword),
    productLineId: orUndefined(filters.productLineId),
    positionId: orUndefined(filters.positionId),
    categoryCode: orUndefined(filters.categoryCode),
    lifecycle: orUndefined(filters.lifecycle),
  });
  const list = useProductList(query);
  const [editor, setEditor] = useState<ProductEditor | null>(null);
  const change = (patch: Partial<ProductListQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const filtered = Boolean(
    query.keyword || query.productLineId || query.positionId || query.categoryCode || query.lifecycle !== undefined,
  );

  return (
    <div className="bo-page" data-testid="page-product-list">
      <ScreenHead title={t('catalog.products.title')} subtitle={t('catalog.products.subtitle')} />
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap align="start">
          <ProductFilters query={query} onChange={change} />
          <Space>
            <Can permission="product:manage:export">
              <ExportButton
                label={t('catalog.products.export')}
                fetchFile={(options) => exportProducts(query, options)}
                job={() => exportProductsJob(query)}
                disabled={total === 0}
                testId="products-export"
              />
            </Can>
            <AddButton permission="product:manage:create" onClick={() => setEditor({ mode: 'create' })} testId="product-create">
              {t('catalog.products.create')}
            </AddButton>
          </Space>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <ProductsTable
            products={list.data?.list ?? []}
            total={total}
            loading={list.isFetching}
            query={query}
            filtered={filtered}
            onQueryChange={change}
            onEdit={(product) => setEditor({ mode: 'edit', product })}
          />
        </QueryStates>
      </Card>
      <ProductEditDrawer
        editor={editor}
        onClose={() => setEditor(null)}
        onReloaded={(product) => setEditor({ mode: 'edit', product })}
        onSaved={(product) => {
          // A new product opens on its details, where SKUs and links are managed.
          if (editor?.mode === 'create') void navigate(productDetailsPath(product.id));
        }}
      />
    </div>
  );
}
