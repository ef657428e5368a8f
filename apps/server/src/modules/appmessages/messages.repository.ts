/** Every query of the message centre's messages, devices and deliveries (docs/app-messages.md). */
import type { AppMessage, MessageBody, MessageState } from '@bo/contract/appmessages/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeContains, orderBy, pageOf, textSet } from '../../db/sql';
import { userDirectory } from '../access/access.reads';
import { audienceCondition } from './audience';

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
export const textSetOf = textSet;
export const textArray = (a: readonly string[]) => sql`${`{${a.map((s) => `"${s}"`).join(',')}}`}::text[]`;

export interface MessageRow extends Record<string, unknown> {
  id: number;
  name: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  link: string;
  countries: string[];
  languages: string[];
  version_range: string;
  platforms: string[];
  models: string[];
  send_at: string | null;
  throttle_per_minute: number;
  quiet_start: string | null;
  quiet_end: string | null;
  expires_at: string | null;
  state: MessageState;
  targeted: number;
  delivered: number;
  deferred: number;
  waiting: number;
  read: number;
  started_at: string | null;
  finished_at: string | null;
  version: number;
  updated_by: string | null;
  updated_at: string;
}

const SELECT = sql`
  SELECT m.id, m.name, m.title_zh, m.title_en, m.body_zh, m.body_en, m.link, m.countries, m.languages, m.version_range,
         m.platforms, m.models, ${ts('m.send_at')} AS send_at, m.throttle_per_minute, m.quiet_start, m.quiet_end,
         ${ts('m.expires_at')} AS expires_at, m.state, m.targeted, ${ts('m.started_at')} AS started_at,
         ${ts('m.finished_at')} AS finished_at, m.version, u.user_name AS updated_by, ${ts('m.updated_at')} AS updated_at,
         c.delivered, c.deferred, c.waiting, c.read`;
const FROM = sql`
  FROM app_messages m
  LEFT JOIN ${userDirectory} u ON u.id = m.updated_by
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE x.state = 'delivered')::int AS delivered,
           count(x.deferred_at)::int AS deferred,
           count(*) FILTER (WHERE x.state = 'deferred')::int AS waiting,
           count(x.read_at)::int AS read
      FROM app_message_deliveries x WHERE x.message_id = m.id) c ON TRUE`;

export const toMessage = (r: MessageRow): AppMessage => ({
  id: Number(r.id),
  name: r.name,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  bodyZh: r.body_zh,
  bodyEn: r.body_en,
  link: r.link,
  targeting: {
    countries: r.countries,
    languages: r.languages,
    versionRange: r.version_range,
    platforms: r.platforms as AppMessage['targeting']['platforms'],
    models: r.models,
  },
  sendAt: r.send_at,
  throttlePerMinute: Number(r.throttle_per_minute),
  quietStart: r.quiet_start,
  quietEnd: r.quiet_end,
  expiresAt: r.expires_at,
  state: r.state,
  counts: {
    targeted: Number(r.targeted),
    delivered: Number(r.delivered ?? 0),
    deferred: Number(r.deferred ?? 0),
    waiting: Number(r.waiting ?? 0),
    read: Number(r.read ?? 0),
  },
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  version: Number(r.version),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

export interface MessageQuery {
  keyword?: string | undefined;
  state?: MessageState | undefined;
  sortField: 'updatedAt' | 'sendAt';
  sortOrder: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
}

export async function pageOfMessages(db: DbOrTx, q: MessageQuery) {
  const where: SQL[] = [sql`TRUE`];
  const k = likeContains(q.keyword);
  if (k) where.push(sql`(m.name ILIKE ${k} OR m.title_zh ILIKE ${k} OR m.title_en ILIKE ${k})`);
  if (q.state) where.push(sql`m.state = ${q.state}`);
  return pageOf<MessageRow>(
    db,
    {
      select: SELECT,
      from: sql`${FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, { updatedAt: sql`m.updated_at`, sendAt: sql`m.send_at` }, sql`m.id`),
    },
    q,
  );
}

export async function messageById(db: DbOrTx, id: number, lock = false): Promise<MessageRow | undefined> {
  if (lock) await db.execute(sql`SELECT id FROM app_messages WHERE id = ${id} FOR UPDATE`);
  return (await db.execute<MessageRow>(sql`${SELECT} ${FROM} WHERE m.id = ${id}`)).rows[0];
}

const columns = (b: MessageBody) => ({
  name: b.name,
  titleZh: b.titleZh,
  titleEn: b.titleEn,
  bodyZh: b.bodyZh,
  bodyEn: b.bodyEn,
  link: b.link,
});

export async function insertMessage(db: DbOrTx, b: MessageBody, userId: number): Promise<number> {
  const c = columns(b);
  const [row] = (
    await db.execute<{ id: number }>(sql`
      INSERT INTO app_messages (name, title_zh, title_en, body_zh, body_en, link, countries, languages, version_range,
             platforms, models, send_at, throttle_per_minute, quiet_start, quiet_end, expires_at, updated_by)
      VALUES (${c.name}, ${c.titleZh}, ${c.titleEn}, ${c.bodyZh}, ${c.bodyEn}, ${c.link}, ${textArray(b.countries)},
             ${textArray(b.languages)}, ${b.versionRange}, ${textArray(b.platforms)}, ${textArray(b.models)}, ${b.sendAt},
             ${b.throttlePerMinute}, ${b.quietStart}, ${b.quietEnd}, ${b.expiresAt}, ${userId})
      RETURNING id`)
  ).rows;
  return Number(row?.id);
}

export async function updateMessage(db: DbOrTx, id: number, b: MessageBody, userId: number): Promise<void> {
  await db.execute(sql`
    UPDATE app_messages SET name = ${b.name}, title_zh = ${b.titleZh}, title_en = ${b.titleEn}, body_zh = ${b.bodyZh},
           body_en = ${b.bodyEn}, link = ${b.link}, countries = ${textArray(b.countries)}, languages = ${textArray(b.languages)},
           version_range = ${b.versionRange}, platforms = ${textArray(b.platforms)}, models = ${textArray(b.models)},
           send_at = ${b.sendAt}, throttle_per_minute = ${b.throttlePerMinute}, quiet_start = ${b.quietStart},
           quiet_end = ${b.quietEnd}, expires_at = ${b.expiresAt}, updated_by = ${userId}, version = version + 1,
           updated_at = now()
     WHERE id = ${id}`);
}

/** Devices the audience takes now (and how many are registered in all). */
export async function estimate(db: DbOrTx, t: Parameters<typeof audienceCondition>[0]) {
  const [row] = (
    await db.execute<{ devices: number; registered: number }>(sql`
      SELECT count(*) FILTER (WHERE ${audienceCondition(t)})::int AS devices, count(*)::int AS registered FROM app_devices d`)
  ).rows;
  return { devices: Number(row?.devices ?? 0), registered: Number(row?.registered ?? 0) };
}
