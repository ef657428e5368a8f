import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, updatedAt, version } from '../../../db/columns';

/** Nodes of the problem and demand trees of a company account; names are unique among siblings. */
export const csTreeNodes = pgTable(
  'cs_tree_nodes',
  {
    ...accountRow(),
    kind: text('kind').notNull(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cs_tree_nodes_sibling_name_uq').on(t.accountId, t.kind, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    index('cs_tree_nodes_parent_idx').on(t.parentId),
    check('cs_tree_nodes_kind_ck', sql`${t.kind} IN ('problem', 'demand')`),
  ],
);
