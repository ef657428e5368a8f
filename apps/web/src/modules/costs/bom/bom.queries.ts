/** Bills of materials (/bomcost): one BOM and applying its cost (the list is the kit's, under costKeys.boms()). */
import * as ep from '@bo/contract/costs/boms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { costKeys } from '../costs.keys';

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
