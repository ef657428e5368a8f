/**
 * Backups of the back-office database, for `npm run backup` and `npm run restore`.
 *
 * Two methods:
 * - `pg_dump`: the system's pg_dump/pg_restore (custom format), used when their major
 *   version is at least the server's (pg_dump refuses newer servers);
 * - `logical` (the fallback, and what the embedded PostgreSQL 18 gets on Debian 12 whose
 *   pg_dump is 15): one REPEATABLE READ snapshot, COPY … TO STDOUT per table in foreign-key
 *   order into one gzip'd archive: a manifest line (the applied migration, every table's
 *   columns, row count and checksum, the sequences) followed by the COPY text of each table.
 *   Restore migrates an empty database to the backup's migration, then in ONE transaction
 *   loads every table with COPY FROM, sets the sequences, reads every table back and
 *   compares row counts and checksums with the manifest before it commits.
 *
 * The checksum of a table is independent of row order: the sum (mod 2^128) of the SHA-256
 * of each row's COPY text line, taken with fixed output settings (UTC, ISO dates).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gzipSync } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { migrationsFolder } from '../../db/migrate';

export const FORMAT = 'lumio-logical-backup';
const FORMAT_VERSION = 1;
/** The advisory lock the server's migrations take (db/migrate.ts). */
const MIGRATION_LOCK = 727274001;
/** Output settings that make COPY text the same on every connection. */
const SESSION_SETTINGS = [
  "SET TimeZone = 'UTC'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 1',
  "SET bytea_output = 'hex'",
];

export interface TableEntry {
  name: string;
  columns: string[];
  rows: number;
  checksum: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  serverVersion: string;
  /** The last applied drizzle migration: its tag in meta/_journal.json and its `when`. */
  migration: { tag: string; when: number };
  /** In foreign-key order: a table comes after every table it references. */
  tables: TableEntry[];
  sequences: Array<{ name: string; lastValue: string | null }>;
}

export type Method = 'pg_dump' | 'logical';
type Log = (line: string) => void;

// ---- helpers --------------------------------------------------------------------------

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await c.connect();
  for (const s of SESSION_SETTINGS) await c.query(s);
  return c;
}

/** An order-independent checksum of COPY text rows, fed chunk by chunk. */
export class RowChecksum {
  private sum = 0n;
  private carry: Buffer = Buffer.alloc(0);
  rows = 0;
  private static readonly MOD = 1n << 128n;

  /** Feeds COPY text; lines complete in `chunk` are counted. Returns nothing. */
  update(chunk: Buffer): void {
    let buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      this.row(buf.subarray(start, nl));
      start = nl + 1;
    }
    buf = buf.subarray(start);
    this.carry = Buffer.from(buf);
  }

  row(line: Buffer): void {
    const h = createHash('sha256').update(line).digest();
    this.sum = (this.sum + ((h.readBigUInt64BE(0) << 64n) | h.readBigUInt64BE(8))) % RowChecksum.MOD;
    this.rows++;
  }

  digest(): string {
    if (this.carry.length) throw new Error('COPY text ended inside a row');
    return this.sum.toString(16).padStart(32, '0');
  }
}

interface TableInfo {
  name: string;
  columns: string[];
}

/** Every ordinary and partitioned table of the public schema (not partitions), in FK order. */
async function tablesInFkOrder(c: pg.ClientBase): Promise<TableInfo[]> {
  const t = await c.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name,
           array_agg(a.attname::text ORDER BY a.attnum) AS columns
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
     GROUP BY c.relname
     ORDER BY c.relname`);
  const fk = await c.query<{ child: string; parent: string }>(`
    SELECT DISTINCT ch.relname AS child, pa.relname AS parent
      FROM pg_constraint k
      JOIN pg_class ch ON ch.oid = k.conrelid
      JOIN pg_class pa ON pa.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = ch.relnamespace AND n.nspname = 'public'
     WHERE k.contype = 'f' AND ch.oid <> pa.oid`);
  const parents = new Map<string, Set<string>>();
  for (const r of fk.rows) {
    const set = parents.get(r.child) ?? new Set<string>();
    set.add(r.parent);
    parents.set(r.child, set);
  }
  const byName = new Map(t.rows.map((r) => [r.name, r]));
  const out: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name)) return; // done, or a cycle (not in this schema; COPY would then fail loudly)
    state.set(name, 'visiting');
    for (const p of [...(parents.get(name) ?? [])].sort()) if (byName.has(p)) visit(p);
    state.set(name, 'done');
    const info = byName.get(name);
    if (info) out.push({ name: info.name, columns: info.columns });
  };
  for (const r of t.rows) visit(r.name);
  return out;
}

interface AppliedMigration {
  hash: string;
  when: number;
}

async function appliedMigration(c: pg.ClientBase): Promise<AppliedMigration | null> {
  const exists = await c.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'drizzle' AND tablename = '__drizzle_migrations'`);
  if (!exists.rowCount) return null;
  const r = await c.query<{ hash: string; created_at: string }>(
    'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
  );
  const row = r.rows[0];
  return row ? { hash: row.hash, when: Number(row.created_at) } : null;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

async function journal(): Promise<JournalEntry[]> {
  const file = path.join(migrationsFolder(), 'meta', '_journal.json');
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the committed migrations folder
  const j = JSON.parse(await fs.readFile(file, 'utf8')) as { entries: JournalEntry[] };
  return j.entries;
}

async function serverVersion(c: pg.ClientBase): Promise<{ text: string; major: number }> {
  const r = await c.query<{ v: string; n: string }>(
    `SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS n`,
  );
  const row = r.rows[0];
  return { text: row?.v ?? 'unknown', major: Math.floor(Number(row?.n ?? 0) / 10_000) };
}

// ---- method choice --------------------------------------------------------------------

function runTool(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (d: Buffer) => {
      out = (out + d.toString()).slice(-8_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (err) => resolve({ code: 127, out: err.message }));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** The major version of a system tool (pg_dump, pg_restore), or null when it is not installed. */
async function toolMajor(tool: string): Promise<number | null> {
  const r = await runTool(tool, ['--version'], process.env);
  const m = /\b(\d+)\./.exec(r.out);
  return r.code === 0 && m?.[1] ? Number(m[1]) : null;
}

/** pg_dump when the system's is new enough for this server, else the logical backup. */
export async function chooseMethod(url: string, tool: 'pg_dump' | 'pg_restore'): Promise<{ method: Method; why: string }> {
  const c = await connect(url);
  let server: { text: string; major: number };
  try {
    server = await serverVersion(c);
  } finally {
    await c.end();
  }
  const major = await toolMajor(tool);
  if (major === null) return { method: 'logical', why: `no ${tool} on PATH` };
  if (major < server.major)
    return { method: 'logical', why: `${tool} ${major} cannot handle PostgreSQL ${server.text} (needs ${server.major}+)` };
  return { method: 'pg_dump', why: `${tool} ${major} for PostgreSQL ${server.text}` };
}

/** libpq arguments for a URL, the password in PGPASSWORD rather than on the command line. */
function libpq(url: string): { dbArg: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbArg: `--dbname=${u.toString()}`, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

// ---- backup ---------------------------------------------------------------------------

/** Writes a backup of the database at `url` to `outFile`; answers the manifest (logical) or null (pg_dump). */
export async function backup(url: string, outFile: string, method: Method, log: Log = () => {}): Promise<Manifest | null> {
  if (method === 'pg_dump') {
    const { dbArg, env } = libpq(url);
    const r = await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${outFile}`, dbArg], env);
    if (r.code !== 0) throw new Error(`pg_dump failed (exit ${r.code}): ${r.out.trim()}`);
    return null;
  }
  return logicalBackup(url, outFile, log);
}

export async function logicalBackup(url: string, outFile: string, log: Log = () => {}): Promise<Manifest> {
  const dir = path.dirname(path.resolve(outFile));
  const dataFile = path.join(dir, `.${path.basename(outFile)}.${process.pid}.data`);
  const c = await connect(url);
  try {
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const applied = await appliedMigration(c);
    if (!applied) throw new Error('the database has no applied migrations: nothing to back up');
    const entry = (await journal()).find((e) => e.when === applied.when);
    if (!entry) throw new Error(`the database is at a migration (${applied.when}) this version of the back-office does not know`);
    const version = await serverVersion(c);
    const tables = await tablesInFkOrder(c);
    const entries: TableEntry[] = [];
    const gz = createGzip();
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the operator's --out path
    const sink = pipeline(gz, createWriteStream(dataFile));
    const write = (b: Buffer | string) =>
      gz.write(b) ? Promise.resolve() : new Promise<void>((resolve) => gz.once('drain', () => resolve()));
    for (const t of tables) {
      await write(`${JSON.stringify({ table: t.name })}\n`);
      const sum = new RowChecksum();
      const cols = t.columns.map(q).join(', ');
      const stream = c.query(copyStreams.to(`COPY (SELECT ${cols} FROM ${q(t.name)}) TO STDOUT`));
      for await (const chunk of stream) {
        const b = chunk as Buffer;
        sum.update(b);
        await write(b);
      }
      await write('\\.\n');
      entries.push({ name: t.name, columns: t.columns, rows: sum.rows, checksum: sum.digest() });
      log(`  ${t.name}: ${sum.rows} rows`);
    }
    gz.end();
    await sink;
    const seq = await c.query<{ name: string; last_value: string | null }>(
      `SELECT sequencename AS name, last_value::text AS last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
    );
    await c.query('COMMIT');
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion: version.text,
      migration: { tag: entry.tag, when: entry.when },
      tables: entries,
      sequences: seq.rows.map((r) => ({ name: r.name, lastValue: r.last_value })),
    };
    // The archive: one gzip member with the manifest line, then the data's gzip member(s).
    const tmpOut = `${dataFile}.out`;
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the operator's --out path
    await fs.writeFile(tmpOut, gzipSync(`${JSON.stringify(manifest)}\n`));
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the operator's --out path
    await pipeline(createReadStream(dataFile), createWriteStream(tmpOut, { flags: 'a' }));
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the operator's --out path
    await fs.rename(tmpOut, outFile);
    return manifest;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {});
    await fs.rm(`${dataFile}.out`, { force: true });
    throw err;
  } finally {
    await c.end().catch(() => {});
    await fs.rm(dataFile, { force: true });
  }
}

// ---- reading an archive ---------------------------------------------------------------

/** Reads a logical archive as its manifest, then (table header, COPY lines) sections. */
class ArchiveReader {
  private buf: Buffer = Buffer.alloc(0);
  private done = false;
  private readonly it: AsyncIterator<Buffer>;

  constructor(file: string) {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the operator's --from path
    const gunzip = createReadStream(file).pipe(createGunzip());
    this.it = gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  private async more(): Promise<boolean> {
    if (this.done) return false;
    const n = await this.it.next();
    if (n.done) {
      this.done = true;
      return false;
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, n.value]) : n.value;
    return true;
  }

  /** One line without its newline; null at the end. */
  async line(): Promise<string | null> {
    for (;;) {
      const nl = this.buf.indexOf(10);
      if (nl !== -1) {
        const s = this.buf.subarray(0, nl).toString('utf8');
        this.buf = this.buf.subarray(nl + 1);
        return s;
      }
      if (!(await this.more())) {
        if (this.buf.length) throw new Error('the archive ends inside a line: it is truncated');
        return null;
      }
    }
  }

  /** The COPY text of one table, in chunks of whole lines, up to its `\.` line (not included). */
  async *section(): AsyncGenerator<Buffer> {
    for (;;) {
      let start = 0;
      for (let nl = this.buf.indexOf(10, start); nl !== -1; nl = this.buf.indexOf(10, start)) {
        if (nl - start === 2 && this.buf[start] === 0x5c && this.buf[start + 1] === 0x2e) {
          if (start > 0) yield this.buf.subarray(0, start);
          this.buf = this.buf.subarray(nl + 1);
          return;
        }
        start = nl + 1;
      }
      if (start > 0) {
        yield this.buf.subarray(0, start);
        this.buf = this.buf.subarray(start);
      }
      if (!(await this.more())) throw new Error('the archive ends inside a table: it is truncated');
    }
  }

  close(): void {
    void this.it.return?.();
  }
}

/** The first bytes of a file: a pg_dump custom archive starts with PGDMP, a logical one is gzip. */
export async function archiveKind(file: string): Promise<Method> {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the operator's --from path
  const fh = await fs.open(file, 'r');
  try {
    const b = Buffer.alloc(5);
    await fh.read(b, 0, 5, 0);
    if (b.toString('latin1') === 'PGDMP') return 'pg_dump';
    if (b[0] === 0x1f && b[1] === 0x8b) return 'logical';
    throw new Error(`${file} is neither a back-office backup nor a pg_dump archive`);
  } finally {
    await fh.close();
  }
}

export async function readManifest(file: string): Promise<Manifest> {
  const r = new ArchiveReader(file);
  try {
    return parseManifest(await r.line());
  } finally {
    r.close();
  }
}

function parseManifest(line: string | null): Manifest {
  let m: Manifest;
  try {
    m = JSON.parse(line ?? '') as Manifest;
  } catch {
    throw new Error('the archive has no manifest: not a back-office backup');
  }
  if (m.format !== FORMAT || m.formatVersion !== FORMAT_VERSION || !Array.isArray(m.tables))
    throw new Error(`not a back-office backup of format version ${FORMAT_VERSION}`);
  return m;
}

// ---- restore --------------------------------------------------------------------------

/** A copy of the migrations folder whose journal ends at `tag`, so migrate() stops there. */
async function migrationsUpTo(tag: string): Promise<string> {
  const entries = await journal();
  const at = entries.findIndex((e) => e.tag === tag);
  if (at === -1) throw new Error(`the backup was made at migration ${tag}, which this version of the back-office does not have`);
  const src = migrationsFolder();
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-restore-migrations-'));
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a directory mkdtemp just made
  await fs.mkdir(path.join(tmp, 'meta'));
  const keep = entries.slice(0, at + 1);
  for (const e of keep) await fs.copyFile(path.join(src, `${e.tag}.sql`), path.join(tmp, `${e.tag}.sql`));
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the committed migrations folder
  const j = JSON.parse(await fs.readFile(path.join(src, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a directory mkdtemp just made
  await fs.writeFile(path.join(tmp, 'meta', '_journal.json'), JSON.stringify({ ...j, entries: keep }));
  return tmp;
}

/** The tables the migrations up to `tag` insert rows into (INSERT INTO "table" in their SQL). */
async function tablesFilledByMigrations(tag: string): Promise<Set<string>> {
  const entries = await journal();
  const out = new Set<string>();
  for (const e of entries.slice(0, entries.findIndex((x) => x.tag === tag) + 1)) {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the committed migrations folder
    const text = await fs.readFile(path.join(migrationsFolder(), `${e.tag}.sql`), 'utf8');
    for (const m of text.matchAll(/INSERT INTO "(\w+)"/g)) if (m[1]) out.add(m[1]);
  }
  return out;
}

/** Row counts and checksums of every table, read through COPY (also usable outside a restore). */
export async function fingerprints(
  c: pg.ClientBase,
  tables: TableInfo[],
): Promise<Map<string, { rows: number; checksum: string }>> {
  const out = new Map<string, { rows: number; checksum: string }>();
  for (const t of tables) {
    const sum = new RowChecksum();
    const cols = t.columns.map(q).join(', ');
    const stream = c.query(copyStreams.to(`COPY (SELECT ${cols} FROM ${q(t.name)}) TO STDOUT`));
    for await (const chunk of stream) sum.update(chunk as Buffer);
    out.set(t.name, { rows: sum.rows, checksum: sum.digest() });
  }
  return out;
}

/** Fingerprints of every table of the database at `url` (for tests and checks). */
export async function databaseFingerprints(url: string): Promise<Map<string, { rows: number; checksum: string }>> {
  const c = await connect(url);
  try {
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const r = await fingerprints(c, await tablesInFkOrder(c));
    await c.query('COMMIT');
    return r;
  } finally {
    await c.end();
  }
}

export interface RestoreOptions {
  /** Replace the data of a database at the backup's migration that has data already. */
  replace?: boolean;
  log?: Log;
}

export async function restore(url: string, file: string, opts: RestoreOptions = {}): Promise<Manifest | null> {
  if ((await archiveKind(file)) === 'pg_dump') {
    const target = await connect(url);
    try {
      if ((await tablesInFkOrder(target)).length) throw new Error('pg_restore needs an empty database (no tables)');
    } finally {
      await target.end();
    }
    const { dbArg, env } = libpq(url);
    const r = await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dbArg, file],
      env,
    );
    if (r.code !== 0) throw new Error(`pg_restore failed (exit ${r.code}): ${r.out.trim()}`);
    return null;
  }
  return logicalRestore(url, file, opts);
}

export async function logicalRestore(url: string, file: string, opts: RestoreOptions = {}): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const reader = new ArchiveReader(file);
  const c = await connect(url);
  try {
    const manifest = parseManifest(await reader.line());
    log(`backup of ${manifest.createdAt}, PostgreSQL ${manifest.serverVersion}, migration ${manifest.migration.tag}`);

    // 1. The target: empty, or already at the backup's migration (empty tables, or --replace).
    await c.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const applied = await appliedMigration(c);
      const existing = await tablesInFkOrder(c);
      if (applied) {
        if (applied.when !== manifest.migration.when)
          throw new Error(
            `the target database is at another migration (${applied.when}) than the backup (${manifest.migration.tag}): restore into an empty database`,
          );
        if (!opts.replace) {
          // Rows the migrations themselves insert (e.g. the authorisation epoch) are not data.
          const seeded = await tablesFilledByMigrations(manifest.migration.tag);
          for (const t of existing.filter((x) => !seeded.has(x.name))) {
            const any = await c.query(`SELECT 1 FROM ${q(t.name)} LIMIT 1`);
            if (any.rowCount)
              throw new Error(`the target database has data (table ${t.name}): restore into an empty one, or pass --replace`);
          }
        }
      } else if (existing.length) {
        throw new Error('the target database has tables but no migrations: restore into an empty database');
      } else {
        log(`migrating the empty database to ${manifest.migration.tag} ...`);
        const folder = await migrationsUpTo(manifest.migration.tag);
        try {
          await migrate(drizzle(c), { migrationsFolder: folder });
        } finally {
          await fs.rm(folder, { recursive: true, force: true });
        }
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }

    // 2. One transaction: empty every table, COPY each in, sequences, read back and compare.
    const tables = await tablesInFkOrder(c);
    const names = new Set(tables.map((t) => t.name));
    const missing = manifest.tables.filter((t) => !names.has(t.name)).map((t) => t.name);
    if (missing.length) throw new Error(`the migrated database lacks tables of the backup: ${missing.join(', ')}`);
    await c.query('BEGIN');
    try {
      // The data comes as it was: triggers (e.g. the authorisation epoch's) stay off while it
      // loads. DISABLE TRIGGER USER keeps the foreign-key checks; it is undone on COMMIT below
      // and by ROLLBACK on any failure (DDL is transactional).
      const triggered = await c.query<{ name: string }>(`
        SELECT DISTINCT c.relname AS name FROM pg_trigger g
          JOIN pg_class c ON c.oid = g.tgrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
         WHERE NOT g.tgisinternal`);
      for (const r of triggered.rows) await c.query(`ALTER TABLE ${q(r.name)} DISABLE TRIGGER USER`);
      if (tables.length) await c.query(`TRUNCATE ${tables.map((t) => q(t.name)).join(', ')} RESTART IDENTITY CASCADE`);
      for (const t of manifest.tables) {
        const header = await reader.line();
        if (header !== JSON.stringify({ table: t.name })) throw new Error(`the archive is damaged: expected table ${t.name}`);
        const sum = new RowChecksum();
        const sink = c.query(copyStreams.from(`COPY ${q(t.name)} (${t.columns.map(q).join(', ')}) FROM STDIN`));
        const done = new Promise<void>((resolve, reject) => {
          sink.on('finish', resolve);
          sink.on('error', reject);
        });
        try {
          for await (const chunk of reader.section()) {
            sum.update(chunk);
            if (!sink.write(chunk)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
          }
          sink.end();
          await done;
        } catch (err) {
          // Ends the COPY with CopyFail, so the connection takes the ROLLBACK.
          sink.destroy(err instanceof Error ? err : new Error(String(err)));
          await done.catch(() => {});
          throw err;
        }
        const checksum = sum.digest();
        if (sum.rows !== t.rows || checksum !== t.checksum)
          throw new Error(
            `the archive is damaged: table ${t.name} has ${sum.rows} rows (manifest: ${t.rows}) or another checksum`,
          );
        log(`  ${t.name}: ${sum.rows} rows`);
      }
      for (const s of manifest.sequences) {
        if (s.lastValue === null) await c.query(`ALTER SEQUENCE ${q(s.name)} RESTART`);
        else await c.query('SELECT setval($1::regclass, $2::bigint, true)', [q(s.name), s.lastValue]);
      }
      const got = await fingerprints(
        c,
        manifest.tables.map((t) => ({ name: t.name, columns: t.columns })),
      );
      for (const t of manifest.tables) {
        const g = got.get(t.name);
        if (g?.rows !== t.rows || g.checksum !== t.checksum)
          throw new Error(
            `verification failed: table ${t.name} reads back ${g?.rows} rows (backup: ${t.rows}) or another checksum`,
          );
      }
      for (const r of triggered.rows) await c.query(`ALTER TABLE ${q(r.name)} ENABLE TRIGGER USER`);
      await c.query('COMMIT');
      log(
        `verified: ${manifest.tables.length} tables, ${manifest.tables.reduce((s, t) => s + t.rows, 0)} rows, counts and checksums equal`,
      );
      return manifest;
    } catch (err) {
      await c.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } finally {
    reader.close();
    await c.end().catch(() => {});
  }
}
