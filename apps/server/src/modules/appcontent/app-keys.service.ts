/**
 * The read API's app keys (/user-platform/appKeys): made here (random, shown once, kept as
 * its SHA-256 and first characters), renamed, limited, enabled and disabled by APP_KEY_MACHINE,
 * deleted only when disabled. Edits and moves carry the version the operator saw (409 stale).
 * Every write is audited (entity app_content_keys). The read API's key cache of this process
 * is told after each write (`onChange`); other processes see it within the cache's 30 s.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Lang, refusalText, transitionFrom } from '@bo/contract';
import {
  APP_KEY_MACHINE,
  type AppKey,
  type AppKeyAction,
  type AppKeyBody,
  type AppKeyState,
} from '@bo/contract/appcontent/app-keys';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import { conflict, notFound, staleVersion } from '../../platform/errors';
import { userDirectory } from '../access/access.reads';

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** A new key: "lk_" and 32 random base64url characters (192 bits). */
export const newAppKey = () => `lk_${randomBytes(24).toString('base64url')}`;
/** What the screen shows of a key. */
export const keyHintOf = (key: string) => `${key.slice(0, 7)}…`;

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const STATE = sql.raw(`CASE WHEN k.enabled = 1 THEN 'enabled' ELSE 'disabled' END`);
const SELECT = sql`
  SELECT k.id, k.name, k.key_hint, ${STATE} AS state, k.per_minute, k.note, k.version,
         cu.user_name AS created_by, ${ts('k.created_at')} AS created_at, uu.user_name AS updated_by, ${ts('k.updated_at')} AS updated_at`;
const FROM = sql`FROM app_content_keys k LEFT JOIN ${userDirectory} cu ON cu.id = k.created_by
  LEFT JOIN ${userDirectory} uu ON uu.id = k.updated_by`;

interface Raw extends Record<string, unknown> {
  id: number;
  name: string;
  key_hint: string;
  state: AppKeyState;
  per_minute: number;
  note: string;
  version: number;
  created_by: string | null;
  created_at: string;
  updated_by: string | null;
  updated_at: string;
}

const toKey = (r: Raw): AppKey => ({
  id: Number(r.id),
  name: r.name,
  keyHint: r.key_hint,
  state: r.state,
  perMinute: Number(r.per_minute),
  note: r.note,
  version: Number(r.version),
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

export interface AppKeyListQuery {
  keyword?: string | undefined;
  state?: AppKeyState | undefined;
  sortField: 'createdAt' | 'name' | 'perMinute';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

const SORTS = { createdAt: sql`k.created_at`, name: sql`k.name`, perMinute: sql`k.per_minute` };

export async function list(db: Db, q: AppKeyListQuery) {
  const where: SQL[] = [sql`TRUE`];
  const k = likeContains(q.keyword);
  if (k) where.push(sql`(k.name ILIKE ${k} OR k.note ILIKE ${k} OR k.key_hint ILIKE ${k})`);
  if (q.state) where.push(sql`${STATE} = ${q.state}`);
  const { rows, total } = await pageOf<Raw>(
    db,
    {
      select: SELECT,
      from: sql`${FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, SORTS, sql`k.id DESC`),
    },
    q,
  );
  return { list: rows.map(toKey), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function find(db: DbOrTx, id: number, lock = false): Promise<AppKey> {
  if (lock) await db.execute(sql`SELECT id FROM app_content_keys WHERE id = ${id} FOR UPDATE`);
  const [row] = (await db.execute<Raw>(sql`${SELECT} ${FROM} WHERE k.id = ${id}`)).rows;
  if (!row) throw notFound(`no app key ${id}`);
  return toKey(row);
}

/** Makes a key (or takes `key`, for the demo seed and the bench); the answer holds the key, once. */
export async function create(
  db: Db,
  actor: RequestActor | null,
  b: AppKeyBody,
  key: string = newAppKey(),
): Promise<{ key: string; record: AppKey }> {
  return db.transaction(async (tx) => {
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO app_content_keys (name, key_sha256, key_hint, per_minute, note, created_by, updated_by)
        VALUES (${b.name}, ${sha256Hex(key)}, ${keyHintOf(key)}, ${b.perMinute}, ${b.note}, ${actor?.userId ?? null}, ${actor?.userId ?? null})
        RETURNING id`)
    ).rows;
    const record = await find(tx, Number(row?.id));
    if (actor) await audit(tx, actor, { action: 'create', entity: 'app_content_keys', entityId: record.id, after: record });
    return { key, record };
  });
}

export async function update(db: Db, actor: RequestActor, id: number, b: AppKeyBody & { version: number }): Promise<AppKey> {
  return db.transaction(async (tx) => {
    const before = await find(tx, id, true);
    if (before.version !== b.version) throw staleVersion();
    await tx.execute(sql`
      UPDATE app_content_keys SET name = ${b.name}, per_minute = ${b.perMinute}, note = ${b.note}, version = version + 1,
             updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${id}`);
    const after = await find(tx, id);
    await audit(tx, actor, { action: 'update', entity: 'app_content_keys', entityId: id, before, after });
    return after;
  });
}

export async function act(
  db: Db,
  actor: RequestActor,
  id: number,
  action: AppKeyAction,
  version: number,
  lang: Lang,
): Promise<AppKey> {
  return db.transaction(async (tx) => {
    const before = await find(tx, id, true);
    if (before.version !== version) throw staleVersion();
    const step = transitionFrom(APP_KEY_MACHINE, before.state, action);
    if (!step) throw conflict(refusalText(APP_KEY_MACHINE, before.state, action, lang), { state: before.state });
    await tx.execute(sql`
      UPDATE app_content_keys SET enabled = ${step.to === 'enabled' ? 1 : 0}, version = version + 1,
             updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${id}`);
    const after = await find(tx, id);
    await audit(tx, actor, {
      action,
      entity: 'app_content_keys',
      entityId: id,
      before: { state: before.state },
      after: { state: after.state },
    });
    return after;
  });
}

export async function remove(db: Db, actor: RequestActor, id: number, lang: Lang): Promise<null> {
  return db.transaction(async (tx) => {
    const before = await find(tx, id, true);
    if (before.state !== 'disabled') {
      throw conflict(
        lang === 'zh-CN'
          ? '密钥当前为「启用」，只能删除已停用的密钥；请先停用'
          : 'only a disabled key is deleted: this one is enabled; disable it first',
        { state: before.state },
      );
    }
    await tx.execute(sql`DELETE FROM app_content_keys WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'app_content_keys', entityId: id, before });
    return null;
  });
}
