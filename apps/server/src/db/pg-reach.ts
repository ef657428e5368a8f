/**
 * As root, PostgreSQL runs as the `postgres` user, who must reach its binaries and its data
 * directory. A clone under /root (mode 0700 in most images) reaches neither. Nothing on the
 * user's system changes mode for that: the binaries are copied (once per version) to a
 * root-owned directory with 0755 parents, and a new cluster of an unreachable DATA_DIR is
 * made there too, linked from DATA_DIR/pg so that DATA_DIR still names it.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PgBinaries, PgUser } from './pg-process';

/** Where the binaries and relocated clusters go (root only). */
export const DEFAULT_REACHABLE_ROOT = '/var/lib/backoffice';

/** A refusal to start that says in one line what to do (printed without a stack). */
export class StartRefusal extends Error {
  override name = 'StartRefusal';
}

/**
 * Whether `user` can reach `target` (its real path): search (x) on every directory above it,
 * and `need` on the target itself. Supplementary groups are not counted: when in doubt, relocate.
 */
export async function reachable(target: string, user: PgUser, need: 'x' | 'rx' = 'x'): Promise<boolean> {
  let real: string;
  try {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
    real = await fs.realpath(target);
  } catch {
    return false;
  }
  const allows = async (p: string, bits: number) => {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration
    const st = await fs.stat(p);
    const shift = st.uid === user.uid ? 6 : st.gid === user.gid ? 3 : 0;
    return ((st.mode >> shift) & bits) === bits;
  };
  const parts = real.split(path.sep).filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const dir = path.sep + parts.slice(0, i).join(path.sep);
    if (!(await allows(dir, 1))) return false;
  }
  return allows(real, need === 'rx' ? 5 : 1);
}

/** A directory of ours with mode 0755, its missing parents too. */
async function ownDir(dir: string): Promise<void> {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration
  await fs.mkdir(dir, { recursive: true, mode: 0o755 });
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
  await fs.chmod(dir, 0o755);
}

/** The binaries as the postgres user can run them: these, or a copy under `root`. */
export async function reachableBinaries(
  bin: PgBinaries,
  user: PgUser,
  root: string,
  log: (line: string) => void,
): Promise<PgBinaries> {
  if ((await reachable(bin.initdb, user, 'rx')) && (await reachable(bin.postgres, user, 'rx'))) return bin;
  const native = path.dirname(path.dirname(bin.postgres));
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the installed package's own file
  const pkg = JSON.parse(await fs.readFile(path.join(path.dirname(native), 'package.json'), 'utf8')) as { version?: string };
  const dest = path.join(root, 'pg-bin', `${path.basename(path.dirname(native))}-${pkg.version ?? 'unknown'}`);
  const copied = (d: string) => ({
    initdb: path.join(d, 'bin', path.basename(bin.initdb)),
    postgres: path.join(d, 'bin', path.basename(bin.postgres)),
  });
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration
  if (existsSync(path.join(dest, 'bin', path.basename(bin.postgres)))) return copied(dest);
  try {
    await ownDir(path.dirname(dest));
    const tmp = `${dest}.tmp-${process.pid}`;
    await fs.rm(tmp, { recursive: true, force: true });
    await fs.cp(native, tmp, { recursive: true, verbatimSymlinks: true });
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
    await fs.chmod(tmp, 0o755);
    // Another process may have finished the same copy first: then its copy is used.
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
    await fs.rename(tmp, dest).catch(async () => fs.rm(tmp, { recursive: true, force: true }));
    log(`The postgres user cannot reach ${native}: PostgreSQL runs from a copy in ${dest}`);
  } catch (e) {
    throw new StartRefusal(
      `The postgres user cannot reach the PostgreSQL binaries in ${native}, and copying them to ${root} failed (${(e as Error).message}): set DATABASE_URL, or run from a directory the postgres user can reach.`,
    );
  }
  return copied(dest);
}

/**
 * The cluster directory the postgres user can reach for `dir` (= DATA_DIR/pg): `dir` itself
 * when reachable; else, for a new cluster, a fresh directory under `root` linked from `dir`.
 * An existing cluster in an unreachable place is refused: moving a database is the user's call.
 */
export async function reachableCluster(dir: string, user: PgUser, root: string, log: (line: string) => void): Promise<string> {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration, not from a request
  const link = await fs.lstat(dir).catch(() => null);
  if (link?.isSymbolicLink()) {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
    const target = await fs.realpath(dir).catch(() => null);
    if (target) return target;
    throw new StartRefusal(
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
      `${dir} links to ${await fs.readlink(dir)}, which is gone: remove the link to start a new database there.`,
    );
  }
  const parent = path.dirname(dir);
  if (await reachable(parent, user)) return dir;
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR comes from the configuration, not from a request
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new StartRefusal(
      `The postgres user cannot reach the database in ${dir} (a parent directory is closed to it): move ${parent} to a directory it can reach and set DATA_DIR there, or set DATABASE_URL.`,
    );
  }
  let target: string;
  try {
    await ownDir(path.join(root, 'clusters'));
    const home = await fs.mkdtemp(path.join(root, 'clusters', 'data-'));
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
    await fs.chmod(home, 0o755);
    target = path.join(home, 'pg');
    // An empty directory left by an earlier failed start is replaced by the link.
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
    await fs.rmdir(dir).catch(() => {});
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration, not of a request
    await fs.symlink(target, dir);
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- paths of our own configuration
    await fs.writeFile(path.join(home, 'DATA_DIR'), `${path.resolve(parent)}\n`);
  } catch (e) {
    throw new StartRefusal(
      `The postgres user cannot reach ${parent}, and making its database in ${root} failed (${(e as Error).message}): set DATA_DIR to a directory the postgres user can reach, or set DATABASE_URL.`,
    );
  }
  log(`${parent} is closed to the postgres user: its database is kept in ${target} (linked from ${dir})`);
  return target;
}
