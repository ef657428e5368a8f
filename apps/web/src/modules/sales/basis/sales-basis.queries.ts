/**
 * The queries of /salesBasisInfo. A rate change re-rates sales facts, so it invalidates
 * every sales figure (`figures`) besides the rates; a team change moves the director
 * breakdown and the director picker (`figures`, `teams`) besides the team lists.
 */
import { type EndpointBodyInput, type EndpointQueryInput, salesBasis as ep, session } from '@bo/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { salesKeys } from '../sales.keys';

export const basisKeys = {
  all: ['salesBasis'] as const,
  rates: () => [...basisKeys.all, 'rates'] as const,
  currencies: () => [...basisKeys.rates(), 'currencies'] as const,
  history: (currency: string, query: object) => [...basisKeys.rates(), 'history', currency, query] as const,
  series: (currency: string, query: object) => [...basisKeys.rates(), 'series', currency, query] as const,
  teams: () => [...basisKeys.all, 'teams'] as const,
  teamList: (query: object) => [...basisKeys.teams(), 'list', query] as const,
  lines: () => [...basisKeys.teams(), 'lines'] as const,
  users: () => [...basisKeys.all, 'users'] as const,
  markets: () => [...basisKeys.all, 'markets'] as const,
};

export const currenciesQuery = () =>
  queryOptions({ queryKey: basisKeys.currencies(), queryFn: ({ signal }) => call(ep.listCurrencies, {}, { signal }) });

export type RateHistoryQuery = EndpointQueryInput<typeof ep.listRates>;

export const useRateHistory = (currency: string, query: RateHistoryQuery) =>
  useQuery({
    queryKey: basisKeys.history(currency, query),
    queryFn: ({ signal }) => call(ep.listRates, { params: { currency }, query }, { signal }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === currency ? previous : undefined),
  });

export const useRateSeries = (currency: string, query: { startDate?: string; endDate?: string }) =>
  useQuery({
    queryKey: basisKeys.series(currency, query),
    queryFn: ({ signal }) => call(ep.rateSeries, { params: { currency }, query }, { signal }),
  });

function useInvalidate() {
  const client = useQueryClient();
  return (...keys: (readonly unknown[])[]) => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export type CreateRateBody = EndpointBodyInput<typeof ep.createRate>;

export function useRateMutations() {
  const invalidate = useInvalidate();
  const onSuccess = () => invalidate(basisKeys.rates(), salesKeys.figures());
  return {
    create: useMutation({ mutationFn: (body: CreateRateBody) => call(ep.createRate, { body }, { silent: true }), onSuccess }),
    update: useMutation({
      mutationFn: (v: { currency: string; effectiveFrom: string; rate: number; version: number }) =>
        call(
          ep.updateRate,
          { params: { currency: v.currency, effectiveFrom: v.effectiveFrom }, body: { rate: v.rate, version: v.version } },
          { silent: true },
        ),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (v: { currency: string; effectiveFrom: string }) => call(ep.deleteRate, { params: v }, { silent: true }),
      onSuccess,
    }),
  };
}

export type TeamListQuery = EndpointQueryInput<typeof ep.listTeams>;

export const useTeamList = (query: TeamListQuery) =>
  useQuery({
    queryKey: basisKeys.teamList(query),
    queryFn: ({ signal }) => call(ep.listTeams, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const teamLinesQuery = () =>
  queryOptions({ queryKey: basisKeys.lines(), queryFn: ({ signal }) => call(ep.teamProductLines, {}, { signal }) });

/** The company's users, for the director picker. */
export const directorOptionsQuery = () =>
  queryOptions({
    queryKey: basisKeys.users(),
    queryFn: ({ signal }) => call(session.userNames, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export type TeamBody = EndpointBodyInput<typeof ep.createTeam>;

export function useTeamMutations() {
  const invalidate = useInvalidate();
  const onSuccess = () => invalidate(basisKeys.teams(), salesKeys.teams(), salesKeys.figures());
  return {
    create: useMutation({ mutationFn: (body: TeamBody) => call(ep.createTeam, { body }, { silent: true }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: TeamBody & { version: number } }) =>
        call(ep.updateTeam, { params: { id }, body }, { silent: true }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(ep.deleteTeam, { params: { id } }, { silent: true }), onSuccess }),
  };
}

export const marketplacesQuery = () =>
  queryOptions({ queryKey: basisKeys.markets(), queryFn: ({ signal }) => call(ep.listMarketplaces, {}, { signal }) });
