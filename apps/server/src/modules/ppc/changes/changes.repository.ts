/** Queries of the change history that the routes used to hold (the writes live in changes.service). */
import type { ppcChanges as ep } from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { anyInt } from '../../../db/sql';
import type { ShopScope } from '../../shops/shops/shop-scope';

export type ChangeFilter = Omit<z.infer<typeof ep.changesQuery>, 'pageNum' | 'pageSize'>;

/** The history filter on `ch` (changes), limited to the scope's shops. */
export function changeFilter(scope: ShopScope, q: ChangeFilter): SQL {
  // An empty scope matches nothing (0 is no shop id).
  const parts: SQL[] = [sql`ch.shop_id = ${anyInt(scope.shopIds.length ? scope.shopIds : [0])}`];
  if (q.shopId !== undefined) parts.push(sql`ch.shop_id = ${q.shopId}`);
  if (q.campaignType) parts.push(sql`ch.campaign_type = ${q.campaignType}`);
  if (q.entityType) parts.push(sql`ch.entity_type = ${q.entityType}`);
  if (q.entityId !== undefined) parts.push(sql`ch.entity_id = ${q.entityId}`);
  if (q.campaignId !== undefined) parts.push(sql`ch.campaign_id = ${q.campaignId}`);
  if (q.source) parts.push(sql`ch.source = ${q.source}`);
  if (q.ruleId !== undefined) parts.push(sql`ch.rule_id = ${q.ruleId}`);
  if (q.batchId !== undefined) parts.push(sql`ch.batch_id = ${q.batchId}`);
  if (q.startDate) parts.push(sql`ch.created_at >= ${q.startDate}::date`);
  if (q.endDate) parts.push(sql`ch.created_at < ${q.endDate}::date + 1`);
  return sql.join(parts, sql` AND `);
}

export const changesWithIds = (ids: readonly number[]): SQL => sql`ch.id = ${anyInt(ids)}`;

export async function countChanges(db: DbOrTx, where: SQL): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ppc_changes ch WHERE ${where}`);
  return Number(r.rows[0]?.n ?? 0);
}

export async function markExported(db: DbOrTx, where: SQL): Promise<void> {
  await db.execute(sql`UPDATE ppc_changes ch SET exported_at = now() WHERE ${where}`);
}
