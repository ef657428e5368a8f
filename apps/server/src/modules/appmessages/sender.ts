/**
 * The sender (docs/app-messages.md, "Sending"): one batch at a time, each in one transaction that
 * locks the message, writes the batch's deliveries (UNIQUE per message and device, ON CONFLICT DO
 * NOTHING) and moves the message's cursor. A process killed mid-batch leaves nothing of that batch
 * (the transaction dies with it) and the next run starts from the last committed cursor; a batch
 * that committed is never written twice. So a device gets a message at most once, whatever dies.
 *
 * Each batch: start the message when its time came (freezing the audience to the devices
 * registered then), stop at the expiry, take what the throttle allows in the last minute,
 * release the devices whose quiet hours ended, then expand the audience past the cursor: a device
 * inside its quiet hours gets a deferred row due at their end in its own time zone. When nothing
 * is allowed now, the batch queues the job again for when something will be (in its transaction).
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import { enqueue } from '../../platform/jobs/jobs';
import { audienceCondition } from './audience';
import { SEND_JOB } from './messages.service';
import { type PushProvider, idempotencyKeyOf } from './push-provider';
import { quietUntil } from './quiet-hours';

export const BATCH_SIZE = 500;

export type BatchOutcome =
  | { outcome: 'more'; delivered: number; deferred: number }
  | { outcome: 'wait'; until: Date }
  | { outcome: 'done' }
  | { outcome: 'stopped'; reason: string };

interface Locked extends Record<string, unknown> {
  id: number;
  state: string;
  send_at: Date | null;
  expires_at: Date | null;
  throttle_per_minute: number;
  quiet_start: string | null;
  quiet_end: string | null;
  countries: string[];
  languages: string[];
  version_range: string;
  platforms: string[];
  models: string[];
  audience_max_device: number | null;
  cursor_device: number;
}

const targetingOf = (m: Locked) => ({
  countries: m.countries,
  languages: m.languages,
  versionRange: m.version_range,
  platforms: m.platforms as ('ios' | 'android')[],
  models: m.models,
});

async function waitFor(tx: DbOrTx, id: number, until: Date, at: Date): Promise<BatchOutcome> {
  await enqueue(tx, SEND_JOB, { messageId: id }, { delayMs: Math.max(1000, until.getTime() - at.getTime()) });
  return { outcome: 'wait', until };
}

async function finish(tx: DbOrTx, id: number, why: 'complete' | 'expired', at: Date): Promise<BatchOutcome> {
  await tx.execute(sql`UPDATE app_message_deliveries SET state = 'expired' WHERE message_id = ${id} AND state = 'deferred'`);
  await tx.execute(
    sql`UPDATE app_messages SET state = 'sent', finished_at = ${at.toISOString()}, updated_at = now() WHERE id = ${id}`,
  );
  await audit(tx, null, { action: 'appMessage.finish', entity: 'app_message', entityId: id, after: { state: 'sent', why } });
  return { outcome: 'done' };
}

/** One batch of one message, in one transaction. */
export async function sendBatch(
  db: Db,
  provider: PushProvider,
  messageId: number,
  opts: { batchSize?: number; at?: Date } = {},
): Promise<BatchOutcome> {
  const at = opts.at ?? new Date();
  const now = at.toISOString();
  // Rows a dead process committed but did not hand over: the provider takes them again, same key.
  await pushPending(db, provider, messageId);
  const result = await db.transaction(async (tx): Promise<BatchOutcome> => {
    const [m] = (
      await tx.execute<Locked>(sql`
        SELECT id, state, send_at, expires_at, throttle_per_minute, quiet_start, quiet_end, countries, languages,
               version_range, platforms, models, audience_max_device, cursor_device
          FROM app_messages WHERE id = ${messageId} FOR UPDATE`)
    ).rows;
    if (!m) return { outcome: 'stopped', reason: 'deleted' };
    if (m.state !== 'scheduled' && m.state !== 'sending') return { outcome: 'stopped', reason: m.state };
    const targeting = targetingOf(m);
    if (m.state === 'scheduled') {
      // Not due: an earlier job of a schedule that was moved; the later schedule queued its own.
      if (m.send_at && new Date(m.send_at).getTime() > at.getTime()) return { outcome: 'stopped', reason: 'notDue' };
      const [frozen] = (
        await tx.execute<{ max: number; targeted: number }>(sql`
          SELECT coalesce(max(d.id), 0)::int AS max, count(*) FILTER (WHERE ${audienceCondition(targeting)})::int AS targeted
            FROM app_devices d`)
      ).rows;
      m.audience_max_device = Number(frozen?.max ?? 0);
      m.cursor_device = 0;
      await tx.execute(sql`
        UPDATE app_messages SET state = 'sending', started_at = ${now}, audience_max_device = ${m.audience_max_device},
               targeted = ${Number(frozen?.targeted ?? 0)}, cursor_device = 0, updated_at = now()
         WHERE id = ${messageId}`);
      await audit(tx, null, {
        action: 'appMessage.start',
        entity: 'app_message',
        entityId: messageId,
        after: { state: 'sending', targeted: Number(frozen?.targeted ?? 0) },
      });
    }
    if (m.expires_at && new Date(m.expires_at).getTime() <= at.getTime()) return finish(tx, messageId, 'expired', at);

    const [window] = (
      await tx.execute<{ used: number; oldest: Date | null }>(sql`
        SELECT count(*)::int AS used, min(delivered_at) AS oldest FROM app_message_deliveries
         WHERE message_id = ${messageId} AND delivered_at > ${now}::timestamptz - interval '1 minute'`)
    ).rows;
    const capacity = Number(m.throttle_per_minute) - Number(window?.used ?? 0);
    const windowFreesAt = (oldest: Date | null | undefined) =>
      new Date((oldest ? new Date(oldest).getTime() : at.getTime()) + 60_000 + 1);
    if (capacity <= 0) return waitFor(tx, messageId, windowFreesAt(window?.oldest), at);
    let room = Math.min(capacity, opts.batchSize ?? BATCH_SIZE);
    let delivered = 0;
    let deferred = 0;

    // Devices whose quiet hours ended (checked again: a clock change may have moved the end).
    const due = (
      await tx.execute<{ id: number; time_zone: string }>(sql`
        SELECT x.id, d.time_zone FROM app_message_deliveries x JOIN app_devices d ON d.id = x.device_id
         WHERE x.message_id = ${messageId} AND x.state = 'deferred' AND x.due_at <= ${now}::timestamptz
         ORDER BY x.due_at, x.id LIMIT ${room} FOR UPDATE OF x`)
    ).rows;
    const release: number[] = [];
    for (const r of due) {
      const still = quietUntil(at, r.time_zone, m.quiet_start, m.quiet_end);
      if (still) await tx.execute(sql`UPDATE app_message_deliveries SET due_at = ${still.toISOString()} WHERE id = ${r.id}`);
      else release.push(Number(r.id));
    }
    if (release.length) {
      await tx.execute(sql`
        UPDATE app_message_deliveries SET state = 'delivered', delivered_at = ${now}, due_at = NULL
         WHERE id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(release)}::jsonb))::bigint)`);
      delivered += release.length;
      room -= release.length;
    }

    // The audience past the cursor.
    const max = Number(m.audience_max_device ?? 0);
    let cursor = Number(m.cursor_device);
    if (room > 0 && cursor < max) {
      const devices = (
        await tx.execute<{ id: number; time_zone: string }>(sql`
          SELECT d.id, d.time_zone FROM app_devices d
           WHERE d.id > ${cursor} AND d.id <= ${max} AND ${audienceCondition(targeting)}
           ORDER BY d.id LIMIT ${room}`)
      ).rows;
      const rows = devices.map((d) => {
        const until = quietUntil(at, d.time_zone, m.quiet_start, m.quiet_end);
        if (until) deferred++;
        else delivered++;
        return { d: Number(d.id), s: until ? 'deferred' : 'delivered', u: until?.toISOString() ?? null };
      });
      if (rows.length) {
        await tx.execute(sql`
          INSERT INTO app_message_deliveries (message_id, device_id, state, due_at, deferred_at, delivered_at)
          SELECT ${messageId}, r.d, r.s, r.u, CASE WHEN r.s = 'deferred' THEN ${now}::timestamptz END,
                 CASE WHEN r.s = 'delivered' THEN ${now}::timestamptz END
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(d int, s text, u timestamptz)
          ON CONFLICT (message_id, device_id) DO NOTHING`);
      }
      cursor = devices.length < room ? max : Number(devices[devices.length - 1]?.id);
      // The batch's progress commits with its deliveries.
      await tx.execute(sql`UPDATE app_messages SET cursor_device = ${cursor}, updated_at = now() WHERE id = ${messageId}`);
    }

    const [held] = (
      await tx.execute<{ waiting: number; next: Date | null }>(sql`
        SELECT count(*)::int AS waiting, min(due_at) AS next FROM app_message_deliveries
         WHERE message_id = ${messageId} AND state = 'deferred'`)
    ).rows;
    const waiting = Number(held?.waiting ?? 0);
    if (cursor >= max && waiting === 0) return finish(tx, messageId, 'complete', at);
    if (delivered >= capacity) {
      const [w] = (
        await tx.execute<{ oldest: Date | null }>(sql`
          SELECT min(delivered_at) AS oldest FROM app_message_deliveries
           WHERE message_id = ${messageId} AND delivered_at > ${now}::timestamptz - interval '1 minute'`)
      ).rows;
      return waitFor(tx, messageId, windowFreesAt(w?.oldest), at);
    }
    if (cursor >= max) {
      // Only devices in their quiet hours are left: come back when the first of them ends (or at the expiry).
      let next = held?.next ? new Date(held.next) : at;
      if (m.expires_at && new Date(m.expires_at) < next) next = new Date(m.expires_at);
      return waitFor(tx, messageId, next, at);
    }
    return { outcome: 'more', delivered, deferred };
  });
  await pushPending(db, provider, messageId);
  return result;
}

/** Hands the message's committed, not yet handed-over deliveries to the provider, then stamps them. */
export async function pushPending(db: Db, provider: PushProvider, messageId: number, limit = 5000): Promise<number> {
  const rows = (
    await db.execute<{
      id: number;
      device_id: number;
      device_key: string;
      push_token: string | null;
      language: string;
      title_zh: string;
      title_en: string;
      body_zh: string;
      body_en: string;
      link: string;
    }>(sql`
      SELECT x.id, x.device_id, d.device_key, d.push_token, d.language, m.title_zh, m.title_en, m.body_zh, m.body_en, m.link
        FROM app_message_deliveries x JOIN app_devices d ON d.id = x.device_id JOIN app_messages m ON m.id = x.message_id
       WHERE x.message_id = ${messageId} AND x.state = 'delivered' AND x.pushed_at IS NULL
       ORDER BY x.id LIMIT ${limit}`)
  ).rows;
  const sent: number[] = [];
  for (const r of rows) {
    const zh = r.language.startsWith('zh');
    const title = zh ? r.title_zh || r.title_en : r.title_en || r.title_zh;
    const body = zh ? r.body_zh || r.body_en : r.body_en || r.body_zh;
    await provider.send(
      {
        deliveryId: Number(r.id),
        messageId,
        deviceId: Number(r.device_id),
        deviceKey: r.device_key,
        pushToken: r.push_token,
        title,
        body,
        link: r.link,
      },
      idempotencyKeyOf(messageId, Number(r.device_id)),
    );
    sent.push(Number(r.id));
  }
  if (sent.length)
    await db.execute(sql`
      UPDATE app_message_deliveries SET pushed_at = now()
       WHERE id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(sent)}::jsonb))::bigint)`);
  return sent.length;
}

/** Runs a message's batches until it waits, finishes or stops (the job's handler; safe to run again). */
export async function runSender(
  db: Db,
  provider: PushProvider,
  messageId: number,
  opts: { batchSize?: number; signal?: AbortSignal; at?: () => Date } = {},
): Promise<BatchOutcome> {
  for (;;) {
    const r = await sendBatch(db, provider, messageId, { batchSize: opts.batchSize, at: opts.at?.() });
    if (r.outcome !== 'more') return r;
    if (opts.signal?.aborted) throw new Error('the worker stopped between batches; the job runs again');
  }
}
