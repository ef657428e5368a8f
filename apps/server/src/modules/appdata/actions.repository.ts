/** Every query of the action list (docs/app-data.md "Action list"). */
import type { ActionParam } from '@bo/contract/appdata/actions';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf } from '../../db/sql';
import { userDirectory } from '../access/access.reads';

export const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export interface ActionRow extends Record<string, unknown> {
  id: number;
  key: string;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  params: ActionParam[];
  enabled: boolean;
  reported: string | number;
  first_reported_at: string | null;
  last_day: string | null;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

const SELECT = sql`
  SELECT a.id, a.key, a.name_zh, a.name_en, a.description_zh, a.description_en, a.params, a.enabled, a.reported,
         ${ts('a.first_reported_at')} AS first_reported_at, to_char(a.last_day, 'YYYY-MM-DD') AS last_day, a.version,
         u.user_name AS updated_by, ${ts('a.updated_at')} AS updated_at`;
const FROM = sql`FROM app_data_actions a LEFT JOIN ${userDirectory} u ON u.id = a.updated_by`;

export interface ActionQuery {
  keyword?: string | undefined;
  enabled?: 'true' | 'false' | undefined;
  reported?: 'true' | 'false' | undefined;
  sortField: 'key' | 'reported' | 'updatedAt';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

export async function pageOfActions(db: DbOrTx, q: ActionQuery) {
  const where: SQL[] = [sql`TRUE`];
  const k = likeContains(q.keyword);
  if (k) where.push(sql`(a.key ILIKE ${k} OR a.name_zh ILIKE ${k} OR a.name_en ILIKE ${k})`);
  if (q.enabled) where.push(sql`a.enabled = ${q.enabled === 'true'}`);
  if (q.reported) where.push(q.reported === 'true' ? sql`a.first_reported_at IS NOT NULL` : sql`a.first_reported_at IS NULL`);
  return pageOf<ActionRow>(
    db,
    {
      select: SELECT,
      from: sql`${FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(
        q.sortField,
        q.sortOrder,
        { key: sql`a.key`, reported: sql`a.reported`, updatedAt: sql`a.updated_at` },
        sql`a.id`,
      ),
    },
    q,
  );
}

export async function actionById(db: DbOrTx, id: number, lock = false): Promise<ActionRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM app_data_actions WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<ActionRow>(sql`${SELECT} ${FROM} WHERE a.id = ${id}`)).rows[0];
}

export async function keyTaken(db: DbOrTx, key: string, exceptId: number | null): Promise<boolean> {
  return (await db.execute(sql`SELECT 1 FROM app_data_actions WHERE key = ${key} AND id <> ${exceptId ?? 0}`)).rows.length > 0;
}

export interface ActionFields {
  key: string;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  params: ActionParam[];
  enabled: boolean;
}

export async function insertAction(db: DbOrTx, a: ActionFields, by: number | null): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`
    INSERT INTO app_data_actions (key, name_zh, name_en, description_zh, description_en, params, enabled, updated_by)
    VALUES (${a.key}, ${a.nameZh}, ${a.nameEn}, ${a.descriptionZh}, ${a.descriptionEn}, ${JSON.stringify(a.params)}::jsonb,
            ${a.enabled}, ${by})
    RETURNING id`);
  return Number(res.rows[0]?.id);
}

export async function updateAction(db: DbOrTx, id: number, a: ActionFields, by: number | null): Promise<void> {
  await db.execute(sql`
    UPDATE app_data_actions SET key = ${a.key}, name_zh = ${a.nameZh}, name_en = ${a.nameEn},
           description_zh = ${a.descriptionZh}, description_en = ${a.descriptionEn}, params = ${JSON.stringify(a.params)}::jsonb,
           enabled = ${a.enabled}, updated_by = ${by}, version = version + 1, updated_at = now()
     WHERE id = ${id}`);
}

export async function deleteAction(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM app_data_actions WHERE id = ${id}`);
}

/** Every action by key, for judging a batch of events. */
export async function actionsByKey(db: DbOrTx, keys: readonly string[]) {
  return (
    await db.execute<{ id: number; key: string; enabled: boolean; params: ActionParam[] }>(sql`
      SELECT id, key, enabled, params FROM app_data_actions
       WHERE key IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`)
  ).rows;
}
