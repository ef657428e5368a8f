/**
 * How a row of a company-wide import reads in the preview: its values as label–value
 * pairs, leaving out ids and what its key already says.
 */
import { MARKETS } from '@bo/contract';
import { formatPercent } from '../../../shared/format';

const HIDDEN = new Set(['skuId', 'sku', 'code', 'type', 'items', 'effectiveFrom']);

/** The locale key of each value's label. */
export const VALUE_LABELS: Record<string, string> = {
  unitCost: 'costs.column.unitCost',
  referralRate: 'costs.column.referralRate',
  fbaFee: 'costs.column.fbaFee',
  marketId: 'costs.column.market',
  name: 'costs.mcost.name',
  unit: 'costs.mcost.unit',
  category: 'costs.mcost.category',
  supplier: 'costs.mcost.supplier',
  currency: 'costs.mcost.currency',
  unitPrice: 'costs.mcost.price',
  labour: 'costs.bomcost.labour',
  overhead: 'costs.bomcost.overhead',
  lines: 'costs.bomcost.lines',
};

const show = (key: string, value: string | number | null) => {
  if (value === null) return '—';
  if (key === 'marketId') return MARKETS.find((m) => m.id === Number(value))?.code ?? String(value);
  if (key === 'referralRate') return formatPercent(Number(value));
  if (typeof value === 'string' && /^-?\d+\.\d+$/.test(value)) return String(Number(value));
  return String(value);
};

/** [label key, shown value] pairs of a record's values. */
export function recordPairs(values: Record<string, string | number | null> | null): [string, string][] {
  if (!values) return [];
  return Object.entries(values)
    .filter(([k]) => !HIDDEN.has(k))
    .map(([k, v]) => [VALUE_LABELS[k] ?? k, show(k, v)]);
}
