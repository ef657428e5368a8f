import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, version, writtenAt } from '../../db/columns';
import { growthValues } from './growth.table';

/**
 * A badge definition (docs/growth.md "Badges"): names in both languages (unique per account
 * case-insensitively), a description, an icon of the contract's BADGE_ICONS, the company value it
 * recognises (set null when the value is removed), state by BADGE_MACHINE.
 */
export const growthBadges = pgTable(
  'growth_badges',
  {
    ...accountRow(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull(),
    valueId: integer('value_id').references(() => growthValues.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('active'),
    updatedBy: integer('updated_by'),
    ...writtenAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('growth_badges_name_zh_uq').on(t.accountId, sql`lower(${t.nameZh})`),
    uniqueIndex('growth_badges_name_en_uq').on(t.accountId, sql`lower(${t.nameEn})`),
  ],
);

/** One badge given to one employee (AWARD_MACHINE: awarded, then maybe revoked with a reason). */
export const growthBadgeAwards = pgTable(
  'growth_badge_awards',
  {
    ...accountRow(),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => growthBadges.id),
    employeeId: integer('employee_id').notNull(),
    reason: text('reason').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    awardedBy: integer('awarded_by').notNull(),
    state: text('state').notNull().default('awarded'),
    revokedBy: integer('revoked_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ...writtenAt(),
    version: version(),
  },
  (t) => [
    index('growth_badge_awards_employee_idx').on(t.accountId, t.employeeId),
    index('growth_badge_awards_day_idx').on(t.accountId, t.state, t.day),
    index('growth_badge_awards_badge_idx').on(t.badgeId),
  ],
);
