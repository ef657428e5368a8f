/** URL building for API calls: the /api base, `{id}` path params, index-free array params. */

export const API_BASE = '/api';

type Scalar = string | number | boolean | Date | null | undefined;
export type QueryValue = Scalar | readonly Scalar[];

const scalarText = (v: Scalar): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return String(v);
};

/**
 * `{a: [1, 2], b: 'x'}` → `a=1&a=2&b=x` (spec §7: arrays without indices). Empty values
 * (null, undefined) are left out; an empty array sends nothing.
 */
export function buildQueryString(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: readonly unknown[] = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      const text = scalarText(value as Scalar);
      if (text !== null) params.append(key, text);
    }
  }
  return params.toString();
}

/** Substitutes `{name}` segments of a contract path; a missing value is a programming error. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function apiUrl(
  path: string,
  params?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, unknown>>,
): string {
  const qs = buildQueryString(query);
  return `${API_BASE}/${fillPath(path, params).replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}
