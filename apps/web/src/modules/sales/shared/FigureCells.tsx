import { useEffect } from 'react';
import { markFirst } from '../../../shared/perf-marks';
import { formatCount, formatMargin, formatMoney } from './sales-format';

/** Money in a table cell: two decimals, separators; `signed` shows a loss in red. */
export function Money({ value, signed = false }: { value: number; signed?: boolean }) {
  return <span className={`bo-sales-num${signed && value < 0 ? ' bo-sales-negative' : ''}`}>{formatMoney(value)}</span>;
}

export function Count({ value }: { value: number }) {
  return <span className="bo-sales-num">{formatCount(value)}</span>;
}

/** The margin ratio as a percentage; a negative margin in red; none without revenue. */
export function Margin({ value }: { value: number | null }) {
  return <span className={`bo-sales-num${value !== null && value < 0 ? ' bo-sales-negative' : ''}`}>{formatMargin(value)}</span>;
}

/** Marks 'bo:first-table' once rows are on screen. */
export function useMarkFirstTable(rows: number): void {
  useEffect(() => {
    if (rows > 0) markFirst('table');
  }, [rows]);
}
