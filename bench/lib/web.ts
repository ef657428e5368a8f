/**
 * Gzip sizes of the production build of the web app (apps/web/dist): the entry chunk,
 * everything the browser must load before the first screen renders (the entry and its
 * static imports, which Vite also lists as modulepreload links), the largest chunk that
 * is only loaded later and the largest screen (route) chunk; and whether the build sets
 * the Performance API marks the browser run (browser.ts) waits for.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface WebSizes {
  entry: ChunkSize;
  /** The entry and its static import graph: what loads before any screen renders. */
  initial: { files: string[]; bytes: number; gzipBytes: number };
  /** Chunks of the initial set whose name says they are a screen (…Page-hash.js). */
  eagerScreens: string[];
  largestLazy: ChunkSize | null;
  /** The largest chunk of one screen (…Page-hash.js, a lazy route), which its navigation waits for. */
  largestScreen: ChunkSize | null;
  lazyChunks: number;
  /** Whether the built code sets the Performance API marks the browser run waits for (bo:first-…). */
  marksInBuild: boolean;
}

/** Prefix of the marks the app sets (apps/web/src/modules/sales/shared/perf-marks.ts) and bench/lib/browser.ts reads. */
export const MARK_PREFIX = 'bo:first-';

const STATIC_IMPORT = [/\bfrom\s*["']\.\/([^"'()]+\.js)["']/g, /\bimport\s*["']\.\/([^"'()]+\.js)["']/g];

export function measureWeb(distDir: string): WebSizes | { missing: string } {
  const indexHtml = path.join(distDir, 'index.html');
  const assets = path.join(distDir, 'assets');
  if (!existsSync(indexHtml) || !existsSync(assets)) return { missing: `${path.relative(process.cwd(), distDir)} is not built` };
  const html = readFileSync(indexHtml, 'utf8');
  const entryRef = /<script[^>]*type="module"[^>]*src="\/?assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entryRef) return { missing: 'index.html references no module script' };
  const size = (file: string): ChunkSize => {
    const buf = readFileSync(path.join(assets, file));
    return { file, bytes: buf.length, gzipBytes: gzipSync(buf).length };
  };

  // The entry's static import graph, from the chunks themselves (dynamic import() is left out).
  const initial = new Set<string>();
  const queue = [entryRef];
  for (let i = 0; i < queue.length && i < 10_000; i++) {
    const file = queue[i] as string;
    if (initial.has(file) || !existsSync(path.join(assets, file))) continue;
    initial.add(file);
    const code = readFileSync(path.join(assets, file), 'utf8');
    for (const re of STATIC_IMPORT) for (const m of code.matchAll(re)) if (m[1]) queue.push(m[1]);
  }
  // And whatever index.html preloads, in case the parse above missed an import form.
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?assets\/([^"]+\.js)"/g)) {
    if (m[1] && existsSync(path.join(assets, m[1]))) initial.add(m[1]);
  }

  const initialSizes = [...initial].map(size);
  const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const lazy = all
    .filter((f) => !initial.has(f))
    .map(size)
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  // The app builds the names from a prefix (`bo:first-${kind}`), so the build is searched for the prefix;
  // the browser run then waits for each full name.
  const marksInBuild = all.some((f) => readFileSync(path.join(assets, f), 'utf8').includes(MARK_PREFIX));
  return {
    entry: size(entryRef),
    initial: {
      files: [...initial],
      bytes: initialSizes.reduce((s, c) => s + c.bytes, 0),
      gzipBytes: initialSizes.reduce((s, c) => s + c.gzipBytes, 0),
    },
    eagerScreens: [...initial].filter((f) => /Page-[\w-]+\.js$/.test(f)),
    largestLazy: lazy[0] ?? null,
    largestScreen: lazy.find((c) => /Page-[\w-]+\.js$/.test(c.file)) ?? null,
    lazyChunks: lazy.length,
    marksInBuild,
  };
}
