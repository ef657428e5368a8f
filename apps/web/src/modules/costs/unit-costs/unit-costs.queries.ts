/**
 * Unit costs and marketplace fees (/productCost): lists, histories and their writes.
 * A write changes the list, the history and every sales figure (COGS, fees, profit).
 */
import * as fees from '@bo/contract/costs/fees';
import * as ep from '@bo/contract/costs/unit-costs';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../../shared/http/http-client';
import { useInvalidate } from '../../../shared/http/use-invalidate';
import { costKeys } from '../costs.keys';

const cq = ep.listSkuCosts.query.shape;
/** The cost tab's query string, read leniently. */
export const costListUrlSchema = z.object({
  keyword: cq.keyword.catch(undefined),
  productLineId: cq.productLineId.catch(undefined),
  missing: z.enum(['true', 'false']).optional().catch(undefined),
  sortField: cq.sortField.catch('sku'),
  sortOrder: cq.sortOrder.catch('asc'),
  pageNum: cq.pageNum.catch(1),
  pageSize: cq.pageSize.catch(20),
});
export type CostListQuery = z.output<typeof costListUrlSchema>;
export const COST_SORT_FIELDS = ep.SKU_COST_SORT_FIELDS;

const fq = fees.listSkuFees.query.shape;
export const feeListUrlSchema = z.object({
  keyword: fq.keyword.catch(undefined),
  productLineId: fq.productLineId.catch(undefined),
  marketId: fq.marketId.catch(undefined),
  missing: z.enum(['true', 'false']).optional().catch(undefined),
  sortField: fq.sortField.catch('sku'),
  sortOrder: fq.sortOrder.catch('asc'),
  pageNum: fq.pageNum.catch(1),
  pageSize: fq.pageSize.catch(20),
});
export type FeeListQuery = z.output<typeof feeListUrlSchema>;
export const FEE_SORT_FIELDS = fees.SKU_FEE_SORT_FIELDS;

export const useCostList = (query: CostListQuery) =>
  useQuery({
    queryKey: costKeys.unitCostList(query),
    queryFn: ({ signal }) => call(ep.listSkuCosts, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCostHistory = (skuId: number | null) =>
  useQuery({
    queryKey: costKeys.unitCostHistory(skuId ?? 0),
    queryFn: ({ signal }) => call(ep.getSkuCostHistory, { params: { skuId: skuId ?? 0 } }, { signal }),
    enabled: skuId !== null,
  });

export const useFeeList = (query: FeeListQuery) =>
  useQuery({
    queryKey: costKeys.feeList(query),
    queryFn: ({ signal }) => call(fees.listSkuFees, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useFeeHistory = (key: { skuId: number; marketId: number } | null) =>
  useQuery({
    queryKey: costKeys.feeHistory(key?.skuId ?? 0, key?.marketId ?? 0),
    queryFn: ({ signal }) =>
      call(fees.getSkuFeeHistory, { params: { skuId: key?.skuId ?? 0, marketId: key?.marketId ?? 0 } }, { signal }),
    enabled: key !== null,
  });

/** Costs feed COGS, fees and profit: the cost lists, BOM comparisons and every sales figure change. */
function useInvalidateCosts() {
  return useInvalidate(costKeys.unitCosts(), costKeys.fees(), costKeys.boms(), ['sales']);
}

export function useSetCost() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (body: { skuId: number; effectiveFrom: string; unitCost: number }) =>
      call(ep.setSkuCost, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteCost() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (p: { skuId: number; effectiveFrom: string }) => call(ep.deleteSkuCost, { params: p }),
    onSuccess: invalidate,
  });
}

export function useSetFee() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (body: { skuId: number; marketId: number; effectiveFrom: string; referralRate: number; fbaFee: number }) =>
      call(fees.setSkuFee, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteFee() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (p: { skuId: number; marketId: number; effectiveFrom: string }) => call(fees.deleteSkuFee, { params: p }),
    onSuccess: invalidate,
  });
}
