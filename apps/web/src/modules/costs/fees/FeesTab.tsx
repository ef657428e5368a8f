import { MARKETS } from '@bo/contract';
import type { SkuFeeRow } from '@bo/contract/costs/fees';
import * as ep from '@bo/contract/costs/fees';
import { Button, Checkbox, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { useLang } from '../../../shared/i18n/lang';
import { antdOrder, inContractOrder, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { ProductLineSelect } from '../../../shared/product-lines/ProductLineSelect';
import { type FitColumnType, FitTable } from '../../../shared/table/FitTable';
import { MoneyCell } from '../../../shared/table/NumberCells';
import { useUrlFilters } from '../../../shared/url-filters';
import { currencySymbol } from '../../sales/shared/sales-format';
import { costKeys } from '../costs.keys';
import { CostImportButton } from '../imports/CostImportButton';
import { formatRate } from '../shared/costs-format';
import { FEE_SORT_FIELDS, type FeeListQuery, feeListUrlSchema, useFeeList } from '../unit-costs/unit-costs.queries';
import { FeeHistoryDrawer } from './components/FeeHistoryDrawer';

const URL_DEFAULTS = {
  keyword: '',
  productLineId: '',
  marketId: '',
  missing: '',
  sortField: 'sku',
  sortOrder: 'asc',
  pageNum: '1',
  pageSize: '20',
} as const;

export const marketLabel = (id: number, lang: string) => {
  const m = MARKETS.find((x) => x.id === id);
  return m ? `${m.code} · ${lang === 'zh-CN' ? m.zh : m.en}` : String(id);
};

/** The fee tab: one row per SKU and marketplace (listed, or with a fee history). */
export function FeesTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, setFilters] = useUrlFilters(URL_DEFAULTS);
  const query = feeListUrlSchema.parse(
    Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === '' ? undefined : v])),
  );
  const list = useFeeList(query);
  const [open, setOpen] = useState<SkuFeeRow | null>(null);
  const change = (patch: Partial<FeeListQuery>) => setFilters(toUrlPatch(patch));
  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, query, setFilters);
  const { pageNum: _p, pageSize: _s, ...exportQuery } = query;
  const sortOrder = (key: FeeListQuery['sortField']) => (query.sortField === key ? antdOrder(query.sortOrder) : null);

  // SKU, marketplace, the two fees, since when and the actions always show (docs/decisions.md).
  const columns: FitColumnType<SkuFeeRow>[] = [
    {
      key: 'sku',
      title: t('costs.column.sku'),
      width: 150,
      priority: 'key',
      sorter: true,
      sortOrder: sortOrder('sku'),
      render: (_, r) => r.sku,
    },
    { key: 'model', title: t('costs.column.model'), width: 160, ellipsis: true, render: (_, r) => r.model },
    {
      key: 'marketId',
      title: t('costs.column.market'),
      width: 180,
      priority: 'key',
      sorter: true,
      sortOrder: sortOrder('marketId'),
      render: (_, r) => (
        <Space size={4}>
          {marketLabel(r.marketId, lang)}
          {!r.listed && <Tag>{t('costs.notListed')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'referralRate',
      title: t('costs.column.referralRate'),
      width: 140,
      priority: 'key',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('referralRate'),
      render: (_, r) =>
        r.referralRate === null ? (
          <Tag color="orange">{t('costs.noEntries')}</Tag>
        ) : (
          <span className="bo-num">{formatRate(r.referralRate)}</span>
        ),
    },
    {
      key: 'fbaFee',
      title: t('costs.column.fbaFee'),
      width: 150,
      priority: 'key',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('fbaFee'),
      render: (_, r) => <MoneyCell value={r.fbaFee} symbol={currencySymbol(r.currency)} />,
    },
    {
      key: 'effectiveFrom',
      title: t('costs.column.since'),
      width: 140,
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
        <Button type="link" size="small" onClick={() => setOpen(r)} data-testid={`fee-history-${r.sku}-${r.marketId}`}>
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
            data-testid="fees-filter-keyword"
          />
          <ProductLineSelect
            value={query.productLineId}
            onChange={(productLineId) => change({ productLineId, pageNum: 1 })}
            placeholder={t('costs.filter.productLine')}
            style={{ width: 170 }}
            testId="costs-filter-line"
          />
          <Select<number>
            allowClear
            placeholder={t('costs.filter.market')}
            value={query.marketId}
            onChange={(marketId) => change({ marketId, pageNum: 1 })}
            options={MARKETS.map((m) => ({ value: m.id, label: marketLabel(m.id, lang) }))}
            style={{ width: 170 }}
            data-testid="fees-filter-market"
          />
          <Checkbox
            checked={query.missing === 'true'}
            onChange={(e) => change({ missing: e.target.checked ? 'true' : undefined, pageNum: 1 })}
          >
            {t('costs.filter.missingFee')}
          </Checkbox>
        </Space>
        <Space wrap>
          <CostImportButton
            kind="sku-fees"
            permission="product:cost:import"
            template={ep.skuFeeTemplate}
            invalidates={[costKeys.fees(), ['sales']]}
          />
          <Can permission="product:cost:export">
            <ExportButton
              label={t('sales.export.table')}
              testId="fees-export"
              fetchFile={(options) => download(ep.exportSkuFees, { query: exportQuery }, options)}
            />
          </Can>
        </Space>
      </Space>
      <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        <FitTable<SkuFeeRow>
          tableId="costs.fees"
          rowKey={(r) => `${r.skuId}|${r.marketId}`}
          data-testid="fees-table"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          onChange={tableChangeHandler<SkuFeeRow, FeeListQuery['sortField']>(
            FEE_SORT_FIELDS,
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
      <FeeHistoryDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
}
