/** Chart data of the sales-data screens, kept out of the components so it can be tested. */
import type { Measure } from '@bo/contract/sales/sales-profit';

export interface Slice {
  name: string;
  value: number;
}

/**
 * The groups with the largest values of a measure (nulls left out), and for a pie the
 * same with every other group summed as "others" (never for the margin: ratios do not add up).
 */
export function topGroups(
  groups: readonly { name: string; value: number | null }[],
  measure: Measure,
  top: number,
  others: string,
) {
  const valued = groups.filter((g): g is Slice => g.value !== null);
  const sorted = [...valued].sort((a, b) => b.value - a.value);
  const items = sorted.slice(0, top);
  const rest = sorted.slice(top);
  const restSum = Math.round(rest.reduce((s, g) => s + g.value, 0) * 100) / 100;
  const withOthers = measure !== 'margin' && rest.length > 0 ? [...items, { name: others, value: restSum }] : items;
  return { items, withOthers };
}
