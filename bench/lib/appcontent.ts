/**
 * The app's content read API at scale (issue #24, "Speed and size": `GET /api/app/v1/content/…`
 * p95 under 20 ms at 200 concurrent requests of mixed targeting with 5,000 published items).
 * 5,000 published banners are added over the three slots, each on a seeded banner's image,
 * with targeting mixed the way a real catalogue is: most for one or two of 40 countries, some
 * for a language, a version range, a platform, a few for every app, some with a window. Then
 * 200 connections cycle through 240 different apps (slot × country × language × version ×
 * platform), with an app key made for the run whose limit the load cannot reach.
 */
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { LatencyRecorder, measureCpu, type RunStats } from './stats';

export const APP_CONTENT_ITEMS = 5_000;
export const APP_CONTENT_CONNECTIONS = 200;
export const APP_CONTENT_TARGET_MS = 20;
const BENCH_KEY = 'lk_bench-app-content-read-api-key';

const COUNTRIES =
  'US CA MX BR AR GB IE DE FR IT ES PT NL BE SE NO DK FI PL CZ AT CH JP KR CN TW HK SG MY TH VN ID PH IN AU NZ AE SA ZA TR'.split(
    ' ',
  );
const LANGS = ['en', 'de', 'fr', 'es', 'ja', 'zh', 'zh-cn', 'ko', 'pt', 'it'];
const RANGES = ['>=3.0.0', '>=3.2.0 <4', '<3 || >=3.5', '>=2.9'];
const SLOTS = ['home', 'device', 'community'] as const;

export interface AppContentData {
  items: number;
  added: number;
  /** Items an answer held, over the apps of the run (min / median / max). */
  answer: { min: number; median: number; max: number };
  seconds: number;
  paths: string[];
}

/** Adds published banners up to `items` (generated in SQL, on the seeded images) and the run's key. */
export async function seedAppContent(
  dbUrl: string,
  items = APP_CONTENT_ITEMS,
): Promise<Omit<AppContentData, 'answer' | 'paths'>> {
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query('BEGIN');
    const have = Number(
      (await c.query<{ n: string }>(`SELECT count(*) AS n FROM app_content WHERE state = 'published'`)).rows[0]?.n,
    );
    const need = Math.max(0, items - have);
    // g picks everything, so a run is the same on every machine.
    await c.query(
      `INSERT INTO app_content (kind, slot, name, payload, countries, languages, version_range, platforms, window_start, window_end,
                                priority, position, state, published_at)
       SELECT 'banner', s.slot, 'Bench ' || g, s.payload,
              CASE WHEN g % 50 = 0 THEN '{}'::text[]
                   WHEN g % 3 = 0 THEN ARRAY[($2::text[])[1 + (g * 7) % 40], ($2::text[])[1 + (g * 13) % 40]]
                   ELSE ARRAY[($2::text[])[1 + g % 40]] END,
              CASE WHEN g % 4 = 0 THEN ARRAY[($3::text[])[1 + (g / 4) % 10]] ELSE '{}'::text[] END,
              CASE WHEN g % 3 = 1 THEN ($4::text[])[1 + (g / 3) % 4] ELSE '' END,
              CASE g % 5 WHEN 0 THEN '{ios}'::text[] WHEN 1 THEN '{android}'::text[] ELSE '{}'::text[] END,
              CASE WHEN g % 7 = 0 THEN now() - interval '1 day' END,
              CASE WHEN g % 7 = 0 THEN now() + interval '30 days' END,
              g % 11, g % 100, 'published', now()
         FROM generate_series(1, $1::int) g
         JOIN (SELECT slot, payload, row_number() OVER (ORDER BY slot) - 1 AS k
                 FROM (SELECT DISTINCT ON (slot) slot, payload FROM app_content WHERE kind = 'banner' ORDER BY slot, id) d) s
           ON s.k = g % 3`,
      [need, COUNTRIES, LANGS, RANGES],
    );
    const sha = createHash('sha256').update(BENCH_KEY).digest('hex');
    await c.query(
      `INSERT INTO app_content_keys (name, key_sha256, key_hint, per_minute) VALUES ('Bench', $1, 'lk_benc…', 1000000)
       ON CONFLICT (key_sha256) DO NOTHING`,
      [sha],
    );
    await c.query('COMMIT');
    return { items: have + need, added: need, seconds: (performance.now() - t0) / 1000 };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/** 240 different apps: each slot × 10 countries × 2 languages × 2 versions × 2 platforms. */
export function appPaths(): string[] {
  const out: string[] = [];
  for (const slot of SLOTS)
    for (const country of COUNTRIES.slice(0, 10))
      for (const lang of ['en', country === 'JP' ? 'ja' : 'de'])
        for (const version of ['3.2.1', '3.6.0'])
          for (const platform of ['ios', 'android'])
            out.push(
              `/api/app/v1/content/banner?slot=${slot}&country=${country}&lang=${lang}&version=${version}&platform=${platform}`,
            );
  return out;
}

/** How many items the apps of the run get (each app asked once, before the load). */
export async function answerSizes(base: string, paths: string[]): Promise<AppContentData['answer']> {
  const sizes: number[] = [];
  for (const p of paths) {
    const r = await fetch(`${base}${p}`, { headers: { 'x-app-key': BENCH_KEY } });
    const body = (await r.json()) as { code?: number; data?: { items: unknown[] } };
    if (r.status !== 200 || body.code !== 0 || !body.data) throw new Error(`app content bench: ${p} answered ${r.status}`);
    sizes.push(body.data.items.length);
  }
  sizes.sort((a, b) => a - b);
  return { min: sizes[0] ?? 0, median: sizes[Math.floor(sizes.length / 2)] ?? 0, max: sizes.at(-1) ?? 0 };
}

/** `connections` keep-alive connections for `seconds`, each cycling through the apps' paths. */
export function runAppContent(base: string, paths: string[], connections: number, seconds: number): Promise<RunStats> {
  const rec = new LatencyRecorder();
  const statuses = new Map<number, number>();
  const cpu = measureCpu();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        pipelining: 1,
        timeout: 10,
        duration: seconds,
        headers: { 'x-app-key': BENCH_KEY },
        requests: paths.map((path) => ({ method: 'GET' as const, path })),
      },
      (err: unknown, r: autocannon.Result) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        const problems = [...statuses].map(([s, n]) => `${n}× HTTP ${s}`);
        if (r.errors) problems.push(`${r.errors} socket errors (${r.timeouts} of them timeouts)`);
        resolve({
          connections,
          seconds: r.duration,
          ok: r['2xx'],
          non2xx: r.non2xx,
          errors: r.errors,
          reqPerSec: r['2xx'] / r.duration,
          ...rec.summary(),
          firstProblem: problems.length ? problems.join(', ') : undefined,
          cpu: cpu(),
        });
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) rec.record(ms);
      else statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
}
