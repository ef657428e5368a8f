/**
 * What the unit-cost and fee tabs of /productCost share: the list's query read leniently from
 * the URL, and the page around the table: keyword, product line, the tab's own filters and
 * "only missing", the import and the export on the right, then the server-paged, server-sorted table.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Checkbox, Input, Space } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { EmptyState, QueryStates } from '../../../shared/components/QueryStates';
import { antdOrder, inContractOrder, tableChangeHandler, toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { ProductLineSelect } from '../../../shared/product-lines/ProductLineSelect';
import { type FitColumnType, FitTable, type FitTableProps } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';

interface SkuListQuery {
  keyword?: string;
  productLineId?: number;
  missing?: 'true' | 'false';
  sortField: string;
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

/** The tab's query from the URL (`schema` reads each key leniently), how to change it, and the export's query. */
export function useSkuListQuery<Q extends SkuListQuery>(defaults: Readonly<Record<string, string>>, schema: z.ZodType<Q>) {
  const [filters, setFilters] = useUrlFilters(defaults);
  const query = schema.parse(Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === '' ? undefined : v])));
  const change = (patch: Partial<Q>) => setFilters(toUrlPatch(patch as Partial<Record<string, string | number>>));
  const sortOrder = (key: Q['sortField']) => (query.sortField === key ? antdOrder(query.sortOrder) : null);
  const { pageNum: _p, pageSize: _s, ...exportQuery } = query;
  return { query, setFilters, change, sortOrder, exportQuery };
}

interface Props<R extends object, Q extends SkuListQuery> {
  state: ReturnType<typeof useSkuListQuery<Q>>;
  list: UseQueryResult<{ list: R[]; total: number }>;
  keywordTestId: string;
  /** The tab's own filters, after the product line. */
  filters?: ReactNode;
  missingLabel: string;
  missingTestId?: string;
  /** The tab's import button, on the right before the export. */
  importButton: ReactNode;
  exportTestId: string;
  exportFile: ComponentProps<typeof ExportButton>['fetchFile'];
  tableId: string;
  rowKey: FitTableProps<R>['rowKey'];
  tableTestId: string;
  columns: FitColumnType<R>[];
  sortFields: readonly Q['sortField'][];
  emptyText: string;
}

export function SkuCostList<R extends object, Q extends SkuListQuery>(p: Props<R, Q>) {
  const { t } = useTranslation();
  const { query, setFilters, change } = p.state;
  const total = p.list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(p.list.data), total, query, setFilters);
  const patch = (x: Partial<SkuListQuery>) => change(x as Partial<Q>);
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap align="start">
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={query.keyword}
            key={query.keyword ?? ''}
            placeholder={t('costs.filter.keyword')}
            onSearch={(keyword) => patch({ keyword: keyword.trim() || undefined, pageNum: 1 })}
            style={{ width: 220 }}
            data-testid={p.keywordTestId}
          />
          <ProductLineSelect
            value={query.productLineId}
            onChange={(productLineId) => patch({ productLineId, pageNum: 1 })}
            placeholder={t('costs.filter.productLine')}
            style={{ width: 170 }}
            testId="costs-filter-line"
          />
          {p.filters}
          <Checkbox
            checked={query.missing === 'true'}
            onChange={(e) => patch({ missing: e.target.checked ? 'true' : undefined, pageNum: 1 })}
            data-testid={p.missingTestId}
          >
            {p.missingLabel}
          </Checkbox>
        </Space>
        <Space wrap>
          {p.importButton}
          <Can permission="product:cost:export">
            <ExportButton label={t('sales.export.table')} testId={p.exportTestId} fetchFile={p.exportFile} />
          </Can>
        </Space>
      </Space>
      <QueryStates pending={p.list.isPending} error={p.list.error} onRetry={() => void p.list.refetch()}>
        <FitTable<R>
          tableId={p.tableId}
          rowKey={p.rowKey}
          data-testid={p.tableTestId}
          columns={p.columns}
          dataSource={p.list.data?.list ?? []}
          loading={p.list.isFetching}
          onChange={tableChangeHandler<R, Q['sortField']>(p.sortFields, 'sku', query.pageSize, inContractOrder(patch))}
          locale={{ emptyText: <EmptyState filtered text={p.emptyText} /> }}
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
    </>
  );
}
