import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { serialId, updatedAt, version } from '../../../db/columns';

/** A sales team, led by a director (a user), owning product lines. */
export const salesTeams = pgTable('sales_teams', {
  id: serialId(),
  name: text('name').notNull().unique(),
  directorUserId: integer('director_user_id'),
  /** Optimistic locking of edits on /salesBasisInfo. */
  version: version(),
  updatedAt: updatedAt(),
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
