import type { SkuCostRow } from '@bo/contract/costs/unit-costs';
import * as ep from '@bo/contract/costs/unit-costs';
import { Tag } from 'antd';
import { useState } from 'react';
import { LifecycleTag } from '../../../shared/components/LifecycleTag';
import { download } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { costKeys } from '../costs.keys';
import { CostImportButton } from '../imports/CostImportButton';
import { datedColumns, openColumn, skuColumn } from '../shared/cost-columns';
import { formatCost } from '../shared/costs-format';
import { ModelCell } from '../shared/ModelCell';
import { SkuCostList, useSkuListQuery } from '../shared/SkuCostList';
import { CostHistoryDrawer } from './components/CostHistoryDrawer';
import { COST_SORT_FIELDS, costListUrlSchema, useCostList } from './unit-costs.queries';

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
  const { t, lang } = useTexts();
  const state = useSkuListQuery(URL_DEFAULTS, costListUrlSchema);
  const { query, sortOrder } = state;
  const list = useCostList(query);
  const [open, setOpen] = useState<SkuCostRow | null>(null);

  // SKU, the unit cost, since when and the actions always show (docs/decisions.md).
  const columns: FitColumnType<SkuCostRow>[] = [
    skuColumn<SkuCostRow>(t, sortOrder('sku')),
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
    ...datedColumns<SkuCostRow>(t, sortOrder('effectiveFrom'), 130),
    openColumn<SkuCostRow>(t, t('costs.history'), setOpen, (r) => `cost-history-${r.sku}`),
  ];

  return (
    <>
      <SkuCostList
        state={state}
        list={list}
        keywordTestId="costs-filter-keyword"
        missingLabel={t('costs.filter.missingCost')}
        missingTestId="costs-filter-missing"
        importButton={
          <CostImportButton
            kind="sku-costs"
            template={ep.skuCostTemplate}
            invalidates={[costKeys.unitCosts(), costKeys.boms(), ['sales']]}
          />
        }
        exportTestId="costs-export"
        exportFile={(options) => download(ep.exportSkuCosts, { query: state.exportQuery }, options)}
        tableId="costs.unitCosts"
        rowKey="skuId"
        tableTestId="unit-costs-table"
        columns={columns}
        sortFields={COST_SORT_FIELDS}
        emptyText={t('costs.empty')}
      />
      <CostHistoryDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
}
