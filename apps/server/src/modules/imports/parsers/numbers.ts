/**
 * Decides what a number, an amount of money or a percentage written in a report cell means:
 * which of `.` and `,` is the decimal separator, which currency a symbol or code names, and
 * which cells count as empty. Amounts come out as decimal strings (no floating point).
 */

/** Locales whose numbers use a decimal comma (1.234,56). Everything else is read with a decimal point. */
const DECIMAL_COMMA_LOCALES: ReadonlySet<string> = new Set(['de', 'fr', 'it', 'es', 'nl', 'sv', 'se', 'pl', 'pt', 'tr']);

/** Cells that mean "no value" in Amazon exports. */
const EMPTY_TOKENS: ReadonlySet<string> = new Set(['', '-', '--', '—', '–', 'n/a', 'na', 'null']);

/**
 * Currency symbols and codes as they appear before or after an amount. `market` is the marketplace
 * code (see MARKETS) the symbol pins down on its own, or null when it is shared (`$`, `€`).
 * Any other three-letter ISO code before or after an amount is accepted as that currency.
 */
export const CURRENCY_SYMBOLS: readonly { symbol: string; currency: string; market: string | null }[] = [
  { symbol: '$', currency: 'USD', market: null },
  { symbol: 'US$', currency: 'USD', market: 'US' },
  { symbol: 'USD', currency: 'USD', market: 'US' },
  { symbol: 'MX$', currency: 'MXN', market: null },
  { symbol: 'CA$', currency: 'CAD', market: 'CA' },
  { symbol: 'C$', currency: 'CAD', market: 'CA' },
  { symbol: 'CAD', currency: 'CAD', market: 'CA' },
  { symbol: 'A$', currency: 'AUD', market: 'AU' },
  { symbol: 'AU$', currency: 'AUD', market: 'AU' },
  { symbol: 'AUD', currency: 'AUD', market: 'AU' },
  { symbol: 'S$', currency: 'SGD', market: 'SG' },
  { symbol: 'SG$', currency: 'SGD', market: 'SG' },
  { symbol: 'SGD', currency: 'SGD', market: 'SG' },
  { symbol: '£', currency: 'GBP', market: 'UK' },
  { symbol: 'GBP', currency: 'GBP', market: 'UK' },
  // NFKC turns the full-width ￥ into ¥ before the look-up.
  { symbol: '¥', currency: 'JPY', market: 'JP' },
  { symbol: 'JP¥', currency: 'JPY', market: 'JP' },
  { symbol: '円', currency: 'JPY', market: 'JP' },
  { symbol: 'JPY', currency: 'JPY', market: 'JP' },
  { symbol: '€', currency: 'EUR', market: null },
  { symbol: 'EUR', currency: 'EUR', market: null },
  { symbol: 'kr', currency: 'SEK', market: 'SE' },
  { symbol: 'SEK', currency: 'SEK', market: 'SE' },
  { symbol: 'zł', currency: 'PLN', market: 'PL' },
  { symbol: 'PLN', currency: 'PLN', market: 'PL' },
  { symbol: 'R$', currency: 'BRL', market: null },
  { symbol: '₹', currency: 'INR', market: null },
];

/** Currencies written without decimals. */
const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set(['JPY']);

const SYMBOLS = new Map(CURRENCY_SYMBOLS.map((s) => [s.symbol.toLowerCase(), s]));

/** Compatibility forms folded (full-width digits, ￥, ％), odd spaces made plain, trimmed. Printable ASCII needs no folding. */
function clean(text: string): string {
  if (/^[ -~]*$/.test(text)) return text.trim();
  return text
    .normalize('NFKC')
    .replace(/[\u00a0\u202f\u2007\u2009]/g, ' ')
    .trim();
}

/** True when a cell carries no value (blank, `-`, `--`, `N/A`). */
export function isEmptyCell(text: string | undefined | null): boolean {
  return text == null || EMPTY_TOKENS.has(clean(text).toLowerCase());
}

export function decimalSeparatorOf(locale: string | null | undefined): ',' | '.' {
  return locale && DECIMAL_COMMA_LOCALES.has(locale.toLowerCase().slice(0, 2)) ? ',' : '.';
}

type Mode = 'integer' | 'money' | 'percent';

/**
 * Splits the digits-and-separators body of a number into integer and fraction digits.
 * Spaces and apostrophes only ever group. With both `.` and `,` present the last one is the decimal
 * separator. A lone separator followed by exactly 2 digits is decimal; followed by exactly 3 digits
 * it groups thousands for counts and money (neither has 3 decimals) but is decimal for percentages;
 * otherwise the locale decides. Grouping must be regular (1–3 digits, then blocks of 3).
 */
function readDecimal(body: string, mode: Mode, locale: string | null | undefined): { int: string; frac: string } | null {
  if (/^\d+$/.test(body)) return { int: body.replace(/^0+(?=\d)/, ''), frac: '' };
  if (!/^\d[\d.,' ]*$/.test(body) || !/\d$/.test(body)) return null;
  const runs = body.split(/[.,' ]/);
  const seps = (body.match(/[.,' ]/g) ?? []).map((s) => (s === "'" ? ' ' : s));
  if (runs.some((r) => r === '')) return null;
  if (seps.length === 0) return { int: body, frac: '' };

  const last = seps.length - 1;
  const lastSep = seps[last]!;
  let decimalAt = -1;
  if (lastSep !== ' ') {
    const other = lastSep === '.' ? ',' : '.';
    const sameCount = seps.filter((s) => s === lastSep).length;
    if (seps.includes(other)) {
      if (sameCount > 1) return null;
      decimalAt = last;
    } else if (sameCount === 1) {
      const fracLen = runs[last + 1]!.length;
      if (fracLen === 2 || mode === 'percent') decimalAt = last;
      else if (fracLen === 3) decimalAt = -1;
      else if (!locale) decimalAt = last;
      else decimalAt = lastSep === decimalSeparatorOf(locale) ? last : -1;
    }
  }

  const groupSeps = seps.filter((_, i) => i !== decimalAt);
  const intRuns = decimalAt === -1 ? runs : runs.slice(0, decimalAt + 1);
  if (groupSeps.length > 0) {
    if (new Set(groupSeps).size > 1) return null;
    const [head, ...rest] = intRuns;
    if (!head || head.length > 3 || (head.length > 1 && head.startsWith('0')) || head === '0') return null;
    if (rest.some((r) => r.length !== 3)) return null;
  }
  return { int: intRuns.join('').replace(/^0+(?=\d)/, ''), frac: decimalAt === -1 ? '' : runs[decimalAt + 1]! };
}

/** Strips one sign (leading `-`, `−`, `+`, or surrounding parentheses); returns the rest and whether it was negative. */
function takeSign(text: string): { rest: string; negative: boolean } {
  let s = text;
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    s = s.slice(1, -1).trim();
    negative = true;
  }
  if (/^[-−+]/.test(s)) {
    negative = negative !== (s[0] !== '+');
    s = s.slice(1).trim();
  }
  return { rest: s, negative };
}

/** A whole number such as `1,234` or `1.234`; null when empty or not a whole number. */
export function parseInteger(text: string, locale?: string | null): number | null {
  if (isEmptyCell(text)) return null;
  const { rest, negative } = takeSign(clean(text));
  const d = readDecimal(rest, 'integer', locale);
  if (!d || /[1-9]/.test(d.frac)) return null;
  const value = Number(d.int);
  if (!Number.isSafeInteger(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/** A percentage such as `18.53%`, `18,53 %` or a bare `18.53`; returns 18.53. Null when empty or not a number. */
export function parsePercent(text: string): number | null {
  if (isEmptyCell(text)) return null;
  const { rest, negative } = takeSign(clean(text).replace(/\s*%$/, ''));
  const d = readDecimal(rest, 'percent', null);
  if (!d) return null;
  const value = Number(d.frac ? `${d.int}.${d.frac}` : d.int);
  return negative && value !== 0 ? -value : value;
}

export interface MoneyReading {
  /** Decimal string with two places, e.g. "1937.41" or "-2.00". */
  amount: string;
  /** ISO code named by the symbol or code, null for a bare number. */
  currency: string | null;
  /** The symbol or code as written, null for a bare number. */
  symbol: string | null;
  /** Marketplace code the symbol alone pins down (e.g. 'UK' for £), else null. */
  market: string | null;
}

/** An amount with an optional currency symbol or code before or after it. Null when the text is not money. */
export function readMoney(text: string, locale?: string | null): MoneyReading | null {
  if (isEmptyCell(text)) return null;
  const { rest, negative: outerNegative } = takeSign(clean(text));
  const first = rest.search(/\d/);
  if (first === -1) return null;
  let last = rest.length - 1;
  while (!/\d/.test(rest[last]!)) last--;
  let prefix = rest.slice(0, first).trim();
  const suffix = rest.slice(last + 1).trim();
  const body = rest.slice(first, last + 1);

  // A sign may also sit between the symbol and the digits ("$-12.00", "€ -3,00").
  let negative = outerNegative;
  const innerSign = /[-−]\s*$/.exec(prefix);
  if (innerSign) {
    negative = !negative;
    prefix = prefix.slice(0, innerSign.index).trim();
  }
  if (prefix && suffix) return null;
  const token = prefix || suffix;
  let currency: string | null = null;
  let market: string | null = null;
  if (token) {
    const known = SYMBOLS.get(token.toLowerCase());
    if (known) {
      currency = known.currency;
      market = known.market;
    } else if (/^[A-Z]{3}$/.test(token)) {
      currency = token;
    } else {
      return null;
    }
  }

  const zeroDecimals = currency !== null && ZERO_DECIMAL_CURRENCIES.has(currency);
  const d = readDecimal(body, 'money', locale);
  if (!d || d.frac.length > 2 || (zeroDecimals && /[1-9]/.test(d.frac))) return null;
  const isZero = !/[1-9]/.test(d.int + d.frac);
  const amount = `${negative && !isZero ? '-' : ''}${d.int}.${d.frac.padEnd(2, '0')}`;
  return { amount, currency, symbol: token || null, market };
}

/** An amount such as `$1,937.41`, `1.234,56 €`, `SEK 199,00` or `19.99`; null when not money. */
export function parseMoney(text: string, locale?: string | null): { amount: string; currency: string | null } | null {
  const m = readMoney(text, locale);
  return m && { amount: m.amount, currency: m.currency };
}
