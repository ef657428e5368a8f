/**
 * Builds what is not built: the server bundle (esbuild) and the web app (Vite). A part
 * whose output is newer than every one of its sources is left alone, so later starts
 * skip straight to running. `--force` rebuilds both.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { mtime, newestMtime, root, run } from './lib.mjs';

const force = process.argv.includes('--force');
const contract = ['packages/contract/src', 'packages/contract/package.json'];

export async function buildServer() {
  const out = 'apps/server/dist/main.js';
  // Every bundle the server starts must be there and newer than the sources (a checkout that adds a worker rebuilds).
  const outs = [out, 'apps/server/dist/parse-worker.js', 'apps/server/dist/compute-worker.js'];
  const built = Math.min(...outs.map(mtime));
  if (!force && built > newestMtime(['apps/server/src', 'apps/server/package.json', ...contract])) return false;
  const esbuild = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  // npm packages stay external (node loads them); the workspace contract is bundled in.
  const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@bo/'));
  // main.js, and beside it parse-worker.js (reads uploads off the event loop) and compute-worker.js
  // (the forecast recalculation's lines).
  await esbuild.build({
    entryPoints: {
      main: path.join(root, 'apps/server/src/main.ts'),
      'parse-worker': path.join(root, 'apps/server/src/parse-worker.ts'),
      'compute-worker': path.join(root, 'apps/server/src/compute-worker.ts'),
    },
    outdir: path.join(root, path.dirname(out)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, ...external.map((d) => `${d}/*`)],
    logLevel: 'warning',
  });
  return true;
}

export async function buildWeb() {
  const out = 'apps/web/dist/index.html';
  if (
    !force &&
    mtime(out) >
      newestMtime(['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', ...contract])
  ) {
    return false;
  }
  const code = await run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
  });
  if (code !== 0) throw new Error(`web build failed (exit ${code})`);
  compressWeb(path.join(root, 'apps/web/dist'));
  return true;
}

/**
 * Writes a .br and a .gz copy beside every text file of the web build: the server sends
 * them ready-made (`preCompressed`) to browsers that accept them, so no request pays for
 * compression and the JS travels at a quarter of its size.
 */
function compressWeb(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) compressWeb(file);
    else if (/\.(js|css|html|svg|json|txt|map)$/.test(e.name)) {
      const raw = fs.readFileSync(file);
      if (raw.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }),
      );
    }
  }
}

export async function buildAll() {
  const t0 = Date.now();
  const s = await buildServer();
  const w = await buildWeb();
  if (s || w)
    console.log(
      `built ${[s && 'server', w && 'web'].filter(Boolean).join(' and ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll().catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
