import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, serialId, version, writtenAt } from '../../../db/columns';

/** Seeded from the contract's permission catalogue at every start. */
export const permissionItems = pgTable('permission_items', {
  id: serialId(),
  authPattern: text('auth_pattern').notNull().unique(),
  /** 2 page/menu, 3 button. */
  type: smallint('type').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  url: text('url').notNull(),
  groupCode: text('group_code').notNull(),
  parentPattern: text('parent_pattern'),
  /** false when the catalogue no longer has it: kept for history, granted to nobody. */
  active: boolean('active').notNull().default(true),
});

export const roles = pgTable(
  'roles',
  {
    ...accountRow(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The administrator role: holds every permission, kept in step with the catalogue. */
    builtin: boolean('builtin').notNull().default(false),
    version: version(),
    ...writtenAt(),
  },
  (t) => [uniqueIndex('roles_account_name_uq').on(t.accountId, t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissionItems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index('role_permissions_perm_idx').on(t.permissionId)],
);
