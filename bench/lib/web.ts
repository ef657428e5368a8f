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
  /** What a kit list screen loads beyond the shell (see `KIT_SCREEN`); null when its chunks are not in the build. */
  kitScreen: ScreenBeyondShell | null;
}

/** The JS a screen's route loads once the signed-in shell is up. */
export interface ScreenBeyondShell {
  route: string;
  /** The screen's own chunk (the route's lazy import). */
  chunk: string;
  /** The shell: the entry, its static imports, and the signed-in layout's chunk with its static imports. */
  shellFiles: number;
  shellGzipBytes: number;
  /** The screen's chunk and its static imports that the shell has not loaded (Vite preloads them with the route). */
  files: string[];
  bytes: number;
  gzipBytes: number;
  /** The same once another kit list screen (`KIT_SCREEN.other`) was opened: the screen's own share, the kit and antd's parts left out. */
  afterOther: { route: string; chunk: string; files: number; gzipBytes: number } | null;
}

/**
 * The kit list screen weighed against the shell (issue #20: "a kit list screen adds under
 * 60 kB gzip beyond the shell"): /productLinkMgr, the product links, on ListPage with its
 * filter bar, edit drawer and history. Its route chunk is LinkListPage-<hash>.js; the
 * signed-in shell is the entry's graph plus AppLayout-<hash>.js (lazy, loaded on every
 * screen after sign-in) and its graph. The screen's texts are not counted: every screens
 * file's texts load when the app starts (`defineScreens`' `texts`).
 */
export const KIT_SCREEN = {
  route: '/productLinkMgr',
  chunk: 'LinkListPage',
  shell: 'AppLayout',
  other: { route: '/blacklist', chunk: 'BlacklistPage' },
} as const;
export const KIT_SCREEN_LIMIT_BYTES = 60_000;

/** Every chunk reachable by static imports from `roots` (dynamic import() is left out). */
function staticGraph(assets: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let i = 0; i < queue.length && i < 10_000; i++) {
    const file = queue[i] as string;
    if (seen.has(file) || !existsSync(path.join(assets, file))) continue;
    seen.add(file);
    const code = readFileSync(path.join(assets, file), 'utf8');
    for (const re of STATIC_IMPORT) for (const m of code.matchAll(re)) if (m[1]) queue.push(m[1]);
  }
  return seen;
}

/** The one chunk named `<name>-<hash>.js`, or null (none, or more than one: the name is ambiguous). */
function chunkNamed(all: string[], name: string): string | null {
  const found = all.filter((f) => f.startsWith(name) && /^-[\w-]{8}\.js$/.test(f.slice(name.length)));
  return found.length === 1 ? (found[0] as string) : null;
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
  const initial = staticGraph(assets, [entryRef]);
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

  let kitScreen: ScreenBeyondShell | null = null;
  const screenChunk = chunkNamed(all, KIT_SCREEN.chunk);
  const shellChunk = chunkNamed(all, KIT_SCREEN.shell);
  if (screenChunk && shellChunk) {
    const shell = new Set([...initial, ...staticGraph(assets, [shellChunk])]);
    const screen = [...staticGraph(assets, [screenChunk])];
    const beyond = screen.filter((f) => !shell.has(f)).map(size);
    const otherChunk = chunkNamed(all, KIT_SCREEN.other.chunk);
    const otherSeen = otherChunk ? new Set([...shell, ...staticGraph(assets, [otherChunk])]) : null;
    const afterOther = otherSeen ? screen.filter((f) => !otherSeen.has(f)).map(size) : null;
    kitScreen = {
      route: KIT_SCREEN.route,
      chunk: screenChunk,
      shellFiles: shell.size,
      shellGzipBytes: [...shell].reduce((s, f) => s + size(f).gzipBytes, 0),
      files: beyond.map((c) => c.file),
      bytes: beyond.reduce((s, c) => s + c.bytes, 0),
      gzipBytes: beyond.reduce((s, c) => s + c.gzipBytes, 0),
      afterOther:
        otherChunk && afterOther
          ? {
              route: KIT_SCREEN.other.route,
              chunk: otherChunk,
              files: afterOther.length,
              gzipBytes: afterOther.reduce((s, c) => s + c.gzipBytes, 0),
            }
          : null,
    };
  }
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
    kitScreen,
  };
}
