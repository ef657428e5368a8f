/**
 * Banners (issue #24) on the publishing model: the back office's list, writes and state moves
 * for one slot, and the image upload that holds an image to the slot's rule. Rules:
 * - A new banner is a draft. CONTENT_MACHINE moves it (publish, schedule, unschedule, archive);
 *   the state it is judged by is the effective one (scheduled with its start come is
 *   published), and a move it does not allow is a 409 naming that state.
 * - Publishing now moves a later start to now; a window already over is refused (400 on
 *   windowEnd). Scheduling needs a start in the future (400 on windowStart).
 * - An archived banner is not edited (409): publish it again first. Only a draft or an archived
 *   banner is deleted. Edits and moves carry the version the operator saw (409 stale).
 * - The image is a file of the caller's account, an image, within the slot's rule (ratio,
 *   width, bytes): checked at upload and again at save (a file from elsewhere is not trusted).
 * - Targeted models must be catalogue models. Every write is audited (entity app_content).
 */
import { type Lang, refusalText, transitionFrom } from '@bo/contract';
import {
  BANNER_SLOT_DEFS,
  type Banner,
  type BannerBody,
  type BannerPayload,
  type BannerSlot,
  slotRefusal,
  slotRuleParams,
} from '@bo/contract/appcontent/banners';
import { CONTENT_MACHINE, type ContentAction, type ContentState } from '@bo/contract/appcontent/publishing';
import type { StoredFile } from '@bo/contract/files/files';
import { IMAGE_TYPES } from '@bo/contract/files/files';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import { codedFieldError, conflict, notFound, staleVersion } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { type FileUpload, judge, storeFile, uploadRules } from '../../platform/files/files.service';
import { parseOffThread } from '../../platform/upload/parse-pool';
import { userDirectory } from '../access/access.reads';
import { catalogModels } from '../catalog/catalog.reads';

const KIND = 'banner';
const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** The state a record is judged by: scheduled reads as published once its start has come. */
const EFFECTIVE = sql.raw(
  `CASE WHEN c.state = 'scheduled' AND (c.window_start IS NULL OR c.window_start <= now()) THEN 'published' ELSE c.state END`,
);
const WINDOW_STATUS = sql.raw(`CASE WHEN c.window_start IS NOT NULL AND c.window_start > now() THEN 'upcoming'
  WHEN c.window_end IS NOT NULL AND c.window_end <= now() THEN 'ended' ELSE 'live' END`);

const SELECT = sql`
  SELECT c.id, c.slot, c.name, c.payload, c.countries, c.languages, c.version_range, c.platforms, c.models,
         ${ts('c.window_start')} AS window_start, ${ts('c.window_end')} AS window_end, c.priority, c.position,
         ${EFFECTIVE} AS state, ${WINDOW_STATUS} AS window_status, c.version, ${ts('c.published_at')} AS published_at,
         u.user_name AS updated_by, ${ts('c.updated_at')} AS updated_at`;
const FROM = sql`FROM app_content c LEFT JOIN ${userDirectory} u ON u.id = c.updated_by`;

interface Raw extends Record<string, unknown> {
  id: number;
  slot: BannerSlot;
  name: string;
  payload: BannerPayload;
  countries: string[];
  languages: string[];
  version_range: string;
  platforms: ('ios' | 'android')[];
  models: string[];
  window_start: string | null;
  window_end: string | null;
  priority: number;
  position: number;
  state: ContentState;
  window_status: Banner['windowStatus'];
  version: number;
  published_at: string | null;
  updated_by: string | null;
  updated_at: string;
}

const toBanner = (r: Raw): Banner => ({
  id: Number(r.id),
  slot: r.slot,
  name: r.name,
  imageFileId: r.payload.imageFileId,
  width: r.payload.width,
  height: r.payload.height,
  altZh: r.payload.altZh,
  altEn: r.payload.altEn,
  link: r.payload.link,
  state: r.state,
  windowStatus: r.window_status,
  windowStart: r.window_start,
  windowEnd: r.window_end,
  priority: Number(r.priority),
  position: Number(r.position),
  targeting: {
    countries: r.countries,
    languages: r.languages,
    versionRange: r.version_range,
    platforms: r.platforms,
    models: r.models,
  },
  version: Number(r.version),
  publishedAt: r.published_at,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

export interface BannerListQuery {
  keyword?: string | undefined;
  state?: ContentState | undefined;
  windowStatus?: Banner['windowStatus'] | undefined;
  country?: string | undefined;
  platform?: 'ios' | 'android' | undefined;
  sortField: 'updatedAt' | 'priority' | 'windowStart';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

const SORTS = { updatedAt: sql`c.updated_at`, priority: sql`c.priority`, windowStart: sql`c.window_start` };

export async function list(db: Db, slot: BannerSlot, q: BannerListQuery) {
  const where: SQL[] = [sql`c.kind = ${KIND}`, sql`c.slot = ${slot}`];
  const k = likeContains(q.keyword);
  if (k) where.push(sql`(c.name ILIKE ${k} OR c.payload->>'altZh' ILIKE ${k} OR c.payload->>'altEn' ILIKE ${k})`);
  if (q.state) where.push(sql`${EFFECTIVE} = ${q.state}`);
  if (q.windowStatus) where.push(sql`${WINDOW_STATUS} = ${q.windowStatus}`);
  if (q.country) where.push(sql`(cardinality(c.countries) = 0 OR ${q.country}::text = ANY (c.countries))`);
  if (q.platform) where.push(sql`(cardinality(c.platforms) = 0 OR ${q.platform}::text = ANY (c.platforms))`);
  const { rows, total } = await pageOf<Raw>(
    db,
    {
      select: SELECT,
      from: sql`${FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, SORTS, sql`c.id DESC`),
    },
    q,
  );
  return { list: rows.map(toBanner), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function find(db: DbOrTx, slot: BannerSlot, id: number, lock = false): Promise<Raw> {
  if (lock) await db.execute(sql`SELECT id FROM app_content WHERE id = ${id} FOR UPDATE`);
  const [row] = (await db.execute<Raw>(sql`${SELECT} ${FROM} WHERE c.id = ${id} AND c.kind = ${KIND} AND c.slot = ${slot}`)).rows;
  if (!row) throw notFound(`no ${slot} banner ${id}`);
  return row;
}

/** The catalogue's models, for the targeting choices. */
export async function models(db: Db) {
  const res = await db.execute<{ model: string; name: string; name_en: string }>(
    sql`SELECT m.model, m.name, m.name_en FROM ${catalogModels} m ORDER BY m.model`,
  );
  return res.rows.map((r) => ({ model: r.model, name: r.name, nameEn: r.name_en }));
}

/** The targeted models as the catalogue spells them; a 400 naming the unknown ones. */
async function catalogueModels(tx: DbOrTx, wanted: readonly string[]): Promise<string[]> {
  if (wanted.length === 0) return [];
  const res = await tx.execute<{ model: string }>(
    sql`SELECT upper(m.model) AS model FROM ${catalogModels} m WHERE upper(m.model) = ANY (${`{${wanted.join(',')}}`}::text[])`,
  );
  const known = new Set(res.rows.map((r) => r.model));
  const unknown = wanted.filter((m) => !known.has(m));
  if (unknown.length) throw codedFieldError('models', 'appContent.unknownModel', { models: unknown.join(', ') });
  return [...wanted];
}

/** The image's facts, once it is the caller's account's live image that fits the slot; a coded 400 on imageFileId otherwise. */
async function imageFor(tx: DbOrTx, actor: RequestActor, slot: BannerSlot, fileId: number) {
  const res = await tx.execute<{ size: number; type: string; width: number | null; height: number | null; blob_sha: string }>(sql`
    SELECT b.size, b.type, b.width, b.height, f.blob_sha
      FROM files f JOIN file_blobs b ON b.sha256 = f.blob_sha
     WHERE f.id = ${fileId} AND f.account_id = ${actor.accountId} AND f.deleted_at IS NULL`);
  const f = res.rows[0];
  if (!f || !(IMAGE_TYPES as readonly string[]).includes(f.type)) throw codedFieldError('imageFileId', 'appContent.imageMissing');
  const rule = BANNER_SLOT_DEFS[slot].rule;
  const refusal = slotRefusal(rule, { width: f.width, height: f.height, size: Number(f.size) });
  if (refusal) throw codedFieldError('imageFileId', refusal, slotRuleParams(rule));
  return { width: Number(f.width), height: Number(f.height), sha256: f.blob_sha };
}

const textArray = (a: readonly string[]) => sql`${`{${a.map((s) => `"${s}"`).join(',')}}`}::text[]`;

async function columnsOf(tx: DbOrTx, actor: RequestActor, slot: BannerSlot, b: BannerBody) {
  const image = await imageFor(tx, actor, slot, b.imageFileId);
  const payload: BannerPayload = { imageFileId: b.imageFileId, ...image, altZh: b.altZh, altEn: b.altEn, link: b.link };
  return { payload, models: await catalogueModels(tx, b.models) };
}

export async function create(db: Db, actor: RequestActor, slot: BannerSlot, b: BannerBody): Promise<Banner> {
  return db.transaction(async (tx) => {
    const { payload, models: ms } = await columnsOf(tx, actor, slot, b);
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO app_content (kind, slot, name, payload, countries, languages, version_range, platforms, models,
                                 window_start, window_end, priority, position, created_by, updated_by)
        VALUES (${KIND}, ${slot}, ${b.name}, ${JSON.stringify(payload)}::jsonb, ${textArray(b.countries)}, ${textArray(b.languages)},
                ${b.versionRange}, ${textArray(b.platforms)}, ${textArray(ms)}, ${b.windowStart}, ${b.windowEnd},
                ${b.priority}, ${b.position}, ${actor.userId}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const after = toBanner(await find(tx, slot, Number(row?.id)));
    await audit(tx, actor, { action: 'create', entity: 'app_content', entityId: after.id, after });
    return after;
  });
}

export async function update(
  db: Db,
  actor: RequestActor,
  slot: BannerSlot,
  id: number,
  b: BannerBody & { version: number },
  lang: Lang,
): Promise<Banner> {
  return db.transaction(async (tx) => {
    const before = toBanner(await find(tx, slot, id, true));
    if (before.version !== b.version) throw staleVersion();
    if (before.state === 'archived') {
      throw conflict(
        lang === 'zh-CN'
          ? '内容当前为「已归档」，不能编辑；请先重新发布'
          : 'cannot edit: the content is archived; publish it again first',
        { state: before.state },
      );
    }
    const { payload, models: ms } = await columnsOf(tx, actor, slot, b);
    await tx.execute(sql`
      UPDATE app_content SET name = ${b.name}, payload = ${JSON.stringify(payload)}::jsonb, countries = ${textArray(b.countries)},
             languages = ${textArray(b.languages)}, version_range = ${b.versionRange}, platforms = ${textArray(b.platforms)},
             models = ${textArray(ms)}, window_start = ${b.windowStart}, window_end = ${b.windowEnd}, priority = ${b.priority},
             position = ${b.position}, version = version + 1, updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${id}`);
    const after = toBanner(await find(tx, slot, id));
    await audit(tx, actor, { action: 'update', entity: 'app_content', entityId: id, before, after });
    return after;
  });
}

export async function act(
  db: Db,
  actor: RequestActor,
  slot: BannerSlot,
  id: number,
  action: ContentAction,
  version: number,
  lang: Lang,
): Promise<Banner> {
  return db.transaction(async (tx) => {
    const before = toBanner(await find(tx, slot, id, true));
    if (before.version !== version) throw staleVersion();
    const step = transitionFrom(CONTENT_MACHINE, before.state, action);
    if (!step) throw conflict(refusalText(CONTENT_MACHINE, before.state, action, lang), { state: before.state });
    const now = Date.now();
    const start = before.windowStart ? Date.parse(before.windowStart) : null;
    const end = before.windowEnd ? Date.parse(before.windowEnd) : null;
    let set = sql``;
    if (action === 'publish') {
      if (end !== null && end <= now) throw codedFieldError('windowEnd', 'appContent.windowOver');
      // "Now": a start still to come moves to now, so the app sees it at once.
      set = sql`, published_at = now(), window_start = CASE WHEN window_start > now() THEN now() ELSE window_start END`;
    } else if (action === 'schedule') {
      if (start === null || start <= now) throw codedFieldError('windowStart', 'appContent.startNotFuture');
      set = sql`, published_at = now()`;
    }
    await tx.execute(sql`
      UPDATE app_content SET state = ${step.to}, version = version + 1, updated_by = ${actor.userId}, updated_at = now() ${set}
       WHERE id = ${id}`);
    const after = toBanner(await find(tx, slot, id));
    await audit(tx, actor, {
      action: `appContent.${action}`,
      entity: 'app_content',
      entityId: id,
      before: { state: before.state, windowStart: before.windowStart },
      after: { state: after.state, windowStart: after.windowStart },
    });
    return after;
  });
}

export async function remove(db: Db, actor: RequestActor, slot: BannerSlot, id: number, lang: Lang): Promise<null> {
  return db.transaction(async (tx) => {
    const before = toBanner(await find(tx, slot, id, true));
    if (before.state !== 'draft' && before.state !== 'archived') {
      const label = CONTENT_MACHINE.states[before.state].label;
      throw conflict(
        lang === 'zh-CN'
          ? `内容当前为「${label.zh}」，只能删除草稿或已归档的内容；请先归档`
          : `only a draft or an archived banner is deleted: this one is ${label.en.toLowerCase()}; archive it first`,
        { state: before.state },
      );
    }
    await tx.execute(sql`DELETE FROM app_content WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'app_content', entityId: id, before });
    return null;
  });
}

/**
 * Stores an image for a slot: an image the file store takes (by content), then decoded off the
 * event loop and held to the slot's rule before anything is written; refused, nothing is stored.
 */
export async function uploadImage(
  db: Db,
  store: FileStore,
  actor: RequestActor,
  slot: BannerSlot,
  upload: FileUpload,
): Promise<StoredFile> {
  const rule = BANNER_SLOT_DEFS[slot].rule;
  const def = uploadRules(actor, 'image');
  if (upload.bytes.length > rule.maxBytes) throw codedFieldError('file', 'appContent.imageTooLarge', slotRuleParams(rule));
  const type = judge(def, upload);
  const image = await parseOffThread('image', upload.bytes, type.toUpperCase());
  const refusal = slotRefusal(rule, { width: image.width, height: image.height, size: upload.bytes.length });
  if (refusal) throw codedFieldError('file', refusal, slotRuleParams(rule));
  return storeFile(db, store, actor, 'image', `app-banner:${slot}`, upload);
}
