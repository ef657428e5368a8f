/**
 * The desktop updates' demo rows: Lumio Desktop (Windows and macOS) with a released 2.3.0 and
 * 2.4.0, 2.5.0 rolling to 10 %, a rolled-back 2.4.1 on macOS, a 2.6.0 beta and a 2.6.0 draft;
 * Lumio Studio (Windows) with 1.0.0 released and 1.1.0 paused at 25 %. Applied once (app_meta).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const DESKTOP_SEED_KEY = 'seed.desktopapps';

/** product code, version, channel, platform, state, percentage, minimum version, notes en, notes zh. */
type Release = [string, string, string, string, string, number, string, string, string];
const RELEASES: readonly Release[] = [
  ['lumio-desktop', '2.3.0', 'stable', 'windows', 'released', 100, '', 'Scenes sync across devices.', '场景可在设备间同步。'],
  [
    'lumio-desktop',
    '2.4.0',
    'stable',
    'windows',
    'released',
    100,
    '2.0.0',
    'Faster device discovery; 1.x can no longer sign in.',
    '更快发现设备；1.x 已无法登录。',
  ],
  ['lumio-desktop', '2.5.0', 'stable', 'windows', 'rolling', 10, '2.0.0', 'Music sync with lower latency.', '音乐同步延迟更低。'],
  ['lumio-desktop', '2.6.0', 'beta', 'windows', 'rolling', 50, '2.0.0', 'Beta: new effects editor.', '测试版：全新灯效编辑器。'],
  ['lumio-desktop', '2.6.1', 'stable', 'windows', 'draft', 0, '2.0.0', 'New effects editor.', '全新灯效编辑器。'],
  ['lumio-desktop', '2.4.0', 'stable', 'macos', 'released', 100, '2.0.0', 'Faster device discovery.', '更快发现设备。'],
  [
    'lumio-desktop',
    '2.4.1',
    'stable',
    'macos',
    'rolledBack',
    20,
    '2.0.0',
    'Menu bar widget (withdrawn: crashed on start).',
    '菜单栏小组件（已撤回：启动崩溃）。',
  ],
  ['lumio-studio', '1.0.0', 'stable', 'windows', 'released', 100, '', 'First release.', '首个版本。'],
  ['lumio-studio', '1.1.0', 'stable', 'windows', 'paused', 25, '', 'Timeline export.', '时间线导出。'],
];

/** A made-up but well-formed SHA-256 for a demo installer. */
const demoSha = (s: string) => sql`encode(sha256(convert_to(${s}, 'UTF8')), 'hex')`;

export async function applyDesktopAppsDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${DESKTOP_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${DESKTOP_SEED_KEY}`)).rows;
    if (done) return;
    const [any] = (await tx.execute(sql`SELECT 1 AS x FROM desktop_app_products LIMIT 1`)).rows;
    if (!any) {
      await tx.execute(sql`
        INSERT INTO desktop_app_products (code, name_zh, name_en, platforms) VALUES
          ('lumio-desktop', 'Lumio 桌面版', 'Lumio Desktop', '{windows,macos}'),
          ('lumio-studio', 'Lumio 灯效工作室', 'Lumio Studio', '{windows}')`);
      for (const [code, version, channel, platform, state, pct, min, en, zh] of RELEASES) {
        const [major, minor, patch] = version.split('.').map(Number);
        const ext = platform === 'windows' ? 'exe' : 'dmg';
        await tx.execute(sql`
          INSERT INTO desktop_app_releases (product_id, release_version, v_major, v_minor, v_patch, channel, platform,
                 download_url, sha256, notes_zh, notes_en, minimum_version, state, percentage, first_live_at)
          SELECT id, ${version}, ${major}, ${minor}, ${patch}, ${channel}, ${platform},
                 ${`https://downloads.example.com/${code}/${code}-${version}-${channel}.${ext}`},
                 ${demoSha(`${code}-${version}-${channel}-${platform}`)}, ${zh}, ${en}, ${min}, ${state}, ${String(pct)},
                 CASE WHEN ${state} = 'draft' THEN NULL ELSE now() END
            FROM desktop_app_products WHERE code = ${code}`);
      }
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${DESKTOP_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
