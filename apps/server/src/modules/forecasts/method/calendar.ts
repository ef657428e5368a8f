/**
 * Days as numbers (days since 1970-01-01, UTC) and the promotion calendar the method knows:
 * Prime Day (the Tuesday and Wednesday after 8 July), Prime Big Deal Days (the second Tuesday
 * and Wednesday of October) and Black Friday to Cyber Monday (four days from the Friday after
 * the fourth Thursday of November). The same days on every marketplace: Amazon runs its
 * events on the same days in the marketplaces we sell on, give or take one, and a day's
 * difference costs less than a calendar per marketplace to keep.
 */

export const EVENT_KINDS = ['primeDay', 'primeBigDeal', 'blackFriday'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

const MS_DAY = 86_400_000;

export const dayNum = (iso: string): number => Math.round(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / MS_DAY);
export const isoOf = (n: number): string => new Date(n * MS_DAY).toISOString().slice(0, 10);
/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (n: number): number => (((n + 4) % 7) + 7) % 7;
/** 0 January … 11 December. */
export const monthOf = (n: number): number => new Date(n * MS_DAY).getUTCMonth();
/** Day of the year, 0-based, on a 365-day year (29 February reads as 28 February). Cached per day. */
export function dayOfYear(n: number): number {
  const k = n - CACHE_FROM;
  if (k >= 0 && k < CACHE_DAYS) {
    const c = doyCache[k]!;
    if (c >= 0) return c;
    const v = dayOfYearOf(n);
    doyCache[k] = v;
    return v;
  }
  return dayOfYearOf(n);
}

/** Days cached: 1990 to 2090, where every real date of sales falls. */
const CACHE_FROM = 7305;
const CACHE_DAYS = 36_600;
const doyCache = new Int16Array(CACHE_DAYS).fill(-1);

function dayOfYearOf(n: number): number {
  const d = new Date(n * MS_DAY);
  const y = d.getUTCFullYear();
  const doy = n - dayNum(`${y}-01-01`);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return leap && doy >= 59 ? doy - 1 : doy;
}

/** The day number of the `nth` (1-based) `weekday` of a month (1-based). */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  const first = dayNum(`${year}-${String(month).padStart(2, '0')}-01`);
  return first + ((weekday - weekdayOf(first) + 7) % 7) + (nth - 1) * 7;
}

/** The promotion days of a year: day number → event kind. */
function eventsOfYear(year: number): [number, EventKind][] {
  const july8 = dayNum(`${year}-07-08`);
  const prime = july8 + ((2 - weekdayOf(july8) + 7) % 7);
  const october = nthWeekday(year, 10, 2, 2);
  const blackFriday = nthWeekday(year, 11, 4, 4) + 1;
  return [
    [prime, 'primeDay'],
    [prime + 1, 'primeDay'],
    [october, 'primeBigDeal'],
    [october + 1, 'primeBigDeal'],
    [blackFriday, 'blackFriday'],
    [blackFriday + 1, 'blackFriday'],
    [blackFriday + 2, 'blackFriday'],
    [blackFriday + 3, 'blackFriday'],
  ];
}

export interface EventCalendar {
  eventOf(day: number): EventKind | undefined;
}

/** Promotion days of every year as one set, built once. */
const EVENTS = new Map<number, EventKind>();
for (let y = 1990; y <= 2090; y++) for (const [d, k] of eventsOfYear(y)) EVENTS.set(d, k);

/** The built-in calendar. */
export function promotionCalendar(): EventCalendar {
  return { eventOf: (day) => EVENTS.get(day) };
}

/** A calendar of given days (tests). */
export const calendarOf = (days: Record<number, EventKind>): EventCalendar => ({ eventOf: (d) => days[d] });
