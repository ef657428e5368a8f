/**
 * Reference data the sales screens pick from: the quarters that hold sales, the sales
 * teams with their directors, and (from the session load) product lines and positions.
 * They change rarely, so they are kept for ten minutes.
 */
import { salesProfit as ep } from '@bo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../../shared/http/http-client';
import { splitPermissions, usePermissionItems } from '../../access/session/session.queries';
import { salesKeys } from '../sales.keys';

const REFERENCE_STALE_MS = 10 * 60_000;

export const quartersQuery = () =>
  queryOptions({
    queryKey: salesKeys.quarters(),
    queryFn: ({ signal }) => call(ep.quarterList, {}, { signal }),
    staleTime: REFERENCE_STALE_MS,
  });

export const teamsQuery = () =>
  queryOptions({
    queryKey: salesKeys.teams(),
    queryFn: ({ signal }) => call(ep.teamNames, {}, { signal }),
    staleTime: REFERENCE_STALE_MS,
  });

/** Whether the user may open a page (a type-2 pattern), e.g. the sales-profit screen from the dashboard. */
export function useMayOpen(pattern: string): boolean {
  const { data: items } = usePermissionItems();
  return useMemo(() => splitPermissions(items ?? []).pages.has(pattern), [items, pattern]);
}

/** The server's quarter list where the user may read it (sales:profit); null otherwise or until it arrives. */
export function useQuarters() {
  const allowed = useMayOpen('sales:profit');
  const quarters = useQuery({ ...quartersQuery(), enabled: allowed });
  return allowed ? (quarters.data ?? null) : null;
}
