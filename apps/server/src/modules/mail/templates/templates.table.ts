import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, authored, version } from '../../../db/columns';

/**
 * Reply and FAQ templates of a company account. owner_user_id is set for personal
 * templates (seen by their owner only) and null for shared ones. Names are unique per
 * account, kind and owner (shared templates share one namespace).
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    ...accountRow(),
    kind: text('kind').notNull(),
    ownerUserId: integer('owner_user_id'),
    name: text('name').notNull(),
    category: text('category').notNull(),
    language: text('language').notNull(),
    marketId: smallint('market_id'),
    asin: text('asin'),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    version: version(),
    ...authored(),
  },
  (t) => [
    uniqueIndex('mail_templates_name_uq').on(t.accountId, t.kind, sql`coalesce(${t.ownerUserId}, 0)`, sql`lower(${t.name})`),
    index('mail_templates_account_kind_idx').on(t.accountId, t.kind, t.updatedAt),
    check('mail_templates_kind_ck', sql`${t.kind} IN ('reply', 'faq')`),
  ],
);
