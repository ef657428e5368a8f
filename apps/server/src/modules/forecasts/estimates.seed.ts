/**
 * The estimates demo: eight estimates of the best-selling internal listings in every state the
 * review screens show. The planner's wait for the administrator (approved, rejected, withdrawn,
 * submitted, and one approved then estimated again); two of the administrator's wait for the
 * planner, whose menu shows the count. Written through the approval engine, as the API does,
 * so the decision log has its timeline. Once (app_meta).
 *
 * And four estimates approved in the past, whose weeks or months have passed (one partly), for
 * /forecastAccuracy's overrides: each keeps the system forecast the method gives from the days
 * before its first day (as an approval keeps the forecast it saw). The planner's move the
 * forecast most of the way towards what then sold (a campaign they knew of); the
 * administrator's raise it by a quarter (a price test that did not sell more), so the screen
 * shows one planner whose overrides helped and one whose did not.
 */
import { APPROVAL_STATUS, type ApprovalAction } from '@bo/contract/approvals/approval-flow';
import { FORECAST_ESTIMATE_FLOW as FLOW } from '@bo/contract/forecasts/estimates';
import { FORECAST_HISTORY_DAYS, FORECAST_HORIZON } from '@bo/contract/forecasts/forecasts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { actOnApproval, approvalFor } from '../../platform/approvals/approvals';
import { usersHolding } from '../../platform/auth/holders';
import { userDirectory } from '../access/access.reads';
import { listingProducts } from '../catalog/catalog.reads';
import { listingDaySales } from '../sales/sales.reads';
import { shopDirectory } from '../shops/shops.reads';
import { startDayOf, systemPeriodsOf } from './estimates.service';
import { seriesOf } from './forecasts.compute';
import { lineUnits } from './forecasts.repository';
import { dayNum, isoOf, promotionCalendar } from './method/calendar';
import { forecastSeries } from './method/forecast';
import { yearlyProfile } from './method/pooling';

export const ESTIMATES_SEED_KEY = 'seed.forecast-estimates';

interface Plan {
  by: 'planner' | 'admin';
  granularity: 'week' | 'month';
  periods: number[];
  reason: string;
  afterwards?: { action: ApprovalAction; remark?: string }[];
}

const PLANS: Plan[] = [
  {
    by: 'planner',
    granularity: 'week',
    periods: [120, 150, 180, 160],
    reason: 'Coupon campaign in weeks 2-3 / 第2-3周优惠券活动',
    afterwards: [{ action: 'approve', remark: 'OK, matches the campaign plan' }],
  },
  {
    by: 'planner',
    granularity: 'month',
    periods: [900, 1100, 1300],
    reason: 'New colour launch / 新颜色上市',
    afterwards: [{ action: 'reject', remark: 'Launch moved to next quarter: estimate again' }],
  },
  {
    by: 'planner',
    granularity: 'week',
    periods: [40, 40, 40],
    reason: 'Competitor out of stock / 竞品断货',
    afterwards: [{ action: 'withdraw' }],
  },
  { by: 'planner', granularity: 'week', periods: [80, 95, 110, 100, 90, 85], reason: 'Prime Day lead-in / Prime Day 前备货' },
  { by: 'planner', granularity: 'month', periods: [600, 650, 700, 720], reason: 'Seasonal peak / 旺季' },
  { by: 'admin', granularity: 'week', periods: [30, 35, 30], reason: 'Price increase from week 2 / 第2周起涨价' },
  { by: 'admin', granularity: 'month', periods: [250, 240], reason: 'Listing merged / 链接合并' },
  {
    by: 'planner',
    granularity: 'week',
    periods: [60, 70],
    reason: 'Deal of the day / 秒杀',
    afterwards: [{ action: 'approve', remark: 'Approved' }],
  },
];

async function userId(tx: Tx, login: string): Promise<number | null> {
  const [r] = (await tx.execute<{ id: number }>(sql`SELECT id FROM ${userDirectory} u WHERE login_name = ${login}`)).rows;
  return r ? Number(r.id) : null;
}

async function write(tx: Tx, listingId: number, submitter: number, other: number, p: Plan) {
  const [l] = (
    await tx.execute<{ shop_id: number; market_id: number; origin: string; sku: string }>(sql`
      SELECT fl.shop_id, fl.market_id, to_char(fl.origin, 'YYYY-MM-DD') AS origin, lp.sku
        FROM forecast_listings fl JOIN ${listingProducts} lp ON lp.id = fl.listing_id
       WHERE fl.listing_id = ${listingId}`)
  ).rows;
  if (!l) return;
  const approvers = (await usersHolding(tx, 1, 'scm:forecast:review:approve')).map((u) => u.id).filter((id) => id !== submitter);
  if (approvers.length === 0) return;
  const total = p.periods.reduce((a, b) => a + b, 0);
  const [e] = (
    await tx.execute<{ id: number }>(sql`
      INSERT INTO forecast_estimates (account_id, listing_id, shop_id, market_id, submitter_id, granularity, start_day, periods,
                                      total_units, reason, submitted_at)
      VALUES (1, ${listingId}, ${l.shop_id}, ${l.market_id}, ${submitter}, ${p.granularity}, ${startDayOf(l.origin, p.granularity)}::date,
              ${`{${p.periods.join(',')}}`}::int[], ${total}, ${p.reason}, now() - interval '2 days')
      RETURNING id`)
  ).rows;
  const id = String(e?.id);
  // No subject: the demo's history tells nobody (no notifications, no mail), the waits are there all the same.
  let approval = await approvalFor(tx, FLOW, id, { accountId: 1, submitterId: submitter });
  const as = (userId: number) => ({ userId, impersonatorUserId: null, lang: 'en-US' as const });
  approval = (
    await actOnApproval(tx, FLOW, id, as(submitter), { action: 'submit', version: approval.version, approvers: [approvers] })
  ).approval;
  for (const step of p.afterwards ?? []) {
    const actor = step.action === 'withdraw' ? submitter : approvers.includes(other) ? other : (approvers[0] as number);
    approval = (
      await actOnApproval(tx, FLOW, id, as(actor), {
        action: step.action,
        version: approval.version,
        ...(step.remark ? { remark: step.remark } : {}),
      })
    ).approval;
    if (step.action !== 'withdraw')
      await tx.execute(sql`
        UPDATE forecast_estimates SET reviewer_id = ${actor}, reviewed_at = now() - interval '1 day', remark = ${step.remark ?? null}
         WHERE id = ${Number(id)}`);
  }
  await tx.execute(
    sql`UPDATE forecast_estimates SET status = ${APPROVAL_STATUS[approval.status]}, version = ${1 + (p.afterwards?.length ?? 0)}
         WHERE id = ${Number(id)}`,
  );
}

interface PastPlan {
  by: 'planner' | 'admin';
  granularity: 'week' | 'month';
  /** Days before the forecast origin of the first day (weeks); months start on the first of the month this many months back. */
  back: number;
  count: number;
  reason: string;
}

const PAST: PastPlan[] = [
  { by: 'planner', granularity: 'week', back: 56, count: 6, reason: 'Coupon campaign / 优惠券活动' },
  { by: 'planner', granularity: 'month', back: 3, count: 2, reason: 'Back-to-school push / 返校季推广' },
  { by: 'admin', granularity: 'week', back: 49, count: 6, reason: 'Price test, expect more units / 价格测试，预计增量' },
  { by: 'planner', granularity: 'week', back: 17, count: 4, reason: 'Influencer post / 达人推广' },
];

/** The method's forecast from `origin` of one listing, on its line's history before that day (as a run then would have). */
async function forecastThen(tx: Tx, listingId: number, line: number, origin: number): Promise<number[] | null> {
  const from = origin - FORECAST_HISTORY_DAYS;
  const all = seriesOf(await lineUnits(tx, line, isoOf(from), isoOf(origin)), from);
  const me = all.find((l) => l.listingId === listingId);
  if (!me) return null;
  const calendar = promotionCalendar();
  const yearly = yearlyProfile(
    all.map((l) => l.series),
    origin,
    calendar,
  );
  return forecastSeries({ series: me.series, origin, horizon: FORECAST_HORIZON, calendar, yearly }).daily;
}

/** Writes the estimate; false when the listing had no forecast then (not selling, or excluded on that day). */
async function writePast(tx: Tx, listingId: number, submitter: number, approver: number, p: PastPlan): Promise<boolean> {
  const [l] = (
    await tx.execute<{ shop_id: number; market_id: number; origin: string; sku: string; line: number }>(sql`
      SELECT fl.shop_id, fl.market_id, to_char(fl.origin, 'YYYY-MM-DD') AS origin, lp.sku, coalesce(lp.product_line_id, -1) AS line
        FROM forecast_listings fl JOIN ${listingProducts} lp ON lp.id = fl.listing_id
       WHERE fl.listing_id = ${listingId}`)
  ).rows;
  if (!l) return false;
  const o = dayNum(l.origin);
  const startDay =
    p.granularity === 'week'
      ? isoOf(o - p.back)
      : new Date(Date.UTC(Number(l.origin.slice(0, 4)), Number(l.origin.slice(5, 7)) - 1 - p.back, 1)).toISOString().slice(0, 10);
  const daily = await forecastThen(tx, listingId, Number(l.line), dayNum(startDay));
  if (!daily) return false;
  const system = systemPeriodsOf(daily, startDay, startDay, p.granularity, p.count);
  const actual = await Promise.all(
    system.map(async (_, k) => {
      const from = p.granularity === 'week' ? isoOf(dayNum(startDay) + 7 * k) : monthAfter(startDay, k);
      const to = p.granularity === 'week' ? isoOf(dayNum(startDay) + 7 * (k + 1)) : monthAfter(startDay, k + 1);
      const [r] = (
        await tx.execute<{ units: number }>(sql`
          SELECT coalesce(sum(units), 0)::float8 AS units FROM ${listingDaySales} u
           WHERE u.listing_id = ${listingId} AND u.day >= ${from}::date AND u.day < ${to}::date`)
      ).rows;
      return Number(r?.units ?? 0);
    }),
  );
  const periods = system.map((sys, k) => {
    const base = sys ?? actual[k] ?? 0;
    const est = p.by === 'planner' ? base + 0.6 * ((actual[k] ?? 0) - base) : base * 1.25;
    return Math.max(0, Math.round(est));
  });
  const total = periods.reduce((a, b) => a + b, 0);
  const [e] = (
    await tx.execute<{ id: number }>(sql`
      INSERT INTO forecast_estimates (account_id, listing_id, shop_id, market_id, submitter_id, granularity, start_day, periods,
                                      total_units, reason, submitted_at, system_periods)
      VALUES (1, ${listingId}, ${l.shop_id}, ${l.market_id}, ${submitter}, ${p.granularity}, ${startDay}::date,
              ${`{${periods.join(',')}}`}::int[], ${total}, ${p.reason}, ${startDay}::date - 2,
              ${`{${system.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`}::real[])
      RETURNING id`)
  ).rows;
  const id = String(e?.id);
  let approval = await approvalFor(tx, FLOW, id, { accountId: 1, submitterId: submitter });
  const as = (userId: number) => ({ userId, impersonatorUserId: null, lang: 'en-US' as const });
  approval = (
    await actOnApproval(tx, FLOW, id, as(submitter), { action: 'submit', version: approval.version, approvers: [[approver]] })
  ).approval;
  approval = (await actOnApproval(tx, FLOW, id, as(approver), { action: 'approve', version: approval.version })).approval;
  await tx.execute(sql`
    UPDATE forecast_estimates SET status = ${APPROVAL_STATUS[approval.status]}, version = 2, reviewer_id = ${approver},
           reviewed_at = ${startDay}::date - 1
     WHERE id = ${Number(id)}`);
  return true;
}

const monthAfter = (startDay: string, k: number) =>
  new Date(Date.UTC(Number(startDay.slice(0, 4)), Number(startDay.slice(5, 7)) - 1 + k, 1)).toISOString().slice(0, 10);

export async function applyEstimatesDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Two processes starting on one new database both seed: the second waits here, then finds it done.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${ESTIMATES_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${ESTIMATES_SEED_KEY}`)).rows;
    if (done) return;
    const planner = await userId(tx, 'planner');
    const admin = await userId(tx, 'admin');
    if (planner !== null && admin !== null) {
      const listings = (
        await tx.execute<{ listing_id: number }>(sql`
          SELECT fl.listing_id FROM forecast_listings fl JOIN ${shopDirectory} s ON s.id = fl.shop_id
           WHERE s.account_id = 1 ORDER BY fl.next30 DESC, fl.listing_id LIMIT ${PLANS.length}`)
      ).rows.map((r) => Number(r.listing_id));
      const past = (
        await tx.execute<{ listing_id: number }>(sql`
          SELECT fl.listing_id FROM forecast_listings fl JOIN ${shopDirectory} s ON s.id = fl.shop_id
           WHERE s.account_id = 1 ORDER BY fl.next30 DESC, fl.listing_id OFFSET ${PLANS.length} LIMIT ${PAST.length + 8}`)
      ).rows.map((r) => Number(r.listing_id));
      for (const plan of PAST) {
        const [submitter, approver] = plan.by === 'planner' ? [planner, admin] : [admin, planner];
        for (let listingId = past.shift(); listingId !== undefined; listingId = past.shift())
          if (await writePast(tx, listingId, submitter, approver, plan)) break;
      }
      for (const [k, plan] of PLANS.entries()) {
        const listingId = listings[k];
        if (listingId === undefined) break;
        const [submitter, other] = plan.by === 'planner' ? [planner, admin] : [admin, planner];
        await write(tx, listingId, submitter, other, plan);
      }
      // The last listing approved, then estimated again: its latest and its latest approved differ.
      const last = listings[PLANS.length - 1];
      if (last !== undefined)
        await write(tx, last, planner, admin, {
          by: 'planner',
          granularity: 'week',
          periods: [75, 80],
          reason: 'Second deal / 第二次秒杀',
        });
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${ESTIMATES_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
