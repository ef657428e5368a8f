import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

/** The committed SQL migrations, seen from src/db/migrate.ts and from the bundled dist/main.js. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const serverRoot = path.basename(here) === 'db' ? path.resolve(here, '..', '..') : path.resolve(here, '..');
  return path.join(serverRoot, 'src', 'db', 'migrations');
}

/** Applies pending migrations once, even when several processes start together. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274001)');
    await migrate(database.db, { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274001)').catch(() => {});
    client.release();
  }
}
