/**
 * Backup and restore round trip: a seeded database (plus writes through the API) is backed
 * up with the logical method, restored into a fresh database, and every table's row count
 * and checksum compared; the restored database takes new writes (sequences carried over).
 * A damaged archive and a database with data are refused, leaving the target unchanged.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  archiveKind,
  backup,
  chooseMethod,
  databaseFingerprints,
  logicalBackup,
  type Manifest,
  readManifest,
  restore,
} from './backup';

let t: TestApp;
let dir: string;
let sourceUrl: string;

function dbUrl(name: string): string {
  const u = new URL(inject('pgServerUrl'));
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: inject('pgServerUrl') });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * A new empty database. Its name has the run's prefix, so the run's global teardown drops it
 * with the other files' databases (test/global-setup.ts). Dropping it here made this file's
 * afterAll time out on a busy server: each DROP DATABASE waits for an immediate checkpoint,
 * and with the matrix and fuzz files writing beside it three of them passed 60 s.
 */
async function freshDatabase(): Promise<string> {
  const name = `bo_t_${inject('templateDb').replace('bo_tpl_', '')}_r${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  return dbUrl(name);
}

beforeAll(async () => {
  t = await createTestApp();
  sourceUrl = t.config.DATABASE_URL ?? '';
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-backup-test-'));
  // Writes beyond the seed: a role (serial id, audit row) and an edited user.
  const token = await t.login('admin');
  const res = await t.call('POST', '/api/user/rest/v1/roles', {
    token,
    body: { name: 'backup role with "quotes", tabs\tand\nnewlines \\ 中文', description: 'x', permissionIds: [] },
  });
  expect(res.statusCode).toBe(200);
  await trimLargeLeafTables(sourceUrl);
}, 180_000);

/**
 * The demo seed holds about 600,000 fact and rollup rows; each case below dumps or restores
 * the whole database, several times over. What a backup must get right (every table, its
 * types and quoting, foreign-key order, sequences) does not grow with the rows, so the
 * tables no foreign key points at keep their first KEEP rows: every table still has data,
 * and the file's time went from 195 s to a few seconds.
 */
async function trimLargeLeafTables(url: string): Promise<void> {
  const KEEP = 300;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // A cloned database has no statistics yet: each leaf table is counted up to KEEP + 1.
    const { rows } = await c.query<{ name: string }>(
      `SELECT s.relname AS name FROM pg_class s
        WHERE s.relnamespace = 'public'::regnamespace AND s.relkind = 'r'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.contype = 'f' AND k.confrelid = s.oid)`,
    );
    for (const { name } of rows) {
      const n = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM "${name}" LIMIT ${KEEP + 1}) x`);
      if ((n.rows[0]?.n ?? 0) <= KEEP) continue;
      await c.query(`DELETE FROM "${name}" WHERE ctid NOT IN (SELECT ctid FROM "${name}" LIMIT ${KEEP})`);
      await c.query(`VACUUM "${name}"`);
    }
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

// The refusals (a database with data, --replace, a damaged or truncated archive) are this
// module's own checks, the same on any PostgreSQL: on TEST_DATABASE_URL (TEST_DB=url) they
// are left to the embedded run, which npm test always makes of this file (scripts/test.mjs,
// EMBEDDED_OWN); they were half of its time there (166 of 308 s at load 13). The URL run
// keeps what depends on the server: the logical backup and round trip, and pg_dump.
const refusalsHere = process.env.TEST_DB !== 'url';

describe('logical backup and restore', { timeout: 120_000 }, () => {
  let file: string;
  let manifest: Manifest;

  it('backs up every table with its row count and checksum', async () => {
    file = path.join(dir, 'one.bobak');
    manifest = await logicalBackup(sourceUrl, file);
    const source = await databaseFingerprints(sourceUrl);
    expect(manifest.tables.map((x) => x.name).sort()).toEqual([...source.keys()].sort());
    for (const table of manifest.tables) expect(source.get(table.name)).toEqual({ rows: table.rows, checksum: table.checksum });
    expect(manifest.tables.reduce((s, x) => s + x.rows, 0)).toBeGreaterThan(100);
    expect((await readManifest(file)).migration).toEqual(manifest.migration);
    // Foreign-key order: every table after the tables it references.
    const order = manifest.tables.map((x) => x.name);
    const fks = await admin(async () => {
      const c = new pg.Client({ connectionString: sourceUrl });
      await c.connect();
      try {
        return (
          await c.query<{ child: string; parent: string }>(
            `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
               JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
              WHERE k.contype = 'f' AND ch.oid <> pa.oid AND ch.relnamespace = 'public'::regnamespace`,
          )
        ).rows;
      } finally {
        await c.end();
      }
    });
    expect(fks.length).toBeGreaterThan(5);
    for (const fk of fks) expect(order.indexOf(fk.parent), `${fk.child} -> ${fk.parent}`).toBeLessThan(order.indexOf(fk.child));
  });

  it('restores into a fresh database with equal row counts and checksums, and new writes continue the sequences', async () => {
    const target = await freshDatabase();
    await restore(target, file);
    const [a, b] = await Promise.all([databaseFingerprints(sourceUrl), databaseFingerprints(target)]);
    expect(b.size).toBe(a.size);
    for (const [name, fp] of a) expect(b.get(name), name).toEqual(fp);

    const c = new pg.Client({ connectionString: target });
    await c.connect();
    try {
      const before = await c.query<{ max: number }>('SELECT max(id) AS max FROM roles');
      const ins = await c.query<{ id: number }>(
        `INSERT INTO roles (account_id, name) SELECT account_id, 'after restore' FROM roles LIMIT 1 RETURNING id`,
      );
      expect(ins.rows[0]?.id).toBeGreaterThan(Number(before.rows[0]?.max));
      const role = await c.query<{ name: string }>(`SELECT name FROM roles WHERE name LIKE 'backup role%'`);
      expect(role.rows[0]?.name).toBe('backup role with "quotes", tabs\tand\nnewlines \\ 中文');
    } finally {
      await c.end();
    }
  });

  it.runIf(refusalsHere)('refuses a database that has data, and changes nothing', async () => {
    const target = await freshDatabase();
    await restore(target, file);
    const before = await databaseFingerprints(target);
    await expect(restore(target, file)).rejects.toThrow(/has data/);
    expect(await databaseFingerprints(target)).toEqual(before);
    // --replace at the same migration puts the backup's data back.
    await admin(async () => {
      const c = new pg.Client({ connectionString: target });
      await c.connect();
      await c.query(`DELETE FROM audit_log`);
      await c.end();
    });
    await restore(target, file, { replace: true });
    expect(await databaseFingerprints(target)).toEqual(before);
  });

  it.runIf(refusalsHere)('refuses a damaged archive, loads nothing, and a retry with a sound one succeeds', async () => {
    // Change one row's text inside the data, keep the manifest: the checksum catches it.
    const raw = gunzipSync(await fs.readFile(file)).toString('utf8');
    const damaged = raw.replace('backup role with', 'backup role wiTh');
    expect(damaged).not.toBe(raw);
    const bad = path.join(dir, 'damaged.bobak');
    await fs.writeFile(bad, gzipSync(damaged));
    const target = await freshDatabase();
    await expect(restore(target, bad)).rejects.toThrow(/damaged/);
    const fp = await databaseFingerprints(target);
    for (const name of ['users', 'roles', 'sessions', 'audit_log']) expect(fp.get(name)?.rows, name).toBe(0);
    // A truncated archive too.
    const cut = path.join(dir, 'cut.bobak');
    await fs.writeFile(cut, gzipSync(raw.slice(0, Math.floor(raw.length / 2))));
    await expect(restore(target, cut)).rejects.toThrow(/truncated|damaged/);
    expect(await databaseFingerprints(target)).toEqual(fp);
    await restore(target, file);
    expect(await databaseFingerprints(target)).toEqual(await databaseFingerprints(sourceUrl));
  });

  it('with pg_dump (when the system pg_dump can read this server): restores into a fresh database with equal figures', async () => {
    const choice = await chooseMethod(sourceUrl, 'pg_dump');
    if (choice.method !== 'pg_dump') {
      // The embedded PostgreSQL 18 beside Debian 12's pg_dump 15: the logical method above is what runs.
      expect(choice.why).toMatch(/cannot handle|no pg_dump/);
      return;
    }
    const dump = path.join(dir, 'one.dump');
    expect(await backup(sourceUrl, dump, 'pg_dump')).toBeNull();
    expect(await archiveKind(dump)).toBe('pg_dump');
    const target = await freshDatabase();
    await restore(target, dump);
    expect(await databaseFingerprints(target)).toEqual(await databaseFingerprints(sourceUrl));
    await expect(restore(target, dump)).rejects.toThrow(/empty database/);
  });

  it('chooses pg_dump only when the system pg_dump is at least the server version', async () => {
    const choice = await chooseMethod(sourceUrl, 'pg_dump');
    const server = await admin((c) => c.query<{ n: string }>(`SELECT current_setting('server_version_num') AS n`));
    const serverMajor = Math.floor(Number(server.rows[0]?.n) / 10_000);
    if (choice.method === 'pg_dump') expect(choice.why).toMatch(/pg_dump \d+/);
    else expect(choice.why).toMatch(new RegExp(`no pg_dump|needs ${serverMajor}\\+`));
  });
});
