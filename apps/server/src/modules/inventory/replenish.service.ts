/**
 * Replenishment advice (docs/inventory.md "Replenishment"): each listing's inputs from the
 * repository, the red-green line from the contract's `planReplenishment`, then the state filter,
 * the sort and the page on the computed rows. Plans from advice recompute the advice of the
 * chosen rows and make one draft per shop, destination and mode through the shipment-plan service.
 */
import type { EndpointData, EndpointQuery } from '@bo/contract';
import { DEFAULT_WARNING } from '@bo/contract/forecasts/forecast-settings';
import { COVER_WINDOW_DAYS } from '@bo/contract/inventory/inventory';
import {
  type AdviceRow,
  type adviceFilter,
  CHART_DAYS,
  type createPlansFromAdvice,
  type DullRow,
  type getAdviceList,
  type getRedGreenLine,
  type listDull,
  type PlanFromAdviceBody,
  planReplenishment,
  type ReplenishAdvice,
  RGL_STATES,
  VARIABILITY_WINDOW_DAYS,
} from '@bo/contract/inventory/replenish';
import type { z } from 'zod';
import { type DbOrTx, poolOf } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { exportLang, named, tr } from '../../platform/export/lang';
import { streamXlsx, type XlsxColumn, xlsxOfRows } from '../../platform/export/xlsx-stream';
import type { ShopScope } from '../shops/shops/shop-scope';
import { capAdvice, marketCapacity, withCap } from './fba-capacity';
import { listingOf } from './inventory.service';
import * as repo from './replenish.repository';
import { filterBoard, inOrder, type Kept, KeptRows, keep, pageRows } from './stock-board';
import { scopeKey, supplyMemo } from './supply-epoch';
import { createPlanIn } from './shipments.service';

type Settings = Pick<z.infer<z.ZodObject<typeof adviceFilter>>, 'serviceLevel' | 'moq' | 'unitsPerCarton'>;
type Filter = Omit<EndpointQuery<typeof getAdviceList>, 'pageNum' | 'pageSize'>;
type Raw = repo.Raw;

const n = (v: unknown) => Number(v ?? 0);

/** `day` plus `days`, as YYYY-MM-DD (UTC arithmetic on a calendar day). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Standard deviation of daily units over the variability window (days without a sale count as 0). */
export function sigmaOf(sum: number, sumOfSquares: number, days = VARIABILITY_WINDOW_DAYS): number {
  const mean = sum / days;
  return Math.sqrt(Math.max(0, sumOfSquares / days - mean * mean));
}

export interface Computed {
  row: AdviceRow;
  advice: ReplenishAdvice;
}

/** One listing's inputs turned into its advice row (also the days of cover of cover.reads.ts). */
export function compute(r: Raw, st: Settings): Computed {
  const day = String(r.day);
  const onWay = ((r.on_way as { inDays: number; units: number; eta: string }[] | null) ?? []).filter((x) => x.units > 0);
  const offset = n(r.origin_offset);
  // The stored forecast starts at its origin (the day after the last sales day); day 1 of the projection is day + 1.
  const daily = Array.isArray(r.daily) ? (r.daily as number[]).map(Number).slice(Math.max(0, 1 - offset)) : null;
  const forecast = daily && offset >= 1 ? [...Array.from({ length: offset - 1 }, () => daily[0] ?? 0), ...daily] : daily;
  const prepDays = r.prep_days === null || r.prep_days === undefined ? DEFAULT_WARNING.leadTimeDays : n(r.prep_days);
  const unitsPerCarton = r.last_units_per_carton ? n(r.last_units_per_carton) : st.unitsPerCarton;
  const fulfillable = n(r.fulfillable);
  const reserved = n(r.reserved);
  const sigma = sigmaOf(n(r.sum56), n(r.sq56));
  const eol = r.eol === true;
  const advice = planReplenishment({
    onHand: fulfillable + reserved,
    inboundWorking: n(r.inbound_working),
    inboundShipped: n(r.inbound_shipped),
    inboundReceiving: n(r.inbound_receiving),
    arrivals: onWay.map((x) => ({ inDays: x.inDays, units: x.units })),
    forecast: forecast && forecast.length > 0 ? forecast : null,
    averageDaily: n(r.units30) / COVER_WINDOW_DAYS,
    sigma,
    prepDays,
    serviceLevel: st.serviceLevel,
    moq: st.moq,
    unitsPerCarton,
    eol,
  });
  const etas = onWay.map((x) => x.eta).sort();
  const row: AdviceRow = {
    ...listingOf(r),
    listingId: n(r.listing_id),
    eol,
    fulfillable,
    reserved,
    inbound: n(r.inbound_working) + n(r.inbound_shipped) + n(r.inbound_receiving),
    onWay: onWay.reduce((a, x) => a + x.units, 0),
    onWayEta: etas[0] ?? null,
    demandSource: forecast && forecast.length > 0 ? 'forecast' : 'average',
    dailyDemand: advice.dailyDemand,
    sigma: Math.round(sigma * 100) / 100,
    prepDays,
    leadTimeDays: advice.leadTimeDays,
    safetyStock: advice.safetyStock,
    reorderPoint: advice.reorderPoint,
    position: advice.position,
    daysOfCover: advice.daysOfCover,
    stockOutDate: advice.daysOfCover === null ? null : addDays(day, advice.daysOfCover),
    state: advice.state,
    mode: advice.mode,
    unitsPerCarton,
    adviceUnits: advice.adviceUnits,
    cartons: advice.cartons,
    uncappedUnits: advice.adviceUnits,
    capped: false,
    capacityLimit: null,
    orderBy: advice.orderInDays === null ? null : addDays(day, advice.orderInDays),
    shipBy: advice.shipInDays === null ? null : addDays(day, advice.shipInDays),
  };
  return { row, advice };
}

const STATE_RANK = Object.fromEntries(RGL_STATES.map((x, i) => [x, i])) as Record<AdviceRow['state'], number>;

/** Nulls last in either direction, then SKU and shop. */
function sorter(field: Filter['sortField'], order: Filter['sortOrder']) {
  const dir = order === 'desc' ? -1 : 1;
  const key = (r: AdviceRow): string | number | null => (field === 'state' ? STATE_RANK[r.state] : r[field]);
  return (a: AdviceRow, b: AdviceRow) => {
    const x = key(a);
    const y = key(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * dir;
    }
    // Within a state: the soonest stock-out first.
    if (field === 'state' && a.daysOfCover !== b.daysOfCover) {
      if (a.daysOfCover === null) return 1;
      if (b.daysOfCover === null) return -1;
      return a.daysOfCover - b.daysOfCover;
    }
    return a.sku.localeCompare(b.sku) || a.shopId - b.shopId;
  };
}

/**
 * The rows with the FBA capacity cap applied (fba-capacity.ts): the room of each marketplace is
 * shared among every advised row of the caller's shops in it, whatever the filters, so a filter
 * never changes a row's capped advice. `pool`: those rows when the caller computed them already.
 */
async function capped(db: DbOrTx, scope: ShopScope, rows: AdviceRow[], st: Settings, pool?: AdviceRow[]): Promise<AdviceRow[]> {
  const markets = [...new Set(rows.map((r) => r.marketId))];
  const capacity = markets.length ? await marketCapacity(db, markets) : new Map();
  if (!rows.some((r) => r.adviceUnits > 0 && capacity.has(r.marketId))) return rows.map((r) => withCap(r, new Map(), capacity));
  // Only the marketplaces with a limit: one input query each (their listings, one after the other: `db` may be a
  // transaction), none for the others.
  let all = pool;
  if (!all) {
    all = [];
    for (const marketId of capacity.keys())
      for (const r of await repo.adviceInputs(db, scope, { marketId })) all.push(compute(r, st).row);
  }
  const cut = capAdvice(all, capacity);
  return rows.map((r) => withCap(r, cut, capacity));
}

const settingsKey = (st: Settings) => `${st.serviceLevel}|${st.moq}|${st.unitsPerCarton}`;

/**
 * Every advice row of the scope under the settings, capped (the cap shares each marketplace's room among
 * every advised row of the scope, whatever the filters), kept while the supply epoch stands (supply-epoch.ts).
 */
export function keptAdvice(ctx: AppContext, scope: ShopScope, st: Settings): Promise<KeptRows<Kept<AdviceRow>>> {
  return supplyMemo(ctx.db, `advice|${scopeKey(scope)}|${settingsKey(st)}`, async () => {
    const raws = await repo.allAdviceInputs(ctx.db, scope);
    const rows = raws.map((r) => compute(r, st).row);
    const all = await capped(ctx.db, scope, rows, st, rows);
    return new KeptRows(all.map((row, i) => keep(row, raws[i] as Raw)));
  });
}

/** Every row of the filters other than the state, computed; and those of the state, sorted. */
export async function adviceRows(ctx: AppContext, scope: ShopScope, q: Filter) {
  const kept = await keptAdvice(ctx, scope, q);
  const compare = sorter(q.sortField, q.sortOrder);
  const ordered = filterBoard(
    kept.ordered(`${q.sortField}|${q.sortOrder}`, (a, b) => compare(a.row, b.row)),
    q,
  ).map((k) => k.row);
  const counts = { red: 0, amber: 0, green: 0 };
  for (const r of ordered) counts[r.state] += 1;
  const rows = q.state ? ordered.filter((r) => r.state === q.state) : ordered;
  return { rows, counts };
}

export async function adviceListPage(
  ctx: AppContext,
  scope: ShopScope,
  q: EndpointQuery<typeof getAdviceList>,
): Promise<EndpointData<typeof getAdviceList>> {
  const { rows, counts } = await adviceRows(ctx, scope, q);
  const from = (q.pageNum - 1) * q.pageSize;
  return { list: rows.slice(from, from + q.pageSize), total: rows.length, pageNum: q.pageNum, pageSize: q.pageSize, counts };
}

export async function redGreenLine(
  ctx: AppContext,
  scope: ShopScope,
  q: EndpointQuery<typeof getRedGreenLine>,
): Promise<EndpointData<typeof getRedGreenLine>> {
  const [raw] = await repo.adviceInputs(ctx.db, scope, { shopId: q.shopId, listingId: q.listingId });
  if (!raw) throw notFound('no FBA stock of this listing in the caller’s shops');
  const computed = compute(raw, q);
  const advice = computed.advice;
  const [row] = (await capped(ctx.db, scope, [computed.row], q)) as [AdviceRow];
  // The advice arrives after its lead time (the mode's transit after the prep days).
  const arrivesOn = advice.leadTimeDays;
  let withAdvice = row.fulfillable + row.reserved;
  const days = advice.projected.slice(0, CHART_DAYS).map((stock, i) => {
    const t = i + 1;
    withAdvice = Math.max(
      0,
      withAdvice + (advice.arrivals[i] ?? 0) + (t === arrivesOn ? row.adviceUnits : 0) - (advice.demand[i] ?? 0),
    );
    return {
      day: addDays(row.day, t),
      stock,
      withAdvice: Math.round(withAdvice * 10) / 10,
      demand: advice.demand[i] ?? 0,
      arrivals: advice.arrivals[i] ?? 0,
    };
  });
  return { row, days };
}

export function exportAdvice(ctx: AppContext, scope: ShopScope, q: Filter, acceptLanguage: string | undefined) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  const stateText = { red: t('红', 'Red'), amber: t('黄', 'Amber'), green: t('绿', 'Green') };
  const columns: XlsxColumn<AdviceRow>[] = [
    { header: t('状态', 'State'), width: 8, value: (r) => stateText[r.state] },
    { header: t('店铺', 'Shop'), width: 20, value: (r) => r.shopName },
    { header: t('仓库', 'Warehouse'), width: 10, value: (r) => r.warehouseCode },
    { header: 'SKU', width: 18, value: (r) => r.sku },
    { header: 'ASIN', width: 13, value: (r) => r.asin },
    { header: t('型号', 'Model'), width: 12, value: (r) => r.model },
    { header: t('产品', 'Product'), width: 24, value: (r) => named(lang, r.productName, r.productNameEn) },
    { header: t('停产', 'EOL'), width: 6, value: (r) => (r.eol ? t('是', 'yes') : '') },
    { header: t('在库', 'On hand'), value: (r) => r.fulfillable + r.reserved },
    { header: t('在途', 'Inbound'), value: (r) => r.inbound },
    { header: t('日均需求', 'Daily demand'), numFmt: '0.0', value: (r) => r.dailyDemand },
    {
      header: t('需求来源', 'Demand from'),
      value: (r) => (r.demandSource === 'forecast' ? t('预测', 'forecast') : t('30天均值', '30-day average')),
    },
    { header: t('可售天数', 'Days of cover'), value: (r) => r.daysOfCover },
    { header: t('断货日', 'Stock-out'), width: 12, value: (r) => r.stockOutDate },
    { header: t('提前期', 'Lead time'), value: (r) => r.leadTimeDays },
    { header: t('安全库存', 'Safety stock'), value: (r) => r.safetyStock },
    { header: t('补货点', 'Reorder point'), value: (r) => r.reorderPoint },
    { header: t('建议数量', 'Advice (units)'), value: (r) => r.adviceUnits },
    { header: t('库容限制前', 'Before the FBA cap'), value: (r) => (r.capped ? r.uncappedUnits : null) },
    { header: t('箱数', 'Cartons'), value: (r) => r.cartons },
    { header: t('运输方式', 'Mode'), value: (r) => r.mode },
    { header: t('最晚下单', 'Order by'), width: 12, value: (r) => r.orderBy },
    { header: t('最晚发货', 'Ship by'), width: 12, value: (r) => r.shipBy },
  ];
  return xlsxOfRows<AdviceRow>({
    fileName: `${t('补货建议', 'replenishment')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('补货建议', 'Replenishment'),
    columns,
    rows: async () => (await adviceRows(ctx, scope, q)).rows,
  });
}

/**
 * Draft plans from advice rows: each row's advice is recomputed; a row out of scope or
 * without FBA stock is a 404, an EOL row or one without advice a 409 (nothing made); the rest
 * become one draft per shop, destination and mode, in one transaction.
 */
export async function plansFromAdvice(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  b: PlanFromAdviceBody,
): Promise<EndpointData<typeof createPlansFromAdvice>> {
  return ctx.db.transaction(async (tx) => {
    const groups = new Map<string, AdviceRow[]>();
    const seen = new Set<string>();
    for (const item of b.items) {
      const k = `${item.shopId}|${item.listingId}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const [raw] = await repo.adviceInputs(tx, scope, { shopId: item.shopId, listingId: item.listingId });
      if (!raw) throw notFound(`listing ${item.listingId}: no FBA stock in the caller’s shops`);
      const [row] = (await capped(tx, scope, [compute(raw, b).row], b)) as [AdviceRow];
      if (row.eol) throw conflict(`${row.sku} is end of life: it is never replenished`, { sku: row.sku, reason: 'eol' });
      if (row.capped && row.adviceUnits <= 0)
        throw conflict(`${row.sku}: no FBA capacity left in its marketplace (limit ${row.capacityLimit} units)`, {
          sku: row.sku,
          reason: 'fbaCapacity',
          limit: row.capacityLimit,
        });
      if (row.adviceUnits <= 0)
        throw conflict(`${row.sku} needs no replenishment (${row.state})`, { sku: row.sku, reason: 'none' });
      const g = `${row.shopId}|${row.warehouseId}|${row.mode}`;
      groups.set(g, [...(groups.get(g) ?? []), row]);
    }
    const plans: EndpointData<typeof createPlansFromAdvice>['plans'] = [];
    for (const rows of groups.values()) {
      const first = rows[0] as AdviceRow;
      const plan = await createPlanIn(tx, actor, scope, {
        shopId: first.shopId,
        warehouseId: first.warehouseId,
        mode: first.mode,
        remark: `replenishment advice ${first.day}${first.mode === 'air' ? ' (air: red)' : ''}`,
        lines: rows.map((r) => ({ sku: r.sku, unitsPerCarton: r.unitsPerCarton, quantity: r.adviceUnits })),
      });
      plans.push({ id: plan.id, code: plan.code, shopName: plan.shopName, mode: plan.mode, skus: plan.skus });
    }
    return { plans };
  });
}

// ---- /dullBoard ----

export function toDull(r: Raw): DullRow {
  const aged = { age181To270: n(r.age_181_270), age271To365: n(r.age_271_365), age365Plus: n(r.age_365_plus) };
  return {
    ...listingOf(r),
    listingId: n(r.listing_id),
    onHand: n(r.on_hand),
    dailyDemand: Math.round(n(r.daily_demand) * 100) / 100,
    demandSource: r.has_forecast === true ? 'forecast' : 'average',
    daysOfCover: r.days_of_cover === null || r.days_of_cover === undefined ? null : n(r.days_of_cover),
    ...aged,
    aged: aged.age181To270 + aged.age271To365 + aged.age365Plus,
    agedFee: r.aged_fee === null || r.aged_fee === undefined ? null : n(r.aged_fee),
  };
}

type DullQuery = Omit<EndpointQuery<typeof listDull>, 'pageNum' | 'pageSize'>;

/** Every FBA position of the scope with stock on hand, with its unrounded daily demand, kept while the supply epoch stands. */
function keptDull(ctx: AppContext, scope: ShopScope): Promise<KeptRows<Kept<DullRow> & { demand: number }>> {
  return supplyMemo(ctx.db, `dull|${scopeKey(scope)}`, async () => {
    const f: repo.DullFilter = { coverDays: null, sortField: 'sku', sortOrder: 'asc' };
    const res = await ctx.db.execute<Raw>(repo.dullQuery(scope, f));
    return new KeptRows(res.rows.map((r) => ({ ...keep(toDull(r), r), demand: n(r.daily_demand) })));
  });
}

const dullValue: Record<DullQuery['sortField'], (r: DullRow) => string | number | null> = {
  daysOfCover: (r) => r.daysOfCover,
  aged: (r) => r.aged,
  agedFee: (r) => r.agedFee,
  onHand: (r) => r.onHand,
  sku: (r) => r.sku,
  shopName: (r) => r.shopName,
};
const bySkuShop = (a: DullRow, b: DullRow) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : a.shopId - b.shopId);

export async function dullPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listDull>) {
  const ordered = inOrder(await keptDull(ctx, scope), q.sortField, q.sortOrder, dullValue[q.sortField], bySkuShop);
  // The rows of dullQuery's condition: units aged over 180 days, or no demand, or cover over `coverDays`.
  const rows = filterBoard(ordered, q)
    .filter((k) => k.row.aged > 0 || k.demand === 0 || k.row.onHand / k.demand > q.coverDays)
    .map((k) => k.row);
  return pageRows(rows, q);
}

export function exportDullRows(ctx: AppContext, scope: ShopScope, q: DullQuery, acceptLanguage: string | undefined) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  return streamXlsx<DullRow>(poolOf(ctx.db), {
    fileName: `${t('滞销库存', 'slow-moving stock')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('滞销库存', 'Slow-moving stock'),
    query: repo.dullQuery(scope, q),
    map: toDull,
    columns: [
      { header: t('店铺', 'Shop'), width: 20, value: (r) => r.shopName },
      { header: t('仓库', 'Warehouse'), width: 10, value: (r) => r.warehouseCode },
      { header: 'SKU', width: 18, value: (r) => r.sku },
      { header: 'ASIN', width: 13, value: (r) => r.asin },
      { header: t('产品', 'Product'), width: 24, value: (r) => named(lang, r.productName, r.productNameEn) },
      { header: t('在库', 'On hand'), value: (r) => r.onHand },
      { header: t('日均需求', 'Daily demand'), numFmt: '0.00', value: (r) => r.dailyDemand },
      { header: t('可售天数', 'Days of cover'), numFmt: '0.0', value: (r) => r.daysOfCover },
      { header: t('181-270天', '181-270 days'), value: (r) => r.age181To270 },
      { header: t('271-365天', '271-365 days'), value: (r) => r.age271To365 },
      { header: t('365天以上', '365+ days'), value: (r) => r.age365Plus },
      { header: t('超龄费/月 (USD)', 'Aged fee / month (USD)'), numFmt: '#,##0.00', value: (r) => r.agedFee },
    ],
  });
}
