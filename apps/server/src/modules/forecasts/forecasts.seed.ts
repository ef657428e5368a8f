/**
 * The forecasts demo: one recalculation over the demo sales, computed here, once (app_meta). It
 * adds a few seconds to the first start (about 10 ms a listing), once; queued as a job instead,
 * every copy of a seeded database (each browser suite's, each test app's) would compute it again
 * at its start.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createRun } from './forecasts.repository';
import { runRefresh } from './forecasts.service';

export const FORECASTS_SEED_KEY = 'seed.forecasts';

export async function applyForecastsDemoOnce(db: Db): Promise<void> {
  const [done] = (await db.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${FORECASTS_SEED_KEY}`)).rows;
  if (done) return;
  await runRefresh(db, await createRun(db, null));
  await db.execute(sql`INSERT INTO app_meta (key, value) VALUES (${FORECASTS_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
}
