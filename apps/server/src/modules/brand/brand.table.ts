import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { accountRow, version, writtenAt } from '../../db/columns';

/**
 * A KOL of the brand (docs/brand.md "KOLs"): handles per platform with followers (jsonb, one per
 * platform; `followers` is their sum, kept on write for sorting), country (ISO alpha-2), language,
 * category, typical rate and its currency, contact, owner, state by the contract's KOL_MACHINE.
 */
export const brandKols = pgTable(
  'brand_kols',
  {
    ...accountRow(),
    name: text('name').notNull(),
    handles: jsonb('handles').$type<{ platform: string; handle: string; followers: number }[]>().notNull().default([]),
    followers: bigint('followers', { mode: 'number' }).notNull().default(0),
    country: text('country').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    rate: numeric('rate', { precision: 12, scale: 2 }),
    currency: text('currency').notNull().default('USD'),
    email: text('email'),
    phone: text('phone'),
    ownerId: integer('owner_id'),
    state: text('state').notNull().default('prospect'),
    note: text('note').notNull().default(''),
    ...writtenAt(),
    version: version(),
  },
  (t) => [
    index('brand_kols_account_state_idx').on(t.accountId, t.state),
    index('brand_kols_name_idx').on(t.accountId, sql`lower(${t.name})`),
  ],
);

/**
 * One paid piece of work of a KOL: cost in USD (the reporting currency), deliverable, platform,
 * publish day, exposure, interactions, link; `project_id` names a brand exposure project of the
 * projects area (read through its published reads, never joined to its table by name).
 */
export const brandCooperations = pgTable(
  'brand_cooperations',
  {
    ...accountRow(),
    kolId: integer('kol_id')
      .notNull()
      .references(() => brandKols.id),
    projectId: integer('project_id'),
    platform: text('platform').notNull(),
    deliverable: text('deliverable').notNull(),
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
    publishDay: date('publish_day', { mode: 'string' }),
    exposure: bigint('exposure', { mode: 'number' }).notNull().default(0),
    interactions: bigint('interactions', { mode: 'number' }).notNull().default(0),
    link: text('link'),
    ...writtenAt(),
    version: version(),
  },
  (t) => [
    index('brand_cooperations_kol_idx').on(t.kolId),
    index('brand_cooperations_account_day_idx').on(t.accountId, t.publishDay),
    index('brand_cooperations_project_idx').on(t.projectId),
  ],
);
