import { integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A sales team, led by a director (a user), owning product lines. */
export const salesTeams = pgTable('sales_teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  directorUserId: integer('director_user_id'),
  /** Optimistic locking of edits on /salesBasisInfo. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which team owns a product line (one team per line). */
export const salesTeamLines = pgTable(
  'sales_team_lines',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => salesTeams.id, { onDelete: 'cascade' }),
    productLineId: integer('product_line_id').notNull().unique(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.productLineId] })],
);
