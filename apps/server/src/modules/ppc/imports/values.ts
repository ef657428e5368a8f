/** Reading the cells of ad reports: days in the spellings the console uses, money, counts. */
import { parseInteger, parseMoney } from '../../imports/parsers';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_FIRST_MARKETS = new Set(['US', 'CA']);

const iso = (y: number, m: number, d: number): string | null => {
  const t = Date.UTC(y, m - 1, d);
  const s = new Date(t).toISOString().slice(0, 10);
  return y >= 2000 &&
    y <= 2100 &&
    s === `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
    ? s
    : null;
};

/**
 * A day as yyyy-MM-dd: `2026-03-10`, `20260310`, `Mar 10, 2026`, `10.03.2026`, and
 * `03/10/2026` (month first on the US and CA consoles, day first elsewhere). Null when not a day.
 */
export function readDay(text: string, marketCode: string): string | null {
  const s = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf((m[1] ?? '').toLowerCase()) + 1;
    return month ? iso(Number(m[3]), month, Number(m[2])) : null;
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) {
    return MONTH_FIRST_MARKETS.has(marketCode)
      ? iso(Number(m[3]), Number(m[1]), Number(m[2]))
      : iso(Number(m[3]), Number(m[2]), Number(m[1]));
  }
  return null;
}

/** Money as a decimal string and the currency its symbol names; empty → 0. */
export function readAmount(text: string): { amount: string; currency: string | null } | null {
  if (text.trim() === '' || text.trim() === '-') return { amount: '0.00', currency: null };
  return parseMoney(text);
}

/** A count; empty → 0; "1,234" and "1234.0" read as 1234. */
export function readCount(text: string): number | null {
  const s = text.trim();
  if (s === '' || s === '-') return 0;
  if (/^\d+\.0+$/.test(s)) return Number(s.split('.')[0]);
  const n = parseInteger(s);
  return n === null || n < 0 || n > 2_000_000_000 ? null : n;
}
