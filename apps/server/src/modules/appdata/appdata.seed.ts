/**
 * The demo of what the app reports: 24 actions (two never reported, one disabled), 12 months of
 * rolled-up events and active devices over the catalogue's models, five countries, both
 * platforms and the app versions of each month, some refusals, and two joint QR codes (one
 * running, one ended) with their scans. The rollups are written directly: there are no raw events
 * behind them (raw events live 90 days and the demo's year is older). Applied once (app_meta).
 */
import type { ActionParam } from '@bo/contract/appdata/actions';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogModels } from '../catalog/catalog.reads';
import { insertQr } from './qr-codes.service';

export const APPDATA_SEED_KEY = 'seed.appdata';

const str = (name: string, required = false): ActionParam => ({ name, type: 'string', values: [], required });
const num = (name: string, required = false): ActionParam => ({ name, type: 'number', values: [], required });
const bool = (name: string, required = false): ActionParam => ({ name, type: 'boolean', values: [], required });
const choice = (name: string, values: string[], required = true): ActionParam => ({ name, type: 'enum', values, required });

/** key, zh, en, description zh, description en, params, daily weight (0: never reported), enabled. */
type Seeded = [string, string, string, string, string, ActionParam[], number, boolean?];
export const DEMO_ACTIONS: readonly Seeded[] = [
  [
    'app.opened',
    '打开 App',
    'App opened',
    'App 进入前台',
    'The app comes to the foreground',
    [choice('source', ['icon', 'push', 'widget', 'link'])],
    40,
  ],
  [
    'account.signed_in',
    '登录',
    'Signed in',
    '用户登录成功',
    'A user signs in',
    [choice('method', ['email', 'apple', 'google', 'wechat'])],
    6,
  ],
  [
    'device.pair_started',
    '开始配对',
    'Pairing started',
    '开始添加设备',
    'Adding a device starts',
    [choice('connectivity', ['ble', 'wifi'])],
    4,
  ],
  [
    'device.paired',
    '配对成功',
    'Device paired',
    '设备添加成功',
    'A device was added',
    [choice('connectivity', ['ble', 'wifi']), num('seconds', true)],
    3,
  ],
  [
    'device.pair_failed',
    '配对失败',
    'Pairing failed',
    '设备添加失败',
    'Adding a device failed',
    [choice('connectivity', ['ble', 'wifi']), str('reason', true)],
    1,
  ],
  [
    'device.power_toggled',
    '开关灯',
    'Power toggled',
    '开或关灯',
    'A light turned on or off',
    [bool('on', true), choice('via', ['app', 'widget', 'voice'])],
    30,
  ],
  ['device.brightness_set', '调节亮度', 'Brightness set', '调节亮度', 'Brightness changed', [num('percent', true)], 18],
  ['device.color_set', '设置颜色', 'Colour set', '设置颜色', 'A colour was chosen', [str('hex', true)], 14],
  [
    'effect.applied',
    '应用灯效',
    'Effect applied',
    '应用一个灯效',
    'A light effect was applied',
    [str('effectId', true), choice('library', ['scene', 'music', 'diy'])],
    22,
  ],
  [
    'effect.favourited',
    '收藏灯效',
    'Effect favourited',
    '收藏灯效',
    'An effect was added to favourites',
    [str('effectId', true)],
    3,
  ],
  ['diy.saved', '保存 DIY', 'DIY saved', '保存自制灯效', 'A DIY effect was saved', [num('segments', true), num('colors')], 2],
  [
    'music.sync_started',
    '音乐同步',
    'Music sync started',
    '开始音乐律动',
    'Music sync started',
    [choice('source', ['mic', 'device'])],
    6,
  ],
  ['scene.run', '运行场景', 'Scene run', '运行一个场景', 'A scene ran', [str('sceneId', true), bool('scheduled')], 9],
  [
    'schedule.created',
    '新建定时',
    'Schedule created',
    '新建定时任务',
    'A schedule was created',
    [choice('repeat', ['once', 'daily', 'weekdays', 'custom'])],
    1.5,
  ],
  [
    'dreamview.started',
    '开启 DreamView',
    'DreamView started',
    '开启 DreamView 同步',
    'DreamView sync started',
    [num('devices', true)],
    2.5,
  ],
  [
    'firmware.update_started',
    '开始固件升级',
    'Firmware update started',
    '开始升级固件',
    'A firmware update started',
    [str('from', true), str('to', true)],
    1,
  ],
  [
    'firmware.updated',
    '固件升级成功',
    'Firmware updated',
    '固件升级完成',
    'A firmware update finished',
    [str('to', true), num('seconds')],
    0.9,
  ],
  [
    'banner.clicked',
    '点击横幅',
    'Banner clicked',
    '点击首页横幅',
    'A home banner was tapped',
    [num('bannerId', true), choice('slot', ['home', 'device', 'community'])],
    3,
  ],
  ['faq.viewed', '查看常见问题', 'FAQ viewed', '查看常见问题', 'An FAQ was opened', [num('faqId', true)], 1.2],
  [
    'guide.completed',
    '完成引导',
    'Guide completed',
    '完成 App 引导',
    'An app guide was finished',
    [choice('topic', ['pairing', 'scenes', 'account', 'other'])],
    0.8,
  ],
  [
    'share.clicked',
    '分享',
    'Shared',
    '分享灯效或场景',
    'An effect or scene was shared',
    [choice('target', ['wechat', 'moments', 'link', 'other'])],
    0.7,
  ],
  [
    'feedback.sent',
    '提交反馈',
    'Feedback sent',
    '提交意见反馈',
    'Feedback was sent',
    [choice('topic', ['bug', 'idea', 'device', 'other']), bool('withLog')],
    0,
  ],
  [
    'voice.linked',
    '绑定语音助手',
    'Voice assistant linked',
    '绑定语音助手',
    'A voice assistant was linked',
    [choice('assistant', ['alexa', 'google', 'siri'])],
    0,
  ],
  [
    'ar.preview_opened',
    'AR 预览',
    'AR preview opened',
    '打开 AR 预览（已下线）',
    'The AR preview opened (withdrawn)',
    [str('productId', true)],
    0.4,
    false,
  ],
];

const COUNTRIES = [
  ['US', 0.42],
  ['DE', 0.16],
  ['GB', 0.14],
  ['JP', 0.12],
  ['CA', 0.1],
  ['', 0.06],
] as const;

export async function applyAppDataDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${APPDATA_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${APPDATA_SEED_KEY}`)).rows;
    if (done) return;
    const [any] = (await tx.execute(sql`SELECT 1 AS x FROM app_data_actions LIMIT 1`)).rows;
    if (!any) await seedData(tx);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${APPDATA_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function seedData(tx: Tx) {
  const actions = DEMO_ACTIONS.map(([key, zh, en, dzh, den, params, weight, enabled]) => ({
    key,
    zh,
    en,
    dzh,
    den,
    params,
    weight,
    enabled: enabled ?? true,
  }));
  await tx.execute(sql`
    INSERT INTO app_data_actions (key, name_zh, name_en, description_zh, description_en, params, enabled)
    SELECT a.key, a.zh, a.en, a.dzh, a.den, a.params, a.enabled
      FROM jsonb_to_recordset(${JSON.stringify(actions)}::jsonb)
           AS a(key text, zh text, en text, dzh text, den text, params jsonb, enabled boolean)`);
  const models = (
    await tx.execute<{ model: string }>(sql`
      SELECT DISTINCT upper(m.model) AS model FROM ${catalogModels} m WHERE coalesce(m.model, '') <> '' ORDER BY 1 LIMIT 8`)
  ).rows.map((r) => r.model);
  const modelList = models.length ? models : ['H6199', 'H6072', 'H7060'];
  const countries = COUNTRIES.map(([c, share]) => ({ c, share }));
  const weights = actions.filter((a) => a.weight > 0).map((a) => ({ key: a.key, w: a.weight, live: a.enabled }));

  // 12 months up to today (UTC). The app's version moves on each quarter (3.0 → 3.3), the previous
  // one fading over the quarter; the base grows over the year with a weekend bump.
  const days = sql`generate_series((now() AT TIME ZONE 'UTC')::date - 364, (now() AT TIME ZONE 'UTC')::date, interval '1 day')`;
  const base = sql`(60 + 140 * (d.i / 364.0)) * (CASE WHEN extract(isodow FROM d.day) >= 6 THEN 1.25 ELSE 1 END)`;
  const versionOf = (idx: SQL) => sql`('3.' || least(3, floor(${idx} / 91.25))::int || '.' || ((${idx})::int / 30 % 3))`;
  await tx.execute(sql`
    WITH d AS (SELECT g::date AS day, (g::date - ((now() AT TIME ZONE 'UTC')::date - 364)) AS i FROM ${days} g),
         a AS (SELECT x.id, w.w, w.live FROM jsonb_to_recordset(${JSON.stringify(weights)}::jsonb) AS w(key text, w float8, live boolean)
                 JOIN app_data_actions x ON x.key = w.key),
         c AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(countries)}::jsonb) AS c(c text, share float8)),
         p AS (SELECT * FROM (VALUES ('ios', 0.45), ('android', 0.55)) AS p(p, share)),
         m AS (SELECT model, row_number() OVER (ORDER BY model) AS n FROM unnest(${`{${modelList.join(',')}}`}::text[]) AS model),
         cells AS (
           SELECT d.day, a.id, c.c, p.p,
                  ${versionOf(sql`d.i`)} AS v,
                  (SELECT m.model FROM m WHERE m.n = 1 + ((a.id * 7 + d.i + length(c.c) * 3 + length(p.p)) % (SELECT count(*) FROM m))) AS model,
                  greatest(0, round(${base} * a.w * c.share * p.share / 6.0
                           * (0.75 + 0.5 * ((hashtext(d.day::text || a.id || c.c || p.p) & 1023) / 1023.0))))::bigint AS n
             FROM d CROSS JOIN a CROSS JOIN c CROSS JOIN p
            -- the withdrawn AR preview stopped being reported 60 days ago, when it was disabled
            WHERE a.live OR d.i < 304)
    INSERT INTO app_data_daily (day, action_id, country, platform, app_version, model, events)
    SELECT day, id, c, p, v, model, n FROM cells WHERE n > 0
    ON CONFLICT DO NOTHING`);

  // Devices active per day: a pool of 1,500 demo devices, each with a fixed country, platform and model.
  await tx.execute(sql`
    WITH d AS (SELECT g::date AS day, (g::date - ((now() AT TIME ZONE 'UTC')::date - 364)) AS i FROM ${days} g),
         m AS (SELECT model, row_number() OVER (ORDER BY model) - 1 AS n FROM unnest(${`{${modelList.join(',')}}`}::text[]) AS model)
    INSERT INTO app_data_device_days (day, device_id, country, platform, app_version, model)
    SELECT d.day, 'demo-' || lpad(dev::text, 4, '0'),
           (ARRAY['US','US','US','DE','GB','JP','CA','US','DE','GB','JP',''])[1 + dev % 12],
           CASE WHEN dev % 20 < 9 THEN 'ios' ELSE 'android' END,
           ${versionOf(sql`d.i`)},
           (SELECT m.model FROM m WHERE m.n = dev % (SELECT count(*) FROM m))
      FROM d CROSS JOIN LATERAL (
             SELECT DISTINCT (s * 7919 + d.i * 131) % 1500 AS dev
               FROM generate_series(1, (40 + 110 * (d.i / 364.0))::int) s) x
    ON CONFLICT DO NOTHING`);

  // Refusals: an old app build reporting a retired key, and bad parameters now and then.
  await tx.execute(sql`
    INSERT INTO app_data_rejected_daily (day, code, action, events)
    SELECT g::date, r.code, r.action, 1 + (hashtext(g::text || r.code) & 7)
      FROM generate_series((now() AT TIME ZONE 'UTC')::date - 364, (now() AT TIME ZONE 'UTC')::date, interval '1 day') g
      CROSS JOIN (VALUES ('appData.unknownAction', 'device.rename'), ('appData.paramValue', 'device.paired'),
                         ('appData.actionDisabled', 'ar.preview_opened')) AS r(code, action)
     WHERE r.code <> 'appData.actionDisabled' OR g::date >= (now() AT TIME ZONE 'UTC')::date - 60
    ON CONFLICT DO NOTHING`);

  await tx.execute(sql`
    UPDATE app_data_actions a SET reported = s.n, last_day = s.last, first_reported_at = s.first::timestamptz
      FROM (SELECT action_id, sum(events) AS n, max(day) AS last, min(day) AS first FROM app_data_daily GROUP BY action_id) s
     WHERE s.action_id = a.id`);

  // Two joint QR codes: one running with a partner's retail campaign, one ended.
  const dayMs = 86_400_000;
  const at = (days: number) => new Date(Date.now() + days * dayMs).toISOString();
  const running = await insertQr(
    tx,
    {
      partner: 'BestBuy',
      campaign: 'Holiday lighting 2026',
      target: 'https://www.example.com/lumio/holiday',
      startsAt: at(-45),
      endsAt: at(45),
      note: 'In-store shelf talkers, US stores',
    },
    null,
  );
  const ended = await insertQr(
    tx,
    {
      partner: 'MediaMarkt',
      campaign: 'Back to school',
      target: 'lumio://effects/library/scene',
      startsAt: at(-120),
      endsAt: at(-60),
      note: 'Flyer QR, DE',
    },
    null,
  );
  await tx.execute(sql`
    INSERT INTO app_data_qr_scans (qr_id, day, scans, uniques)
    SELECT q.id, g::date, s.scans, greatest(1, s.scans * 3 / 4)
      FROM app_data_qr_codes q
      CROSS JOIN LATERAL generate_series((q.starts_at AT TIME ZONE 'UTC')::date,
                   least((q.ends_at AT TIME ZONE 'UTC')::date, (now() AT TIME ZONE 'UTC')::date - 1), interval '1 day') g
      CROSS JOIN LATERAL (SELECT 5 + (hashtext(q.code || g::text) & 31) AS scans) s
     WHERE q.id IN (${running}, ${ended})`);
}
