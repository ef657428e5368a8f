import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../../db/columns';

/**
 * The menu overlay (/backMgr/menuConfig): per catalogue group (kind 'group', key = its menu
 * code) or menu route (kind 'route', key = its path), an order, hidden, a title override.
 * No row: the catalogue as it is. Never a route list of its own: the key must be in the catalogue.
 */
export const menuOverlay = pgTable(
  'menu_overlay',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** Null: the catalogue's order. */
    sort: integer('sort'),
    hidden: boolean('hidden').notNull().default(false),
    titleZh: text('title_zh'),
    titleEn: text('title_en'),
    updatedBy: integer('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);
