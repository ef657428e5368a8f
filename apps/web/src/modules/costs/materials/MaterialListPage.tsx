import { PlusOutlined } from '@ant-design/icons';
import type { Material } from '@bo/contract/costs/materials';
import * as ep from '@bo/contract/costs/materials';
import { MATERIAL_CURRENCIES } from '@bo/contract/costs/shared';
import { Button, Card, Checkbox, Input, Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { localName, pairOptions, useLang } from '../../../shared/i18n/lang';
import { tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { useUrlFilters } from '../../../shared/url-filters';
import { costKeys } from '../costs.keys';
import { CostImportButton } from '../imports/CostImportButton';
import { formatCost } from '../shared/costs-format';
import { MaterialDrawer, type MaterialEditor } from './components/MaterialDrawer';
import {
  MATERIAL_SORT_FIELDS,
  type MaterialListQuery,
  materialListUrlSchema,
  useMaterialList,
  useMaterialOptions,
} from './materials.queries';

const URL_DEFAULTS = {
  keyword: '',
  category: '',
  supplier: '',
  currency: '',
  missingPrice: '',
  sortField: 'code',
  sortOrder: 'ascend',
  pageNum: '1',
  pageSize: '20',
} as const;

/** /mcost: materials with their current price; add, edit, price history, import and export. */
export default function MaterialListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = materialListUrlSchema.parse(
    Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === '' ? undefined : v])),
  );
  const list = useMaterialList(query);
  const options = useMaterialOptions();
  const [editor, setEditor] = useState<MaterialEditor | null>(null);
  const change = (patch: Partial<MaterialListQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const { pageNum: _p, pageSize: _s, ...exportQuery } = query;
  const sortOrder = (key: MaterialListQuery['sortField']) => (query.sortField === key ? query.sortOrder : null);

  const columns: TableProps<Material>['columns'] = [
    { key: 'code', title: t('costs.mcost.code'), sorter: true, sortOrder: sortOrder('code'), render: (_, r) => r.code },
    {
      key: 'name',
      title: t('costs.mcost.name'),
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, r) => localName(lang, r.name, r.nameEn),
    },
    { key: 'unit', title: t('costs.mcost.unit'), render: (_, r) => r.unit },
    {
      key: 'category',
      title: t('costs.mcost.category'),
      sorter: true,
      sortOrder: sortOrder('category'),
      render: (_, r) => localName(lang, r.category, r.categoryEn),
    },
    {
      key: 'supplier',
      title: t('costs.mcost.supplier'),
      sorter: true,
      sortOrder: sortOrder('supplier'),
      render: (_, r) => localName(lang, r.supplier, r.supplierEn) || '—',
    },
    {
      key: 'unitPrice',
      title: t('costs.mcost.unitPrice'),
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('unitPrice'),
      render: (_, r) =>
        r.unitPrice === null ? <Tag color="orange">{t('costs.noEntries')}</Tag> : `${formatCost(r.unitPrice)} ${r.currency}`,
    },
    {
      key: 'priceFrom',
      title: t('costs.mcost.priceFrom'),
      sorter: true,
      sortOrder: sortOrder('priceFrom'),
      render: (_, r) => r.priceFrom ?? '—',
    },
    { key: 'usedBy', title: t('costs.mcost.usedBy'), align: 'right', render: (_, r) => r.usedBy },
    {
      key: 'actions',
      title: t('costs.column.actions'),
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => setEditor({ mode: 'edit', id: r.id })}
          data-testid={`material-open-${r.code}`}
        >
          {t('costs.details')}
        </Button>
      ),
    },
  ];

  return (
    <div className="bo-page" data-testid="page-mcost">
      <div className="bo-page-head">
        <Typography.Title level={3}>{t('costs.mcost.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('costs.mcost.subtitle')}</Typography.Text>
      </div>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap align="start">
          <Space wrap>
            <Input.Search
              allowClear
              defaultValue={query.keyword}
              key={query.keyword ?? ''}
              placeholder={t('costs.mcost.keyword')}
              onSearch={(keyword) => change({ keyword: keyword.trim() || undefined, pageNum: 1 })}
              style={{ width: 220 }}
              data-testid="mcost-filter-keyword"
            />
            <Select<string>
              allowClear
              showSearch
              placeholder={t('costs.mcost.category')}
              value={query.category}
              onChange={(category) => change({ category, pageNum: 1 })}
              options={pairOptions(options.data?.categories ?? [], lang)}
              loading={options.isPending}
              style={{ width: 150 }}
            />
            <Select<string>
              allowClear
              showSearch
              placeholder={t('costs.mcost.supplier')}
              value={query.supplier}
              onChange={(supplier) => change({ supplier, pageNum: 1 })}
              options={pairOptions(options.data?.suppliers ?? [], lang)}
              loading={options.isPending}
              style={{ width: 180 }}
            />
            <Select
              allowClear
              placeholder={t('costs.mcost.currency')}
              value={query.currency}
              onChange={(currency) => change({ currency, pageNum: 1 })}
              options={MATERIAL_CURRENCIES.map((c) => ({ value: c, label: c }))}
              style={{ width: 110 }}
            />
            <Checkbox
              checked={query.missingPrice === 'true'}
              onChange={(e) => change({ missingPrice: e.target.checked ? 'true' : undefined, pageNum: 1 })}
            >
              {t('costs.mcost.missingPrice')}
            </Checkbox>
          </Space>
          <Space wrap>
            <Can permission="product:materialCost:create">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditor({ mode: 'create' })}
                data-testid="material-create"
              >
                {t('costs.mcost.create')}
              </Button>
            </Can>
            <CostImportButton
              kind="materials"
              permission="product:materialCost:import"
              template={ep.materialTemplate}
              invalidates={[costKeys.materials(), costKeys.boms()]}
            />
            <Can permission="product:materialCost:export">
              <ExportButton
                label={t('sales.export.table')}
                testId="mcost-export"
                fetchFile={(options) => download(ep.exportMaterials, { query: exportQuery }, options)}
              />
            </Can>
          </Space>
        </Space>
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
          <Table<Material>
            rowKey="id"
            data-testid="mcost-table"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            onChange={tableChangeHandler<Material, MaterialListQuery['sortField']>(
              MATERIAL_SORT_FIELDS,
              'code',
              query.pageSize,
              change,
            )}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <EmptyState filtered text={t('costs.empty')} /> }}
            pagination={{
              current: query.pageNum,
              pageSize: query.pageSize,
              total,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (n) => t('list.total', { count: n }),
            }}
          />
        </QueryStates>
      </Card>
      <MaterialDrawer editor={editor} onClose={() => setEditor(null)} onCreated={(id) => setEditor({ mode: 'edit', id })} />
    </div>
  );
}
