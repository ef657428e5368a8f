/**
 * The monthly inventory report (/inventoryReport): the page of SKU × warehouse × month rows, the
 * totals and the months of the chart, and the streamed export of the same query. The months shown
 * are the URL's, else REPORT_DEFAULT_MONTHS months up to the latest month with ledger data in the
 * filters. The rule of the balances is in ledger-report.repository.ts. No closing value: the costs
 * area publishes no read of the unit cost by SKU and day (docs/inventory.md).
 */
import type { EndpointQuery } from '@bo/contract';
import {
  type inventoryReportSummary,
  type listInventoryReport,
  REPORT_DEFAULT_MONTHS,
  REPORT_MOVEMENT_FIELDS,
  type ReportRow,
  type ReportTotals,
} from '@bo/contract/inventory/ledger-report';
import { poolOf } from '../../db/client';
import { pageOfQuery } from '../../db/sql';
import type { AppContext } from '../../platform/context';
import { exportLang, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import type { ShopScope } from '../shops/shops/shop-scope';
import { listingColumns, listingOf } from './inventory.service';
import * as repo from './ledger-report.repository';

type Raw = Record<string, unknown>;
type Filter = Omit<EndpointQuery<typeof inventoryReportSummary>, 'sortField' | 'sortOrder'>;
type ListQuery = EndpointQuery<typeof listInventoryReport>;

const n = (v: unknown) => Number(v ?? 0);
const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** The contract's camelCase movement names against the query's columns, in the same order. */
const MOVEMENT_PAIRS = REPORT_MOVEMENT_FIELDS.map((f, i) => [f, repo.REPORT_MOVEMENT_COLUMNS[i] as string] as const);

const figuresOf = (r: Raw) => ({
  opening: orNull(r.opening),
  ...(Object.fromEntries(MOVEMENT_PAIRS.map(([f, c]) => [f, n(r[c])])) as Record<
    (typeof REPORT_MOVEMENT_FIELDS)[number],
    number
  >),
  net: n(r.net),
  closing: orNull(r.closing),
  difference: orNull(r.difference),
});

function toRow(r: Raw): ReportRow {
  return {
    ...listingOf(r),
    month: String(r.month),
    openingReported: r.opening_reported === true,
    closingReported: r.closing_reported === true,
    ...figuresOf(r),
  };
}

const toTotals = (r: Raw): ReportTotals => ({ rows: n(r.rows), ...figuresOf(r) });

/** yyyy-MM plus `k` months. */
export function addMonths(month: string, k: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + k;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** The months to show: the URL's, else the default span up to the latest month with data (null: no ledger in the filters). */
export async function monthsOf(ctx: AppContext, scope: ShopScope, q: Filter) {
  const toMonth = q.toMonth ?? (await repo.latestMonth(ctx.db, scope, q));
  if (toMonth === null) return null;
  return { fromMonth: q.fromMonth ?? addMonths(toMonth, -(REPORT_DEFAULT_MONTHS - 1)), toMonth };
}

export async function listReportPage(ctx: AppContext, scope: ShopScope, q: ListQuery) {
  const page = { pageNum: q.pageNum, pageSize: q.pageSize };
  const months = await monthsOf(ctx, scope, q);
  if (!months) return { list: [], total: 0, ...page, fromMonth: null, toMonth: null };
  const { rows, total } = await pageOfQuery<Raw>(ctx.db, repo.reportQuery(scope, { ...q, ...months }), page);
  return { list: rows.map(toRow), total, ...page, ...months };
}

export async function reportSummary(ctx: AppContext, scope: ShopScope, q: Filter) {
  const months = await monthsOf(ctx, scope, q);
  if (!months) return { fromMonth: null, toMonth: null, totals: toTotals({ rows: 0 }), months: [] };
  const r = await repo.reportTotals(ctx.db, scope, { ...q, ...months });
  return { ...months, totals: toTotals(r.totals), months: r.months.map((m) => ({ month: String(m.month), ...toTotals(m) })) };
}

export async function exportReport(
  ctx: AppContext,
  scope: ShopScope,
  q: Omit<ListQuery, 'pageNum' | 'pageSize'>,
  acceptLanguage: string | undefined,
) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  // No ledger in the filters: an empty sheet, named after this month.
  const thisMonth = new Date().toISOString().slice(0, 7);
  const months = (await monthsOf(ctx, scope, q)) ?? { fromMonth: thisMonth, toMonth: thisMonth };
  const count = (header: string, value: (r: ReportRow) => number | null) => ({ header, value });
  return streamXlsx<ReportRow>(poolOf(ctx.db), {
    fileName: `${t('库存报表', 'inventory report')}_${months.fromMonth}_${months.toMonth}.xlsx`,
    sheetName: t('库存报表', 'Inventory report'),
    query: repo.reportQuery(scope, { ...q, ...months }),
    map: toRow,
    columns: [
      { header: t('月份', 'Month'), width: 9, value: (r) => r.month },
      ...listingColumns<ReportRow>(lang).filter((c) => c.header !== t('日期', 'Day')),
      count(t('期初', 'Opening'), (r) => r.opening),
      count(t('入库', 'Receipts'), (r) => r.receipts),
      count(t('买家发货', 'Customer shipments'), (r) => r.customerShipments),
      count(t('买家退货', 'Customer returns'), (r) => r.customerReturns),
      count(t('移除', 'Vendor returns'), (r) => r.vendorReturns),
      count(t('仓间调拨', 'Transfers'), (r) => r.transfers),
      count(t('找回', 'Found'), (r) => r.found),
      count(t('丢失', 'Lost'), (r) => r.lost),
      count(t('损坏', 'Damaged'), (r) => r.damaged),
      count(t('销毁', 'Disposed'), (r) => r.disposed),
      count(t('其他', 'Other'), (r) => r.other),
      count(t('期末', 'Closing'), (r) => r.closing),
      count(t('差异', 'Difference'), (r) => r.difference),
      { header: t('期初为报告值', 'Opening reported'), width: 10, value: (r) => (r.openingReported ? 'Y' : 'N') },
      { header: t('期末为报告值', 'Closing reported'), width: 10, value: (r) => (r.closingReported ? 'Y' : 'N') },
    ],
  });
}
