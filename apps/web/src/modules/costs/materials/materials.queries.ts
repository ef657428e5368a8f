/** Materials (/mcost): options, one material with its prices, and the writes (the kit's list reads under costKeys.materials()). Prices feed BOM costs. */
import { type EndpointBodyInput, STATUS } from '@bo/contract';
import * as ep from '@bo/contract/costs/materials';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/http/api-error';
import { call } from '../../../shared/http/http-client';
import { useInvalidate } from '../../../shared/http/use-invalidate';
import { costKeys } from '../costs.keys';

export const useMaterialOptions = () =>
  useQuery({
    queryKey: costKeys.materialOptions(),
    queryFn: ({ signal }) => call(ep.materialOptions, {}, { signal }),
  });

export const useMaterial = (id: number | null) =>
  useQuery({
    queryKey: costKeys.material(id ?? 0),
    queryFn: ({ signal }) => call(ep.getMaterial, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });

/** A material as the server has it now (after a save, for the stale banner's Reload); null when it is gone. */
export async function fetchMaterial(id: number) {
  try {
    return await call(ep.getMaterial, { params: { id } }, { silent: true });
  } catch (err) {
    if (isApiError(err) && err.status === STATUS.NOT_FOUND) return null;
    throw err;
  }
}

export type CreateMaterialBody = EndpointBodyInput<typeof ep.createMaterial>;
export type UpdateMaterialBody = EndpointBodyInput<typeof ep.updateMaterial>;

/** A material or its prices changed: the lists, that material, the options, and the BOM costs built from them. */
function useInvalidateMaterials() {
  return useInvalidate(costKeys.materials(), costKeys.boms());
}

export function useCreateMaterial() {
  const invalidate = useInvalidateMaterials();
  return useMutation({
    mutationFn: (body: CreateMaterialBody) => call(ep.createMaterial, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateMaterial() {
  const invalidate = useInvalidateMaterials();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateMaterialBody }) =>
      call(ep.updateMaterial, { params: { id }, body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useSetMaterialPrice() {
  const invalidate = useInvalidateMaterials();
  return useMutation({
    mutationFn: ({ id, effectiveFrom, unitPrice }: { id: number; effectiveFrom: string; unitPrice: number }) =>
      call(ep.setMaterialPrice, { params: { id }, body: { effectiveFrom, unitPrice } }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteMaterialPrice() {
  const invalidate = useInvalidateMaterials();
  return useMutation({
    mutationFn: (p: { id: number; effectiveFrom: string }) => call(ep.deleteMaterialPrice, { params: p }),
    onSuccess: invalidate,
  });
}
