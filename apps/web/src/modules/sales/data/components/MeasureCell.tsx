import { type Measure, MONEY_MEASURES } from '@bo/contract/sales/sales-profit';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '../../../../shared/table/compact-number';
import { CountCell } from '../../../../shared/table/NumberCells';
import { Margin } from '../../shared/FigureCells';
import { currencySymbol, formatCount, formatMargin, formatMoney } from '../../shared/sales-format';

export const isMoney = (m: Measure) => (MONEY_MEASURES as readonly string[]).includes(m);

/**
 * One figure of a measure in a cell: counts, money (a loss in red), the margin as a
 * percentage. Money and counts are compact from ten thousand on ("12.3k"), the exact
 * figure on hover; the currency is in the measure's name.
 */
export function MeasureCell({ measure, value }: { measure: Measure; value: number | null }) {
  if (measure === 'margin') return <Margin value={value} />;
  if (measure === 'units' || measure === 'orders') return <CountCell value={value ?? 0} />;
  const v = value ?? 0;
  return (
    <span className={`bo-sales-num bo-num${measure === 'profit' && v < 0 ? ' bo-sales-negative' : ''}`} title={formatMoney(v)}>
      {formatCompact(v)}
    </span>
  );
}

/** The same figure as plain text (chart labels and tooltips). */
export function formatMeasure(measure: Measure, value: number | null): string {
  if (measure === 'margin') return formatMargin(value);
  if (measure === 'units' || measure === 'orders') return formatCount(value);
  return formatMoney(value ?? 0);
}

/** A measure's heading, with the currency for money. */
export function useMeasureTitle(currency: string) {
  const { t } = useTranslation();
  const symbol = currencySymbol(currency);
  return (m: Measure) => (isMoney(m) ? `${t(`sales.measure.${m}`)} (${symbol})` : t(`sales.measure.${m}`));
}
