/** Bills of materials (/bomcost): the list with BOM and unit costs on a day, one BOM, applying its cost. */
import * as ep from '@bo/contract/costs/boms';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../../shared/http/http-client';
import { costKeys } from '../costs.keys';

const q = ep.listBoms.query.shape;
export const bomListUrlSchema = z.object({
  keyword: q.keyword.catch(undefined),
  productLineId: q.productLineId.catch(undefined),
  day: q.day.catch(undefined),
  differs: z.enum(['true', 'false']).optional().catch(undefined),
  sortField: q.sortField.catch('sku'),
  sortOrder: q.sortOrder.catch('asc'),
  pageNum: q.pageNum.catch(1),
  pageSize: q.pageSize.catch(20),
});
export type BomListQuery = z.output<typeof bomListUrlSchema>;
export const BOM_SORT_FIELDS = ep.BOM_SORT_FIELDS;

export const useBomList = (query: BomListQuery) =>
  useQuery({
    queryKey: costKeys.bomList(query),
    queryFn: ({ signal }) => call(ep.listBoms, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useBom = (skuId: number | null, day: string) =>
  useQuery({
    queryKey: costKeys.bom(skuId ?? 0, day),
    queryFn: ({ signal }) => call(ep.getBom, { params: { skuId: skuId ?? 0 }, query: { day } }, { signal }),
    enabled: skuId !== null,
  });

/** Applying writes a unit cost: the cost lists, the BOM comparison and every sales figure change. */
export function useApplyBomCost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ skuId, effectiveFrom }: { skuId: number; effectiveFrom: string }) =>
      call(ep.applyBomCost, { params: { skuId }, body: { effectiveFrom } }, { silent: true }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: costKeys.boms() }),
        client.invalidateQueries({ queryKey: costKeys.unitCosts() }),
        client.invalidateQueries({ queryKey: ['sales'] }),
      ]),
  });
}
