import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/**
 * Runs a command with its output line by line on ours, each line prefixed with `[label]`, so
 * that two commands at once stay readable; resolves with its exit code.
 */
export function runPrefixed(label, cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: root,
      ...opts,
      onLine: undefined,
      env: { ...process.env, FORCE_COLOR: '0', ...(opts.env ?? {}) },
    });
    const pipe = (from, to) => {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          to.write(`[${label}] ${line}\n`);
          opts.onLine?.(line);
        }
      });
      from.on('end', () => {
        if (rest) to.write(`[${label}] ${rest}\n`);
        if (rest) opts.onLine?.(rest);
      });
    };
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Newest modification time of the files under the given paths (0 when none). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      const base = path.basename(p);
      if (base === 'node_modules' || base === 'dist' || base.startsWith('.')) return;
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return newest;
}

export function mtime(p) {
  try {
    return fs.statSync(path.join(root, p)).mtimeMs;
  } catch {
    return 0;
  }
}
