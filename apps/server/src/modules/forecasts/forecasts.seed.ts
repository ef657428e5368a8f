/**
 * The forecasts demo: one recalculation over the demo sales is queued, as POST refresh would, and
 * the app's job worker computes it in the first seconds after start (about 10 ms a listing: in the
 * seed itself it would add seconds to every fresh start and test template). Applied once (app_meta).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requestRefresh } from './forecasts.service';

export const FORECASTS_SEED_KEY = 'seed.forecasts';

export async function applyForecastsDemoOnce(db: Db): Promise<void> {
  const [done] = (await db.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${FORECASTS_SEED_KEY}`)).rows;
  if (done) return;
  await requestRefresh(db, null);
  await db.execute(sql`INSERT INTO app_meta (key, value) VALUES (${FORECASTS_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
}
