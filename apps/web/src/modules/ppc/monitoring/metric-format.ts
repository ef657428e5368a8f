/** A metric's value as the screens show it: money in the reporting currency, ratios in percent, ROAS as a multiple. */
import type { PpcMetric } from '@bo/contract/ppc/board';
import { currencySymbol, formatCount, formatMargin, formatMoney, NONE } from '../../sales/shared/sales-format';

export function formatMetric(metric: PpcMetric, value: number | null, currency: string): string {
  if (value === null || !Number.isFinite(value)) return NONE;
  switch (metric) {
    case 'spend':
    case 'sales':
    case 'cpc':
      return `${currencySymbol(currency)} ${formatMoney(value)}`;
    case 'acos':
    case 'ctr':
    case 'cvr':
      return formatMargin(value);
    case 'roas':
      return value.toFixed(2);
    default:
      return formatCount(value);
  }
}

/** Ratios are typed as percent in the form and sent as fractions. */
export const isRatio = (metric: PpcMetric) => metric === 'acos' || metric === 'ctr' || metric === 'cvr';
