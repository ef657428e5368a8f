import { MARKETS } from '@bo/contract';
import type { SkuFeeRow } from '@bo/contract/costs/fees';
import * as ep from '@bo/contract/costs/fees';
import { Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { download } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { MoneyCell } from '../../../shared/table/NumberCells';
import { currencySymbol } from '../../sales/shared/sales-format';
import { costKeys } from '../costs.keys';
import { CostImportButton } from '../imports/CostImportButton';
import { datedColumns, openColumn, skuColumn } from '../shared/cost-columns';
import { formatRate } from '../shared/costs-format';
import { SkuCostList, useSkuListQuery } from '../shared/SkuCostList';
import { FEE_SORT_FIELDS, feeListUrlSchema, useFeeList } from '../unit-costs/unit-costs.queries';
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
  const { t, lang } = useTexts();
  const state = useSkuListQuery(URL_DEFAULTS, feeListUrlSchema);
  const { query, sortOrder } = state;
  const list = useFeeList(query);
  const [open, setOpen] = useState<SkuFeeRow | null>(null);

  // SKU, marketplace, the two fees, since when and the actions always show (docs/decisions.md).
  const columns: FitColumnType<SkuFeeRow>[] = [
    skuColumn<SkuFeeRow>(t, sortOrder('sku')),
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
    ...datedColumns<SkuFeeRow>(t, sortOrder('effectiveFrom'), 140),
    openColumn<SkuFeeRow>(t, t('costs.history'), setOpen, (r) => `fee-history-${r.sku}-${r.marketId}`),
  ];

  return (
    <>
      <SkuCostList
        state={state}
        list={list}
        keywordTestId="fees-filter-keyword"
        filters={
          <Select<number>
            allowClear
            placeholder={t('costs.filter.market')}
            value={query.marketId}
            onChange={(marketId) => state.change({ marketId, pageNum: 1 })}
            options={MARKETS.map((m) => ({ value: m.id, label: marketLabel(m.id, lang) }))}
            style={{ width: 170 }}
            data-testid="fees-filter-market"
          />
        }
        missingLabel={t('costs.filter.missingFee')}
        importButton={
          <CostImportButton kind="sku-fees" template={ep.skuFeeTemplate} invalidates={[costKeys.fees(), ['sales']]} />
        }
        exportTestId="fees-export"
        exportFile={(options) => download(ep.exportSkuFees, { query: state.exportQuery }, options)}
        tableId="costs.fees"
        rowKey={(r) => `${r.skuId}|${r.marketId}`}
        tableTestId="fees-table"
        columns={columns}
        sortFields={FEE_SORT_FIELDS}
        emptyText={t('costs.empty')}
      />
      <FeeHistoryDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
}
