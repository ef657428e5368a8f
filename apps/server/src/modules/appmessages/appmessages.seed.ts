/**
 * The message centre's demo (applied once, app_meta): 3,000 devices across eight countries, their
 * languages and time zones, iOS and Android, app versions 3.0–3.4 and the catalogue's first
 * models; a message sent two days ago through the real sender (quiet hours 22:00–08:00, so the
 * devices then at night were deferred and delivered in their morning; 40 % read), a message
 * sending now at 120 devices a minute (its progress moves on the screen once the server runs its
 * jobs), one scheduled for tomorrow and a draft.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enqueue } from '../../platform/jobs/jobs';
import { catalogModels } from '../catalog/catalog.reads';
import { SEND_JOB } from './messages.service';
import { inboxProvider } from './push-provider';
import { runSender } from './sender';

export const APPMESSAGES_SEED_KEY = 'seed.appmessages';
export const DEMO_DEVICES = 3000;

/** country, language, time zones. */
const PLACES: readonly [string, string, string[]][] = [
  ['US', 'en-us', ['America/New_York', 'America/Chicago', 'America/Los_Angeles']],
  ['GB', 'en-gb', ['Europe/London']],
  ['DE', 'de-de', ['Europe/Berlin']],
  ['FR', 'fr-fr', ['Europe/Paris']],
  ['JP', 'ja-jp', ['Asia/Tokyo']],
  ['CN', 'zh-cn', ['Asia/Shanghai']],
  ['CA', 'en-ca', ['America/Toronto', 'America/Vancouver']],
  ['AU', 'en-au', ['Australia/Sydney']],
];

const DAY = 86_400_000;

export async function applyAppMessagesDemoOnce(db: Db): Promise<void> {
  const sentId = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${APPMESSAGES_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${APPMESSAGES_SEED_KEY}`)).rows;
    if (done) return null;
    const [any] = (await tx.execute(sql`SELECT 1 AS x FROM app_messages LIMIT 1`)).rows;
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${APPMESSAGES_SEED_KEY}, 'applied') ON CONFLICT DO NOTHING`);
    if (any) return null;
    const models = (
      await tx.execute<{ model: string }>(sql`SELECT upper(m.model) AS model FROM ${catalogModels} m ORDER BY m.id LIMIT 6`)
    ).rows.map((r) => r.model);
    if (models.length === 0) models.push('H6199');
    const places = JSON.stringify(PLACES.flatMap(([c, l, zones]) => zones.map((z) => ({ c, l, z }))));
    await tx.execute(sql`
      WITH p AS (SELECT row_number() OVER () - 1 AS n, c, l, z FROM jsonb_to_recordset(${places}::jsonb) AS r(c text, l text, z text)),
           np AS (SELECT count(*) AS k FROM p),
           m AS (SELECT ${JSON.stringify(models)}::jsonb AS a)
      INSERT INTO app_devices (device_key, country, language, app_version, v_major, v_minor, v_patch, platform, model, time_zone,
                               created_at, updated_at)
      SELECT 'demo-device-' || lpad(i::text, 5, '0'), p.c, p.l, '3.' || (i % 5) || '.' || (i % 3), 3, i % 5, i % 3,
             CASE WHEN i % 3 = 0 THEN 'ios' ELSE 'android' END,
             (SELECT a ->> (i % jsonb_array_length(a)) FROM m), p.z,
             now() - make_interval(days => 10 + i % 50), now() - make_interval(days => i % 10)
        FROM generate_series(1, ${DEMO_DEVICES}) AS i CROSS JOIN np JOIN p ON p.n = (i * 7) % np.k`);
    const now = Date.now();
    const ins = (
      name: string,
      t: [string, string, string, string],
      state: string,
      extra: { countries?: string[]; versionRange?: string; sendAt?: number | null; throttle?: number; expires?: number },
    ) =>
      tx
        .execute<{ id: number }>(sql`
          INSERT INTO app_messages (name, title_zh, title_en, body_zh, body_en, link, countries, version_range, send_at,
                 throttle_per_minute, quiet_start, quiet_end, expires_at, state)
          VALUES (${name}, ${t[0]}, ${t[1]}, ${t[2]}, ${t[3]}, 'lumio://scenes', ${`{${(extra.countries ?? []).join(',')}}`}::text[],
                 ${extra.versionRange ?? ''}, ${extra.sendAt ? new Date(extra.sendAt).toISOString() : null},
                 ${extra.throttle ?? 100000}, '22:00', '08:00',
                 ${extra.expires ? new Date(extra.expires).toISOString() : null}, ${state})
          RETURNING id`)
        .then((r) => Number(r.rows[0]?.id));
    const sent = await ins(
      'Winter scenes launch',
      [
        '冬季灯效上线',
        'Winter scenes are here',
        '12 款冬季场景灯效已上线，去场景页试试。',
        '12 new winter scenes are live: try them on the scenes page.',
      ],
      'scheduled',
      { sendAt: now - 2 * DAY, expires: now + 28 * DAY },
    );
    const sending = await ins(
      'Firmware 1.8 for strip lights',
      [
        '灯带固件 1.8',
        'Firmware 1.8 for strip lights',
        '灯带固件 1.8 改善了音乐同步，连接后自动更新。',
        'Firmware 1.8 improves music sync; it installs when the strip connects.',
      ],
      'scheduled',
      { countries: ['US', 'CA', 'GB', 'AU'], versionRange: '>=3.1', sendAt: now, throttle: 120, expires: now + 14 * DAY },
    );
    await enqueue(tx, SEND_JOB, { messageId: sending });
    const tomorrow = await ins(
      'Black Friday reminder',
      [
        '黑五优惠提醒',
        'Black Friday deals',
        '黑五优惠明天开始，灯带低至 6 折。',
        'Black Friday deals start tomorrow: strip lights up to 40 % off.',
      ],
      'scheduled',
      { countries: ['US', 'CA'], sendAt: now + DAY, expires: now + 5 * DAY },
    );
    await enqueue(tx, SEND_JOB, { messageId: tomorrow }, { delayMs: DAY });
    await ins(
      'Survey: DreamView (draft)',
      ['', 'Tell us about DreamView', '', 'Two minutes, five questions: help us shape the next DreamView.'],
      'draft',
      { countries: ['US', 'GB'], versionRange: '>=3.2' },
    );
    return sent;
  });
  if (sentId === null) return;
  // Sent through the real sender, as at a past instant: the devices at night then were deferred,
  // then delivered when their quiet hours ended.
  const start = new Date(Date.now() - 2 * DAY);
  for (let h = 0; h <= 24; h++) {
    const r = await runSender(db, inboxProvider, sentId, { at: () => new Date(start.getTime() + h * 3_600_000) });
    if (r.outcome === 'done' || r.outcome === 'stopped') break;
  }
  await db.execute(
    sql`DELETE FROM jobs WHERE kind = ${SEND_JOB} AND state = 'queued' AND (payload->>'messageId')::int = ${sentId}`,
  );
  await db.execute(sql`
    UPDATE app_message_deliveries SET read_at = delivered_at + make_interval(mins => (device_id % 600))
     WHERE message_id = ${sentId} AND state = 'delivered' AND device_id % 5 < 2`);
}
