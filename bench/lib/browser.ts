/**
 * The web app in Chromium (playwright-core, Debian's /usr/bin/chromium as the e2e suite
 * uses): the dashboard loaded cold (a fresh browser context each run, so nothing is
 * cached), signed in by the session token in localStorage, `runs` times. Per run, from the
 * page's own performance timeline: first contentful paint, the app's marks
 * `bo:first-chart` (the dashboard's first chart drawn with server data, ECharts'
 * 'finished') and `bo:first-table` (the first table with rows), and every JS file the page
 * had fetched before the first chart, weighed as the gzip of the built file (as the
 * static sizes are). Answers the medians.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';

export interface BrowserRun {
  fcpMs: number;
  firstChartMs: number;
  firstTableMs: number;
  jsBeforeChart: { files: number; gzipBytes: number; bytes: number; names?: string[] };
}

export interface BrowserFigures {
  runs: BrowserRun[];
  median: BrowserRun;
  page: string;
  chromium: string;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM} (install chromium or set CHROMIUM_PATH)`;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

export async function measureBrowser(opts: {
  base: string;
  token: string;
  distDir: string;
  runs: number;
  pagePath?: string;
}): Promise<BrowserFigures> {
  const pagePath = opts.pagePath ?? '/dashboard/index';
  const gz = new Map<string, { bytes: number; gzipBytes: number }>();
  const weigh = (url: string) => {
    const rel = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
    const file = path.join(opts.distDir, rel);
    if (!file.startsWith(opts.distDir) || !existsSync(file)) return null;
    let w = gz.get(file);
    if (!w) {
      const buf = readFileSync(file);
      w = { bytes: buf.length, gzipBytes: gzipSync(buf).length };
      gz.set(file, w);
    }
    return w;
  };
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const runs: BrowserRun[] = [];
    for (let i = 0; i < opts.runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US' });
      try {
        await context.addInitScript(
          ({ token }) => {
            window.localStorage.setItem('token', token);
            window.localStorage.setItem('lang', 'en-US');
          },
          { token: opts.token },
        );
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${opts.base}${pagePath}`, { waitUntil: 'commit', timeout: 30_000 });
        try {
          await page.waitForFunction(
            () =>
              performance.getEntriesByName('bo:first-chart', 'mark').length > 0 &&
              performance.getEntriesByName('bo:first-table', 'mark').length > 0,
            undefined,
            { timeout: 30_000, polling: 50 },
          );
        } catch {
          throw new Error(
            `${pagePath} set no bo:first-chart and bo:first-table marks within 30 s${errors.length ? ` (page errors: ${errors.join('; ')})` : ''} (at ${page.url()})`,
          );
        }
        // A string, not a function: tsx would wrap a function's inner helpers in __name(), unknown in the page.
        const t = (await page.evaluate(`(() => {
          const chart = performance.getEntriesByName('bo:first-chart', 'mark')[0].startTime;
          return {
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
            chart,
            table: performance.getEntriesByName('bo:first-table', 'mark')[0].startTime,
            js: performance.getEntriesByType('resource')
              .filter((r) => /\\.m?js(\\?|$)/.test(r.name) && r.responseEnd <= chart)
              .map((r) => r.name),
          };
        })()`)) as { fcp: number; chart: number; table: number; js: string[] };
        const js = { files: 0, gzipBytes: 0, bytes: 0, names: [] as string[] };
        for (const url of new Set(t.js)) {
          const w = weigh(url);
          if (!w) continue;
          js.files++;
          js.names.push(path.basename(new URL(url).pathname));
          js.gzipBytes += w.gzipBytes;
          js.bytes += w.bytes;
        }
        runs.push({ fcpMs: t.fcp, firstChartMs: t.chart, firstTableMs: t.table, jsBeforeChart: js });
      } finally {
        await context.close();
      }
    }
    return {
      runs,
      page: pagePath,
      chromium: browser.version(),
      median: {
        fcpMs: median(runs.map((r) => r.fcpMs)),
        firstChartMs: median(runs.map((r) => r.firstChartMs)),
        firstTableMs: median(runs.map((r) => r.firstTableMs)),
        jsBeforeChart: {
          files: median(runs.map((r) => r.jsBeforeChart.files)),
          gzipBytes: median(runs.map((r) => r.jsBeforeChart.gzipBytes)),
          bytes: median(runs.map((r) => r.jsBeforeChart.bytes)),
        },
      },
    };
  } finally {
    await browser.close();
  }
}
