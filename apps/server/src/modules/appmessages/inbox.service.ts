/**
 * The app's calls (docs/app-messages.md): a device registers itself (upsert on its opaque id) and
 * reads its inbox: the messages delivered to it and not expired, in its language (else the
 * other), newest first; reading one marks it read once.
 */
import type { DeviceBody } from '@bo/contract/appmessages/inbox';
import { parseAppVersion } from '@bo/contract/appcontent/semver';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export async function registerDevice(db: Db, b: DeviceBody) {
  const [major, minor, patch] = parseAppVersion(b.appVersion) ?? [0, 0, 0];
  const [row] = (
    await db.execute<{ device_key: string; created_at: string; updated_at: string }>(sql`
      INSERT INTO app_devices (device_key, country, language, app_version, v_major, v_minor, v_patch, platform, model,
             time_zone, push_token)
      VALUES (${b.deviceId}, ${b.country}, ${b.language}, ${b.appVersion}, ${major}, ${minor}, ${patch}, ${b.platform},
             ${b.model}, ${b.timeZone}, ${b.pushToken ?? null})
      ON CONFLICT (device_key) DO UPDATE SET country = excluded.country, language = excluded.language,
             app_version = excluded.app_version, v_major = excluded.v_major, v_minor = excluded.v_minor,
             v_patch = excluded.v_patch, platform = excluded.platform, model = excluded.model,
             time_zone = excluded.time_zone, push_token = coalesce(excluded.push_token, app_devices.push_token),
             updated_at = now()
      RETURNING device_key, ${ts('created_at')} AS created_at, ${ts('updated_at')} AS updated_at`)
  ).rows;
  return { deviceId: String(row?.device_key), registeredAt: String(row?.created_at), updatedAt: String(row?.updated_at) };
}

async function deviceOf(db: Db, key: string): Promise<{ id: number; language: string }> {
  const [d] = (
    await db.execute<{ id: number; language: string }>(sql`SELECT id, language FROM app_devices WHERE device_key = ${key}`)
  ).rows;
  if (!d) throw notFound('no such device: register it first');
  return { id: Number(d.id), language: d.language };
}

export async function inbox(db: Db, q: { device: string; pageNum: number; pageSize: number }) {
  const d = await deviceOf(db, q.device);
  const zh = d.language.startsWith('zh');
  const live = sql`x.device_id = ${d.id} AND x.state = 'delivered' AND (m.expires_at IS NULL OR m.expires_at > now())`;
  const rows = (
    await db.execute<{
      id: number;
      title: string;
      body: string;
      link: string;
      delivered_at: string;
      read_at: string | null;
      expires_at: string | null;
    }>(sql`
      SELECT m.id,
             ${zh ? sql`coalesce(nullif(m.title_zh, ''), m.title_en)` : sql`coalesce(nullif(m.title_en, ''), m.title_zh)`} AS title,
             ${zh ? sql`coalesce(nullif(m.body_zh, ''), m.body_en)` : sql`coalesce(nullif(m.body_en, ''), m.body_zh)`} AS body,
             m.link, ${ts('x.delivered_at')} AS delivered_at, ${ts('x.read_at')} AS read_at, ${ts('m.expires_at')} AS expires_at
        FROM app_message_deliveries x JOIN app_messages m ON m.id = x.message_id
       WHERE ${live}
       ORDER BY x.delivered_at DESC, m.id DESC
       LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`)
  ).rows;
  const [n] = (
    await db.execute<{ total: number; unread: number }>(sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE x.read_at IS NULL)::int AS unread
        FROM app_message_deliveries x JOIN app_messages m ON m.id = x.message_id WHERE ${live}`)
  ).rows;
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      body: r.body,
      link: r.link,
      deliveredAt: r.delivered_at,
      readAt: r.read_at,
      expiresAt: r.expires_at,
    })),
    total: Number(n?.total ?? 0),
    unread: Number(n?.unread ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function markRead(db: Db, messageId: number, device: string) {
  const d = await deviceOf(db, device);
  const [row] = (
    await db.execute<{ read_at: string }>(sql`
      UPDATE app_message_deliveries x SET read_at = coalesce(x.read_at, now())
        FROM app_messages m
       WHERE m.id = x.message_id AND x.message_id = ${messageId} AND x.device_id = ${d.id} AND x.state = 'delivered'
         AND (m.expires_at IS NULL OR m.expires_at > now())
      RETURNING ${ts('x.read_at')} AS read_at`)
  ).rows;
  if (!row) throw notFound("this message is not in the device's inbox");
  return { id: messageId, readAt: row.read_at };
}
