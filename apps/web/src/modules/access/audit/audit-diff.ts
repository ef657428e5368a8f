/** What an audit row changed, for the before/after view. */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Top-level keys whose values differ between before and after; none when either side is not an object. */
export function changedKeys(before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}

/** JSON for display: two-space indented; absent values read as null. */
export const prettyJson = (value: unknown): string => JSON.stringify(value ?? null, null, 2);
