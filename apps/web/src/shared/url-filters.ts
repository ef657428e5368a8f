/**
 * List filters mirrored in the query string, so a copied link reopens the same view
 * (ARCHITECTURE "every list screen"). Values are strings or string lists; arrays use
 * repeated keys without indices (`market=0&market=1`), like the API. A value equal to
 * its default is left out of the URL, keeping links short.
 */
import { useCallback, useMemo } from 'react';
import { useLatestSearchParams } from './url-state';

export type FilterDefaults = Readonly<Record<string, string | readonly string[]>>;
export type Filters<D extends FilterDefaults> = { [K in keyof D]: D[K] extends string ? string : string[] };

const sameValue = (a: string | readonly string[], b: string | readonly string[]): boolean =>
  Array.isArray(a) || Array.isArray(b)
    ? Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i])
    : a === b;

export function readFilters<D extends FilterDefaults>(params: URLSearchParams, defaults: D): Filters<D> {
  const out: Record<string, string | string[]> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    if (Array.isArray(fallback)) out[key] = params.has(key) ? params.getAll(key).filter((v) => v !== '') : [...fallback];
    else out[key] = params.get(key) ?? (fallback as string);
  }
  return out as Filters<D>;
}

/** A new query string: `patch` applied over `params`; keys outside `defaults` are kept. */
export function writeFilters<D extends FilterDefaults>(
  params: URLSearchParams,
  defaults: D,
  patch: Partial<Filters<D>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch) as [string, string | string[] | undefined][]) {
    if (value === undefined) continue;
    next.delete(key);
    const fallback = defaults[key];
    if (fallback !== undefined && sameValue(value, fallback)) continue;
    if (Array.isArray(value)) for (const v of value) next.append(key, v);
    else if (value !== '' || (fallback !== undefined && fallback !== '')) next.set(key, value);
  }
  return next;
}

/**
 * `const [filters, setFilters, resetFilters] = useUrlFilters({ shop: '', market: [] })`.
 * Setting replaces the history entry, so typing in a filter does not flood "Back".
 */
export function useUrlFilters<D extends FilterDefaults>(defaults: D) {
  const [params, setParams] = useLatestSearchParams();
  // Callers pass an object literal: keep one copy per content, not per render.
  const key = JSON.stringify(defaults);
  const stable = useMemo(() => JSON.parse(key) as D, [key]);
  const filters = useMemo(() => readFilters(params, stable), [params, stable]);
  const setFilters = useCallback(
    (patch: Partial<Filters<D>>) => setParams((current) => writeFilters(current, stable, patch), { replace: true }),
    [setParams, stable],
  );
  const resetFilters = useCallback(
    () => setParams((current) => writeFilters(current, stable, stable as unknown as Partial<Filters<D>>), { replace: true }),
    [setParams, stable],
  );
  return [filters, setFilters, resetFilters] as const;
}

/** One query-string value with a default: `const [tab, setTab] = useQueryState('tab', 'all')`. */
export function useQueryState(name: string, fallback = ''): readonly [string, (value: string) => void] {
  const [filters, setFilters] = useUrlFilters({ [name]: fallback });
  const set = useCallback((value: string) => setFilters({ [name]: value }), [setFilters, name]);
  return [filters[name] ?? fallback, set] as const;
}
