/**
 * What the operator's command-line tools share: the database they work on (DATABASE_URL, or
 * the embedded one in DATA_DIR, started when it is not running), migrated before the work,
 * and an exit code that says how it went.
 */
import { type Config, loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { attachOrStartEmbedded } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { EMBEDDED_DB_NAME, ensureDatabaseExists } from '../db/provision';

/** Runs `work` on the migrated database and closes it (and stops an embedded server it started) after. */
export async function withCliDatabase(work: (db: Db, config: Config) => Promise<number>): Promise<number> {
  const config = loadConfig();
  const embedded = config.DATABASE_URL ? null : await attachOrStartEmbedded(config.dataDir);
  try {
    if (embedded) await ensureDatabaseExists(embedded.url('postgres'), EMBEDDED_DB_NAME);
    const database = openDatabase(config.DATABASE_URL ?? embedded?.url(EMBEDDED_DB_NAME) ?? '', { max: 2 });
    try {
      await runMigrations(database);
      return await work(database.db, config);
    } finally {
      await database.close();
    }
  } finally {
    await embedded?.stop();
  }
}

/** Exits with the code `main` answers; a failure prints its message only (no stack) and exits 1. */
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
