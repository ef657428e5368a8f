import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Reply and FAQ templates of a company account. owner_user_id is set for personal
 * templates (seen by their owner only) and null for shared ones. Names are unique per
 * account, kind and owner (shared templates share one namespace).
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    kind: text('kind').notNull(),
    ownerUserId: integer('owner_user_id'),
    name: text('name').notNull(),
    category: text('category').notNull(),
    language: text('language').notNull(),
    marketId: smallint('market_id'),
    asin: text('asin'),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').notNull(),
    updatedBy: integer('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_templates_name_uq').on(t.accountId, t.kind, sql`coalesce(${t.ownerUserId}, 0)`, sql`lower(${t.name})`),
    index('mail_templates_account_kind_idx').on(t.accountId, t.kind, t.updatedAt),
    check('mail_templates_kind_ck', sql`${t.kind} IN ('reply', 'faq')`),
  ],
);
