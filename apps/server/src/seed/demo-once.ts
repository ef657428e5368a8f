/**
 * The frame of an area's demo-seed step that runs once per database: skipped when app_meta holds
 * `key`; otherwise, under an advisory lock on the key (two processes starting on one new database),
 * `build` runs unless `taken` (SQL: whether the area already has rows of its own, which are then left
 * alone), and the key is written as `applied` or `skipped`. Used by the growth badges and the brand
 * area; the study, OKR and older steps write the same frame by hand and may move onto it.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';

export async function applyDemoOnce(db: Db, key: string, taken: SQL, build: (tx: DbOrTx) => Promise<void>): Promise<void> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${key}`);
  if (done.rows.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    const s = await tx.execute<{ done: boolean; taken: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${key}) AS done, ${taken} AS taken`);
    if (s.rows[0]?.done) return;
    const skip = Boolean(s.rows[0]?.taken);
    if (!skip) await build(tx);
    await tx.execute(
      sql`INSERT INTO app_meta (key, value) VALUES (${key}, ${skip ? 'skipped' : 'applied'}) ON CONFLICT (key) DO NOTHING`,
    );
  });
}
