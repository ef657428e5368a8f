import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, createdAt, serialId, updatedAt, version, writtenAt } from '../../../db/columns';

/** A customer of the back-office: 1 is the company itself, others are external shop accounts. */
export const accounts = pgTable('accounts', {
  id: serialId(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serialId(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    loginName: text('login_name').notNull(),
    userName: text('user_name').notNull(),
    email: text('email'),
    cellphone: text('cellphone'),
    employeeId: text('employee_id'),
    passwordHash: text('password_hash').notNull(),
    /** 0 shop account (needs shop authorisation), 1 staff. */
    userType: smallint('user_type').notNull().default(1),
    country: text('country').notNull().default('CN'),
    zoneId: text('zone_id').notNull().default('Asia/Shanghai'),
    language: text('language'),
    defaultSubsystem: text('default_subsystem'),
    /** Disabled users cannot sign in; their sessions stop at the next request. */
    enabled: boolean('enabled').notNull().default(true),
    /** 'active', or 'pending' for a registration an administrator has not enabled yet. */
    state: text('state').notNull().default('active'),
    /** The built-in administrator: every permission, cannot be disabled or impersonated. */
    builtin: boolean('builtin').notNull().default(false),
    /** Owner of its account: manages the account's sub-users. */
    accountOwner: boolean('account_owner').notNull().default(false),
    parentUserId: integer('parent_user_id'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    version: version(),
    ...writtenAt(),
  },
  (t) => [uniqueIndex('users_login_name_uq').on(sql`lower(${t.loginName})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const userSubsystems = pgTable(
  'user_subsystems',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subsystemId: integer('subsystem_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subsystemId] })],
);

export const userProductLines = pgTable(
  'user_product_lines',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productLineId: integer('product_line_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productLineId] })],
);

/** Named sets of users of one account (a team, a shift), for assignment and filters. */
export const userGroups = pgTable(
  'user_groups',
  {
    ...accountRow(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    version: version(),
    ...writtenAt(),
  },
  (t) => [uniqueIndex('user_groups_account_name_uq').on(t.accountId, sql`lower(${t.name})`)],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** A user's own mail settings (/user/email); absent until first saved. */
export const userMailSettings = pgTable('user_mail_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  senderName: text('sender_name').notNull().default(''),
  signature: text('signature').notNull().default(''),
  autoSignature: boolean('auto_signature').notNull().default(true),
  notifyOnAssignment: boolean('notify_on_assignment').notNull().default(true),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  notificationEmail: text('notification_email'),
  version: version(),
  updatedAt: updatedAt(),
});
