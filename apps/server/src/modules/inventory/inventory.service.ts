/** The stock boards: rows for the lists, the exports, the age summary and one SKU's history. */
import type { EndpointQuery } from '@bo/contract';
import {
  type AgeRow,
  type ageSummary,
  COVER_WINDOW_DAYS,
  daysOfCover,
  type listAges,
  type listMonitor,
  type listPositions,
  type monitoringSkus,
  type Position,
  type shopInventoryDetails,
} from '@bo/contract/inventory/inventory';
import { poolOf } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { exportLang, named, tr } from '../../platform/export/lang';
import { streamXlsx, type XlsxColumn } from '../../platform/export/xlsx-stream';
import type { ShopScope } from '../shops/shops/shop-scope';
import * as repo from './inventory.repository';
import { fillWindowStats } from './sales-windows';
import { bySkuShopWarehouse, filterBoard, inOrder, type Kept, KeptRows, keep, pageRows } from './stock-board';
import { scopeKey, supplyMemo } from './supply-epoch';

type Raw = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The shop, warehouse, listing and product of a stock row (the advice rows share it). */
export function listingOf(r: Raw) {
  return {
    shopId: n(r.shop_id),
    shopName: String(r.shop_name ?? ''),
    marketId: n(r.market_id),
    warehouseId: n(r.warehouse_id),
    warehouseCode: String(r.warehouse_code),
    warehouseKind: r.warehouse_kind as Position['warehouseKind'],
    listingId: r.listing_id === null ? null : n(r.listing_id),
    sku: String(r.sku),
    asin: String(r.asin ?? ''),
    fnsku: String(r.fnsku ?? ''),
    model: s(r.model),
    productName: s(r.product_name),
    productNameEn: s(r.product_name_en),
    day: String(r.day),
  };
}

export function toPosition(r: Raw): Position {
  const units30 = n(r.units30);
  const fulfillable = n(r.fulfillable);
  return {
    ...listingOf(r),
    fulfillable,
    reserved: n(r.reserved),
    inboundWorking: n(r.inbound_working),
    inboundShipped: n(r.inbound_shipped),
    inboundReceiving: n(r.inbound_receiving),
    unfulfillable: n(r.unfulfillable),
    researching: n(r.researching),
    units30,
    avgDailyUnits: Math.round((units30 / COVER_WINDOW_DAYS) * 100) / 100,
    daysOfCover: daysOfCover(fulfillable, units30),
  };
}

export function toAge(r: Raw): AgeRow {
  return {
    ...listingOf(r),
    age0To90: n(r.age_0_90),
    age91To180: n(r.age_91_180),
    age181To270: n(r.age_181_270),
    age271To365: n(r.age_271_365),
    age365Plus: n(r.age_365_plus),
    total: n(r.total),
    agedShare: n(r.aged_share),
  };
}

type PositionQuery = Omit<EndpointQuery<typeof listPositions>, 'pageNum' | 'pageSize'>;
type MonitorQuery = Omit<EndpointQuery<typeof listMonitor>, 'pageNum' | 'pageSize'>;
type AgeQuery = EndpointQuery<typeof ageSummary>;

/** Every current position of the scope, kept while the supply epoch stands (supply-epoch.ts). */
export function keptPositions(ctx: AppContext, scope: ShopScope): Promise<KeptRows<Kept<Position>>> {
  return supplyMemo(ctx.db, `positions|${scopeKey(scope)}`, async () => {
    const f: repo.PositionFilter = { coverDays: 1, sortField: 'sku', sortOrder: 'asc' };
    const res = await ctx.db.execute<Raw>(repo.positionsQuery(scope, f, { units: false }));
    await fillWindowStats(ctx.db, res.rows);
    return new KeptRows(res.rows.map((r) => keep(toPosition(r), r)));
  });
}

const W = COVER_WINDOW_DAYS;

/** The positions of the filters (the stock state included), in the list's order. */
async function positionsOf(ctx: AppContext, scope: ShopScope, f: repo.PositionFilter): Promise<Position[]> {
  const low = (p: Position) => p.fulfillable === 0 || (p.units30 > 0 && (p.fulfillable * W) / p.units30 < f.coverDays);
  const value: Record<string, (p: Position) => string | number | null> = {
    sku: (p) => p.sku,
    shopName: (p) => p.shopName,
    fulfillable: (p) => p.fulfillable,
    reserved: (p) => p.reserved,
    inbound: (p) => p.inboundWorking + p.inboundShipped + p.inboundReceiving,
    unfulfillable: (p) => p.unfulfillable,
    units30: (p) => p.units30,
    daysOfCover: (p) => p.daysOfCover,
  };
  const field = Object.hasOwn(value, f.sortField) ? f.sortField : 'sku';
  const ordered = inOrder(
    await keptPositions(ctx, scope),
    field,
    f.sortOrder,
    value[field] as (p: Position) => string | number | null,
    bySkuShopWarehouse,
  );
  return filterBoard(ordered, f)
    .map((k) => k.row)
    .filter((p) => (f.stock === 'out' ? p.fulfillable === 0 : f.stock === 'low' ? low(p) : true));
}

export async function listPositionsPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listPositions>) {
  return pageRows(await positionsOf(ctx, scope, q), q);
}

/** The monitor: every position out of stock or under the cover. */
const monitorFilter = (q: MonitorQuery): repo.PositionFilter => ({ ...q, stock: 'low' });

export async function listMonitorPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listMonitor>) {
  return pageRows(await positionsOf(ctx, scope, monitorFilter(q)), q);
}

/** Every current age row of the scope, kept while the supply epoch stands. */
function keptAges(ctx: AppContext, scope: ShopScope): Promise<KeptRows<Kept<AgeRow>>> {
  return supplyMemo(ctx.db, `ages|${scopeKey(scope)}`, async () => {
    const f: repo.AgeFilter = { sortField: 'sku', sortOrder: 'asc' };
    return new KeptRows((await ctx.db.execute<Raw>(repo.agesQuery(scope, f))).rows.map((r) => keep(toAge(r), r)));
  });
}

/** The age rows of the filters, in the list's order (the summary's sum takes any). */
async function agesOf(ctx: AppContext, scope: ShopScope, q: AgeQuery): Promise<AgeRow[]> {
  const aged = (a: AgeRow) => a.age181To270 + a.age271To365 + a.age365Plus > 0;
  const ordered = inOrder(
    await keptAges(ctx, scope),
    q.sortField,
    q.sortOrder,
    (a: AgeRow) => a[q.sortField],
    bySkuShopWarehouse,
  );
  return filterBoard(ordered, q)
    .map((k) => k.row)
    .filter((a) => q.agedOnly !== 'true' || aged(a));
}

export async function listAgesPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listAges>) {
  return pageRows(await agesOf(ctx, scope, q), q);
}

export async function ageSummaryOf(ctx: AppContext, scope: ShopScope, q: AgeQuery) {
  const rows = await agesOf(ctx, scope, q);
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  let a4 = 0;
  for (const a of rows) {
    a0 += a.age0To90;
    a1 += a.age91To180;
    a2 += a.age181To270;
    a3 += a.age271To365;
    a4 += a.age365Plus;
  }
  const total = a0 + a1 + a2 + a3 + a4;
  return {
    age0To90: a0,
    age91To180: a1,
    age181To270: a2,
    age271To365: a3,
    age365Plus: a4,
    total,
    agedShare: total > 0 ? Math.round(((a2 + a3 + a4) / total) * 10_000) / 10_000 : 0,
    skus: rows.length,
  };
}

export async function historyOf(ctx: AppContext, scope: ShopScope, q: { shopId: number; warehouseId: number; sku: string }) {
  const days = await repo.skuHistory(ctx.db, scope, q.shopId, q.warehouseId, q.sku);
  if (days.length === 0) throw notFound('no stock of this SKU in this shop and warehouse');
  return {
    ...q,
    days: days.map((d) => ({
      day: d.day,
      fulfillable: d.fulfillable === null ? null : Number(d.fulfillable),
      inbound: d.inbound === null ? null : Number(d.inbound),
      units: Number(d.units),
    })),
  };
}

// ---- spec §7 reads ----

export async function monitoredSkus(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof monitoringSkus>) {
  const rows = await positionsOf(ctx, scope, { keyword: q.keyword, coverDays: q.coverDays, sortField: 'sku', sortOrder: 'asc' });
  const bySku = new Map<string, ReturnType<typeof toPosition>[]>();
  for (const p of rows) bySku.set(p.sku, [...(bySku.get(p.sku) ?? []), p]);
  return [...bySku.entries()].map(([sku, ps]) => {
    const fulfillable = ps.reduce((a, p) => a + p.fulfillable, 0);
    const units30 = ps.reduce((a, p) => a + p.units30, 0);
    const cover = daysOfCover(fulfillable, units30);
    const first = ps[0] as Position;
    return {
      sku,
      model: first.model,
      productName: first.productName,
      productNameEn: first.productNameEn,
      shops: new Set(ps.map((p) => p.shopId)).size,
      fulfillable,
      inbound: ps.reduce((a, p) => a + p.inboundWorking + p.inboundShipped + p.inboundReceiving, 0),
      units30,
      daysOfCover: cover,
      status: fulfillable === 0 ? ('out' as const) : cover !== null && cover < q.coverDays ? ('low' as const) : ('ok' as const),
    };
  });
}

export async function shopDetails(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof shopInventoryDetails>) {
  const f: repo.PositionFilter = { keyword: q.keyword, coverDays: 30, sortField: 'shopName', sortOrder: 'asc' };
  const rows = await positionsOf(ctx, scope, f);
  return q.sku ? rows.filter((p) => p.sku.toUpperCase() === q.sku?.toUpperCase()) : rows;
}

// ---- exports ----

/** The export columns that name a stock row (the ledger's differences share them). */
export function listingColumns<R extends ReturnType<typeof listingOf>>(lang: 'zh' | 'en'): XlsxColumn<R>[] {
  const t = (zh: string, en: string) => tr(lang, zh, en);
  return [
    { header: t('店铺', 'Shop'), width: 20, value: (r) => r.shopName },
    { header: t('仓库', 'Warehouse'), width: 12, value: (r) => r.warehouseCode },
    { header: 'SKU', width: 18, value: (r) => r.sku },
    { header: 'ASIN', width: 13, value: (r) => r.asin },
    { header: 'FNSKU', width: 13, value: (r) => r.fnsku },
    { header: t('型号', 'Model'), width: 12, value: (r) => r.model },
    { header: t('产品', 'Product'), width: 24, value: (r) => named(lang, r.productName, r.productNameEn) },
    { header: t('日期', 'Day'), width: 12, value: (r) => r.day },
  ];
}

function positionExport(
  ctx: AppContext,
  scope: ShopScope,
  f: repo.PositionFilter,
  acceptLanguage: string | undefined,
  what: [string, string],
) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  return streamXlsx<Position>(poolOf(ctx.db), {
    fileName: `${t(...what)}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t(...what),
    query: repo.positionsQuery(scope, f),
    map: toPosition,
    columns: [
      ...listingColumns<Position>(lang),
      { header: t('可售', 'Fulfillable'), value: (r) => r.fulfillable },
      { header: t('预留', 'Reserved'), value: (r) => r.reserved },
      { header: t('入库处理中', 'Inbound working'), value: (r) => r.inboundWorking },
      { header: t('在途', 'Inbound shipped'), value: (r) => r.inboundShipped },
      { header: t('接收中', 'Inbound receiving'), value: (r) => r.inboundReceiving },
      { header: t('不可售', 'Unfulfillable'), value: (r) => r.unfulfillable },
      { header: t('调查中', 'Researching'), value: (r) => r.researching },
      { header: t('近30天销量', 'Units, 30 days'), value: (r) => r.units30 },
      { header: t('日均销量', 'Daily units'), numFmt: '0.00', value: (r) => r.avgDailyUnits },
      { header: t('可售天数', 'Days of cover'), numFmt: '0.0', value: (r) => r.daysOfCover },
    ],
  });
}

export const exportPositions = (ctx: AppContext, scope: ShopScope, q: PositionQuery, al: string | undefined) =>
  positionExport(ctx, scope, q, al, ['库存', 'stock']);

export const exportMonitor = (ctx: AppContext, scope: ShopScope, q: MonitorQuery, al: string | undefined) =>
  positionExport(ctx, scope, monitorFilter(q), al, ['库存监控', 'stock monitor']);

export function exportAges(ctx: AppContext, scope: ShopScope, q: AgeQuery, acceptLanguage: string | undefined) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  return streamXlsx<AgeRow>(poolOf(ctx.db), {
    fileName: `${t('库龄', 'inventory age')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('库龄', 'Inventory age'),
    query: repo.agesQuery(scope, q),
    map: toAge,
    columns: [
      ...listingColumns<AgeRow>(lang),
      { header: t('0-90天', '0-90 days'), value: (r) => r.age0To90 },
      { header: t('91-180天', '91-180 days'), value: (r) => r.age91To180 },
      { header: t('181-270天', '181-270 days'), value: (r) => r.age181To270 },
      { header: t('271-365天', '271-365 days'), value: (r) => r.age271To365 },
      { header: t('365天以上', '365+ days'), value: (r) => r.age365Plus },
      { header: t('合计', 'Total'), value: (r) => r.total },
      { header: t('超龄占比', 'Aged share'), numFmt: '0.0%', value: (r) => r.agedShare },
    ],
  });
}
