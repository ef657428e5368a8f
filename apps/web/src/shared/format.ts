/**
 * Number and date display of spec §9. Missing or non-numeric values show as "-", so a
 * table cell never reads "NaN" or "undefined".
 */
import dayjs, { type ConfigType } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { readItem, STORAGE_KEYS } from './session/session-storage';

dayjs.extend(utc);
dayjs.extend(timezone);

export const EMPTY = '-';

type Num = number | string | null | undefined;

const toNumber = (value: Num): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

// One Intl.NumberFormat per decimals pair: toLocaleString with options builds a new one on every
// call, which was a measurable share of a large table's render.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** en-US thousands separators with `min` to `max` decimals: grouped(1234.5, 2, 2) → "1,234.50". */
export function grouped(n: number, min: number, max = min): string {
  const key = `${min}:${max}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, f);
  }
  return f.format(n);
}

/** A ratio as a percentage with two decimals: 0.1234 → "12.34%". */
export function formatPercent(ratio: Num): string {
  const n = toNumber(ratio);
  return n === null ? EMPTY : `${(n * 100).toFixed(2)}%`;
}

/** Thousands separators, up to two decimals: 1234567.891 → "1,234,567.89". */
export function formatThousands(value: Num): string {
  const n = toNumber(value);
  return n === null ? EMPTY : grouped(n, 0, 2);
}

/** Rounded to an integer: 1234.5 → "1235". */
export function formatInteger(value: Num): string {
  const n = toNumber(value);
  return n === null ? EMPTY : String(Math.round(n) + 0);
}

/** Exactly two decimals: 3.1 → "3.10". */
export function formatFloat2(value: Num): string {
  const n = toNumber(value);
  return n === null ? EMPTY : n.toFixed(2);
}

/** Money and counts in tables: thousands separators and exactly two decimals. */
export function formatAmount(value: Num): string {
  const n = toNumber(value);
  return n === null ? EMPTY : grouped(n, 2);
}

/**
 * The decimals of every figure on screen (docs/decisions.md): money 2, ratios as percent 2
 * (margin, ACoS, shares), counts 0. Unit prices and unit costs keep up to 4 (as stored).
 */
export const DECIMALS = { money: 2, percent: 2, count: 0 } as const;

/** A count (units, orders, rows): thousands separators, no decimals: 12345.6 → "12,346". */
export function formatCount(value: Num): string {
  const n = toNumber(value);
  return n === null ? EMPTY : grouped(Math.round(n) + 0, DECIMALS.count);
}

/** A share already in percent (a chart's 0–100 value): 12.345 → "12.35%". */
export function formatPercentValue(percent: Num): string {
  const n = toNumber(percent);
  return n === null ? EMPTY : `${n.toFixed(DECIMALS.percent)}%`;
}

/** A file size: 812 → "812 B", 1536 → "1.5 KB", 3_250_000 → "3.1 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb.toFixed(1)} KB`;
  return `${(kb / 1024).toFixed(1)} MB`;
}

/** The date formats of spec §9 (dayjs tokens for yyyy-MM-dd, HH:mm:ss, H:mm, M/D/YYYY). */
export const DATE_FORMATS = {
  date: 'YYYY-MM-DD',
  time: 'HH:mm:ss',
  shortTime: 'H:mm',
  usDate: 'M/D/YYYY',
  dateTime: 'YYYY-MM-DD HH:mm:ss',
} as const;

const validZone = (zone: string | null): zone is string => {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The zone timestamps are shown in: the signed-in user's profile time zone (kept in
 * localStorage `zoneId` at sign-in and on every profile load), else the browser's.
 */
export function displayTimeZone(): string | undefined {
  const zone = readItem('local', STORAGE_KEYS.zoneId);
  return validZone(zone) ? zone : undefined;
}

/** A moment in time (not a calendar day): a Date, epoch ms, or an ISO string with a time and a zone. */
const isInstant = (value: ConfigType): boolean =>
  value instanceof Date ||
  typeof value === 'number' ||
  (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim()));

/**
 * A timestamp in the profile's time zone with a dayjs pattern ("MM-DD HH:mm"). A calendar
 * day or a local time without a zone is shown as it is: it names no moment to convert.
 */
export function formatTimestamp(value: ConfigType | null | undefined, format: string = DATE_FORMATS.dateTime): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const d = dayjs(value);
  if (!d.isValid()) return EMPTY;
  const zone = isInstant(value) ? displayTimeZone() : undefined;
  return (zone ? d.tz(zone) : d).format(format);
}

const formatWith = (format: string) => (value: ConfigType | null | undefined) => formatTimestamp(value, format);

export const formatDate = formatWith(DATE_FORMATS.date);
export const formatTime = formatWith(DATE_FORMATS.time);
export const formatShortTime = formatWith(DATE_FORMATS.shortTime);
export const formatUsDate = formatWith(DATE_FORMATS.usDate);
export const formatDateTime = formatWith(DATE_FORMATS.dateTime);
