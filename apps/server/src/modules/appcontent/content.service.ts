/**
 * The back office's side of a content kind (issue #24, docs/appcontent.md "Declaring a kind"):
 * the list, writes and state moves of one slot of any declared kind, on the one table.
 * A kind brings only `ContentKind`: its name, the payload keys the keyword searches, and how a
 * body becomes its stored payload (checked against the database where it names other rows).
 * Rules, the same for every kind:
 * - A new record is a draft. CONTENT_MACHINE moves it (publish, schedule, unschedule, archive);
 *   the state it is judged by is the effective one (scheduled with its start come is
 *   published), and a move it does not allow is a 409 naming that state.
 * - Publishing now moves a later start to now; a window already over is refused (400 on
 *   windowEnd). Scheduling needs a start in the future (400 on windowStart).
 * - An archived record is not edited (409): publish it again first. Only a draft or an archived
 *   record is deleted. Edits and moves carry the version the operator saw (409 stale).
 * - Targeted models must be catalogue models. Every write is audited (entity app_content).
 */
import { type Lang, refusalText, transitionFrom } from '@bo/contract';
import type { AppContentKind } from '@bo/contract/appcontent/app-api';
import type { ContentBase } from '@bo/contract/appcontent/kinds';
import { CONTENT_MACHINE, type ContentAction, type ContentState, type WindowStatus } from '@bo/contract/appcontent/publishing';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import { codedFieldError, conflict, notFound, staleVersion } from '../../platform/errors';
import { userDirectory } from '../access/access.reads';
import { catalogModels } from '../catalog/catalog.reads';

/** What a kind declares to the service; the rest is the model's. */
export interface ContentKind<P extends object = Record<string, unknown>, B extends ContentBase = ContentBase> {
  kind: AppContentKind;
  /** Payload keys the list's keyword searches (besides the name). */
  search: readonly (keyof P & string)[];
  /** The payload stored for a body, checked against the database where it names other rows (a coded 400 otherwise). */
  payloadOf(tx: DbOrTx, actor: RequestActor, slot: string, body: B): Promise<P>;
  /** The record's payload fields in a list (default: the payload as it is). */
  recordOf?: (payload: P) => object;
  /** The kind's own fields of the item the app gets (resolver.ts adds where it stands and its order); `row` is the record's window and models. */
  itemOf(payload: P, lang: string | undefined, row: ItemRow): object;
  /**
   * What a record holds alone among the kind's records that are not archived (a SKU, a key, its
   * models): a coded 400 naming the record that holds it already. Checked on create, on edit and
   * when an archived record comes back (publish, schedule), under a lock per kind so that two
   * writes cannot both pass.
   */
  unique?: (tx: DbOrTx, payload: P, models: readonly string[], exceptId: number | null) => Promise<void>;
}

/** What an item may read of its record beside the payload: its window and its targeted models. */
export interface ItemRow {
  windowStart: string | null;
  windowEnd: string | null;
  models: readonly string[];
}

/** A kind's `unique` rule, under a transaction lock per kind (two writes of one kind take turns here). */
async function checkUnique(tx: DbOrTx, kind: ContentKind, payload: object, models: readonly string[], id: number | null) {
  if (!kind.unique) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`app_content.unique.${kind.kind}`}))`);
  await kind.unique(tx, payload as Record<string, unknown>, models, id);
}

/** A kind's record in a list: the model's fields, its slot and name, and its payload's. */
export type ContentRecord = ReturnType<typeof toRecord>;

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
  slot: string;
  name: string;
  payload: Record<string, unknown>;
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
  window_status: WindowStatus;
  version: number;
  published_at: string | null;
  updated_by: string | null;
  updated_at: string;
}

const toRecord = (k: ContentKind, r: Raw) => ({
  id: Number(r.id),
  slot: r.slot,
  name: r.name,
  ...(k.recordOf ? k.recordOf(r.payload) : r.payload),
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

export interface ContentListQuery {
  keyword?: string | undefined;
  state?: ContentState | undefined;
  windowStatus?: WindowStatus | undefined;
  country?: string | undefined;
  platform?: 'ios' | 'android' | undefined;
  sortField: 'updatedAt' | 'priority' | 'windowStart';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

const SORTS = { updatedAt: sql`c.updated_at`, priority: sql`c.priority`, windowStart: sql`c.window_start` };

export async function list(db: Db, kind: ContentKind, slot: string, q: ContentListQuery) {
  const where: SQL[] = [sql`c.kind = ${kind.kind}`, sql`c.slot = ${slot}`];
  const k = likeContains(q.keyword);
  if (k) {
    const fields = [sql`c.name`, ...kind.search.map((f) => sql`c.payload->>${f}`)];
    where.push(
      sql`(${sql.join(
        fields.map((f) => sql`${f} ILIKE ${k}`),
        sql` OR `,
      )})`,
    );
  }
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
  return { list: rows.map((r) => toRecord(kind, r)), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function find(db: DbOrTx, kind: ContentKind, slot: string, id: number, lock = false) {
  if (lock) await db.execute(sql`SELECT id FROM app_content WHERE id = ${id} FOR UPDATE`);
  const [row] = (await db.execute<Raw>(sql`${SELECT} ${FROM} WHERE c.id = ${id} AND c.kind = ${kind.kind} AND c.slot = ${slot}`))
    .rows;
  if (!row) throw notFound(`no ${slot} ${kind.kind} ${id}`);
  return toRecord(kind, row);
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

const textArray = (a: readonly string[]) => sql`${`{${a.map((s) => `"${s}"`).join(',')}}`}::text[]`;

async function columnsOf(tx: DbOrTx, actor: RequestActor, kind: ContentKind, slot: string, b: ContentBase) {
  const payload = await kind.payloadOf(tx, actor, slot, b);
  return { payload, models: await catalogueModels(tx, b.models) };
}

export async function create(
  db: Db,
  actor: RequestActor,
  kind: ContentKind,
  slot: string,
  b: ContentBase,
): Promise<ContentRecord> {
  return db.transaction(async (tx) => {
    const { payload, models: ms } = await columnsOf(tx, actor, kind, slot, b);
    await checkUnique(tx, kind, payload, ms, null);
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO app_content (kind, slot, name, payload, countries, languages, version_range, platforms, models,
                                 window_start, window_end, priority, position, created_by, updated_by)
        VALUES (${kind.kind}, ${slot}, ${b.name}, ${JSON.stringify(payload)}::jsonb, ${textArray(b.countries)}, ${textArray(b.languages)},
                ${b.versionRange}, ${textArray(b.platforms)}, ${textArray(ms)}, ${b.windowStart}, ${b.windowEnd},
                ${b.priority}, ${b.position}, ${actor.userId}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const after = await find(tx, kind, slot, Number(row?.id));
    await audit(tx, actor, { action: 'create', entity: 'app_content', entityId: after.id, after });
    return after;
  });
}

export async function update(
  db: Db,
  actor: RequestActor,
  kind: ContentKind,
  slot: string,
  id: number,
  b: ContentBase & { version: number },
  lang: Lang,
): Promise<ContentRecord> {
  return db.transaction(async (tx) => {
    const before = await find(tx, kind, slot, id, true);
    if (before.version !== b.version) throw staleVersion();
    if (before.state === 'archived') {
      throw conflict(
        lang === 'zh-CN'
          ? '内容当前为「已归档」，不能编辑；请先重新发布'
          : 'cannot edit: the content is archived; publish it again first',
        { state: before.state },
      );
    }
    const { payload, models: ms } = await columnsOf(tx, actor, kind, slot, b);
    await checkUnique(tx, kind, payload, ms, id);
    await tx.execute(sql`
      UPDATE app_content SET name = ${b.name}, payload = ${JSON.stringify(payload)}::jsonb, countries = ${textArray(b.countries)},
             languages = ${textArray(b.languages)}, version_range = ${b.versionRange}, platforms = ${textArray(b.platforms)},
             models = ${textArray(ms)}, window_start = ${b.windowStart}, window_end = ${b.windowEnd}, priority = ${b.priority},
             position = ${b.position}, version = version + 1, updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${id}`);
    const after = await find(tx, kind, slot, id);
    await audit(tx, actor, { action: 'update', entity: 'app_content', entityId: id, before, after });
    return after;
  });
}

export async function act(
  db: Db,
  actor: RequestActor,
  kind: ContentKind,
  slot: string,
  id: number,
  action: ContentAction,
  version: number,
  lang: Lang,
): Promise<ContentRecord> {
  return db.transaction(async (tx) => {
    const before = await find(tx, kind, slot, id, true);
    if (before.version !== version) throw staleVersion();
    const step = transitionFrom(CONTENT_MACHINE, before.state, action);
    if (!step) throw conflict(refusalText(CONTENT_MACHINE, before.state, action, lang), { state: before.state });
    if (before.state === 'archived' && step.to !== 'archived' && kind.unique) {
      // An archived record held nothing; coming back, it must not take what another holds now.
      const [held] = (
        await tx.execute<{ payload: Record<string, unknown>; models: string[] }>(
          sql`SELECT payload, models FROM app_content WHERE id = ${id}`,
        )
      ).rows;
      if (held) await checkUnique(tx, kind, held.payload, held.models, id);
    }
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
    const after = await find(tx, kind, slot, id);
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

export async function remove(
  db: Db,
  actor: RequestActor,
  kind: ContentKind,
  slot: string,
  id: number,
  lang: Lang,
): Promise<null> {
  return db.transaction(async (tx) => {
    const before = await find(tx, kind, slot, id, true);
    if (before.state !== 'draft' && before.state !== 'archived') {
      const label = CONTENT_MACHINE.states[before.state].label;
      throw conflict(
        lang === 'zh-CN'
          ? `内容当前为「${label.zh}」，只能删除草稿或已归档的内容；请先归档`
          : `only a draft or an archived record is deleted: this one is ${label.en.toLowerCase()}; archive it first`,
        { state: before.state },
      );
    }
    await tx.execute(sql`DELETE FROM app_content WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'app_content', entityId: id, before });
    return null;
  });
}
