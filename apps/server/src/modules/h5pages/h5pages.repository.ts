/** Every query of the H5 pages (docs/h5-pages.md). */
import type { H5Content, H5State, H5Type } from '@bo/contract/h5pages/h5-pages';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { catalogSkus } from '../catalog/catalog.reads';

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export interface PageRow extends Record<string, unknown> {
  id: number;
  type: H5Type;
  slug: string;
  state: H5State;
  title_zh: string;
  title_en: string;
  draft: H5Content;
  live: H5Content | null;
  changed: boolean;
  published_at: string | null;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

const SELECT = sql`
  SELECT p.id, p.type, p.slug, p.state, p.title_zh, p.title_en, p.draft, p.live, p.version,
         (p.live IS NOT NULL AND p.live <> p.draft) AS changed,
         ${ts('p.published_at')} AS published_at, ${ts('p.updated_at')} AS updated_at, u.user_name AS updated_by`;
const FROM = sql`FROM h5_pages p LEFT JOIN ${userDirectory} u ON u.id = p.updated_by`;

export interface PageQuery {
  type?: H5Type | undefined;
  state?: H5State | undefined;
  keyword?: string | undefined;
  sortField: 'updatedAt' | 'slug';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

export async function pageOfPages(db: DbOrTx, types: readonly H5Type[], q: PageQuery) {
  const where: SQL[] = [
    sql`p.type IN (${sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  ];
  if (q.type) where.push(sql`p.type = ${q.type}`);
  if (q.state) where.push(sql`p.state = ${q.state}`);
  const k = likeContains(q.keyword);
  if (k) where.push(sql`(p.slug ILIKE ${k} OR p.title_zh ILIKE ${k} OR p.title_en ILIKE ${k})`);
  return pageOf<PageRow>(
    db,
    {
      select: SELECT,
      from: sql`${FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, { updatedAt: sql`p.updated_at`, slug: sql`p.slug` }, sql`p.id`),
    },
    q,
  );
}

export async function pageById(db: DbOrTx, id: number, lock = false): Promise<PageRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM h5_pages WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<PageRow>(sql`${SELECT} ${FROM} WHERE p.id = ${id}`)).rows[0];
}

export async function slugTaken(db: DbOrTx, slug: string, exceptId: number | null): Promise<boolean> {
  return (await db.execute(sql`SELECT 1 FROM h5_pages WHERE slug = ${slug} AND id <> ${exceptId ?? 0} LIMIT 1`)).rows.length > 0;
}

export async function insertPage(db: DbOrTx, slug: string, content: H5Content, userId: number): Promise<number> {
  const [row] = (
    await db.execute<{ id: number }>(sql`
      INSERT INTO h5_pages (type, slug, title_zh, title_en, draft, updated_by)
      VALUES (${content.type}, ${slug}, ${content.titleZh}, ${content.titleEn}, ${JSON.stringify(content)}::jsonb, ${userId})
      RETURNING id`)
  ).rows;
  return Number(row?.id);
}

export async function saveDraft(db: DbOrTx, id: number, slug: string, content: H5Content, userId: number): Promise<void> {
  await db.execute(sql`
    UPDATE h5_pages SET slug = ${slug}, title_zh = ${content.titleZh}, title_en = ${content.titleEn},
           draft = ${JSON.stringify(content)}::jsonb, updated_by = ${userId}, version = version + 1, updated_at = now()
     WHERE id = ${id}`);
}

export async function moveTo(db: DbOrTx, id: number, state: H5State, publish: boolean, userId: number): Promise<void> {
  await db.execute(sql`
    UPDATE h5_pages SET state = ${state}, updated_by = ${userId}, version = version + 1, updated_at = now(),
           live = CASE WHEN ${publish} THEN draft ELSE live END,
           published_at = CASE WHEN ${publish} THEN now() ELSE published_at END,
           published_by = CASE WHEN ${publish} THEN ${userId}::int ELSE published_by END
     WHERE id = ${id}`);
}

export async function deletePage(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM h5_pages WHERE id = ${id}`);
}

/** The catalogue's SKUs matching a keyword (the product card's picker), 50 at most. */
export async function skuChoices(db: DbOrTx, keyword: string) {
  const k = likeContains(keyword);
  return (
    await db.execute<{ sku: string; model: string; name: string; name_en: string }>(sql`
      SELECT s.sku, s.model, s.name, s.name_en FROM ${catalogSkus} s
       WHERE ${k ? sql`(s.sku ILIKE ${k} OR s.model ILIKE ${k} OR s.name ILIKE ${k} OR s.name_en ILIKE ${k})` : sql`TRUE`}
       ORDER BY s.sku LIMIT 50`)
  ).rows;
}

/** The catalogue's SKUs among `skus` (any case), as the catalogue spells them, with their product. */
export async function skusIn(db: DbOrTx, skus: readonly string[]) {
  if (skus.length === 0) return [];
  const lower = skus.map((s) => s.toLowerCase());
  return (
    await db.execute<{ sku: string; model: string; name: string; name_en: string }>(sql`
      SELECT s.sku, s.model, s.name, s.name_en FROM ${catalogSkus} s
       WHERE lower(s.sku) IN (${sql.join(
         lower.map((s) => sql`${s}`),
         sql`, `,
       )})`)
  ).rows;
}

/** Image files of the caller's account among `ids`, with their facts. */
export async function imagesIn(db: DbOrTx, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return (
    await db.execute<{ id: number; type: string; size: number; width: number | null; height: number | null }>(sql`
      SELECT f.id, b.type, b.size, b.width, b.height
        FROM files f JOIN file_blobs b ON b.sha256 = f.blob_sha
       WHERE f.id IN (${sql.join(
         ids.map((i) => sql`${i}`),
         sql`, `,
       )}) AND f.account_id = ${accountId} AND f.deleted_at IS NULL`)
  ).rows;
}

/** Pages among `ids` with their type and state (an activity home's child pages). */
export async function pagesIn(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return (
    await db.execute<{ id: number; type: H5Type; state: H5State; slug: string; title_zh: string; title_en: string }>(sql`
      SELECT id, type, state, slug, title_zh, title_en FROM h5_pages
       WHERE id IN (${sql.join(
         ids.map((i) => sql`${i}`),
         sql`, `,
       )})`)
  ).rows;
}

/** The published child pages' slugs and live titles, in the order given. */
export async function liveChildren(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = (
    await db.execute<{ id: number; slug: string; title_zh: string; title_en: string }>(sql`
      SELECT id, slug, live->>'titleZh' AS title_zh, live->>'titleEn' AS title_en FROM h5_pages
       WHERE state = 'published' AND id IN (${sql.join(
         ids.map((i) => sql`${i}`),
         sql`, `,
       )})`)
  ).rows;
  return ids.flatMap((id) => rows.filter((r) => Number(r.id) === id));
}

export async function choices(db: DbOrTx) {
  return (
    await db.execute<{ id: number; type: H5Type; slug: string; title_zh: string; title_en: string; state: H5State }>(sql`
      SELECT id, type, slug, title_zh, title_en, state FROM h5_pages WHERE state <> 'archived' ORDER BY slug LIMIT 500`)
  ).rows;
}

/** The live snapshot of a published page by slug. */
export async function livePage(db: DbOrTx, slug: string) {
  return (
    await db.execute<{ id: number; live: H5Content }>(
      sql`SELECT id, live FROM h5_pages WHERE slug = ${slug} AND state = 'published'`,
    )
  ).rows[0];
}

/** Whether a published page's live snapshot names the file (an image block or a product card's image). */
export async function fileIsLive(db: DbOrTx, fileId: number): Promise<boolean> {
  const res = await db.execute(sql`
    SELECT 1 FROM h5_pages p, jsonb_array_elements(p.live->'blocks') b
     WHERE p.state = 'published' AND b->>'kind' IN ('image', 'product') AND (b->>'fileId')::int = ${fileId} LIMIT 1`);
  return res.rows.length > 0;
}
