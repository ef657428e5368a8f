/**
 * Gets a migrated database ready: the configured PostgreSQL, or a private embedded one
 * in DATA_DIR that stops with the process.
 */
import pg from 'pg';
import type { Config } from '../config';
import { type Database, openDatabase } from './client';
import { type EmbeddedServer, startEmbedded } from './embedded';
import { runMigrations } from './migrate';

export const EMBEDDED_DB_NAME = 'backoffice';

export async function ensureDatabaseExists(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  // A connection the server ends (a restart under us) must fail the query, not the process:
  // without a listener pg's 'error' event is thrown.
  admin.on('error', () => {});
  await admin.connect();
  try {
    const r = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}

export interface Provisioned {
  database: Database;
  embedded: EmbeddedServer | null;
  url: string;
}

export async function provisionDatabase(config: Config, log: (line: string) => void = () => {}): Promise<Provisioned> {
  let embedded: EmbeddedServer | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbedded(config.dataDir, { log });
    await ensureDatabaseExists(embedded.url('postgres'), EMBEDDED_DB_NAME);
    url = embedded.url(EMBEDDED_DB_NAME);
  }
  const database = openDatabase(url, { max: 20 });
  try {
    await runMigrations(database);
  } catch (err) {
    await database.close();
    await embedded?.stop();
    throw err;
  }
  return { database, embedded, url };
}
