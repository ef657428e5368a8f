/**
 * Growth queries: cycles with their counts, reviews with the names of their people (through the
 * access area's user directory), the review timeline. No rules here (reviews.service.ts).
 */
import type { Dimension, ReviewAction, ReviewState } from '@bo/contract/growth/performance';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userDirectory } from '../access/access.reads';

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export interface ScoreRow {
  dimension: string;
  score: number;
}

export interface ReviewRow extends Record<string, unknown> {
  id: number;
  account_id: number;
  cycle_id: number;
  quarter: string;
  cycle_state: 'open' | 'closed';
  dimensions: Dimension[];
  employee_id: number;
  employee_name: string | null;
  leader_id: number | null;
  leader_name: string | null;
  dept_name: string | null;
  state: ReviewState;
  self_goals: string;
  self_achievements: string;
  self_comments: string;
  self_scores: ScoreRow[];
  self_submitted_at: string | null;
  leader_scores: ScoreRow[];
  leader_comments: string;
  rating: number | null;
  reviewed_at: string | null;
  return_remark: string | null;
  ack_comment: string | null;
  acknowledged_at: string | null;
  version: number;
  updated_at: string;
}

const REVIEW_SELECT = sql`
  SELECT r.id, r.account_id, r.cycle_id, c.quarter, c.state AS cycle_state, c.dimensions,
         r.employee_id, e.user_name AS employee_name, r.leader_id, l.user_name AS leader_name, r.dept_name, r.state,
         r.self_goals, r.self_achievements, r.self_comments, r.self_scores, ${ts('r.self_submitted_at')} AS self_submitted_at,
         r.leader_scores, r.leader_comments, r.rating, ${ts('r.reviewed_at')} AS reviewed_at,
         r.return_remark, r.ack_comment, ${ts('r.acknowledged_at')} AS acknowledged_at, r.version, ${ts('r.updated_at')} AS updated_at
    FROM growth_reviews r
    JOIN growth_cycles c ON c.id = r.cycle_id
    LEFT JOIN ${userDirectory} e ON e.id = r.employee_id
    LEFT JOIN ${userDirectory} l ON l.id = r.leader_id`;

export async function reviewRow(db: DbOrTx, accountId: number, id: number, lock = false): Promise<ReviewRow | null> {
  if (lock) await db.execute(sql`SELECT id FROM growth_reviews WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  const r = await db.execute<ReviewRow>(sql`${REVIEW_SELECT} WHERE r.id = ${id} AND r.account_id = ${accountId}`);
  return r.rows[0] ?? null;
}

export async function reviewPage(db: DbOrTx, where: SQL, page: { pageNum: number; pageSize: number }) {
  const [count, rows] = await Promise.all([
    db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM growth_reviews r JOIN growth_cycles c ON c.id = r.cycle_id
        LEFT JOIN ${userDirectory} e ON e.id = r.employee_id WHERE ${where}`),
    db.execute<ReviewRow>(sql`${REVIEW_SELECT} WHERE ${where}
      ORDER BY c.quarter DESC, e.user_name, r.id LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

export interface CycleRow extends Record<string, unknown> {
  id: number;
  quarter: string;
  state: 'open' | 'closed';
  dimensions: Dimension[];
  reviews: number;
  by_state: Record<string, number> | null;
  opened_by: string | null;
  opened_at: string;
  version: number;
}

const CYCLE_SELECT = sql`
  SELECT c.id, c.quarter, c.state, c.dimensions, c.version, ob.user_name AS opened_by, ${ts('c.created_at')} AS opened_at,
         (SELECT count(*)::int FROM growth_reviews r WHERE r.cycle_id = c.id) AS reviews,
         (SELECT jsonb_object_agg(s.state, s.n) FROM (SELECT r.state, count(*)::int AS n FROM growth_reviews r WHERE r.cycle_id = c.id GROUP BY r.state) s) AS by_state
    FROM growth_cycles c LEFT JOIN ${userDirectory} ob ON ob.id = c.opened_by`;

export async function cycleRows(db: DbOrTx, accountId: number): Promise<CycleRow[]> {
  return (await db.execute<CycleRow>(sql`${CYCLE_SELECT} WHERE c.account_id = ${accountId} ORDER BY c.quarter DESC`)).rows;
}

export async function cycleRow(db: DbOrTx, accountId: number, id: number, lock = false): Promise<CycleRow | null> {
  if (lock) await db.execute(sql`SELECT id FROM growth_cycles WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  return (await db.execute<CycleRow>(sql`${CYCLE_SELECT} WHERE c.id = ${id} AND c.account_id = ${accountId}`)).rows[0] ?? null;
}

export interface EventRow extends Record<string, unknown> {
  id: number;
  action: ReviewAction;
  from_state: ReviewState;
  to_state: ReviewState;
  by_name: string | null;
  real_name: string | null;
  remark: string;
  at: string;
}

export async function eventsOf(db: DbOrTx, reviewId: number): Promise<EventRow[]> {
  const r = await db.execute<EventRow>(sql`
    SELECT ev.id, ev.action, ev.from_state, ev.to_state, u.user_name AS by_name, ru.user_name AS real_name, ev.remark, ${ts('ev.at')} AS at
      FROM growth_review_events ev
      LEFT JOIN ${userDirectory} u ON u.id = ev.user_id
      LEFT JOIN ${userDirectory} ru ON ru.id = ev.impersonator_user_id
     WHERE ev.review_id = ${reviewId}
     ORDER BY ev.at, ev.id`);
  return r.rows;
}
