/**
 * The estimates demo: eight estimates of the best-selling internal listings in every state the
 * review screens show. The planner's wait for the administrator (approved, rejected, withdrawn,
 * submitted, and one approved then estimated again); two of the administrator's wait for the
 * planner, whose menu shows the count. Written through the approval engine, as the API does,
 * so the decision log has its timeline. Once (app_meta).
 */
import { APPROVAL_STATUS, type ApprovalAction } from '@bo/contract/approvals/approval-flow';
import { FORECAST_ESTIMATE_FLOW as FLOW } from '@bo/contract/forecasts/estimates';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { actOnApproval, approvalFor } from '../../platform/approvals/approvals';
import { usersHolding } from '../../platform/auth/holders';
import { userDirectory } from '../access/access.reads';
import { listingProducts } from '../catalog/catalog.reads';
import { shopDirectory } from '../shops/shops.reads';
import { startDayOf } from './estimates.service';

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

export async function applyEstimatesDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
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
