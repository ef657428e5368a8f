import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Segmented, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useLang } from '../../../shared/i18n/lang';
import { toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { useUrlFilters } from '../../../shared/url-filters';
import { categoryOptions } from '../shared/catalog-labels';
import { ProductLineSelect } from '../shared/ProductLineSelect';
import { ModelInfoDrawer, type ModelInfoEditor } from './components/ModelInfoDrawer';
import { ModelInfoTable } from './components/ModelInfoTable';
import { type ModelInfoQuery, modelInfoUrlSchema, useModelInfoList } from './model-info.queries';

const URL_DEFAULTS = {
  keyword: '',
  productLineId: '',
  categoryCode: '',
  has: 'all',
  sortField: 'model',
  sortOrder: 'ascend',
  pageNum: '1',
  pageSize: '20',
} as const;
const HAS = ['all', 'with', 'without'] as const;
const orUndefined = (v: string) => (v === '' ? undefined : v);

/** /modelInfo: technical data of every product model; products without any are findable (has=without). */
export default function ModelInfoListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = modelInfoUrlSchema.parse({
    ...filters,
    keyword: orUndefined(filters.keyword),
    productLineId: orUndefined(filters.productLineId),
    categoryCode: orUndefined(filters.categoryCode),
  });
  const list = useModelInfoList(query);
  const [editor, setEditor] = useState<ModelInfoEditor | null>(null);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);
  const change = (patch: Partial<ModelInfoQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);

  return (
    <div className="bo-page" data-testid="page-model-info">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('catalog.modelInfo.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('catalog.modelInfo.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap align="start">
          <Space wrap size={12}>
            <Input.Search
              allowClear
              placeholder={t('catalog.modelInfo.search')}
              value={keyword}
              maxLength={64}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(value) => change({ keyword: value.trim() || undefined, pageNum: 1 })}
              style={{ width: 220 }}
              data-testid="mi-search"
            />
            <ProductLineSelect
              value={query.productLineId}
              onChange={(productLineId) => change({ productLineId, pageNum: 1 })}
              style={{ width: 190 }}
              testId="mi-line"
            />
            <Select<string>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('catalog.category')}
              value={query.categoryCode}
              onChange={(categoryCode) => change({ categoryCode: categoryCode as ModelInfoQuery['categoryCode'], pageNum: 1 })}
              options={categoryOptions(lang)}
              style={{ width: 220 }}
              popupMatchSelectWidth={false}
              data-testid="mi-category"
            />
            <Segmented<(typeof HAS)[number]>
              value={query.has}
              onChange={(has) => change({ has, pageNum: 1 })}
              options={HAS.map((h) => ({ value: h, label: t(`catalog.modelInfo.has.${h}`) }))}
              data-testid="mi-has"
            />
          </Space>
          <Can permission="product:model:create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ row: null })} data-testid="mi-create">
              {t('catalog.modelInfo.create')}
            </Button>
          </Can>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <ModelInfoTable
            rows={list.data?.list ?? []}
            total={total}
            loading={list.isFetching}
            query={query}
            filtered={Boolean(query.keyword || query.productLineId || query.categoryCode || query.has !== 'all')}
            onQueryChange={change}
            onEdit={(row) => setEditor({ row })}
          />
        </QueryStates>
      </Card>
      <ModelInfoDrawer editor={editor} onClose={() => setEditor(null)} onReloaded={(row) => setEditor({ row })} />
    </div>
  );
}
