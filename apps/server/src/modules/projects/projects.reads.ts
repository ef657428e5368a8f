/**
 * The reads the projects area publishes for other areas (see catalog/catalog.reads.ts for the
 * convention): a project's name, type and SKUs, for OKR objectives that link a project.
 */
import { type SQL, sql } from 'drizzle-orm';

/** One row per project: id, account_id, code, name, type, priority, skus (text[]: SKUs or models). */
export const projectDirectory: SQL = sql`(SELECT id, account_id, code, name, type, priority, skus FROM projects)`;
