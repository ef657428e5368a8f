import { integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { version } from '../../db/columns';

/**
 * A GTM project's goal plan (docs/projects.md "GTM goals and KPIs"): one row per project once its
 * goals are first saved, holding the optimistic-lock version of the whole plan (the months are
 * saved together, as the grid edits them) and who saved it last.
 */
export const gtmGoalPlans = pgTable('gtm_goal_plans', {
  projectId: integer('project_id').primaryKey(),
  accountId: integer('account_id').notNull(),
  version: version(),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One month's goal of a GTM project (`YYYY-MM`, one of the twelve from the launch month): units
 * and revenue (USD) of all its SKUs, the ad-spend budget and the target ACoS. A month without a
 * row has no goal: /gtmData and /gtmKpi then use the project's flat monthly target.
 */
export const gtmGoalMonths = pgTable(
  'gtm_goal_months',
  {
    projectId: integer('project_id').notNull(),
    month: text('month').notNull(),
    units: integer('units').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
    adBudget: numeric('ad_budget', { precision: 14, scale: 2 }),
    acosTarget: numeric('acos_target', { precision: 5, scale: 2 }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.month] })],
);
