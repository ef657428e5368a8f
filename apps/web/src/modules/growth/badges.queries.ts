/** Badges: query keys (the kit's lists read under badgeKeys.*), what the caller may do, a wall, and the writes. */
import type { EndpointBodyInput } from '@bo/contract';
import * as ep from '@bo/contract/growth/badges';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const badgeKeys = {
  all: ['badges'] as const,
  defs: ['badges', 'defs'] as const,
  awards: ['badges', 'awards'] as const,
  access: ['badges', 'access'] as const,
  wall: (employeeId: number | null) => ['badges', 'wall', employeeId] as const,
};

export const badgeAccessQuery = queryOptions({
  queryKey: badgeKeys.access,
  queryFn: ({ signal }) => call(ep.badgeAccess, {}, { signal }),
  staleTime: 60_000,
});
export const useBadgeAccess = () => useQuery(badgeAccessQuery);

export const useBadgeWall = (employeeId: number | null) =>
  useQuery({
    queryKey: badgeKeys.wall(employeeId),
    queryFn: ({ signal }) => call(ep.badgeWall, { query: employeeId === null ? {} : { employeeId } }, { signal, silent: true }),
  });

/** The active badges, for the award form's choice (a company has tens of them, not thousands). */
export const useActiveBadges = (enabled: boolean) =>
  useQuery({
    queryKey: [...badgeKeys.defs, 'active'],
    queryFn: ({ signal }) => call(ep.listBadges, { query: { state: 'active', pageNum: 1, pageSize: 500 } }, { signal }),
    enabled,
  });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: badgeKeys.all }) });
}

export const useSaveBadge = () =>
  useWrite(({ id, body }: { id: number | null; body: EndpointBodyInput<typeof ep.updateBadge> }) => {
    if (id !== null) return call(ep.updateBadge, { params: { id }, body }, { silent: true });
    const { version: _v, ...rest } = body;
    return call(ep.createBadge, { body: rest }, { silent: true });
  });
export const useBadgeAction = () =>
  useWrite(({ id, body }: { id: number; body: EndpointBodyInput<typeof ep.actOnBadge> }) =>
    call(ep.actOnBadge, { params: { id }, body }, { silent: true }),
  );
export const useDeleteBadge = () => useWrite((id: number) => call(ep.deleteBadge, { params: { id } }, { silent: true }));
export const useAwardBadge = () =>
  useWrite((body: EndpointBodyInput<typeof ep.awardBadge>) => call(ep.awardBadge, { body }, { silent: true }));
export const useRevokeAward = () =>
  useWrite(({ id, body }: { id: number; body: EndpointBodyInput<typeof ep.revokeAward> }) =>
    call(ep.revokeAward, { params: { id }, body }, { silent: true }),
  );
