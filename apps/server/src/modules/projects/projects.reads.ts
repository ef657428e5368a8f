/**
 * The reads the projects area publishes for other areas (see catalog/catalog.reads.ts for the
 * convention): a project's name, type, SKUs and start day, for OKR objectives that link a
 * project and the advertising figures of a project's SKUs (PPC's `project/skuPerform`).
 */
import { type SQL, sql } from 'drizzle-orm';
import { startDaySql } from './project-data.repository';

/**
 * One row per project: id, account_id, code, name, type, priority, skus (text[]: SKUs or
 * models), start_day (date: launch day, listing day, else open day; null without one).
 */
export const projectDirectory: SQL = sql`(SELECT id, account_id, code, name, type, priority, skus,
       ${startDaySql('projects')} AS start_day FROM projects)`;
