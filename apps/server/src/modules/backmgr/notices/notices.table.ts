import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId, writtenAt } from '../../../db/columns';

/**
 * System notices (/backMgr/notice): a title and a text in either language or both, a level,
 * an audience (everyone; the roles in role_ids; the users in user_ids), a publish window and a
 * state (draft → published → withdrawn, and published again). System-wide: every account's
 * users may be in the audience.
 */
export const systemNotices = pgTable(
  'system_notices',
  {
    id: serialId(),
    titleZh: text('title_zh').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    bodyZh: text('body_zh').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    /** info, warning, important. */
    level: text('level').notNull().default('info'),
    /** everyone, roles, users. */
    audience: text('audience').notNull().default('everyone'),
    roleIds: integer('role_ids').array().notNull().default(sql`'{}'::int[]`),
    userIds: integer('user_ids').array().notNull().default(sql`'{}'::int[]`),
    publishFrom: timestamp('publish_from', { withTimezone: true }).notNull(),
    publishTo: timestamp('publish_to', { withTimezone: true }),
    /** draft, published, withdrawn. */
    state: text('state').notNull().default('draft'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...writtenAt(),
  },
  (t) => [index('system_notices_live_idx').on(t.publishFrom).where(sql`state = 'published'`)],
);

/** Who acknowledged which notice, and when: a notice is shown to a user until there is a row. */
export const systemNoticeAcks = pgTable(
  'system_notice_acks',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => systemNotices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('system_notice_acks_user_idx').on(t.userId)],
);
