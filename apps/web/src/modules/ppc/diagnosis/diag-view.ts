/**
 * What /ppcDiag and /searchTerm show, read leniently from their query strings, and the
 * API queries made from them. Pure.
 */
import { FINDING_KINDS, type FindingKind, SEARCH_TERM_SORT, SETTLE_DAYS } from '@bo/contract/ppc/diagnosis';
import { isCalendarDay, resolvePeriod } from '../../../shared/period/period-presets';

const DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const posInt = (v: string, min: number, max: number) =>
  /^\d{1,7}$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : null;
const posNum = (v: string, max: number) => (/^\d{1,7}(\.\d{1,4})?$/.test(v) && Number(v) <= max ? Number(v) : null);
const shopOf = (v: string) => (/^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

export const DIAG_URL = {
  shopId: '',
  startDate: '',
  endDate: '',
  minClicks: '10',
  minSpend: '5',
  idleDays: '14',
  kind: 'wasted_keyword',
} as const;
export type DiagUrl = { [K in keyof typeof DIAG_URL]: string };

export interface DiagView {
  shopId: number | null;
  startDate: string;
  endDate: string;
  minClicks: number;
  minSpend: number;
  idleDays: number;
  kind: FindingKind;
}

/** The settled window: ends at most 3 days before today (default: the 30 days ending then). */
export function readDiagView(url: DiagUrl, today: string): DiagView {
  const last = addDays(today, -SETTLE_DAYS);
  const end = isCalendarDay(url.endDate) && url.endDate <= last ? url.endDate : last;
  let start = isCalendarDay(url.startDate) && url.startDate <= end ? url.startDate : addDays(end, -29);
  if (Date.parse(end) - Date.parse(start) >= 90 * DAY) start = addDays(end, -89);
  return {
    shopId: shopOf(url.shopId),
    startDate: start,
    endDate: end,
    minClicks: posInt(url.minClicks, 1, 100_000) ?? 10,
    minSpend: posNum(url.minSpend, 1_000_000) ?? 5,
    idleDays: posInt(url.idleDays, 3, 90) ?? 14,
    kind: (FINDING_KINDS as readonly string[]).includes(url.kind) ? (url.kind as FindingKind) : 'wasted_keyword',
  };
}

export const diagQuery = (v: DiagView & { shopId: number }) => ({
  shopId: v.shopId,
  startDate: v.startDate,
  endDate: v.endDate,
  minClicks: v.minClicks,
  minSpend: v.minSpend,
  idleDays: v.idleDays,
});

export const TERMS_URL = {
  shopId: '',
  startDate: '',
  endDate: '',
  keyword: '',
  hasOrders: '',
  minClicks: '',
  acosMin: '',
  acosMax: '',
  notKeyword: '',
  sortField: 'spend',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;
export type TermsUrl = { [K in keyof typeof TERMS_URL]: string };
export type TermSortField = (typeof SEARCH_TERM_SORT)[number];
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface TermsView {
  shopId: number | null;
  startDate: string;
  endDate: string;
  keyword: string;
  hasOrders: boolean | null;
  minClicks: number | null;
  /** ACoS bounds in percent, as typed. */
  acosMin: number | null;
  acosMax: number | null;
  notKeyword: boolean;
  sortField: TermSortField;
  sortOrder: 'ascend' | 'descend';
  pageNum: number;
  pageSize: number;
}

export function readTermsView(url: TermsUrl, today: string): TermsView {
  const period = resolvePeriod(url, today);
  let acosMin = posNum(url.acosMin, 100_000);
  let acosMax = posNum(url.acosMax, 100_000);
  if (acosMin !== null && acosMax !== null && acosMin > acosMax) [acosMin, acosMax] = [acosMax, acosMin];
  return {
    shopId: shopOf(url.shopId),
    startDate: period.startDate,
    endDate: period.endDate,
    keyword: url.keyword.trim().slice(0, 100),
    hasOrders: url.hasOrders === 'true' ? true : url.hasOrders === 'false' ? false : null,
    minClicks: posInt(url.minClicks, 0, 1_000_000),
    acosMin,
    acosMax,
    notKeyword: url.notKeyword === 'true',
    sortField: (SEARCH_TERM_SORT as readonly string[]).includes(url.sortField) ? (url.sortField as TermSortField) : 'spend',
    sortOrder: url.sortOrder === 'ascend' ? 'ascend' : 'descend',
    pageNum: posInt(url.pageNum, 1, 100_000) ?? 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(Number(url.pageSize)) ? Number(url.pageSize) : 20,
  };
}

/** The list's API query: percents become fractions. */
export const termsQuery = (v: TermsView & { shopId: number }) => ({
  shopId: v.shopId,
  startDate: v.startDate,
  endDate: v.endDate,
  ...(v.keyword ? { keyword: v.keyword } : {}),
  ...(v.hasOrders !== null ? { hasOrders: v.hasOrders ? ('true' as const) : ('false' as const) } : {}),
  ...(v.minClicks !== null ? { minClicks: v.minClicks } : {}),
  ...(v.acosMin !== null ? { acosMin: v.acosMin / 100 } : {}),
  ...(v.acosMax !== null ? { acosMax: v.acosMax / 100 } : {}),
  ...(v.notKeyword ? { notKeyword: 'true' as const } : {}),
  sortField: v.sortField,
  sortOrder: v.sortOrder === 'ascend' ? ('asc' as const) : ('desc' as const),
  pageNum: v.pageNum,
  pageSize: v.pageSize,
});
