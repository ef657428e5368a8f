import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, createdAt } from '../../db/columns';

/**
 * A user's notifications (platform/notify, decisions.md "Notifications"): one row per user
 * and event, in both languages (the reader's language is chosen when it is read or mailed).
 * `dedupe_key` makes writing the same event twice a no-op for that user. `mail_state`:
 * none (no mail asked, or no address) → queued → sending → sent | failed; the mail job moves
 * queued → sending before it sends and never sends a row that is not queued, so a
 * notification is mailed at most once, also when a process dies mid-send.
 */
export const notifications = pgTable(
  'notifications',
  {
    ...accountRow(),
    userId: integer('user_id').notNull(),
    /** What happened, e.g. 'approval.submitted'. */
    kind: text('kind').notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    bodyZh: text('body_zh').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    /** An in-app path the notification opens, e.g. '/viewDevelop?id=12'. */
    link: text('link'),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailState: text('mail_state').notNull().default('none'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    mailError: text('mail_error'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at IS NULL`),
    uniqueIndex('notifications_dedupe_uq').on(t.userId, t.dedupeKey),
  ],
);
