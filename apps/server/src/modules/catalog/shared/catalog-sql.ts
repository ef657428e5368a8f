/** Small SQL helpers the catalog resources share. */
import { type SQL, sql } from 'drizzle-orm';

/** A product line and its children (a parent line stands for its whole subtree of one level). */
export const lineAndChildren = (column: SQL, lineId: number) =>
  sql`${column} IN (SELECT id FROM product_lines WHERE id = ${lineId} OR parent_id = ${lineId})`;

/** True for PostgreSQL's unique violation, also when drizzle wraps the driver's error. */
export function isUniqueViolation(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  if ((err as { code?: string }).code === '23505') return true;
  return isUniqueViolation((err as { cause?: unknown }).cause, depth + 1);
}

/** Today in UTC as yyyy-MM-dd (lifecycle dates, costs in force). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
