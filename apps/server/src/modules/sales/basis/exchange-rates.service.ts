/**
 * The rate table of /salesBasisInfo. Rules:
 * - An entry is "USD per unit of a currency from a day on" and holds until the next entry.
 *   USD itself is 1 by definition and has no entries to edit.
 * - Every change re-rates, in the same transaction, the facts of the days the changed entry
 *   governs (its day until the next entry) in the currency's marketplaces and recomputes
 *   their rollups (`rerateFacts`), so every sales figure follows at once.
 * - A change may reach at most MAX_RERATE_DAYS back (and at most tomorrow ahead: the
 *   marketplaces east of UTC are already there): older history is closed, which keeps
 *   one request short on the large data (a EUR change re-rates five marketplaces).
 * - Deleting an entry lets the entry before it govern its days; without one, the delete is
 *   refused when sales fall on those days (they would have no rate).
 * - Changes of one currency queue (advisory lock); corrections carry the entry's version.
 */
import { MARKETS } from '@bo/contract';
import {
  isAbsurdRate,
  MAX_RERATE_DAYS,
  RATE_CURRENCIES,
  RATE_MAX_FACTOR,
  type RateEntry,
  type RerateResult,
} from '@bo/contract/sales/sales-basis';
import { poolOf } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, conflict, fieldConflict, notFound, staleVersion } from '../../../platform/errors';
import { exportLang as langOf } from '../../../platform/export/lang';
import { streamXlsx } from '../../../platform/export/xlsx-stream';
import { rerateFacts } from '../facts/facts.service';
import { addDays } from '../profit/sales-query';
import * as repo from './exchange-rates.repository';

const DAY = 86_400_000;
export const todayUtc = (now = new Date()) => new Date(now.getTime()).toISOString().slice(0, 10);
/** The oldest day a change may reach today. */
export const oldestEditable = (now = new Date()) => addDays(todayUtc(now), -MAX_RERATE_DAYS);

export const marketsOf = (currency: string) => MARKETS.filter((m) => m.currency === currency).map((m) => m.id);

const toEntry = (r: repo.EntryRow, oldest: string): RateEntry => ({
  currency: r.currency,
  effectiveFrom: r.day,
  rate: Number(r.rate),
  effectiveTo: r.effective_to,
  editable: r.day >= oldest,
  version: Number(r.version),
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
});

/** Refuses a day outside [today − MAX_RERATE_DAYS, tomorrow] with a 400 on the field. */
function checkReach(day: string, field: string) {
  const oldest = oldestEditable();
  if (day < oldest) throw codedFieldError(field, 'sales.rateTooOld', { days: MAX_RERATE_DAYS, oldest });
  const latest = addDays(todayUtc(), 1);
  if (day > latest) throw codedFieldError(field, 'sales.rateTooLate', { latest });
}

export async function currencies(ctx: AppContext) {
  const rows = await repo.summaries(ctx.db, RATE_CURRENCIES, todayUtc());
  const num = (v: { effectiveFrom: string; rate: number } | null) =>
    v ? { effectiveFrom: v.effectiveFrom, rate: Number(v.rate) } : null;
  return rows.map((r) => ({
    currency: r.currency,
    marketIds: marketsOf(r.currency),
    current: num(r.current),
    previous: num(r.previous),
    upcoming: Number(r.upcoming),
    entries: Number(r.entries),
    firstDay: r.first_day,
    lastDay: r.last_day,
  }));
}

type ListQuery = { startDate?: string; endDate?: string; sortOrder: 'asc' | 'desc'; pageNum: number; pageSize: number };

export async function list(ctx: AppContext, currency: string, q: ListQuery) {
  const { rows, total } = await repo.listEntries(ctx.db, currency, q);
  const oldest = oldestEditable();
  return { list: rows.map((r) => toEntry(r, oldest)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function series(ctx: AppContext, currency: string, q: { startDate?: string; endDate?: string }) {
  const end = q.endDate ?? addDays(todayUtc(), 1);
  const start = q.startDate ?? addDays(end, -365);
  if (start > end) throw codedFieldError('endDate', 'endDateBeforeStart');
  if ((Date.parse(end) - Date.parse(start)) / DAY > 1100) throw codedFieldError('startDate', 'atMostDays', { max: 1100 });
  const points = await repo.series(ctx.db, currency, start, end);
  return { currency, points: points.map((p) => ({ day: p.day, rate: Number(p.rate) })) };
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** Re-rate the days the entry at `day` governs (until the next entry) and say what changed. */
async function rerate(tx: Tx, currency: string, day: string): Promise<RerateResult> {
  const next = await repo.nextEntryDay(tx, currency, day);
  const markets = marketsOf(currency);
  if ((await repo.rateOn(tx, currency, day)) === null && (await repo.salesExist(tx, markets, day, next)))
    throw conflict(
      `${currency} would have no rate from ${day}${next ? ` to ${addDays(next, -1)}` : ''}, and sales fall on those days: record an earlier rate first`,
    );
  const r = await rerateFacts(tx, currency, markets, day, next);
  return { ...r, from: day, to: next ? addDays(next, -1) : null };
}

/**
 * Refuses a rate 10× or more away from its neighbouring entry (RATE_MAX_FACTOR): 1,000,000
 * USD per EUR, or the inverse typed by mistake (JPY per USD instead of USD per JPY).
 */
async function checkPlausible(tx: Tx, currency: string, day: string, rate: number): Promise<void> {
  const near = await repo.neighbourRate(tx, currency, day);
  if (near && isAbsurdRate(rate, near.rate))
    throw codedFieldError('rate', 'sales.rateImplausible', {
      rate,
      currency,
      factor: RATE_MAX_FACTOR,
      day: near.day,
      near: near.rate,
    });
}

export async function create(
  ctx: AppContext,
  actor: RequestActor,
  body: { currency: string; effectiveFrom: string; rate: number },
) {
  checkReach(body.effectiveFrom, 'effectiveFrom');
  return ctx.db.transaction(async (tx) => {
    await repo.lockCurrency(tx, body.currency);
    if (await repo.findEntry(tx, body.currency, body.effectiveFrom))
      throw fieldConflict(
        `a ${body.currency} rate from ${body.effectiveFrom} is already recorded: correct that entry instead`,
        'effectiveFrom',
        'sales.rateDayTaken',
      );
    await checkPlausible(tx, body.currency, body.effectiveFrom, body.rate);
    await repo.insertEntry(tx, body.currency, body.effectiveFrom, body.rate, actor.userId);
    const rerated = await rerate(tx, body.currency, body.effectiveFrom);
    const entry = await repo.findEntry(tx, body.currency, body.effectiveFrom);
    await audit(tx, actor, {
      action: 'exchangeRate.create',
      entity: 'exchange_rate',
      entityId: `${body.currency}/${body.effectiveFrom}`,
      after: { currency: body.currency, effectiveFrom: body.effectiveFrom, rate: body.rate, rerated },
    });
    return { entry: entry ? toEntry(entry, oldestEditable()) : null, rerated };
  });
}

async function lockedEntry(tx: Tx, currency: string, day: string) {
  await repo.lockCurrency(tx, currency);
  const entry = await repo.findEntry(tx, currency, day);
  if (!entry) throw notFound(`no ${currency} rate from ${day}`);
  return entry;
}

export async function update(
  ctx: AppContext,
  actor: RequestActor,
  params: { currency: string; effectiveFrom: string },
  body: { rate: number; version: number },
) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockedEntry(tx, params.currency, params.effectiveFrom);
    if (Number(before.version) !== body.version) throw staleVersion();
    checkReach(params.effectiveFrom, 'effectiveFrom');
    await checkPlausible(tx, params.currency, params.effectiveFrom, body.rate);
    await repo.updateEntry(tx, params.currency, params.effectiveFrom, body.rate, actor.userId);
    const rerated = await rerate(tx, params.currency, params.effectiveFrom);
    const entry = await repo.findEntry(tx, params.currency, params.effectiveFrom);
    await audit(tx, actor, {
      action: 'exchangeRate.update',
      entity: 'exchange_rate',
      entityId: `${params.currency}/${params.effectiveFrom}`,
      before: { rate: Number(before.rate), version: Number(before.version) },
      after: { rate: body.rate, version: Number(before.version) + 1, rerated },
    });
    return { entry: entry ? toEntry(entry, oldestEditable()) : null, rerated };
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, params: { currency: string; effectiveFrom: string }) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockedEntry(tx, params.currency, params.effectiveFrom);
    checkReach(params.effectiveFrom, 'effectiveFrom');
    await repo.deleteEntry(tx, params.currency, params.effectiveFrom);
    const rerated = await rerate(tx, params.currency, params.effectiveFrom);
    await audit(tx, actor, {
      action: 'exchangeRate.delete',
      entity: 'exchange_rate',
      entityId: `${params.currency}/${params.effectiveFrom}`,
      before: { currency: params.currency, effectiveFrom: params.effectiveFrom, rate: Number(before.rate) },
      after: { rerated },
    });
    return { entry: null, rerated };
  });
}

export async function exportExcel(
  ctx: AppContext,
  q: { currency?: string; startDate?: string; endDate?: string },
  acceptLanguage: string | undefined,
) {
  const zh = langOf(acceptLanguage) === 'zh';
  const t = (a: string, b: string) => (zh ? a : b);
  const name = `${t('汇率', 'exchange-rates')}${q.currency ? `_${q.currency}` : ''}_${todayUtc()}.xlsx`;
  const text = (k: string) => (r: Record<string, unknown>) => (r[k] as string | null) ?? null;
  return streamXlsx(poolOf(ctx.db), {
    fileName: name,
    sheetName: t('汇率', 'Exchange rates'),
    columns: [
      { header: t('币种', 'Currency'), width: 10, value: text('currency') },
      {
        header: t('站点', 'Marketplaces'),
        width: 22,
        value: (r) =>
          MARKETS.filter((m) => m.currency === r.currency)
            .map((m) => m.code)
            .join(', '),
      },
      { header: t('生效日期', 'Effective from'), width: 14, value: text('day') },
      { header: t('截止日期', 'Effective to'), width: 14, value: text('effective_to') },
      { header: t('汇率（美元/单位）', 'Rate (USD per unit)'), width: 20, numFmt: '0.00000000', value: (r) => Number(r.rate) },
      { header: t('修改人', 'Changed by'), width: 18, value: text('updated_by') },
      { header: t('修改时间 (UTC)', 'Changed at (UTC)'), width: 22, value: text('updated_at') },
    ],
    query: repo.entriesQuery(q.currency ?? null, q.startDate, q.endDate, 'desc'),
    map: (r) => r,
  });
}
