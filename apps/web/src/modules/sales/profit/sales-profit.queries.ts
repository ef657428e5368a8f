/**
 * The sales-profit screen (/salesProfit): one list per breakdown with its totals, the
 * listings without costs, the other costs (cost inductions) and their creation, and the
 * ASIN check the cost form uses. Creating a cost changes every figure, so it invalidates
 * all of `figures` (lists, totals, the dashboard, the cost list).
 */
import { type EndpointBodyInput, salesProfit as ep } from '@bo/contract';
import type {
  DirectorRow,
  Measures,
  ProductLineRow,
  SalesDimension,
  SalesFilter,
  ShopRow,
  SkuRow,
} from '@bo/contract/sales/sales-profit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { salesKeys } from '../sales.keys';

export interface RowOf {
  sku: SkuRow;
  shop: ShopRow;
  product_line: ProductLineRow;
  sale_director: DirectorRow;
}
export type ProfitRow = RowOf[SalesDimension];

export interface ProfitPage<R = ProfitRow> {
  list: R[];
  total: number;
  pageNum: number;
  pageSize: number;
  sum: Measures;
  startDate: string;
  endDate: string;
  currency: string;
}

const LIST_ENDPOINTS = {
  sku: ep.skuSalesProfit,
  shop: ep.shopSalesProfit,
  product_line: ep.productLineSalesProfit,
  sale_director: ep.directorSalesProfit,
} as const;

export type ProfitListQuery = SalesFilter & {
  sortField: string;
  sortOrder: 'ascend' | 'descend';
  pageNum: number;
  pageSize: number;
};

export const useProfitList = (dimension: SalesDimension, query: ProfitListQuery) =>
  useQuery({
    queryKey: salesKeys.profit(dimension, query),
    // The four endpoints take the same query; the server checks the sort field against the breakdown.
    queryFn: ({ signal }) =>
      call(LIST_ENDPOINTS[dimension] as typeof ep.skuSalesProfit, { query }, { signal }) as Promise<ProfitPage>,
    // Keep the old rows while a page or sort loads, but never show one breakdown's rows under another's columns.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === dimension ? previous : undefined),
  });

export const useMissingCosts = (query: SalesFilter, pageNum: number, pageSize: number) =>
  useQuery({
    queryKey: salesKeys.missingCosts({ ...query, pageNum, pageSize }),
    queryFn: ({ signal }) => call(ep.skuExistFee, { query: { ...query, pageNum, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCostInductions = (query: SalesFilter, pageNum: number, pageSize: number, enabled: boolean) =>
  useQuery({
    queryKey: salesKeys.costs({ ...query, pageNum, pageSize }),
    queryFn: ({ signal }) => call(ep.costInductionList, { query: { ...query, pageNum, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export type CostInductionBody = EndpointBodyInput<typeof ep.createCostInduction>;

export function useCreateCostInduction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CostInductionBody) => call(ep.createCostInduction, { body }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: salesKeys.figures() }),
  });
}

/** Where an ASIN is listed among the shops the user sees (one shop when given). */
export async function verifyAsin(asin: string, shopId: number | undefined) {
  const [result] = await call(ep.asinVerify, { body: shopId ? { asins: [asin], shopId } : { asins: [asin] } }, { silent: true });
  return result ?? { asin, valid: false, listings: [] };
}
