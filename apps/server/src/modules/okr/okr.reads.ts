/**
 * What the OKR area publishes for other areas: a person's committed objectives of a quarter (the
 * growth area's self review shows them beside the goals met). Published and closed only: a
 * draft is not a commitment yet (OKR_SCORE_RULE counts them the same way).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface ObjectiveRef {
  id: number;
  listType: number;
  title: string;
  state: string;
  keyResults: string[];
}

export async function committedObjectivesOf(
  db: DbOrTx,
  accountId: number,
  ownerId: number,
  quarter: string,
): Promise<ObjectiveRef[]> {
  const r = await db.execute<{ id: number; list_type: number; title: string; state: string; key_results: string[] | null }>(sql`
    SELECT o.id, o.list_type, o.title, o.state,
           (SELECT array_agg(k.title ORDER BY k.position, k.id) FROM okr_key_results k WHERE k.objective_id = o.id) AS key_results
      FROM okr_objectives o
     WHERE o.account_id = ${accountId} AND o.owner_id = ${ownerId} AND o.quarter = ${quarter} AND o.state IN ('published', 'closed')
     ORDER BY o.list_type, o.id`);
  return r.rows.map((o) => ({
    id: Number(o.id),
    listType: Number(o.list_type),
    title: o.title,
    state: o.state,
    keyResults: o.key_results ?? [],
  }));
}
