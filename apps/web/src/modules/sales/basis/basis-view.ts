/**
 * /salesBasisInfo's view as the query string holds it (a copied link reopens the same tab,
 * currency, chart range, page and sort), read leniently: what the API would refuse falls
 * back to its default. Plus the small rules the screen shows: how far back a rate change
 * may reach, rate formats, and the product-line options of a team.
 */
import { MAX_RERATE_DAYS, type OwnableLine, RATE_CURRENCIES, TEAM_SORT_FIELDS } from '@bo/contract/sales/sales-basis';

export const BASIS_TABS = ['rates', 'teams', 'markets'] as const;
export type BasisTab = (typeof BASIS_TABS)[number];
export const CHART_RANGES = ['3m', '1y', '3y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
type TeamSort = (typeof TEAM_SORT_FIELDS)[number];

export const BASIS_URL = {
  tab: 'rates',
  currency: RATE_CURRENCIES[0],
  range: '1y',
  order: 'descend',
  keyword: '',
  sortField: 'name',
  sortOrder: 'ascend',
  pageNum: '1',
  pageSize: '20',
} as const;
type Url = { [K in keyof typeof BASIS_URL]: string };

export interface BasisView {
  tab: BasisTab;
  currency: string;
  range: ChartRange;
  order: 'ascend' | 'descend';
  keyword: string;
  sortField: TeamSort;
  sortOrder: 'ascend' | 'descend';
  pageNum: number;
  pageSize: number;
}

const oneOf = <T extends string>(list: readonly T[], v: string, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);
const order = (v: string, fallback: 'ascend' | 'descend') => oneOf(['ascend', 'descend'] as const, v, fallback);
const int = (v: string, min: number, max: number, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export function readBasisView(url: Url): BasisView {
  return {
    tab: oneOf(BASIS_TABS, url.tab, 'rates'),
    currency: oneOf(RATE_CURRENCIES, url.currency, RATE_CURRENCIES[0]),
    range: oneOf(CHART_RANGES, url.range, '1y'),
    order: order(url.order, 'descend'),
    keyword: url.keyword.trim().slice(0, 100),
    sortField: oneOf(TEAM_SORT_FIELDS, url.sortField, 'name'),
    sortOrder: order(url.sortOrder, 'ascend'),
    pageNum: int(url.pageNum, 1, 100_000, 1),
    pageSize: int(url.pageSize, 1, 500, 20),
  };
}

/** Switching tab or currency starts at the first page. */
export const tabPatch = (tab: BasisTab) => ({ tab, pageNum: '1', keyword: '' });
export const currencyPatch = (currency: string) => ({ currency, pageNum: '1' });

const DAY = 86_400_000;
export const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const startOfUtcDay = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** The days a rate change may be dated (the server's rule, in UTC): [today − 92, tomorrow]. */
export function rateReach(now = new Date()): { oldest: string; latest: string } {
  const today = startOfUtcDay(now);
  return { oldest: utcDay(today - MAX_RERATE_DAYS * DAY), latest: utcDay(today + DAY) };
}

/** The chart's period for a range, ending tomorrow (an entry may be recorded for it). */
export function rangePeriod(range: ChartRange, now = new Date()): { startDate: string; endDate: string } {
  const end = startOfUtcDay(now) + DAY;
  const days = range === '3m' ? 92 : range === '1y' ? 365 : 3 * 365;
  return { startDate: utcDay(end - days * DAY), endDate: utcDay(end) };
}

/** A rate as USD per unit: 4 to 8 decimals, with separators. */
export const formatRate = (rate: number | null | undefined): string =>
  rate === null || rate === undefined || !Number.isFinite(rate)
    ? '—'
    : rate.toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 8 });

/** Units of the currency one USD buys (the way traders quote JPY or SEK), 4 decimals. */
export const formatInverse = (rate: number | null | undefined): string =>
  !rate ? '—' : (1 / rate).toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** Relative change from the previous entry, as a signed percent with two decimals; null without one. */
export function rateChange(current: number | null | undefined, previous: number | null | undefined): string | null {
  if (!current || !previous) return null;
  const pct = ((current - previous) / previous) * 100;
  const text = Math.abs(pct).toFixed(2);
  if (text === '0.00') return '0.00%';
  return `${pct > 0 ? '+' : '−'}${text}%`;
}

export interface LineOptionGroup {
  label: string;
  options: { value: number; label: string; search: string; ownerName: string | null; disabled: boolean }[];
}

/**
 * The lines a team may pick, grouped by their parent: a line of another team is shown
 * with that team and cannot be picked (a line belongs to at most one team).
 */
export function lineOptions(lines: readonly OwnableLine[], teamId: number | null, lang: 'zh-CN' | 'en-US'): LineOptionGroup[] {
  const groups = new Map<string, LineOptionGroup>();
  for (const l of lines) {
    const parent = (lang === 'zh-CN' ? l.parentName : l.parentNameEn) ?? '';
    const group = groups.get(parent) ?? { label: parent, options: [] };
    groups.set(parent, group);
    const name = lang === 'zh-CN' ? l.name : l.nameEn;
    const other = l.teamId !== null && l.teamId !== teamId;
    group.options.push({
      value: l.id,
      label: l.code ? `${name} (${l.code})` : name,
      search: `${l.name} ${l.nameEn} ${l.code ?? ''}`,
      ownerName: other ? l.teamName : null,
      disabled: other,
    });
  }
  return [...groups.values()];
}

/**
 * The chart's steps over [start, end]: an entry older than the period starts the line at
 * its first day, and the last rate is carried to the end (it holds until a next entry).
 */
export function chartSteps(points: readonly { day: string; rate: number }[], start: string, end: string): [string, number][] {
  const steps: [string, number][] = points.map((p) => [p.day < start ? start : p.day, p.rate]);
  const last = steps.at(-1);
  if (last && last[0] < end) steps.push([end, last[1]]);
  return steps;
}
