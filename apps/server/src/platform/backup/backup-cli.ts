/**
 * `npm run backup -- [--out file] [--method auto|pg_dump|logical]`
 * `npm run restore -- --from file [--into url] [--replace]`
 *
 * The database is DATABASE_URL, or the embedded one in DATA_DIR (the running server's,
 * found through its postmaster.pid, or started for the duration). `--into` restores into
 * another database (created when it does not exist). See docs/operations.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { attachOrStartEmbedded, type EmbeddedServer } from '../../db/embedded';
import { EMBEDDED_DB_NAME, ensureDatabaseExists } from '../../db/provision';
import { archiveKind, backup, chooseMethod, type Method, restore } from './backup';

const USAGE = `usage: npm run backup -- [--out file] [--method auto|pg_dump|logical]
       npm run restore -- --from file [--into postgres://…/db] [--replace]`;

const say = (line: string) => process.stderr.write(`${line}\n`);

async function defaultTarget(): Promise<{ url: string; embedded: EmbeddedServer | null }> {
  const config = loadConfig();
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: null };
  const embedded = await attachOrStartEmbedded(config.dataDir);
  await ensureDatabaseExists(embedded.url('postgres'), EMBEDDED_DB_NAME);
  return { url: embedded.url(EMBEDDED_DB_NAME), embedded };
}

const where = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
};

async function runBackup(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, method: { type: 'string', default: 'auto' } },
    strict: true,
  });
  const m = values.method;
  if (m !== 'auto' && m !== 'pg_dump' && m !== 'logical') throw new Error(`--method must be auto, pg_dump or logical\n${USAGE}`);
  const { url, embedded } = await defaultTarget();
  try {
    const chosen: { method: Method; why: string } =
      m === 'auto' ? await chooseMethod(url, 'pg_dump') : { method: m, why: 'asked for' };
    const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
    const out = path.resolve(values.out ?? `backoffice-${stamp}.${chosen.method === 'pg_dump' ? 'dump' : 'bobak'}`);
    say(`backing up ${where(url)} with ${chosen.method} (${chosen.why}) to ${out} ...`);
    const t0 = performance.now();
    const manifest = await backup(url, out, chosen.method, say);
    const rows = manifest ? `, ${manifest.tables.length} tables, ${manifest.tables.reduce((s, t) => s + t.rows, 0)} rows` : '';
    say(
      `done in ${((performance.now() - t0) / 1000).toFixed(1)} s${rows}${manifest ? `, migration ${manifest.migration.tag}` : ''}`,
    );
    process.stdout.write(`${out}\n`);
    return 0;
  } finally {
    await embedded?.stop();
  }
}

async function runRestore(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { from: { type: 'string' }, into: { type: 'string' }, replace: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values.from) throw new Error(`--from is required\n${USAGE}`);
  const file = path.resolve(values.from);
  const kind = await archiveKind(file);
  let embedded: EmbeddedServer | null = null;
  let url: string;
  if (values.into) {
    url = values.into;
    const u = new URL(url);
    const name = decodeURIComponent(u.pathname.slice(1));
    if (!name) throw new Error('--into needs a database name in the URL');
    u.pathname = '/postgres';
    await ensureDatabaseExists(u.toString(), name);
  } else {
    ({ url, embedded } = await defaultTarget());
  }
  try {
    say(`restoring ${file} (${kind}) into ${where(url)} ...`);
    const t0 = performance.now();
    await restore(url, file, { replace: values.replace, log: say });
    say(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await embedded?.stop();
  }
}

const [cmd, ...rest] = process.argv.slice(2);
const main = cmd === 'backup' ? runBackup : cmd === 'restore' ? runRestore : null;
if (!main) {
  say(USAGE);
  process.exit(2);
}
main(rest).then(
  (code) => process.exit(code),
  (err) => {
    say(`${cmd} failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
