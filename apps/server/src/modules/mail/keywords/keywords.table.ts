import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, updatedAt, version } from '../../../db/columns';

/**
 * Keyword rules routing incoming mail of a company account: kind 'dialogue' targets a
 * dialogue type id, kind 'product' a product line id. One rule per keyword and field.
 */
export const mailKeywordRules = pgTable(
  'mail_keyword_rules',
  {
    ...accountRow(),
    kind: text('kind').notNull(),
    keyword: text('keyword').notNull(),
    matchType: text('match_type').notNull().default('contains'),
    field: text('field').notNull().default('any'),
    priority: integer('priority').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    targetId: integer('target_id').notNull(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mail_keyword_rules_uq').on(t.accountId, t.kind, sql`lower(${t.keyword})`, t.field),
    check('mail_keyword_rules_kind_ck', sql`${t.kind} IN ('dialogue', 'product')`),
  ],
);
