/** Every query of the desktop app products and releases (docs/desktop-updates.md). */
import type { DesktopChannel, ReleaseState } from '@bo/contract/desktopapps/rollout';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { userDirectory } from '../access/access.reads';

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export interface ProductRow extends Record<string, unknown> {
  id: number;
  code: string;
  name_zh: string;
  name_en: string;
  platforms: string[];
  enabled: boolean;
  releases: number;
  latest: { platform: string; version: string }[] | null;
  version: number;
  updated_at: string;
}

const PRODUCT_SELECT = sql`
  SELECT p.id, p.code, p.name_zh, p.name_en, p.platforms, p.enabled, p.version, ${ts('p.updated_at')} AS updated_at,
         (SELECT count(*)::int FROM desktop_app_releases r WHERE r.product_id = p.id) AS releases,
         (SELECT json_agg(json_build_object('platform', l.platform, 'version', l.release_version) ORDER BY l.platform)
            FROM (SELECT DISTINCT ON (r.platform) r.platform, r.release_version FROM desktop_app_releases r
                   WHERE r.product_id = p.id AND r.channel = 'stable' AND r.state = 'released'
                   ORDER BY r.platform, r.v_major DESC, r.v_minor DESC, r.v_patch DESC) l) AS latest`;

export interface ProductQuery {
  keyword?: string | undefined;
  enabled?: 'true' | 'false' | undefined;
  sortField: 'code' | 'updatedAt';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

export async function pageOfProducts(db: DbOrTx, q: ProductQuery) {
  const where: SQL[] = [sql`TRUE`];
  const k = likeContains(q.keyword);
  if (k) where.push(sql`(p.code ILIKE ${k} OR p.name_zh ILIKE ${k} OR p.name_en ILIKE ${k})`);
  if (q.enabled) where.push(sql`p.enabled = ${q.enabled === 'true'}`);
  return pageOf<ProductRow>(
    db,
    {
      select: PRODUCT_SELECT,
      from: sql`FROM desktop_app_products p WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, { code: sql`p.code`, updatedAt: sql`p.updated_at` }, sql`p.id`),
    },
    q,
  );
}

export async function productById(db: DbOrTx, id: number, lock = false): Promise<ProductRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM desktop_app_products WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<ProductRow>(sql`${PRODUCT_SELECT} FROM desktop_app_products p WHERE p.id = ${id}`)).rows[0];
}

export async function productWithCode(db: DbOrTx, code: string, exceptId: number | null): Promise<boolean> {
  const res = await db.execute(sql`SELECT 1 FROM desktop_app_products WHERE code = ${code} AND id <> ${exceptId ?? 0} LIMIT 1`);
  return res.rows.length > 0;
}

export async function productByCode(db: DbOrTx, code: string) {
  return (
    await db.execute<{ id: number; code: string; enabled: boolean }>(
      sql`SELECT id, code, enabled FROM desktop_app_products WHERE code = ${code}`,
    )
  ).rows[0];
}

export async function productChoices(db: DbOrTx) {
  return (
    await db.execute<{ id: number; code: string; name_zh: string; name_en: string; platforms: string[]; enabled: boolean }>(
      sql`SELECT id, code, name_zh, name_en, platforms, enabled FROM desktop_app_products ORDER BY code`,
    )
  ).rows;
}

export async function platformsInUse(db: DbOrTx, productId: number): Promise<string[]> {
  const res = await db.execute<{ platform: string }>(
    sql`SELECT DISTINCT platform FROM desktop_app_releases WHERE product_id = ${productId} ORDER BY platform`,
  );
  return res.rows.map((r) => r.platform);
}

export interface ReleaseRow extends Record<string, unknown> {
  id: number;
  product_id: number;
  product_code: string;
  product_name_zh: string;
  product_name_en: string;
  release_version: string;
  channel: DesktopChannel;
  platform: 'windows' | 'macos';
  download_url: string;
  sha256: string;
  notes_zh: string;
  notes_en: string;
  minimum_version: string;
  state: ReleaseState;
  percentage: string;
  first_live_at: string | null;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

const RELEASE_SELECT = sql`
  SELECT r.id, r.product_id, p.code AS product_code, p.name_zh AS product_name_zh, p.name_en AS product_name_en,
         r.release_version, r.channel, r.platform, r.download_url, r.sha256, r.notes_zh, r.notes_en, r.minimum_version,
         r.state, r.percentage, ${ts('r.first_live_at')} AS first_live_at, r.version, u.user_name AS updated_by,
         ${ts('r.updated_at')} AS updated_at`;
const RELEASE_FROM = sql`FROM desktop_app_releases r JOIN desktop_app_products p ON p.id = r.product_id
  LEFT JOIN ${userDirectory} u ON u.id = r.updated_by`;

export interface ReleaseQuery {
  productId?: number | undefined;
  channel?: DesktopChannel | undefined;
  platform?: 'windows' | 'macos' | undefined;
  state?: ReleaseState | undefined;
  sortField: 'version' | 'updatedAt';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

/** A version's numbers as one sortable figure (each part has at most six digits). */
const VERSION_KEY = sql`(r.v_major::bigint * 1000000000000 + r.v_minor::bigint * 1000000 + r.v_patch)`;

export async function pageOfReleases(db: DbOrTx, q: ReleaseQuery) {
  const where: SQL[] = [sql`TRUE`];
  if (q.productId) where.push(sql`r.product_id = ${q.productId}`);
  if (q.channel) where.push(sql`r.channel = ${q.channel}`);
  if (q.platform) where.push(sql`r.platform = ${q.platform}`);
  if (q.state) where.push(sql`r.state = ${q.state}`);
  return pageOf<ReleaseRow>(
    db,
    {
      select: RELEASE_SELECT,
      from: sql`${RELEASE_FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(
        q.sortField,
        q.sortOrder,
        { version: VERSION_KEY, updatedAt: sql`r.updated_at` },
        sql`p.code, r.platform, r.channel, r.id`,
      ),
    },
    q,
  );
}

export async function releaseById(db: DbOrTx, id: number, lock = false): Promise<ReleaseRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM desktop_app_releases WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<ReleaseRow>(sql`${RELEASE_SELECT} ${RELEASE_FROM} WHERE r.id = ${id}`)).rows[0];
}

/** The highest version of the lane that went out (any state but draft), other than `exceptId`. */
export async function highestOutVersion(
  db: DbOrTx,
  lane: { productId: number; channel: string; platform: string },
  exceptId: number | null,
): Promise<string | null> {
  const res = await db.execute<{ release_version: string }>(sql`
    SELECT release_version FROM desktop_app_releases
     WHERE product_id = ${lane.productId} AND channel = ${lane.channel} AND platform = ${lane.platform}
       AND state <> 'draft' AND id <> ${exceptId ?? 0}
     ORDER BY v_major DESC, v_minor DESC, v_patch DESC LIMIT 1`);
  return res.rows[0]?.release_version ?? null;
}

export async function versionTaken(
  db: DbOrTx,
  lane: { productId: number; channel: string; platform: string; version: string },
  exceptId: number | null,
): Promise<boolean> {
  const res = await db.execute(sql`
    SELECT 1 FROM desktop_app_releases
     WHERE product_id = ${lane.productId} AND channel = ${lane.channel} AND platform = ${lane.platform}
       AND release_version = ${lane.version} AND id <> ${exceptId ?? 0} LIMIT 1`);
  return res.rows.length > 0;
}

/** Every non-draft release of a product on a platform: what the update resolver weighs. */
export async function laneReleases(db: DbOrTx, productId: number, platform: string) {
  return (
    await db.execute<{
      release_version: string;
      channel: DesktopChannel;
      state: ReleaseState;
      percentage: string;
      minimum_version: string;
      download_url: string;
      sha256: string;
      notes_zh: string;
      notes_en: string;
    }>(sql`
      SELECT release_version, channel, state, percentage, minimum_version, download_url, sha256, notes_zh, notes_en
        FROM desktop_app_releases
       WHERE product_id = ${productId} AND platform = ${platform} AND state <> 'draft'`)
  ).rows;
}
