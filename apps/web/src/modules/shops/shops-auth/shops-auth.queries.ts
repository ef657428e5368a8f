/**
 * Shop authorisations (/shop/auth): query keys, queries and mutations. Each mutation
 * invalidates exactly what it changes: the sellers list, the shops the user sees (names,
 * states, removed shops), the SP-API states, and the signed-in user's shop ids where a
 * registration links shops to them or a removal hides some.
 */
import { type EndpointBodyInput, shops as ep } from '@bo/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { useInvalidate } from '../../../shared/http/use-invalidate';
import { sessionKeys, userShopsKey } from '../../../shared/session/session-queries';

export const shopKeys = {
  all: ['shops'] as const,
  /** GET shops/user: the shops the signed-in user may see (pickers everywhere). */
  userShops: () => userShopsKey,
  auths: () => [...shopKeys.all, 'auth2'] as const,
  spStates: () => [...shopKeys.all, 'spAuthState'] as const,
};

export { userShopsQuery } from '../../../shared/session/session-queries';

export const useShopAuths = () =>
  useQuery({ queryKey: shopKeys.auths(), queryFn: ({ signal }) => call(ep.listShopAuths, {}, { signal }) });

export const useSpAuthStates = () =>
  useQuery({ queryKey: shopKeys.spStates(), queryFn: ({ signal }) => call(ep.spAuthStates, {}, { signal }) });

export type RegisterSellerBody = EndpointBodyInput<typeof ep.createShopAuth>;

export function useRegisterSeller() {
  const invalidate = useInvalidate(shopKeys.all, sessionKeys.currentUser());
  return useMutation({
    mutationFn: (body: RegisterSellerBody) => call(ep.createShopAuth, { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useRenameSeller() {
  const invalidate = useInvalidate(shopKeys.auths(), shopKeys.userShops());
  return useMutation({
    mutationFn: ({ sellerId, name, version }: { sellerId: string; name: string; version: number }) =>
      call(ep.updateShopAuth, { params: { sellerId }, body: { name, version } }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useRemoveSeller() {
  const invalidate = useInvalidate(shopKeys.all, sessionKeys.currentUser());
  return useMutation({
    mutationFn: (sellerId: string) => call(ep.deleteShopAuth, { params: { sellerId } }),
    onSuccess: invalidate,
  });
}

/** The authorisation switch of one shop; an unauthorised shop still counts as the user's. */
export function useSetShopAuthState() {
  const invalidate = useInvalidate(shopKeys.auths(), shopKeys.userShops());
  return useMutation({
    mutationFn: ({ shopId, state }: { shopId: number; state: 0 | 1 }) =>
      call(ep.setShopAuthState, { params: { shopId }, body: { state } }),
    onSuccess: invalidate,
  });
}

export function useSetShopPpcState() {
  const invalidate = useInvalidate(shopKeys.auths(), shopKeys.userShops());
  return useMutation({
    mutationFn: ({ shopId, state }: { shopId: number; state: 0 | 1 }) =>
      call(ep.setShopPpcState, { params: { shopId }, body: { state } }),
    onSuccess: invalidate,
  });
}

/** Records the SP-API authorisation of a shop (252 in demo mode); its seller's version moves too. */
export function useRecordSpAuth() {
  const invalidate = useInvalidate(shopKeys.spStates(), shopKeys.auths());
  return useMutation({
    mutationFn: (shopId: number) => call(ep.recordSpAuth, { body: { shopId } }),
    onSuccess: invalidate,
  });
}
