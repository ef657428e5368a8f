/**
 * The periods a sales screen offers in one click, as pure functions of "today" so that
 * they are tested without a clock. Dates are marketplace-local calendar days
 * (yyyy-MM-dd); "last N days" are the N complete days before today, like the server's
 * default period, so that a figure never includes a day still being counted.
 */
import { MAX_PERIOD_DAYS } from '@bo/contract/sales/sales-profit';
import dayjs, { type Dayjs } from 'dayjs';

export const DAY_FORMAT = 'YYYY-MM-DD';

export interface Period {
  startDate: string;
  endDate: string;
}

/** A calendar quarter, as the server's quarter list gives it (e.g. 2026-Q3). */
export interface Quarter extends Period {
  quarter: string;
}

export type PresetKind = 'last7' | 'last30' | 'last90' | 'thisMonth' | 'lastMonth' | 'thisQuarter' | 'lastQuarter' | 'quarter';

export interface PeriodPreset extends Period {
  /** Unique among the presets: the kind, or `q:2026-Q2` for an earlier quarter. */
  key: string;
  kind: PresetKind;
  /** The quarter's name for kind 'quarter'. */
  quarter?: string;
}

/** The period a screen opens with when the link names none. */
export const DEFAULT_PRESET: PresetKind = 'last30';

/** Earlier quarters offered beside this and last quarter, when the server lists them. */
const EARLIER_QUARTERS = 4;

const fmt = (d: Dayjs) => d.format(DAY_FORMAT);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written yyyy-MM-dd (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = dayjs(value);
  return d.isValid() && fmt(d) === value;
}

/** The calendar quarter a day falls in. */
export function quarterOf(day: string): Quarter {
  const d = dayjs(day);
  const index = Math.floor(d.month() / 3);
  const start = d.month(index * 3).date(1);
  return { quarter: `${d.year()}-Q${index + 1}`, startDate: fmt(start), endDate: fmt(start.add(3, 'month').subtract(1, 'day')) };
}

const lastDays = (today: Dayjs, n: number): Period => {
  const end = today.subtract(1, 'day');
  return { startDate: fmt(end.subtract(n - 1, 'day')), endDate: fmt(end) };
};

/** A period that has not ended yet stops at today. */
const upToToday = (p: Period, today: string): Period => ({
  startDate: p.startDate,
  endDate: p.endDate > today ? today : p.endDate,
});

/**
 * Last 7/30/90 days, this and last month, this and last quarter, then (when the server's
 * quarter list is given) up to four earlier quarters that hold sales, newest first.
 */
export function periodPresets(today: string, quarters: readonly Quarter[] | null = null): PeriodPreset[] {
  const t = dayjs(today);
  const monthStart = t.startOf('month');
  const lastMonthStart = monthStart.subtract(1, 'month');
  const thisQuarter = quarterOf(today);
  const lastQuarter = quarterOf(fmt(dayjs(thisQuarter.startDate).subtract(1, 'day')));
  const presets: PeriodPreset[] = [
    { key: 'last7', kind: 'last7', ...lastDays(t, 7) },
    { key: 'last30', kind: 'last30', ...lastDays(t, 30) },
    { key: 'last90', kind: 'last90', ...lastDays(t, 90) },
    { key: 'thisMonth', kind: 'thisMonth', startDate: fmt(monthStart), endDate: today },
    { key: 'lastMonth', kind: 'lastMonth', startDate: fmt(lastMonthStart), endDate: fmt(monthStart.subtract(1, 'day')) },
    { key: 'thisQuarter', kind: 'thisQuarter', ...upToToday(thisQuarter, today) },
    { key: 'lastQuarter', kind: 'lastQuarter', startDate: lastQuarter.startDate, endDate: lastQuarter.endDate },
  ];
  if (quarters) {
    const earlier = quarters
      .filter((q) => q.endDate < lastQuarter.startDate && isCalendarDay(q.startDate) && isCalendarDay(q.endDate))
      .sort((a, b) => b.startDate.localeCompare(a.startDate))
      .slice(0, EARLIER_QUARTERS);
    for (const q of earlier) {
      presets.push({ key: `q:${q.quarter}`, kind: 'quarter', quarter: q.quarter, startDate: q.startDate, endDate: q.endDate });
    }
  }
  return presets;
}

/** The preset a period is exactly, or null for a custom range. */
export function matchPreset(period: Period, presets: readonly PeriodPreset[]): PeriodPreset | null {
  return presets.find((p) => p.startDate === period.startDate && p.endDate === period.endDate) ?? null;
}

/** The default period (last 30 complete days). */
export function defaultPeriod(today: string): Period {
  return lastDays(dayjs(today), 30);
}

/** Days in a period, both ends included. */
export function periodDays(p: Period): number {
  return dayjs(p.endDate).diff(dayjs(p.startDate), 'day') + 1;
}

/** A period the API accepts: real days, in order, at most MAX_PERIOD_DAYS long. */
export function isValidPeriod(p: Partial<Period>): p is Period {
  if (!p.startDate || !p.endDate || !isCalendarDay(p.startDate) || !isCalendarDay(p.endDate)) return false;
  return p.startDate <= p.endDate && periodDays(p as Period) <= MAX_PERIOD_DAYS;
}

/** The period a link names, or the default one when it names none or an invalid one. */
export function resolvePeriod(p: Partial<Period>, today: string): Period {
  return isValidPeriod(p) ? { startDate: p.startDate, endDate: p.endDate } : defaultPeriod(today);
}

export const todayLocal = (): string => fmt(dayjs());
