/**
 * Who may read the growth records' history (platform/audit/history.registry.ts): a review's
 * history whoever may read the review (its employee, its leader, HR and the administrator); a
 * study record's whoever reads the record (its employee, a leader up their chain, HR, the
 * administrator); a cycle's and a value's every staff member of the account holding the growth pages.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { accountOwned, intId } from '../../platform/audit/history.registry';
import { isInternal } from '../../platform/auth/actor';
import { canReadAward } from './badges.service';
import { managesCycles } from './reviews.service';
import { canReadStudy } from './study.service';

const accountOfTable = (table: 'growth_cycles' | 'growth_values' | 'growth_badges') => async (db: DbOrTx, id: number) => {
  const r = await db.execute<{ account_id: number }>(sql`SELECT account_id FROM ${sql.raw(table)} WHERE id = ${id}`);
  return r.rows[0]?.account_id ?? null;
};

export const growthHistory: HistoryReaderMap = {
  growth_review: {
    permission: 'user:info',
    canSee: async (ctx, actor, entityId) => {
      const r = await ctx.db.execute<{ employee_id: number; leader_id: number | null }>(
        sql`SELECT employee_id, leader_id FROM growth_reviews WHERE id = ${intId(entityId) ?? 0} AND account_id = ${actor.accountId}`,
      );
      const row = r.rows[0];
      if (!row) return false;
      return Number(row.employee_id) === actor.userId || Number(row.leader_id) === actor.userId || managesCycles(actor);
    },
  },
  growth_study: {
    permission: 'digitize:grow:study',
    canSee: async (ctx, actor, entityId) => canReadStudy(ctx.db, actor, intId(entityId) ?? 0),
  },
  growth_cycle: { permission: 'user:info', canSee: accountOwned('growth_cycle', accountOfTable('growth_cycles')) },
  growth_value: { permission: 'user:info', canSee: accountOwned('growth_value', accountOfTable('growth_values')) },
  growth_badge: { permission: 'user:info', canSee: accountOwned('growth_badge', accountOfTable('growth_badges')) },
  growth_badge_award: {
    permission: 'user:info',
    canSee: async (ctx, actor, entityId) => isInternal(actor) && canReadAward(ctx.db, actor, intId(entityId) ?? 0),
  },
};
