/**
 * The app content's demo rows: banners in the three slots for different countries, languages,
 * versions and platforms, in every state, each with a real image drawn here (a gradient with
 * its title, an SVG rendered by sharp at the slot's size) and stored through the file store.
 * And app keys: `demo-app-key` (enabled), for trying the read API with a key, and a retired one (disabled). Applied once (app_meta).
 */
import { createHash } from 'node:crypto';
import type { AppContentKind } from '@bo/contract/appcontent/app-api';
import type { BannerSlot } from '@bo/contract/appcontent/banners';
import type { ContentState } from '@bo/contract/appcontent/publishing';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, DbOrTx } from '../../db/client';
import { fileStoreOf } from '../../platform/files/file-store';
import { userDirectory } from '../access/access.reads';
import { catalogModels } from '../catalog/catalog.reads';
import { keyHintOf } from './app-keys.service';
import { addAppKey } from './app-read';

export const APPCONTENT_SEED_KEY = 'seed.appcontent';
export const DEMO_APP_KEY = 'demo-app-key';
const RETIRED_APP_KEY = 'lk_retired-ios-2x-demo';

const SIZE: Record<BannerSlot, [number, number]> = { home: [1080, 540], device: [1125, 375], community: [1280, 720] };

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A PNG of the slot's size: a diagonal gradient from `from` to `to` with the title on it. */
export async function bannerImage(slot: BannerSlot, title: string, from: string, to: string): Promise<Buffer> {
  const [w, h] = SIZE[slot];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${w * 0.82}" cy="${h * 0.3}" r="${h * 0.42}" fill="#ffffff" fill-opacity="0.12"/>
  <text x="${w * 0.06}" y="${h * 0.58}" font-family="sans-serif" font-weight="700" font-size="${Math.round(h / 7)}" fill="#ffffff">${escapeXml(title)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Stores `png` (`size` pixels) as an image file of the internal account (with its thumbnail) for `entity`, and answers the file's facts. */
export async function storeImage(
  tx: DbOrTx,
  db: Db,
  ownerId: number,
  name: string,
  png: Buffer,
  [w, h]: readonly [number, number],
  entity: string,
) {
  const store = fileStoreOf(db);
  const thumb = await sharp(png).resize(320, 320, { fit: 'inside' }).webp({ quality: 75 }).toBuffer({ resolveWithObject: true });
  const s = sha(png);
  const t = sha(thumb.data);
  await store.put(tx, { sha256: s, size: png.length, type: 'png', width: w, height: h }, png);
  await store.put(
    tx,
    { sha256: t, size: thumb.data.length, type: 'webp', width: thumb.info.width, height: thumb.info.height },
    thumb.data,
  );
  const res = await tx.execute<{ id: number }>(sql`
    INSERT INTO files (account_id, purpose, blob_sha, thumb_sha, name, owner_id, entity)
    VALUES (1, 'image', ${s}, ${t}, ${name}, ${ownerId}, ${entity}) RETURNING id`);
  return { imageFileId: Number(res.rows[0]?.id), width: w, height: h, sha256: s };
}

interface DemoBanner {
  slot: BannerSlot;
  name: string;
  title: string;
  colors: [string, string];
  altZh: string;
  altEn: string;
  link: string;
  countries?: string[];
  languages?: string[];
  versionRange?: string;
  platforms?: string[];
  /** Targets the catalogue's first model. */
  firstModel?: boolean;
  state: 'draft' | 'scheduled' | 'published' | 'archived';
  /** Days from now; null: open. */
  start?: number | null;
  end?: number | null;
  priority?: number;
  position?: number;
}

const DEMO: readonly DemoBanner[] = [
  {
    slot: 'home',
    name: 'Holiday sale · US',
    title: 'Holiday Glow Sale',
    colors: ['#ff6a3d', '#9b1fe8'],
    altZh: '节日灯光促销',
    altEn: 'Holiday glow sale: up to 30% off',
    link: 'https://www.example.com/sale',
    countries: ['US'],
    versionRange: '>=3.0.0',
    state: 'published',
    start: -3,
    end: 30,
    priority: 10,
  },
  {
    slot: 'home',
    name: '新品上市 · 中国',
    title: 'New Arrivals',
    colors: ['#e0115f', '#ff9966'],
    altZh: '新品上市',
    altEn: 'New arrivals',
    link: 'lumio://shop/new',
    countries: ['CN'],
    languages: ['zh'],
    state: 'published',
    start: -10,
    end: null,
    priority: 5,
  },
  {
    slot: 'home',
    name: 'Winter glow · EU (app 3.2–4)',
    title: 'Winter Glow',
    colors: ['#1e3c72', '#2a9df4'],
    altZh: '冬日光影',
    altEn: 'Winter glow scenes for your home',
    link: 'lumio://scenes/winter',
    countries: ['DE', 'FR', 'GB'],
    versionRange: '>=3.2.0 <4',
    state: 'published',
    start: -1,
    end: 60,
    priority: 5,
    position: 1,
  },
  {
    slot: 'home',
    name: 'Everyone · DreamView tips',
    title: 'DreamView Tips',
    colors: ['#0f9b8e', '#38ef7d'],
    altZh: 'DreamView 使用技巧',
    altEn: 'DreamView tips',
    link: 'lumio://guide/dreamview',
    state: 'published',
    start: null,
    end: null,
    priority: 0,
    position: 5,
  },
  {
    slot: 'home',
    name: 'Black Friday · US',
    title: 'Black Friday',
    colors: ['#111111', '#c9a227'],
    altZh: '黑色星期五',
    altEn: 'Black Friday deals',
    link: 'https://www.example.com/black-friday',
    countries: ['US'],
    state: 'scheduled',
    start: 7,
    end: 14,
    priority: 20,
  },
  {
    slot: 'home',
    name: 'App 4 preview · iOS',
    title: 'Lumio 4 is coming',
    colors: ['#4568dc', '#b06ab3'],
    altZh: 'Lumio 4 即将到来',
    altEn: 'Lumio 4 is coming',
    link: '',
    versionRange: '>=4',
    platforms: ['ios'],
    state: 'draft',
    start: null,
    end: null,
  },
  {
    slot: 'home',
    name: 'Summer splash (ended)',
    title: 'Summer Splash',
    colors: ['#f7971e', '#ffd200'],
    altZh: '夏日狂欢',
    altEn: 'Summer splash',
    link: 'https://www.example.com/summer',
    state: 'archived',
    start: -120,
    end: -60,
  },
  {
    slot: 'device',
    name: 'Set up your light',
    title: 'Set up in 3 steps',
    colors: ['#00b4db', '#0083b0'],
    altZh: '三步完成设置',
    altEn: 'Set up your light in 3 steps',
    link: 'lumio://guide/setup',
    firstModel: true,
    state: 'published',
    start: -5,
    end: null,
    priority: 3,
  },
  {
    slot: 'device',
    name: 'Firmware 2.1 · Android',
    title: 'Firmware 2.1',
    colors: ['#654ea3', '#eaafc8'],
    altZh: '固件 2.1 新功能',
    altEn: 'What is new in firmware 2.1',
    link: 'lumio://firmware',
    platforms: ['android'],
    state: 'draft',
  },
  {
    slot: 'community',
    name: 'Photo contest',
    title: 'Show your setup',
    colors: ['#ee0979', '#ff6a00'],
    altZh: '晒出你的灯光布置',
    altEn: 'Show us your light setup',
    link: 'lumio://community/contest',
    state: 'published',
    start: -2,
    end: 28,
    priority: 1,
  },
  {
    slot: 'community',
    name: 'Creator week · JP',
    title: 'Creator Week',
    colors: ['#8e2de2', '#4a00e0'],
    altZh: '创作者周',
    altEn: 'Creator week',
    link: 'lumio://community/creators',
    countries: ['JP'],
    languages: ['ja'],
    state: 'scheduled',
    start: 3,
    end: 10,
  },
];

const arr = (a: readonly string[] | undefined) => sql`${`{${(a ?? []).join(',')}}`}::text[]`;
const at = (days: number | null | undefined) =>
  days === null || days === undefined ? null : new Date(Date.now() + days * 86_400_000).toISOString();

/** A demo record of any kind, as the seed writes it. */
export interface DemoRecord {
  kind: AppContentKind;
  slot: string;
  name: string;
  payload: object;
  countries?: string[];
  languages?: string[];
  versionRange?: string;
  platforms?: string[];
  models?: string[];
  state: ContentState;
  /** Days from now; null: open. */
  start?: number | null;
  end?: number | null;
  priority?: number;
  position?: number;
}

/** Writes one demo record (in the seed's transaction). */
export async function insertDemo(tx: DbOrTx, ownerId: number, r: DemoRecord): Promise<void> {
  await tx.execute(sql`
    INSERT INTO app_content (kind, slot, name, payload, countries, languages, version_range, platforms, models,
                             window_start, window_end, priority, position, state, published_at, created_by, updated_by)
    VALUES (${r.kind}, ${r.slot}, ${r.name}, ${JSON.stringify(r.payload)}::jsonb, ${arr(r.countries)}, ${arr(r.languages)},
            ${r.versionRange ?? ''}, ${arr(r.platforms)}, ${arr(r.models)}, ${at(r.start)}, ${at(r.end)}, ${r.priority ?? 0},
            ${r.position ?? 0}, ${r.state}, ${r.state === 'draft' ? null : new Date().toISOString()}, ${ownerId}, ${ownerId})`);
}

/** Who the demo rows are written by (admin), and the catalogue's first model (for a targeted row). */
export async function seedContext(tx: DbOrTx): Promise<{ ownerId: number; model: string | undefined }> {
  const admin = (await tx.execute<{ id: number }>(sql`SELECT id FROM ${userDirectory} u WHERE login_name = 'admin'`)).rows[0];
  const model = (
    await tx.execute<{ model: string }>(sql`SELECT upper(m.model) AS model FROM ${catalogModels} m ORDER BY m.id LIMIT 1`)
  ).rows[0]?.model;
  return { ownerId: Number(admin?.id ?? 1), model };
}

export async function applyAppContentDemoOnce(db: Db): Promise<void> {
  // Images first, outside the transaction (rendering takes a moment); stored inside it.
  const images = await Promise.all(DEMO.map((b) => bannerImage(b.slot, b.title, b.colors[0], b.colors[1])));
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274378)`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${APPCONTENT_SEED_KEY}`)).rows;
    if (done) return;
    const { ownerId, model } = await seedContext(tx);
    for (const [i, b] of DEMO.entries()) {
      const image = await storeImage(
        tx,
        db,
        ownerId,
        `${b.title.toLowerCase().replace(/\W+/g, '-')}.png`,
        images[i] as Buffer,
        SIZE[b.slot],
        `app-banner:${b.slot}`,
      );
      const payload = { ...image, altZh: b.altZh, altEn: b.altEn, link: b.link };
      await insertDemo(tx, ownerId, { ...b, kind: 'banner', payload, models: b.firstModel && model ? [model] : [] });
    }
    // A retired key, disabled, beside the demo one (the app keys' screen shows both states).
    await tx.execute(sql`
      INSERT INTO app_content_keys (name, key_sha256, key_hint, per_minute, enabled, note, created_by, updated_by)
      VALUES ('Lumio iOS 2.x (retired)', ${sha(Buffer.from(RETIRED_APP_KEY))}, ${keyHintOf(RETIRED_APP_KEY)}, 600, 0,
              'Builds before 3.0; disabled when 3.0 shipped', ${ownerId}, ${ownerId})
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${APPCONTENT_SEED_KEY}, 'applied') ON CONFLICT DO NOTHING`);
  });
  await addAppKey(db, 'Demo app', DEMO_APP_KEY);
}
