/**
 * Forecast estimates and their review (contract forecasts/estimates.ts; decisions.md "Forecast
 * estimates"). A planner submits an estimate for a listing of a visible shop; its approval
 * (flow 'forecast.estimate') asks every other holder of scm:forecast:review:approve of the account, the
 * first decision settles it. Every write locks the estimate, checks the version the caller saw,
 * moves the approval through the engine, mirrors its status on the estimate and writes an
 * audit row, in one transaction. The manual override of a listing's forecast is here too.
 */
import type { EndpointBody, EndpointQuery, Lang } from '@bo/contract';
import { APPROVAL_STATUS, type ApprovalAction } from '@bo/contract/approvals/approval-flow';
import {
  type AuditRecord,
  type auditEstimates,
  type Estimate,
  type EstimateGranularity,
  type editEstimate,
  FORECAST_ESTIMATE_FLOW,
  type listAuditRecord,
  type listPendingReview,
  type overrideForecast,
  REVIEW_FILTER_CODES,
  type submitEstimate,
  type withdrawEstimate,
} from '@bo/contract/forecasts/estimates';
import { FORECAST_HORIZON } from '@bo/contract/forecasts/forecasts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { poolOf } from '../../db/client';
import { anyInt, likeContains, pageOf } from '../../db/sql';
import { actOnApproval, approvalFor, pendingCount, readApproval } from '../../platform/approvals/approvals';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import { usersHolding } from '../../platform/auth/holders';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { exportLang, named, tr } from '../../platform/export/lang';
import { streamXlsx } from '../../platform/export/xlsx-stream';
import { userDirectory } from '../access/access.reads';
import { listingProducts } from '../catalog/catalog.reads';
import { narrowScope, type ShopScope, shopIn } from '../shops/shops/shop-scope';
import { shopDirectory } from '../shops/shops.reads';
import { salesSpan } from './forecasts.repository';
import { dayNum, isoOf } from './method/calendar';

const FLOW = FORECAST_ESTIMATE_FLOW;
/** Who may approve or reject: the review screens' approve button (the approvers of a submission). */
const REVIEW_PERMISSION = 'scm:forecast:review:approve';
const OPEN = [APPROVAL_STATUS.submitted, APPROVAL_STATUS.pending];

type Raw = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const say = (lang: Lang, zh: string, en: string) => (lang === 'zh-CN' ? zh : en);
const round1 = (v: number) => Math.round(v * 10) / 10;

// ---- periods ----

/** The first day of the first period: the forecast's first day for weeks, the first whole month after it for months. */
export function startDayOf(origin: string, granularity: EstimateGranularity): string {
  if (granularity === 'week' || origin.endsWith('-01')) return origin;
  const d = new Date(`${origin}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** Day numbers [from, to) of each period. */
export function periodSpans(startDay: string, granularity: EstimateGranularity, count: number): [number, number][] {
  const start = dayNum(startDay);
  if (granularity === 'week') return Array.from({ length: count }, (_, k) => [start + 7 * k, start + 7 * k + 7]);
  const d = new Date(`${startDay}T00:00:00Z`);
  const monthDay = (k: number) =>
    dayNum(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, 1)).toISOString().slice(0, 10));
  return Array.from({ length: count }, (_, k) => [monthDay(k), monthDay(k + 1)]);
}

/** The stored forecast over the estimate's days (the part inside the horizon); null without a forecast. */
function systemUnitsOf(r: Raw, startDay: string, granularity: EstimateGranularity, count: number): number | null {
  const daily = r.daily as number[] | null;
  const origin = s(r.fl_origin);
  if (!daily || !origin) return null;
  const o = dayNum(origin);
  let sum = 0;
  for (const [from, to] of periodSpans(startDay, granularity, count))
    for (let day = from; day < to; day++) sum += Number(daily[day - o] ?? 0);
  return round1(sum);
}

/**
 * The stored forecast per period, as kept with an approved estimate (/forecastAccuracy's
 * overrides): a period the stored forecast does not cover whole (days before its origin or past
 * its horizon) is null, so it is not compared against a part of a forecast.
 */
export function systemPeriodsOf(
  daily: readonly number[] | null,
  origin: string | null,
  startDay: string,
  granularity: EstimateGranularity,
  count: number,
): (number | null)[] {
  return periodSpans(startDay, granularity, count).map(([from, to]) => {
    if (!daily || !origin) return null;
    const o = dayNum(origin);
    if (from < o || to - o > daily.length) return null;
    let sum = 0;
    for (let day = from; day < to; day++) sum += Number(daily[day - o] ?? 0);
    return round1(sum);
  });
}

/** Keeps the system forecast beside an estimate as it stands at its approval. */
async function keepSystemForecast(tx: Tx, id: number) {
  const [r] = (
    await tx.execute<{
      daily: number[] | null;
      origin: string | null;
      start_day: string;
      granularity: string;
      count: number;
    }>(sql`
      SELECT fl.daily, to_char(fl.origin, 'YYYY-MM-DD') AS origin, to_char(e.start_day, 'YYYY-MM-DD') AS start_day,
             e.granularity, cardinality(e.periods) AS count
        FROM forecast_estimates e LEFT JOIN forecast_listings fl ON fl.listing_id = e.listing_id
       WHERE e.id = ${id}`)
  ).rows;
  if (!r) return;
  const periods = systemPeriodsOf(r.daily, r.origin, r.start_day, r.granularity as EstimateGranularity, n(r.count));
  const literal = `{${periods.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
  await tx.execute(sql`UPDATE forecast_estimates SET system_periods = ${literal}::real[] WHERE id = ${id}`);
}

// ---- reads ----

const estimateSelect = (viewerId: number) => sql`
  SELECT e.id, e.listing_id, e.shop_id, e.market_id, e.granularity, to_char(e.start_day, 'YYYY-MM-DD') AS start_day,
         e.periods, e.total_units, e.reason, e.status, e.submitter_id, e.submitted_at, e.reviewed_at, e.remark, e.version,
         lp.sku, lp.asin, lp.product_name, lp.product_name_en, sh.name AS shop_name,
         su.user_name AS submitter_name, ru.user_name AS reviewer_name,
         fl.daily, to_char(fl.origin, 'YYYY-MM-DD') AS fl_origin,
         EXISTS (SELECT 1 FROM approvals a JOIN approval_waits w ON w.approval_id = a.id
                  WHERE a.flow = ${FLOW.key} AND a.entity_id = e.id::text AND w.user_id = ${viewerId}) AS can_review`;
const estimateFrom = sql`
    FROM forecast_estimates e
    JOIN ${listingProducts} lp ON lp.id = e.listing_id
    JOIN ${shopDirectory} sh ON sh.id = e.shop_id
    JOIN ${userDirectory} su ON su.id = e.submitter_id
    LEFT JOIN ${userDirectory} ru ON ru.id = e.reviewer_id
    LEFT JOIN forecast_listings fl ON fl.listing_id = e.listing_id`;

export function toEstimate(r: Raw, viewerId: number): Estimate {
  const granularity = r.granularity as EstimateGranularity;
  const periods = ((r.periods as number[] | null) ?? []).map(Number);
  const startDay = String(r.start_day);
  const status = n(r.status);
  return {
    id: n(r.id),
    listingId: n(r.listing_id),
    shopId: n(r.shop_id),
    shopName: String(r.shop_name ?? ''),
    marketId: n(r.market_id),
    sku: String(r.sku ?? ''),
    asin: String(r.asin ?? ''),
    productName: s(r.product_name),
    productNameEn: s(r.product_name_en),
    granularity,
    startDay,
    periods,
    totalUnits: n(r.total_units),
    systemUnits: systemUnitsOf(r, startDay, granularity, periods.length),
    reason: String(r.reason ?? ''),
    status,
    submitterId: n(r.submitter_id),
    submitterName: String(r.submitter_name ?? ''),
    submittedAt: iso(r.submitted_at) ?? '',
    reviewerName: s(r.reviewer_name),
    reviewedAt: iso(r.reviewed_at),
    remark: s(r.remark),
    version: n(r.version),
    canReview: r.can_review === true && n(r.submitter_id) !== viewerId && (OPEN as readonly number[]).includes(status),
  };
}

async function present(db: DbOrTx, actor: RequestActor, id: number): Promise<Estimate> {
  const [r] = (await db.execute<Raw>(sql`${estimateSelect(actor.userId)} ${estimateFrom} WHERE e.id = ${id}`)).rows;
  if (!r) throw notFound('estimate not found');
  return toEstimate(r, actor.userId);
}

/** One estimate of the visible shops (404 outside them, as if missing). */
export async function estimateInScope(ctx: AppContext, actor: RequestActor, scope: ShopScope, id: number): Promise<Estimate> {
  const [r] = (
    await ctx.db.execute<Raw>(
      sql`${estimateSelect(actor.userId)} ${estimateFrom} WHERE e.id = ${id} AND ${shopIn(sql`e.shop_id`, scope)}`,
    )
  ).rows;
  if (!r) throw notFound('estimate not found');
  return toEstimate(r, actor.userId);
}

async function latestOf(ctx: AppContext, actor: RequestActor, scope: ShopScope, listingId: number, approvedOnly: boolean) {
  const [r] = (
    await ctx.db.execute<Raw>(sql`${estimateSelect(actor.userId)} ${estimateFrom}
      WHERE e.listing_id = ${listingId} AND ${shopIn(sql`e.shop_id`, scope)}
        ${approvedOnly ? sql`AND e.status = ${APPROVAL_STATUS.approved}` : sql``}
      ORDER BY ${approvedOnly ? sql`e.reviewed_at DESC NULLS LAST,` : sql``} e.id DESC LIMIT 1`)
  ).rows;
  return r ? toEstimate(r, actor.userId) : null;
}

export const latestEstimate = (ctx: AppContext, actor: RequestActor, scope: ShopScope, listingId: number) =>
  latestOf(ctx, actor, scope, listingId, false);
export const latestApprovedEstimate = (ctx: AppContext, actor: RequestActor, scope: ShopScope, listingId: number) =>
  latestOf(ctx, actor, scope, listingId, true);

type ReviewFilterQuery = Omit<EndpointQuery<typeof listPendingReview>, 'pageNum' | 'pageSize'>;

/** What waits for the viewer's decision (the approval engine's waits of the flow). */
const awaiting = (viewerId: number) => sql`EXISTS (SELECT 1 FROM approvals a JOIN approval_waits w ON w.approval_id = a.id
                  WHERE a.flow = ${FLOW.key} AND a.entity_id = e.id::text AND w.user_id = ${viewerId})`;

function reviewWhere(scope: ShopScope, q: ReviewFilterQuery): SQL {
  const parts: SQL[] = [shopIn(sql`e.shop_id`, narrowScope(scope, q.shopId))];
  if (q.marketId !== undefined) parts.push(sql`e.market_id = ${q.marketId}`);
  if (q.status) parts.push(sql`e.status = ${anyInt(REVIEW_FILTER_CODES[q.status])}`);
  const like = likeContains(q.keyword);
  if (like)
    parts.push(
      sql`(lp.sku ILIKE ${like} OR lp.asin ILIKE ${like} OR lp.product_name ILIKE ${like} OR lp.product_name_en ILIKE ${like})`,
    );
  return sql.join(parts, sql` AND `);
}

export async function reviewPage(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: EndpointQuery<typeof listPendingReview>,
) {
  const { rows, total } = await pageOf<Raw>(
    ctx.db,
    {
      select: estimateSelect(actor.userId),
      // The caller's queue: what waits for them, oldest first (/forecast/newAudit).
      from: sql`${estimateFrom} WHERE ${reviewWhere(scope, q)}${q.queue === 'mine' ? sql` AND ${awaiting(actor.userId)}` : sql``}`,
      orderBy: q.queue === 'mine' ? sql`e.submitted_at, e.id` : sql`e.submitted_at DESC, e.id DESC`,
    },
    { pageNum: q.pageNum, pageSize: q.pageSize },
  );
  return { list: rows.map((r) => toEstimate(r, actor.userId)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

const STATUS_TEXT: Record<number, { zh: string; en: string }> = {
  1: { zh: '未提交', en: 'Not submitted' },
  2: { zh: '已提交', en: 'Submitted' },
  3: { zh: '已驳回', en: 'Rejected' },
  4: { zh: '审批中', en: 'In review' },
  5: { zh: '已通过', en: 'Approved' },
};

export function exportReview(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  q: ReviewFilterQuery,
  acceptLanguage: string | undefined,
) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  const status = (code: number) => tr(lang, STATUS_TEXT[code]?.zh ?? String(code), STATUS_TEXT[code]?.en ?? String(code));
  return streamXlsx<Estimate>(poolOf(ctx.db), {
    fileName: `${t('预测审核', 'forecast-review')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('预测审核', 'Forecast review'),
    query: sql`${estimateSelect(actor.userId)} ${estimateFrom} WHERE ${reviewWhere(scope, q)} ORDER BY e.submitted_at DESC, e.id DESC`,
    map: (r) => toEstimate(r, actor.userId),
    columns: [
      { header: t('店铺', 'Shop'), width: 20, value: (r) => r.shopName },
      { header: 'SKU', width: 18, value: (r) => r.sku },
      { header: 'ASIN', width: 13, value: (r) => r.asin },
      { header: t('产品', 'Product'), width: 24, value: (r) => named(lang, r.productName, r.productNameEn) },
      { header: t('粒度', 'Granularity'), value: (r) => (r.granularity === 'week' ? t('周', 'Week') : t('月', 'Month')) },
      { header: t('起始日', 'First day'), width: 12, value: (r) => r.startDay },
      { header: t('各期数量', 'Units per period'), width: 30, value: (r) => r.periods.join(', ') },
      { header: t('预估总量', 'Estimated units'), value: (r) => r.totalUnits },
      { header: t('系统预测', 'System forecast'), numFmt: '0.0', value: (r) => r.systemUnits },
      { header: t('原因', 'Reason'), width: 30, value: (r) => r.reason },
      { header: t('状态', 'Status'), value: (r) => status(r.status) },
      { header: t('提交人', 'Submitted by'), width: 16, value: (r) => r.submitterName },
      { header: t('提交时间', 'Submitted at'), width: 20, value: (r) => r.submittedAt },
      { header: t('审核人', 'Reviewed by'), width: 16, value: (r) => r.reviewerName },
      { header: t('审核时间', 'Reviewed at'), width: 20, value: (r) => r.reviewedAt },
      { header: t('审核备注', 'Remark'), width: 30, value: (r) => r.remark },
    ],
  });
}

// ---- the decision log ----

type RecordFilterQuery = Omit<EndpointQuery<typeof listAuditRecord>, 'pageNum' | 'pageSize'>;

const recordSelect = sql`
  SELECT ev.id, e.id AS estimate_id, e.listing_id, e.market_id, sh.name AS shop_name, lp.sku, ev.action,
         u.user_name, ev.from_status, ev.to_status, ev.remark, ev.at`;

function recordFrom(scope: ShopScope, q: RecordFilterQuery): SQL {
  const parts: SQL[] = [shopIn(sql`e.shop_id`, narrowScope(scope, q.shopId))];
  if (q.marketId !== undefined) parts.push(sql`e.market_id = ${q.marketId}`);
  if (q.action) parts.push(sql`ev.action = ${q.action}`);
  if (q.from) parts.push(sql`ev.at >= ${q.from}::date`);
  if (q.to) parts.push(sql`ev.at < ${q.to}::date + 1`);
  const like = likeContains(q.keyword);
  if (like) parts.push(sql`(lp.sku ILIKE ${like} OR lp.asin ILIKE ${like} OR lp.product_name ILIKE ${like})`);
  return sql`
    FROM approval_events ev
    JOIN approvals a ON a.id = ev.approval_id AND a.flow = ${FLOW.key}
    JOIN forecast_estimates e ON e.id::text = a.entity_id
    JOIN ${listingProducts} lp ON lp.id = e.listing_id
    JOIN ${shopDirectory} sh ON sh.id = e.shop_id
    JOIN ${userDirectory} u ON u.id = ev.user_id
   WHERE ${sql.join(parts, sql` AND `)}`;
}

const toRecord = (r: Raw): AuditRecord => ({
  id: n(r.id),
  estimateId: n(r.estimate_id),
  listingId: n(r.listing_id),
  shopName: String(r.shop_name ?? ''),
  marketId: n(r.market_id),
  sku: String(r.sku ?? ''),
  action: r.action as AuditRecord['action'],
  userName: String(r.user_name ?? ''),
  fromStatus: n(r.from_status),
  toStatus: n(r.to_status),
  remark: s(r.remark),
  at: iso(r.at) ?? '',
});

export async function recordPage(ctx: AppContext, scope: ShopScope, q: EndpointQuery<typeof listAuditRecord>) {
  const { rows, total } = await pageOf<Raw>(
    ctx.db,
    { select: recordSelect, from: recordFrom(scope, q), orderBy: sql`ev.id DESC` },
    { pageNum: q.pageNum, pageSize: q.pageSize },
  );
  return { list: rows.map(toRecord), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

const ACTION_TEXT: Record<AuditRecord['action'], { zh: string; en: string }> = {
  submit: { zh: '提交', en: 'Submitted' },
  withdraw: { zh: '撤回', en: 'Withdrawn' },
  approve: { zh: '通过', en: 'Approved' },
  reject: { zh: '驳回', en: 'Rejected' },
};

export function exportRecords(ctx: AppContext, scope: ShopScope, q: RecordFilterQuery, acceptLanguage: string | undefined) {
  const lang = exportLang(acceptLanguage);
  const t = (zh: string, en: string) => tr(lang, zh, en);
  const status = (code: number) => tr(lang, STATUS_TEXT[code]?.zh ?? String(code), STATUS_TEXT[code]?.en ?? String(code));
  return streamXlsx<AuditRecord>(poolOf(ctx.db), {
    fileName: `${t('预测审核记录', 'forecast-review-log')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheetName: t('预测审核记录', 'Review log'),
    query: sql`${recordSelect} ${recordFrom(scope, q)} ORDER BY ev.id DESC`,
    map: toRecord,
    columns: [
      { header: t('时间', 'At'), width: 20, value: (r) => r.at },
      { header: t('店铺', 'Shop'), width: 20, value: (r) => r.shopName },
      { header: 'SKU', width: 18, value: (r) => r.sku },
      { header: t('预估编号', 'Estimate'), value: (r) => r.estimateId },
      { header: t('操作', 'Action'), value: (r) => tr(lang, ACTION_TEXT[r.action].zh, ACTION_TEXT[r.action].en) },
      { header: t('操作人', 'By'), width: 16, value: (r) => r.userName },
      { header: t('操作前', 'Before'), value: (r) => status(r.fromStatus) },
      { header: t('操作后', 'After'), value: (r) => status(r.toStatus) },
      { header: t('备注', 'Remark'), width: 30, value: (r) => r.remark },
    ],
  });
}

export async function toReviewCount(ctx: AppContext, actor: RequestActor) {
  return { count: await pendingCount(ctx.db, actor.userId, [FLOW.key]) };
}

// ---- writes ----

interface Locked {
  [column: string]: unknown;
  id: number;
  listing_id: number;
  shop_id: number;
  submitter_id: number;
  status: number;
  version: number;
  granularity: string;
  periods: number[];
  total_units: number;
  reason: string;
  sku: string;
}

/** The estimate locked for a write, within the scope (another shop's id answers 404). */
async function lockEstimate(tx: Tx, scope: ShopScope, id: number, lang: Lang): Promise<Locked> {
  const [r] = (
    await tx.execute<Locked>(sql`
      SELECT e.id, e.listing_id, e.shop_id, e.submitter_id, e.status, e.version, e.granularity, e.periods, e.total_units,
             e.reason, lp.sku
        FROM forecast_estimates e JOIN ${listingProducts} lp ON lp.id = e.listing_id
       WHERE e.id = ${id} AND ${shopIn(sql`e.shop_id`, scope)}
       FOR UPDATE OF e`)
  ).rows;
  if (!r) throw notFound(say(lang, `预估 #${id} 不存在`, `estimate #${id} not found`));
  return { ...r, id: n(r.id), submitter_id: n(r.submitter_id), status: n(r.status), version: n(r.version) };
}

function checkVersion(row: Locked, version: number, lang: Lang) {
  if (row.version !== version)
    throw conflict(
      say(lang, `预估 #${row.id} 已被他人修改，请刷新后重试`, `estimate #${row.id} was changed meanwhile; reload and try again`),
      { id: row.id, version: row.version, status: row.status },
    );
}

const snapshot = (r: Pick<Locked, 'status' | 'granularity' | 'periods' | 'total_units' | 'reason'>) => ({
  status: n(r.status),
  granularity: r.granularity,
  periods: r.periods.map(Number),
  totalUnits: n(r.total_units),
  reason: r.reason,
});

const subjectOf = (row: { id: number; sku: string }) => ({
  title: { zh: `销量预估 #${row.id} ${row.sku}`, en: `sales estimate #${row.id} ${row.sku}` },
  link: '/forecast/review',
});

const approvalActor = (actor: RequestActor, lang: Lang) => ({
  userId: actor.userId,
  impersonatorUserId: actor.impersonatorUserId,
  lang,
});

/** Everyone else of the account who reviews forecasts: the approvers of a submission. */
async function reviewersFor(tx: Tx, actor: RequestActor, lang: Lang): Promise<number[]> {
  const ids = (await usersHolding(tx, actor.accountId, REVIEW_PERMISSION)).map((u) => u.id).filter((id) => id !== actor.userId);
  if (ids.length === 0)
    throw badRequest(
      say(lang, '没有其他可审核预测的用户，无法提交', 'nobody else may review forecasts: the estimate cannot be submitted'),
    );
  return ids;
}

/** Submits (or submits again) the estimate's approval; answers the new status code. */
async function submitApproval(tx: Tx, actor: RequestActor, row: { id: number; sku: string }, lang: Lang): Promise<number> {
  const approvers = await reviewersFor(tx, actor, lang);
  const approval = await approvalFor(tx, FLOW, String(row.id), { accountId: actor.accountId, submitterId: actor.userId });
  const { approval: next } = await actOnApproval(
    tx,
    FLOW,
    String(row.id),
    approvalActor(actor, lang),
    { action: 'submit', version: approval.version, approvers: [approvers] },
    subjectOf(row),
  );
  return APPROVAL_STATUS[next.status];
}

/** The forecast's first day for the listing: its stored origin, else the day after the last day of sales. */
async function originOf(tx: Tx, listingId: number): Promise<string> {
  const [f] = (
    await tx.execute<{ origin: string }>(
      sql`SELECT to_char(origin, 'YYYY-MM-DD') AS origin FROM forecast_listings WHERE listing_id = ${listingId}`,
    )
  ).rows;
  if (f) return f.origin;
  const span = await salesSpan(tx);
  return span ? isoOf(dayNum(span.last) + 1) : new Date().toISOString().slice(0, 10);
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export async function submit(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  b: EndpointBody<typeof submitEstimate>,
  lang: Lang,
): Promise<Estimate> {
  return ctx.db.transaction(async (tx) => {
    const [listing] = (
      await tx.execute<{ id: number; shop_id: number; market_id: number; sku: string }>(sql`
        SELECT lp.id, lp.shop_id, lp.market_id, lp.sku FROM ${listingProducts} lp
         WHERE lp.id = ${b.listingId} AND ${shopIn(sql`lp.shop_id`, scope)}`)
    ).rows;
    if (!listing) throw notFound(say(lang, `商品 #${b.listingId} 不存在`, `listing #${b.listingId} not found`));
    // One estimate in review per listing: two planners submitting at once are taken one after the other.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274502, ${b.listingId})`);
    const [open] = (
      await tx.execute<{ id: number }>(
        sql`SELECT id FROM forecast_estimates WHERE listing_id = ${b.listingId} AND status = ${anyInt(OPEN)}`,
      )
    ).rows;
    if (open)
      throw conflict(
        say(
          lang,
          `该商品已有审核中的预估 #${open.id}，请修改或撤回它`,
          `the listing has estimate #${open.id} in review: change or withdraw that one`,
        ),
        { id: n(open.id) },
      );
    const startDay = startDayOf(await originOf(tx, b.listingId), b.granularity);
    const [created] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO forecast_estimates (account_id, listing_id, shop_id, market_id, submitter_id, granularity, start_day, periods,
                                        total_units, reason)
        VALUES (${actor.accountId}, ${b.listingId}, ${listing.shop_id}, ${listing.market_id}, ${actor.userId}, ${b.granularity},
                ${startDay}::date, ${`{${b.periods.join(',')}}`}::int[], ${sum(b.periods)}, ${b.reason})
        RETURNING id`)
    ).rows;
    const id = n(created?.id);
    const status = await submitApproval(tx, actor, { id, sku: listing.sku }, lang);
    await tx.execute(sql`UPDATE forecast_estimates SET status = ${status} WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'forecastEstimate.submit',
      entity: 'forecast_estimate',
      entityId: id,
      after: { listingId: b.listingId, startDay, status, granularity: b.granularity, periods: b.periods, reason: b.reason },
    });
    return present(tx, actor, id);
  });
}

/**
 * The submitter changes an estimate nobody has reviewed: a submitted one keeps its review, a
 * withdrawn or rejected one is submitted again (a new round). In review (approved by
 * someone) or approved: refused.
 */
export async function edit(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  b: EndpointBody<typeof editEstimate>,
  lang: Lang,
): Promise<Estimate> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockEstimate(tx, scope, b.id, lang);
    checkVersion(row, b.version, lang);
    if (row.submitter_id !== actor.userId)
      throw forbidden(say(lang, '只有提交人可以修改预估', 'only the submitter may change the estimate'));
    if (row.status === APPROVAL_STATUS.pending || row.status === APPROVAL_STATUS.approved)
      throw badRequest(
        say(
          lang,
          `预估 #${row.id} ${STATUS_TEXT[row.status]?.zh}，不能修改`,
          `estimate #${row.id} is ${STATUS_TEXT[row.status]?.en.toLowerCase()}: it cannot be changed`,
        ),
        { status: row.status },
      );
    const startDay = startDayOf(await originOf(tx, row.listing_id), b.granularity);
    let status = row.status;
    if (row.status !== APPROVAL_STATUS.submitted) {
      const [other] = (
        await tx.execute<{ id: number }>(sql`
          SELECT id FROM forecast_estimates WHERE listing_id = ${row.listing_id} AND id <> ${row.id} AND status = ${anyInt(OPEN)}`)
      ).rows;
      if (other)
        throw conflict(say(lang, `该商品已有审核中的预估 #${other.id}`, `the listing has estimate #${other.id} in review`), {
          id: n(other.id),
        });
      status = await submitApproval(tx, actor, row, lang);
    }
    await tx.execute(sql`
      UPDATE forecast_estimates
         SET granularity = ${b.granularity}, start_day = ${startDay}::date, periods = ${`{${b.periods.join(',')}}`}::int[],
             total_units = ${sum(b.periods)}, reason = ${b.reason}, status = ${status}, version = version + 1, updated_at = now(),
             submitted_at = CASE WHEN ${status !== row.status} THEN now() ELSE submitted_at END,
             reviewer_id = CASE WHEN ${status !== row.status} THEN NULL ELSE reviewer_id END,
             reviewed_at = CASE WHEN ${status !== row.status} THEN NULL ELSE reviewed_at END,
             remark = CASE WHEN ${status !== row.status} THEN NULL ELSE remark END
       WHERE id = ${row.id}`);
    await audit(tx, actor, {
      action: 'update',
      entity: 'forecast_estimate',
      entityId: row.id,
      before: snapshot(row),
      after: snapshot({ status, granularity: b.granularity, periods: b.periods, total_units: sum(b.periods), reason: b.reason }),
    });
    return present(tx, actor, row.id);
  });
}

/** Moves one locked estimate's approval; answers the new status code. */
async function act(tx: Tx, actor: RequestActor, row: Locked, action: ApprovalAction, remark: string | undefined, lang: Lang) {
  const approval = await readApproval(tx, FLOW, String(row.id));
  if (!approval) throw notFound('approval not found');
  const { approval: next } = await actOnApproval(
    tx,
    FLOW,
    String(row.id),
    approvalActor(actor, lang),
    { action, version: approval.version, ...(remark ? { remark } : {}) },
    subjectOf(row),
  );
  return APPROVAL_STATUS[next.status];
}

export async function withdraw(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  b: EndpointBody<typeof withdrawEstimate>,
  lang: Lang,
): Promise<Estimate> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockEstimate(tx, scope, b.id, lang);
    checkVersion(row, b.version, lang);
    if (row.submitter_id !== actor.userId)
      throw forbidden(say(lang, '只有提交人可以撤回预估', 'only the submitter may withdraw the estimate'));
    if (row.status !== APPROVAL_STATUS.submitted)
      throw badRequest(
        say(
          lang,
          `预估 #${row.id} ${STATUS_TEXT[row.status]?.zh}，只有未被审核的预估可以撤回`,
          `estimate #${row.id} is ${STATUS_TEXT[row.status]?.en.toLowerCase()}: only one nobody has reviewed can be withdrawn`,
        ),
        { status: row.status },
      );
    const status = await act(tx, actor, row, 'withdraw', undefined, lang);
    await tx.execute(
      sql`UPDATE forecast_estimates SET status = ${status}, version = version + 1, updated_at = now() WHERE id = ${row.id}`,
    );
    await audit(tx, actor, {
      action: 'forecastEstimate.withdraw',
      entity: 'forecast_estimate',
      entityId: row.id,
      before: { status: row.status },
      after: { status },
    });
    return present(tx, actor, row.id);
  });
}

/** Approves or rejects every named estimate, or none: the first refusal answers and changes nothing. */
export async function review(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  b: EndpointBody<typeof auditEstimates>,
  lang: Lang,
): Promise<{ list: Estimate[] }> {
  return ctx.db.transaction(async (tx) => {
    const items = [...b.items].sort((x, y) => x.id - y.id);
    for (const item of items) {
      const row = await lockEstimate(tx, scope, item.id, lang);
      checkVersion(row, item.version, lang);
      if (row.submitter_id === actor.userId)
        throw forbidden(say(lang, `不能审核自己提交的预估 #${row.id}`, `you may not review your own estimate #${row.id}`));
      if (!(OPEN as readonly number[]).includes(row.status))
        throw badRequest(
          say(
            lang,
            `预估 #${row.id} ${STATUS_TEXT[row.status]?.zh}，只有待审核的预估可以审核`,
            `estimate #${row.id} is ${STATUS_TEXT[row.status]?.en.toLowerCase()}: only estimates in review can be approved or rejected`,
          ),
          { id: row.id, status: row.status },
        );
      const status = await act(tx, actor, row, b.action, b.remark, lang);
      await tx.execute(sql`
        UPDATE forecast_estimates
           SET status = ${status}, reviewer_id = ${actor.userId}, reviewed_at = now(), remark = ${b.remark ?? null},
               version = version + 1, updated_at = now()
         WHERE id = ${row.id}`);
      if (status === APPROVAL_STATUS.approved) await keepSystemForecast(tx, row.id);
      await audit(tx, actor, {
        action: b.action === 'approve' ? 'forecastEstimate.approve' : 'forecastEstimate.reject',
        entity: 'forecast_estimate',
        entityId: row.id,
        before: { status: row.status },
        after: { status, remark: b.remark ?? null },
      });
    }
    const list: Estimate[] = [];
    for (const item of b.items) list.push(await present(tx, actor, item.id));
    return { list };
  });
}

// ---- the manual override ----

/** Sums per calendar month from `monthStart` of `daily` starting at `origin`. */
function monthSums(daily: readonly number[], origin: string, monthStart: string, count: number): number[] {
  const out = new Array<number>(count).fill(0);
  const m0 = new Date(`${monthStart}T00:00:00Z`);
  const o = new Date(`${origin}T00:00:00Z`);
  daily.forEach((u, h) => {
    const d = new Date(o.getTime() + h * 86_400_000);
    const k = (d.getUTCFullYear() - m0.getUTCFullYear()) * 12 + d.getUTCMonth() - m0.getUTCMonth();
    if (k >= 0 && k < count) out[k] = (out[k] ?? 0) + u;
  });
  return out;
}

export async function override(
  ctx: AppContext,
  actor: RequestActor,
  scope: ShopScope,
  listingId: number,
  b: EndpointBody<typeof overrideForecast>,
  lang: Lang,
) {
  return ctx.db.transaction(async (tx) => {
    const [f] = (
      await tx.execute<{ daily: number[]; origin: string; month_start: string; months: number[]; version: number }>(sql`
        SELECT fl.daily, to_char(fl.origin, 'YYYY-MM-DD') AS origin, to_char(fl.month_start, 'YYYY-MM-DD') AS month_start,
               fl.months, fl.version
          FROM forecast_listings fl
         WHERE fl.listing_id = ${listingId} AND ${shopIn(sql`fl.shop_id`, scope)}
         FOR UPDATE`)
    ).rows;
    if (!f) throw notFound(say(lang, `商品 #${listingId} 没有预测`, `listing #${listingId} has no forecast`));
    if (n(f.version) !== b.version)
      throw conflict(
        say(
          lang,
          '预测已被修改或重新计算，请刷新后重试',
          'the forecast was changed or recalculated meanwhile; reload and try again',
        ),
        { version: n(f.version) },
      );
    const before = f.daily.map(Number);
    const daily = before.slice(0, FORECAST_HORIZON);
    // Units per day to the hundredth, as the forecast is shown: a value such as 1e-320 would
    // otherwise reach PostgreSQL's real[] and fail there (the fuzz found it).
    const given = b.daily.map((u) => Math.round(u * 100) / 100);
    given.forEach((u, h) => {
      daily[h] = u;
    });
    const next = (days: number) => round1(sum(daily.slice(0, days)));
    const months = monthSums(daily, f.origin, f.month_start, f.months.length);
    const [r] = (
      await tx.execute<{ version: number; overridden_at: string }>(sql`
        UPDATE forecast_listings
           SET daily = ${`{${daily.join(',')}}`}::real[], months = ${`{${months.join(',')}}`}::real[],
               next7 = ${next(7)}, next30 = ${next(30)}, next90 = ${next(90)}, version = version + 1,
               overridden_by = ${actor.userId}, overridden_at = now(), override_reason = ${b.reason}
         WHERE listing_id = ${listingId}
         RETURNING version, overridden_at`)
    ).rows;
    await audit(tx, actor, {
      action: 'forecast.override',
      entity: 'forecast',
      entityId: listingId,
      before: { version: n(f.version), daily: before.slice(0, given.length) },
      after: { version: n(r?.version), daily: given, reason: b.reason },
    });
    return {
      listingId,
      version: n(r?.version),
      next7: next(7),
      next30: next(30),
      next90: next(90),
      overriddenAt: iso(r?.overridden_at) ?? '',
    };
  });
}
