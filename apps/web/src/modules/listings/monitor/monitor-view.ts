/**
 * What the listing monitor shows, read leniently from its query string (filters, sort,
 * page), the API query made from it, and how alerts and changes read. Pure.
 */
import { MARKETS } from '@bo/contract';
import { MONITOR_SORT_FIELDS, type MonitorAlert } from '@bo/contract/listings/monitor';

export const MONITOR_URL = {
  keyword: '',
  shopId: [],
  marketId: [],
  alertsOnly: '',
  sortField: 'alerts',
  sortOrder: 'descend',
  pageNum: '1',
  pageSize: '20',
} as const;

export interface MonitorUrl {
  keyword: string;
  shopId: string[];
  marketId: string[];
  alertsOnly: string;
  sortField: string;
  sortOrder: string;
  pageNum: string;
  pageSize: string;
}

export type MonitorSortField = (typeof MONITOR_SORT_FIELDS)[number];
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface MonitorView {
  keyword: string;
  shopIds: number[];
  marketIds: number[];
  alertsOnly: boolean;
  sortField: MonitorSortField;
  sortOrder: 'ascend' | 'descend';
  pageNum: number;
  pageSize: number;
}

const ids = (values: readonly string[], ok: (n: number) => boolean) =>
  [
    ...new Set(
      values
        .filter((v) => /^\d{1,9}$/.test(v))
        .map(Number)
        .filter(ok),
    ),
  ].sort((a, b) => a - b);

export function readMonitorView(url: MonitorUrl): MonitorView {
  const page = /^\d{1,5}$/.test(url.pageNum) && Number(url.pageNum) >= 1 ? Number(url.pageNum) : 1;
  const size = (PAGE_SIZES as readonly number[]).includes(Number(url.pageSize)) ? Number(url.pageSize) : 20;
  return {
    keyword: url.keyword.trim().slice(0, 100),
    shopIds: ids(url.shopId, (n) => n > 0),
    marketIds: ids(url.marketId, (n) => MARKETS.some((m) => m.id === n)),
    alertsOnly: url.alertsOnly === 'true',
    sortField: (MONITOR_SORT_FIELDS as readonly string[]).includes(url.sortField)
      ? (url.sortField as MonitorSortField)
      : 'alerts',
    sortOrder: url.sortOrder === 'ascend' ? 'ascend' : 'descend',
    pageNum: page,
    pageSize: size,
  };
}

/** The API's filter part (no paging), empty filters left out so that equal views share a cache key. */
export function monitorFilterQuery(v: MonitorView) {
  return {
    ...(v.keyword ? { keyword: v.keyword } : {}),
    ...(v.shopIds.length ? { shopId: v.shopIds } : {}),
    ...(v.marketIds.length ? { marketId: v.marketIds } : {}),
    ...(v.alertsOnly ? { alertsOnly: true } : {}),
    sortField: v.sortField,
    sortOrder: v.sortOrder === 'ascend' ? ('asc' as const) : ('desc' as const),
  };
}

export const monitorListQuery = (v: MonitorView) => ({ ...monitorFilterQuery(v), pageNum: v.pageNum, pageSize: v.pageSize });

/** The i18n key and values of an alert's text. */
export function alertText(a: MonitorAlert): { key: string; values: Record<string, string | number> } {
  if (a.kind === 'noSales' && a.value >= 365)
    return { key: 'listings.monitor.alert.noSalesYear', values: { threshold: a.threshold } };
  return { key: `listings.monitor.alert.${a.kind}`, values: { value: a.value, threshold: a.threshold } };
}

/**
 * ASINs typed in a box: split on whitespace and commas, upper-cased, de-duplicated;
 * anything that is not 10 letters or digits is reported back.
 */
export function parseAsins(text: string): { asins: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;，；]+/)
    .map((p) => p.trim().toUpperCase())
    .filter((p) => p !== '');
  const asins = [...new Set(parts.filter((p) => /^[A-Z0-9]{10}$/.test(p)))];
  const invalid = [...new Set(parts.filter((p) => !/^[A-Z0-9]{10}$/.test(p)))];
  return { asins, invalid };
}

/** Points of a sparkline polyline in a width × height box (zero at the bottom). */
export function sparkPoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map(
      (v, i) => `${Math.round(i * step * 10) / 10},${Math.round((height - 1 - (Math.max(0, v) / max) * (height - 2)) * 10) / 10}`,
    )
    .join(' ');
}
