import type { SkuCostRow } from '@bo/contract/costs/unit-costs';
import * as ep from '@bo/contract/costs/unit-costs';
import { Button, Checkbox, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { LifecycleTag } from '../../../shared/components/LifecycleTag';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { useLang } from '../../../shared/i18n/lang';
import { antdOrder, inContractOrder, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { ProductLineSelect } from '../../../shared/product-lines/ProductLineSelect';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { costKeys } from '../costs.keys';
import { CostImportButton } from '../imports/CostImportButton';
import { formatCost } from '../shared/costs-format';
import { ModelCell } from '../shared/ModelCell';
import { CostHistoryDrawer } from './components/CostHistoryDrawer';
import { COST_SORT_FIELDS, type CostListQuery, costListUrlSchema, useCostList } from './unit-costs.queries';

const URL_DEFAULTS = {
  keyword: '',
  productLineId: '',
  missing: '',
  sortField: 'sku',
  sortOrder: 'asc',
  pageNum: '1',
  pageSize: '20',
} as const;

/** The unit-cost tab: one row per SKU with the cost in force today. */
export function UnitCostsTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = costListUrlSchema.parse(
    Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === '' ? undefined : v])),
  );
  const list = useCostList(query);
  const [open, setOpen] = useState<SkuCostRow | null>(null);
  const change = (patch: Partial<CostListQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const { pageNum: _p, pageSize: _s, ...exportQuery } = query;
  const sortOrder = (key: CostListQuery['sortField']) => (query.sortField === key ? antdOrder(query.sortOrder) : null);

  // SKU, the unit cost, since when and the actions always show (docs/decisions.md).
  const columns: FitColumnType<SkuCostRow>[] = [
    {
      key: 'sku',
      title: t('costs.column.sku'),
      width: 150,
      priority: 'key',
      sorter: true,
      sortOrder: sortOrder('sku'),
      render: (_, r) => r.sku,
    },
    {
      key: 'model',
      width: 220,
      title: t('costs.column.model'),
      sorter: true,
      sortOrder: sortOrder('model'),
      render: (_, r) => <ModelCell model={r.model} name={lang === 'zh-CN' ? r.productName : r.productNameEn} />,
    },
    {
      key: 'line',
      title: t('costs.column.productLine'),
      width: 140,
      priority: 'detail',
      ellipsis: true,
      render: (_, r) => (lang === 'zh-CN' ? r.productLineName : r.productLineNameEn),
    },
    {
      key: 'lifecycle',
      title: t('costs.column.lifecycle'),
      width: 120,
      render: (_, r) => <LifecycleTag lifecycle={r.lifecycle} />,
    },
    {
      key: 'listings',
      title: t('costs.column.listings'),
      width: 100,
      priority: 'detail',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('listings'),
      render: (_, r) => r.listings,
    },
    {
      key: 'unitCost',
      title: t('costs.column.unitCost'),
      width: 160,
      priority: 'key',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('unitCost'),
      render: (_, r) =>
        r.unitCost === null ? (
          <Tag color="orange">{t('costs.noEntries')}</Tag>
        ) : (
          <span className="bo-num">{formatCost(r.unitCost)}</span>
        ),
    },
    {
      key: 'effectiveFrom',
      title: t('costs.column.since'),
      width: 130,
      priority: 'key',
      sorter: true,
      sortOrder: sortOrder('effectiveFrom'),
      render: (_, r) => r.effectiveFrom ?? '—',
    },
    {
      key: 'entries',
      title: t('costs.column.entries'),
      width: 100,
      priority: 'detail',
      align: 'right',
      render: (_, r) => r.entries,
    },
    {
      key: 'actions',
      title: t('costs.column.actions'),
      width: 100,
      priority: 'key',
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r)} data-testid={`cost-history-${r.sku}`}>
          {t('costs.history')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap align="start">
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={query.keyword}
            key={query.keyword ?? ''}
            placeholder={t('costs.filter.keyword')}
            onSearch={(keyword) => change({ keyword: keyword.trim() || undefined, pageNum: 1 })}
            style={{ width: 220 }}
            data-testid="costs-filter-keyword"
          />
          <ProductLineSelect
            value={query.productLineId}
            onChange={(productLineId) => change({ productLineId, pageNum: 1 })}
            placeholder={t('costs.filter.productLine')}
            style={{ width: 170 }}
            testId="costs-filter-line"
          />
          <Checkbox
            checked={query.missing === 'true'}
            onChange={(e) => change({ missing: e.target.checked ? 'true' : undefined, pageNum: 1 })}
            data-testid="costs-filter-missing"
          >
            {t('costs.filter.missingCost')}
          </Checkbox>
        </Space>
        <Space wrap>
          <CostImportButton
            kind="sku-costs"
            permission="product:cost:import"
            template={ep.skuCostTemplate}
            invalidates={[costKeys.unitCosts(), costKeys.boms(), ['sales']]}
          />
          <Can permission="product:cost:export">
            <ExportButton
              label={t('sales.export.table')}
              testId="costs-export"
              fetchFile={(options) => download(ep.exportSkuCosts, { query: exportQuery }, options)}
            />
          </Can>
        </Space>
      </Space>
      <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        <FitTable<SkuCostRow>
          tableId="costs.unitCosts"
          rowKey="skuId"
          data-testid="unit-costs-table"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          onChange={tableChangeHandler<SkuCostRow, CostListQuery['sortField']>(
            COST_SORT_FIELDS,
            'sku',
            query.pageSize,
            inContractOrder(change),
          )}
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
      <CostHistoryDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
}
