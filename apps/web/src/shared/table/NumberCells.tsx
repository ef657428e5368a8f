/**
 * Figure cells of the list kit: one line, tabular digits; money in compact form with
 * the exact figure as the tooltip (a native title, cheap on a page of rows).
 */
import { grouped } from '../format';
import { formatCompact, formatCompactMoney, formatExactMoney } from './compact-number';
import './table.css';

const NONE = '—';

/**
 * Money: "US$ 12.3k" with "US$ 12,345.67" on hover; `signed` shows a loss in red. Without a
 * symbol (the header names the currency) "12.3k" with "12,345.67" on hover.
 */
export function MoneyCell({
  value,
  symbol,
  signed = false,
}: {
  value: number | null | undefined;
  symbol?: string;
  signed?: boolean;
}) {
  if (value === null || value === undefined || !Number.isFinite(value)) return <span className="bo-num">{NONE}</span>;
  const [compact, exact] = symbol
    ? [formatCompactMoney(value, symbol), formatExactMoney(value, symbol)]
    : [formatCompact(value), grouped(value, 2)];
  return (
    <span className={`bo-num${signed && value < 0 ? ' bo-num-negative' : ''}`} title={exact}>
      {compact}
    </span>
  );
}

/** A count: "12,345" exact below 10k, "123k" above with the exact count on hover. */
export function CountCell({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined || !Number.isFinite(value)) return <span className="bo-num">{NONE}</span>;
  const exact = grouped(Math.round(value), 0);
  return (
    <span className="bo-num" title={exact}>
      {formatCompact(Math.round(value), 0)}
    </span>
  );
}

/** A ratio as a percentage with two decimals; `signed` shows a negative one in red. */
export function PercentCell({ value, signed = false }: { value: number | null | undefined; signed?: boolean }) {
  if (value === null || value === undefined || !Number.isFinite(value)) return <span className="bo-num">{NONE}</span>;
  return <span className={`bo-num${signed && value < 0 ? ' bo-num-negative' : ''}`}>{(value * 100).toFixed(2)}%</span>;
}
