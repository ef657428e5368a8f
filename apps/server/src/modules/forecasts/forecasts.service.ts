/** Forecast reads (list, one listing's days, the sums), the export, and the recalculation runs. */
import type { EndpointQuery } from '@bo/contract';
import {
  type asyncCalResult,
  type calRecord,
  type comprehensive,
  type daySales,
  FORECAST_HORIZON,
  type ForecastMethod,
  type ForecastRow,
  type ForecastRun,
  type listForecasts,
  type RunState,
} from '@bo/contract/forecasts/forecasts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { poolOf } from '../../db/client';
import { pageOf, pageOfQuery } from '../../db/sql';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { exportLang, named, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import { enqueue, type JobContext } from '../../platform/jobs/jobs';
import { userDirectory } from '../access/access.reads';
import type { ShopScope } from '../shops/shops/shop-scope';
import { recalculate } from './forecasts.compute';
import * as repo from './forecasts.repository';
import { bias, wape } from './method/backtest';
import { dayNum, isoOf, promotionCalendar } from './method/calendar';
import { censoredDays } from './method/forecast';

export const REFRESH_JOB = 'forecasts.refresh';
/** The nightly recalculation. */
export const REFRESH_EVERY_MS = 24 * 3_600_000;

type Raw = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const r4 = (v: number | null) => (v === null ? null : Math.round(v * 10_000) / 10_000);
/** A timestamp column as ISO text (null stays null). */
export const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : new Date(String(v)).toISOString();

/** The listing a row is about (listing, shop, marketplace, SKU, ASIN), as every forecast screen shows it. */
export const listingOfRow = (r: Raw) => ({
  listingId: n(r.listing_id),
  shopId: n(r.shop_id),
  shopName: String(r.shop_name ?? ''),
  marketId: n(r.market_id),
  sku: String(r.sku),
  asin: String(r.asin ?? ''),
});

export function toForecastRow(r: Raw): ForecastRow {
  const actual = n(r.bt_actual);
  return {
    ...listingOfRow(r),
    model: s(r.model),
    productName: s(r.product_name),
    productNameEn: s(r.product_name_en),
    origin: String(r.origin),
    units30: n(r.units30),
    next7: Math.round(n(r.next7) * 10) / 10,
    next30: Math.round(n(r.next30) * 10) / 10,
    next90: Math.round(n(r.next90) * 10) / 10,
    method: r.method as ForecastMethod,
    wape: r4(wape(n(r.bt_abs_error), actual)),
    naiveWape: r4(wape(n(r.bt_naive_abs_error), actual)),
    bias: r4(bias(n(r.bt_error), actual)),
    censoredDays: n(r.censored_days),
    computedAt: iso(r.computed_at) ?? '',
    labelType: (r.label_type as ForecastRow['labelType']) ?? null,
    labelValue: s(r.label_value),
  };
}

const page = (q: { pageNum: number; pageSize: number }) => ({ pageNum: q.pageNum, pageSize: q.pageSize });

export async function listForecastsPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listForecasts>) {
  const { rows, total } = await pageOfQuery<Raw>(ctx.db, repo.forecastsQuery(scope, q), page(q));
  return { list: rows.map(toForecastRow), total, ...page(q) };
}

export async function daySalesOf(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof daySales>) {
  const f = await repo.forecastOf(ctx.db, scope, q.listingId);
  if (!f) throw notFound('no such listing');
  const origin = f.origin ?? (await repo.salesSpan(ctx.db).then((x) => (x ? isoOf(dayNum(x.last) + 1) : null)));
  if (!origin) return { listingId: q.listingId, sku: f.sku, origin: null, history: [], forecast: [], events: [] };
  const o = dayNum(origin);
  // The censoring is read over a longer window than shown, so a zero run's rate has weeks before it.
  const lead = 56;
  const first = o - q.historyDays - lead;
  const [rows, outs] = await Promise.all([
    repo.unitsOf(ctx.db, q.listingId, isoOf(first), origin),
    repo.stockOutsOf(ctx.db, q.listingId, isoOf(first), origin),
  ]);
  const units: (number | null)[] = new Array(q.historyDays + lead).fill(null);
  for (const r of rows) units[dayNum(r.day) - first] = Number(r.units);
  const stockOut: boolean[] = new Array(q.historyDays + lead).fill(false);
  for (const d of outs) stockOut[dayNum(d) - first] = true;
  const out = censoredDays(units, stockOut);
  const history = [];
  for (let i = lead; i < units.length; i++) {
    const v = units[i];
    if (v === null || v === undefined) continue;
    history.push({ day: isoOf(o - q.historyDays - lead + i), units: v, censored: out[i] === true });
  }
  const daily = (f.daily ?? []).slice(0, Math.min(q.forecastDays, FORECAST_HORIZON));
  const calendar = promotionCalendar();
  const forecast = daily.map((u, h) => ({ day: isoOf(o + h), units: Math.round(Number(u) * 10) / 10 }));
  const events = forecast.flatMap((d) => {
    const kind = calendar.eventOf(dayNum(d.day));
    return kind ? [{ day: d.day, kind }] : [];
  });
  return { listingId: q.listingId, sku: f.sku, origin, history, forecast, events };
}

export async function comprehensiveOf(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof comprehensive>) {
  const { months, markets, acc } = await repo.forecastSums(ctx.db, scope, q);
  const origin = acc?.origin ?? null;
  const byMonth = new Map<string, { actual: number | null; forecast: number | null }>();
  if (origin) {
    const o = new Date(`${origin.slice(0, 7)}-01T00:00:00Z`);
    const from = new Date(Date.UTC(o.getUTCFullYear(), o.getUTCMonth() - 12, 1)).toISOString().slice(0, 10);
    for (let k = -12; k <= 0; k++) {
      const m = new Date(Date.UTC(o.getUTCFullYear(), o.getUTCMonth() + k, 1)).toISOString().slice(0, 7);
      byMonth.set(m, { actual: 0, forecast: null });
    }
    for (const a of await repo.actualMonths(ctx.db, scope, q, from, origin)) {
      const cell = byMonth.get(a.month);
      if (cell) cell.actual = Math.round(Number(a.units));
    }
  }
  for (const m of months) {
    const cell = byMonth.get(m.month) ?? { actual: null, forecast: null };
    // The origin's month: what sold so far plus the forecast of its remaining days, so the line compares with the bars.
    cell.forecast = Math.round(Number(m.units) + (m.month === origin?.slice(0, 7) ? (cell.actual ?? 0) : 0));
    byMonth.set(m.month, cell);
  }
  const actual = n(acc?.actual);
  return {
    origin,
    months: [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, v]) => ({ month, ...v })),
    byMarket: markets.map((m) => ({
      marketId: n(m.market_id),
      listings: n(m.listings),
      units30: n(m.units30),
      next30: Math.round(n(m.next30)),
      next90: Math.round(n(m.next90)),
    })),
    accuracy: {
      listings: n(acc?.listings),
      actual: Math.round(actual),
      wape: r4(wape(n(acc?.abs), actual)),
      naiveWape: r4(wape(n(acc?.naive), actual)),
      bias: r4(bias(n(acc?.err), actual)),
    },
  };
}

type ExportQuery = Omit<EndpointQuery<typeof listForecasts>, 'pageNum' | 'pageSize'>;

/** One row per listing with the next 13 weeks' sums from the origin. */
export function exportForecasts(ctx: AppContext, scope: ShopScope, q: ExportQuery, acceptLanguage: string | undefined) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  type Row = ForecastRow & { weeks: number[] };
  const weeks = Array.from({ length: 13 }, (_, w) => w);
  return streamXlsx<Row>(poolOf(ctx.db), {
    fileName: `${t('销量预测', 'forecasts')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('销量预测', 'Forecasts'),
    query: repo.forecastsQuery(scope, q),
    map: (r) => {
      const daily = ((r.daily as number[] | null) ?? []).map(Number);
      return {
        ...toForecastRow(r),
        weeks: weeks.map((w) => Math.round(daily.slice(w * 7, w * 7 + 7).reduce((a, b) => a + b, 0) * 10) / 10),
      };
    },
    columns: [
      { header: t('店铺', 'Shop'), width: 20, value: (r) => r.shopName },
      { header: 'SKU', width: 18, value: (r) => r.sku },
      { header: 'ASIN', width: 13, value: (r) => r.asin },
      { header: t('型号', 'Model'), width: 12, value: (r) => r.model },
      { header: t('产品', 'Product'), width: 24, value: (r) => named(lang, r.productName, r.productNameEn) },
      { header: t('预测起始日', 'First forecast day'), width: 12, value: (r) => r.origin },
      { header: t('近30天销量', 'Units, last 30 days'), value: (r) => r.units30 },
      { header: t('未来7天', 'Next 7 days'), numFmt: '0.0', value: (r) => r.next7 },
      { header: t('未来30天', 'Next 30 days'), numFmt: '0.0', value: (r) => r.next30 },
      { header: t('未来90天', 'Next 90 days'), numFmt: '0.0', value: (r) => r.next90 },
      ...weeks.map((w) => ({ header: t(`第${w + 1}周`, `Week ${w + 1}`), numFmt: '0.0', value: (r: Row) => r.weeks[w] ?? 0 })),
      { header: t('回测 WAPE', 'Backtest WAPE'), numFmt: '0.0%', value: (r) => r.wape },
      { header: t('季节性朴素 WAPE', 'Seasonal naive WAPE'), numFmt: '0.0%', value: (r) => r.naiveWape },
      { header: t('方法', 'Method'), value: (r) => r.method },
    ],
  });
}

// ---- runs ----

export function toRun(r: Raw): ForecastRun {
  const total = n(r.total);
  const done = n(r.done);
  const a = r.accuracy as Record<string, number> | null;
  const actual = a ? n(a.actual) : 0;
  return {
    id: n(r.id),
    state: r.state as RunState,
    requestedBy: s(r.requested_by),
    requestedAt: iso(r.requested_at) ?? '',
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
    total,
    done,
    progress: r.state === 'done' ? 1 : total > 0 ? Math.round((done / total) * 1000) / 1000 : 0,
    listings: n(r.listings),
    origin: s(r.origin),
    accuracy: a
      ? {
          listings: n(a.listings),
          actual: Math.round(actual),
          wape: r4(wape(n(a.absError), actual)),
          naiveWape: r4(wape(n(a.naiveAbsError), actual)),
          bias: r4(bias(n(a.error), actual)),
        }
      : null,
    error: s(r.error),
  };
}

async function unfinishedRun(db: Db): Promise<ForecastRun | null> {
  const [r] = (await db.execute<Raw>(repo.runsQuery({ unfinished: true }, userDirectory))).rows;
  return r ? toRun(r) : null;
}

/** Queues a recalculation, or answers the one queued or running (one at a time across processes). */
export async function requestRefresh(db: Db, actor: RequestActor | null): Promise<ForecastRun> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274501)`);
    const [open] = (
      await tx.execute<{ id: number }>(sql`SELECT id FROM forecast_runs WHERE state IN ('queued', 'running') LIMIT 1`)
    ).rows;
    if (open) return Number(open.id);
    const runId = await repo.createRun(tx, actor?.userId ?? null);
    await enqueue(tx, REFRESH_JOB, { runId }, { dedupeKey: `${REFRESH_JOB}:${runId}`, maxAttempts: 2 });
    return runId;
  });
  const [r] = (await db.execute<Raw>(repo.runsQuery({ id }, userDirectory))).rows;
  return toRun(r as Raw);
}

/** Runs a recalculation to its end in this process (the job, the seed, tests). */
export async function runRefresh(db: Db, runId: number, signal?: AbortSignal): Promise<void> {
  try {
    const outcome = await recalculate(db, runId, signal);
    await repo.finishRun(db, runId, outcome);
  } catch (e) {
    await repo.finishRun(db, runId, { error: e instanceof Error ? e.message : String(e) });
    throw e;
  }
}

/** The job: a run asked for by POST refresh, or the nightly one (no run yet: it makes its own). */
export async function refreshJob(ctx: AppContext, payload: unknown, job: JobContext): Promise<void> {
  const asked = (payload as { runId?: number } | null)?.runId;
  const runId = asked ?? (await requestRefreshQuietly(ctx));
  if (runId === null) return;
  await runRefresh(ctx.db, runId, job.signal);
}

/**
 * The nightly run: skipped when a run is already queued or under way, or one finished within the
 * last 20 hours (the recurring job's first run comes at each start: a restart recomputes nothing
 * that is fresh).
 */
async function requestRefreshQuietly(ctx: AppContext): Promise<number | null> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274501)`);
    const [busyOrFresh] = (
      await tx.execute<{ id: number }>(sql`
        SELECT id FROM forecast_runs
         WHERE state IN ('queued', 'running') OR (state = 'done' AND finished_at > now() - interval '20 hours')
         LIMIT 1`)
    ).rows;
    return busyOrFresh ? null : repo.createRun(tx, null);
  });
}

export async function refreshTimeOf(ctx: AppContext) {
  const [r] = (await ctx.db.execute<Raw>(sql`${repo.runsQuery({ state: 'done' }, userDirectory)} LIMIT 1`)).rows;
  const last = r ? toRun(r) : null;
  return { refreshedAt: last?.finishedAt ?? null, origin: last?.origin ?? null, last, running: await unfinishedRun(ctx.db) };
}

export async function runOf(ctx: AppContext, q: EndpointQuery<typeof asyncCalResult>) {
  const [r] = (await ctx.db.execute<Raw>(sql`${repo.runsQuery({ id: q.id }, userDirectory)} LIMIT 1`)).rows;
  if (!r && q.id !== undefined) throw notFound('no such run');
  return r ? toRun(r) : null;
}

export async function runsPage(ctx: AppContext, q: EndpointQuery<typeof calRecord>) {
  const { rows, total } = await pageOf<Raw>(
    ctx.db,
    {
      select: sql`SELECT x.*`,
      from: sql`FROM (${repo.runsQuery({ state: q.state }, userDirectory)}) x`,
      orderBy: sql`x.id DESC`,
    },
    page(q),
  );
  return { list: rows.map(toRun), total, ...page(q) };
}
