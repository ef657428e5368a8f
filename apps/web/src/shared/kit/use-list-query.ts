/**
 * The list hooks of the kit: the URL state of a list (from its endpoint's query schema),
 * and the page of rows it stands for (a GET list sends it as its query, a POST list as its body).
 */
import type { EndpointDef } from '@bo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { z } from 'zod';
import { call } from '../http/http-client';
import { useLatestSearchParams } from '../url-state';
import {
  clearedFilters,
  isFiltered,
  type ListPatch,
  type ListQuery,
  type ListSchema,
  readListQuery,
  writeListQuery,
} from './list-query';

export interface ListQueryState<S extends ListSchema> {
  query: ListQuery<S>;
  /** Writes the patch to the URL (replacing the history entry); a patch without pageNum goes to page 1. */
  set: (patch: ListPatch<S>) => void;
  /** Every filter back to its default. */
  clear: () => void;
  /** A filter is set: an empty list means "nothing matches", not "nothing yet". */
  filtered: boolean;
}

/**
 * `const { query, set } = useListQuery(ep.listLinks.query)`: the list's state, kept in the URL.
 * `fixed` values are the screen's, not the user's (the kind of templates a route lists): they
 * override the URL, are never written to it and do not count as filters.
 */
export function useListQuery<S extends ListSchema>(schema: S, fixed?: Partial<ListQuery<S>>): ListQueryState<S> {
  const [params, setParams] = useLatestSearchParams();
  const fixedKey = JSON.stringify(fixed ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed is compared by content, callers pass a literal
  const query = useMemo(() => ({ ...readListQuery(schema, params), ...fixed }) as ListQuery<S>, [schema, params, fixedKey]);
  const set = useCallback(
    (patch: ListPatch<S>) => setParams((current) => writeListQuery(schema, current, patch), { replace: true }),
    [schema, setParams],
  );
  const clear = useCallback(() => set(clearedFilters(schema)), [schema, set]);
  return { query, set, clear, filtered: isFiltered(schema, query, Object.keys(fixed ?? {})) };
}

/**
 * A list endpoint: its filters and paging as a query schema (GET), or as a body schema (a POST
 * list, the invitation plans'), and a page of rows.
 */
export type ListEndpoint = EndpointDef & { readonly data: z.ZodType } & (
    | { readonly query: ListSchema }
    | { readonly method: 'POST'; readonly body: ListSchema }
  );
/** The schema a list endpoint's filters and paging follow: its query, else its body. */
export type ListSchemaOf<E extends ListEndpoint> = E extends { readonly query: infer S extends ListSchema }
  ? S
  : E extends { readonly body: infer S extends ListSchema }
    ? S
    : never;
export const listSchemaOf = <E extends ListEndpoint>(endpoint: E): ListSchemaOf<E> =>
  (endpoint.query ?? endpoint.body) as ListSchemaOf<E>;
export type ListRow<E extends ListEndpoint> =
  z.output<E['data']> extends { list: readonly (infer R extends object)[] } ? R : never;

/** A list screen's list in one value: its endpoint, its query key and its URL state. */
export type KitList<E extends ListEndpoint> = ListQueryState<ListSchemaOf<E>> & {
  readonly endpoint: E;
  /** The resource's query key: its mutations invalidate every page under it. */
  readonly keyPrefix: readonly unknown[];
};

/**
 * `const list = useKitList(ep.listLinks, catalogKeys.links())`, then `<ListPage list={list} …>`:
 * `useListQuery` on the endpoint's schema (`fixed` as there) with the endpoint and the key beside it.
 */
export function useKitList<E extends ListEndpoint>(
  endpoint: E,
  keyPrefix: readonly unknown[],
  fixed?: Partial<ListQuery<ListSchemaOf<E>>>,
): KitList<E> {
  const state = useListQuery(listSchemaOf(endpoint), fixed);
  return { ...state, endpoint, keyPrefix };
}

/**
 * The page of rows a list query stands for. The previous page stays on screen while the
 * next one loads; a page emptied by a removal or a filter steps back to the last page.
 * `keyPrefix` is the resource's query key, so its mutations invalidate every page.
 */
export function useListRows<E extends ListEndpoint>(
  endpoint: E,
  state: ListQueryState<ListSchemaOf<E>>,
  keyPrefix: readonly unknown[],
  params?: Record<string, unknown>,
  /** Asks again every so many ms while this answers a number for the rows shown (a job's progress), not when false. */
  poll?: (rows: readonly ListRow<E>[]) => number | false,
) {
  const { query, set } = state;
  const refetchInterval = poll
    ? (q: { state: { data?: unknown } }) =>
        poll(((q.state.data as { list?: readonly ListRow<E>[] } | undefined)?.list ?? []) as readonly ListRow<E>[])
    : false;
  const result = useQuery({
    refetchInterval,
    queryKey: [...keyPrefix, 'list', query, params ?? null],
    queryFn: ({ signal }) =>
      call(
        endpoint as EndpointDef,
        // A POST list sends the same values as its body.
        (endpoint.query ? { query, params } : { body: query, params }) as never,
        { signal },
      ) as Promise<z.output<E['data']>>,
    placeholderData: keepPreviousData,
  });
  const page = result.data as { list?: readonly ListRow<E>[]; total?: number } | undefined;
  const total = page?.total ?? 0;
  const q = query as { pageNum?: number; pageSize?: number };
  const lastPage = Math.max(1, Math.ceil(total / (q.pageSize ?? 20)));
  useEffect(() => {
    if (page && q.pageNum !== undefined && q.pageNum > lastPage)
      set({ pageNum: lastPage } as unknown as ListPatch<ListSchemaOf<E>>);
  }, [page, q.pageNum, lastPage, set]);
  return { ...result, rows: (page?.list ?? []) as readonly ListRow<E>[], total };
}
