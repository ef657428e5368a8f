/**
 * Notifications (issue #21; decisions.md "Notifications"): `notify` writes them inside the
 * caller's transaction, so a notification exists exactly when the change it tells of
 * committed. A user with an e-mail address also gets it by mail, through the system SMTP
 * path (CAPTCHA_SENDER / SMTP_URL, `CodeSender.deliver`), at most once: the mail job
 * claims the row (queued → sending) before it sends and sends nothing it did not claim.
 */
import type { Lang } from '@bo/contract';
import type { Notification } from '@bo/contract/notify/notifications';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { pgErrorText } from '../../db/pg-text';
import { notFound } from '../errors';
import { enqueue } from '../jobs/jobs';
import type { CodeSender } from './code-sender';

export const NOTIFY_MAIL_JOB = 'notify.mail';

export interface NotificationText {
  readonly zh: string;
  readonly en: string;
}

export interface NotifyRequest {
  readonly accountId: number;
  readonly userIds: readonly number[];
  readonly kind: string;
  readonly title: NotificationText;
  readonly body?: NotificationText;
  readonly link?: string | null;
  /** The same key for the same user is written once (an event told twice is told once). */
  readonly dedupeKey?: string;
  /** Also by mail to users with an address (default true). */
  readonly mail?: boolean;
}

/**
 * Writes one notification per user of the account (skipping those already told under the key,
 * and ids of another account, which are never told); answers the ids written.
 */
export async function notify(tx: DbOrTx, req: NotifyRequest): Promise<number[]> {
  const users = [...new Set(req.userIds)];
  if (users.length === 0) return [];
  const mail = req.mail !== false;
  const res = await tx.execute<{ id: number; queued: boolean }>(sql`
    INSERT INTO notifications (account_id, user_id, kind, title_zh, title_en, body_zh, body_en, link, dedupe_key, mail_state)
    SELECT ${req.accountId}, u.id, ${req.kind}, ${req.title.zh}, ${req.title.en}, ${req.body?.zh ?? ''}, ${req.body?.en ?? ''},
           ${req.link ?? null}, ${req.dedupeKey ?? null},
           CASE WHEN ${mail} AND coalesce(btrim(u.email), '') <> '' AND u.enabled THEN 'queued' ELSE 'none' END
      FROM users u
     WHERE u.account_id = ${req.accountId} AND u.id IN (${sql.join(
       users.map((id) => sql`${id}`),
       sql`, `,
     )})
    ON CONFLICT (user_id, dedupe_key) DO NOTHING
    RETURNING id, mail_state = 'queued' AS queued`);
  for (const row of res.rows) {
    if (row.queued)
      await enqueue(tx, NOTIFY_MAIL_JOB, { id: Number(row.id) }, { dedupeKey: `${NOTIFY_MAIL_JOB}:${row.id}`, maxAttempts: 1 });
  }
  return res.rows.map((r) => Number(r.id));
}

interface Row {
  [column: string]: unknown;
  id: number;
  kind: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  link: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const toNotification = (r: Row, lang: Lang): Notification => ({
  id: Number(r.id),
  kind: r.kind,
  title: lang === 'zh-CN' ? r.title_zh : r.title_en,
  body: lang === 'zh-CN' ? r.body_zh : r.body_en,
  link: r.link,
  createdAt: new Date(r.created_at).toISOString(),
  readAt: r.read_at === null ? null : new Date(r.read_at).toISOString(),
});

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

export async function listNotifications(
  db: DbOrTx,
  userId: number,
  lang: Lang,
  q: { unread: boolean; pageNum: number; pageSize: number },
) {
  const where = q.unread ? sql`user_id = ${userId} AND read_at IS NULL` : sql`user_id = ${userId}`;
  const [rows, total, unread] = await Promise.all([
    db.execute<Row>(sql`
      SELECT id, kind, title_zh, title_en, body_zh, body_en, link, created_at, read_at
        FROM notifications WHERE ${where} ORDER BY id DESC
       LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications WHERE ${where}`),
    unreadCount(db, userId),
  ]);
  return {
    list: rows.rows.map((r) => toNotification(r, lang)),
    total: Number(total.rows[0]?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    unread,
  };
}

/** Marks one of the user's notifications read; another user's is "not found", never touched. */
export async function markRead(db: DbOrTx, userId: number, id: number): Promise<{ unread: number }> {
  const r = await db.execute<{ id: number }>(sql`
    UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
  if (r.rows.length === 0) throw notFound('notification not found');
  return { unread: await unreadCount(db, userId) };
}

export async function markAllRead(db: DbOrTx, userId: number): Promise<{ unread: number }> {
  await db.execute(sql`UPDATE notifications SET read_at = now() WHERE user_id = ${userId} AND read_at IS NULL`);
  return { unread: 0 };
}

/**
 * The mail job: claims the notification (queued → sending) and sends it in the user's
 * language. A notification that is not queued any more (sent, failed, claimed by a process
 * that died mid-send) is never sent again: at most once, by design.
 */
export async function sendNotificationMail(db: Db, sender: CodeSender, id: number): Promise<'sent' | 'skipped' | 'failed'> {
  const claimed = await db.execute<Row & { email: string | null; language: string | null }>(sql`
    UPDATE notifications n SET mail_state = 'sending'
      FROM users u
     WHERE n.id = ${id} AND n.mail_state = 'queued' AND u.id = n.user_id
    RETURNING n.id, n.kind, n.title_zh, n.title_en, n.body_zh, n.body_en, n.link, n.created_at, n.read_at, u.email, u.language`);
  const row = claimed.rows[0];
  if (!row) return 'skipped';
  // The profile's language; without one, the app's default (zh-CN).
  const zh = row.language !== 'en-US';
  const title = zh ? row.title_zh : row.title_en;
  const body = zh ? row.body_zh : row.body_en;
  try {
    if (!row.email) throw new Error('no address');
    await sender.deliver({ email: row.email, subject: title, text: body ? `${title}\n\n${body}` : title });
  } catch (err) {
    await db.execute(sql`
      UPDATE notifications SET mail_state = 'failed', mail_error = ${pgErrorText(err).slice(0, 500)} WHERE id = ${id}`);
    return 'failed';
  }
  await db.execute(sql`UPDATE notifications SET mail_state = 'sent', mailed_at = now() WHERE id = ${id}`);
  return 'sent';
}
