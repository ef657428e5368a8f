/**
 * The back office's demo rows: FBA codes of real fulfilment centres on a few marketplaces, and
 * two notices that show the states without popping up for anyone (a draft and a withdrawn
 * one: a published notice would stand in front of every demo user's first screen). Applied
 * once (app_meta).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const BACKMGR_SEED_KEY = 'seed.backmgr';

/** code, marketplace id (contract MARKETS), name, address, country. */
const FBA: readonly [string, number, string, string, string][] = [
  ['PHX7', 0, 'Phoenix PHX7', '800 N 75th Ave, Phoenix, AZ 85043', 'US'],
  ['ONT8', 0, 'Moreno Valley ONT8', '24208 San Michele Rd, Moreno Valley, CA 92551', 'US'],
  ['BFI4', 0, 'Kent BFI4', '21005 64th Ave S, Kent, WA 98032', 'US'],
  ['LEJ1', 1, 'Leipzig LEJ1', 'Amazonstraße 1, 04347 Leipzig', 'DE'],
  ['DTM2', 1, 'Dortmund DTM2', 'Kaltbandstraße 4, 44145 Dortmund', 'DE'],
  ['LTN1', 2, 'Marston Gate LTN1', 'Marston Gate, Ridgmont, Bedford MK43 0ZA', 'GB'],
  ['BHX4', 2, 'Coventry BHX4', 'Lyons Park, Sayer Drive, Coventry CV5 9PF', 'GB'],
  ['NRT1', 3, 'Ichikawa NRT1', '千葉県市川市塩浜2-13-1', 'JP'],
  ['YYZ4', 4, 'Brampton YYZ4', '8050 Heritage Rd, Brampton, ON L6Y 0C9', 'CA'],
  ['ORY1', 5, 'Saran ORY1', '1401 Rue du Champ Rouge, 45770 Saran', 'FR'],
];

export async function applyBackMgrDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274377)`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${BACKMGR_SEED_KEY}`)).rows;
    if (done) return;
    for (const [code, marketId, name, address, country] of FBA) {
      await tx.execute(sql`
        INSERT INTO fba_codes (code, market_id, name, address, country, enabled)
        VALUES (${code}, ${marketId}, ${name}, ${address}, ${country}, ${code !== 'BFI4'})
        ON CONFLICT (market_id, code) DO NOTHING`);
    }
    await tx.execute(sql`
      INSERT INTO system_notices (title_zh, title_en, body_zh, body_en, level, audience, publish_from, publish_to, state)
      VALUES ('周末系统维护', 'Weekend maintenance',
              '本周六 22:00–24:00 系统维护，期间无法导入数据。', 'The system is down for maintenance on Saturday 22:00–24:00; imports wait until then.',
              'warning', 'everyone', now() + interval '3 days', now() + interval '5 days', 'draft'),
             ('新版销售看板', 'New sales dashboard',
              '销售看板已更新，新增按产品线筛选。', 'The sales dashboard now filters by product line.',
              'info', 'everyone', now() - interval '20 days', now() - interval '10 days', 'withdrawn')`);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${BACKMGR_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
