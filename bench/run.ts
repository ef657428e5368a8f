/**
 * The performance benchmark: `npm run bench -- [--db embedded|url] [--size small|large] [--duration s]`.
 *
 * Builds what is stale, times cold starts of the built server, loads every hot endpoint
 * with autocannon and runs the same database work through node-postgres alone beside it,
 * measures the web bundle, prints one markdown table (stdout; progress goes to stderr)
 * and writes it as JSON to bench/results/<yyyy-mm-dd>-<db>.json. Everything runs on this
 * machine (loopback only) and everything it starts is stopped at the end, also on error.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  APP_CONTENT_CONNECTIONS,
  APP_CONTENT_ITEMS,
  APP_CONTENT_TARGET_MS,
  type AppContentData,
  answerSizes,
  appPaths,
  runAppContent,
  seedAppContent,
} from './lib/appcontent';
import { type BrowserFigures, chromiumMissing, measureBrowser } from './lib/browser';
import { assertLoopback, createDatabase, dropDatabase, postgresVersion, withDatabase } from './lib/db';
import { type DriverScenarios, runDriver, scenarios } from './lib/driver';
import {
  FORECAST_PLATFORM_P99_MS,
  FORECAST_PLATFORM_RATE,
  FORECAST_RUN_TARGET_S,
  type ForecastRunResult,
  forecastRecalc,
} from './lib/forecasts';
import { type HttpTarget, runHttp, stopHttpRun, warmUp } from './lib/http';
import {
  KIT_LIST_ROWS,
  KIT_LIST_TARGET_MS,
  type KitListData,
  type KitListResult,
  kitListCalls,
  runKitListCalls,
  seedListings,
  visibleShops,
} from './lib/kit-list';
import { type MailCallResult, type MailData, mailCalls, runMailCalls, seedMail } from './lib/mail';
import { ppcCalls, ppcData } from './lib/ppc';
import { ruleRunBench } from './lib/ppc-rules';
import { PROJECT_LOG_ROWS, PROJECTS, PROJECTS_TARGET_MS, type ProjectsData, projectCalls, seedProjects } from './lib/projects';
import { analysisSku, exportBench, importBench, runSalesCalls, type SalesCallResult, salesCalls, seedLarge } from './lib/sales';
import { asScenario, salesDriverCopy } from './lib/sales-driver';
import { ADMIN_PASSWORD, DEMO_PASSWORD, embeddedPostmaster, root, startServer } from './lib/server';
import { fmt, type RunStats, round } from './lib/stats';
import { runSupplyCalls, type SupplyData, type SupplyResult, seedStock, supplyCalls } from './lib/supply';
import { KIT_SCREEN_LIMIT_BYTES, measureWeb, type WebSizes } from './lib/web';

const USAGE =
  'usage: npm run bench -- [--db embedded|url] [--size small|large] [--duration <seconds>] [--user <loginName>] [--only health,menu,permissions,currentUser,login,sales,ppc,ppcRules,mail,kitList,projects,supply,forecasts,appContent,web]';

// ---- arguments ------------------------------------------------------------------------

interface Args {
  db: 'embedded' | 'url';
  size: 'small' | 'large';
  duration: number;
  /** Who signs in and reads: admin (every permission, the heaviest session) unless told. */
  user: string;
  /** Endpoint keys to run (all when empty): for working on one endpoint. */
  only: string[];
  /** Seconds each sales call runs alone. */
  salesSeconds: number;
  serverUrl: string | null;
}

function parseCli(argv: string[]): Args {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'embedded' },
      size: { type: 'string', default: 'small' },
      duration: { type: 'string', default: '10' },
      user: { type: 'string', default: 'admin' },
      only: { type: 'string', default: '' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const db = values.db;
  if (db !== 'embedded' && db !== 'url') throw new Error(`--db must be embedded or url\n${USAGE}`);
  const size = values.size;
  if (size !== 'small' && size !== 'large') throw new Error(`--size must be small or large\n${USAGE}`);
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration < 1 || duration > 600)
    throw new Error(`--duration must be 1 to 600 seconds\n${USAGE}`);
  let serverUrl: string | null = null;
  if (db === 'url') {
    serverUrl = process.env.BENCH_DATABASE_URL ?? '';
    if (!serverUrl) {
      throw new Error(
        '--db url needs BENCH_DATABASE_URL, a PostgreSQL server on this machine where the benchmark may create and drop a database,\n' +
          'e.g. BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- --db url',
      );
    }
    assertLoopback(serverUrl);
  }
  const user = values.user;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(user)) throw new Error(`--user must be a login name\n${USAGE}`);
  const only = values.only ? values.only.split(',').map((k) => k.trim()) : [];
  const unknown = only.filter(
    (k) =>
      !['sales', 'ppc', 'ppcRules', 'mail', 'kitList', 'projects', 'supply', 'forecasts', 'appContent', 'web'].includes(k) &&
      !ENDPOINTS.some((e) => e.key === k),
  );
  if (unknown.length) throw new Error(`--only: unknown endpoint ${unknown.join(', ')}\n${USAGE}`);
  return { db, size, duration, user, only, serverUrl, salesSeconds: Math.max(2, Math.min(duration, 5)) };
}

// ---- clean-up -------------------------------------------------------------------------

const cleanups: Array<{ what: string; fn: () => Promise<void> }> = [];
const onCleanup = (what: string, fn: () => Promise<void>) => cleanups.push({ what, fn });
let cleaning: Promise<void> | null = null;
/** Runs the clean-ups once, last registered first; every caller waits for the same run. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let c = cleanups.pop(); c; c = cleanups.pop()) {
      const what = c.what;
      await c.fn().catch((err) => say(`clean-up (${what}) failed: ${err instanceof Error ? err.message : String(err)}`));
    }
  })();
  return cleaning;
}

const say = (line: string) => process.stderr.write(`${line}\n`);

// ---- steps ----------------------------------------------------------------------------

function build(): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`node scripts/build.mjs failed (exit ${code})`)),
    );
  });
}

interface Endpoint {
  key: keyof DriverScenarios;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number[];
  warmRequests: number;
  /** What the driver-alone column runs. */
  driverWork: string;
}

const ENDPOINTS: Endpoint[] = [
  {
    key: 'health',
    label: 'health (primary-key-ish read)',
    method: 'GET',
    path: 'health',
    connections: [16, 50, 64],
    warmRequests: 2_000,
    driverWork: 'SELECT 1',
  },
  {
    key: 'menu',
    label: 'menus',
    method: 'GET',
    path: 'user/rest/robot/v1/menu/getUserMenu/byCurrentUser',
    connections: [16, 64],
    warmRequests: 300,
    driverWork: 'session resolution SELECT (the menu itself is built in memory)',
  },
  {
    key: 'permissions',
    label: 'permissions',
    method: 'GET',
    path: 'user/rest/v2/users/permissions',
    connections: [16, 64],
    warmRequests: 200,
    driverWork: 'session resolution SELECT + permission items SELECT',
  },
  {
    key: 'currentUser',
    label: 'current user',
    method: 'GET',
    path: 'user/rest/v1/login',
    connections: [16, 64],
    warmRequests: 300,
    driverWork: 'session resolution SELECT + user by id + subsystem ids + subsystems',
  },
  {
    key: 'login',
    label: 'login (argon2id)',
    method: 'POST',
    path: 'user/rest/v2/login',
    connections: [16, 64],
    warmRequests: 30,
    driverWork:
      'throttle SELECT + user by login name + argon2id verify + transaction (throttle reset, session INSERT, audit INSERT)',
  },
];

interface EndpointResult {
  key: string;
  label: string;
  method: string;
  path: string;
  connections: number;
  api: RunStats;
  driver: RunStats;
  driverWork: string;
  /** API req/s ÷ driver req/s. */
  ratio: number;
}

interface Target {
  name: string;
  target: string;
  figure: string;
  result: 'PASS' | 'FAIL' | 'n/a';
}

async function signIn(base: string, loginName: string, password: string): Promise<string> {
  const r = await fetch(`${base}/api/user/rest/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName, password }),
  });
  const body = (await r.json()) as { code: number; msg: string; data: { token?: string } | null };
  if (r.status !== 200 || body.code !== 0 || !body.data?.token)
    throw new Error(`sign-in as ${loginName} failed: ${r.status} ${body.msg}`);
  return body.data.token;
}

/** One request before the load, so a wrong path or a refused token stops the run with a clear message. */
async function check(t: HttpTarget): Promise<void> {
  const r = await fetch(t.url, {
    method: t.method,
    headers: { ...(t.body ? { 'content-type': 'application/json' } : {}), ...t.headers },
    body: t.body,
  });
  const body = (await r.json().catch(() => null)) as { code?: number; msg?: string } | null;
  if (r.status !== 200 || body?.code !== 0)
    throw new Error(`${t.method} ${t.url} answered ${r.status} ${body?.msg ?? ''} before the load`);
}

// ---- report ---------------------------------------------------------------------------

/** Cold loads of the dashboard in Chromium; the figures are their medians. */
const BROWSER_RUNS = 5;
const kB = (bytes: number) => `${fmt(bytes / 1000)} kB`;
const ms = (x: number) => fmt(x, x < 10 ? 2 : 1);
const latency = (s: RunStats) => `p50 ${ms(s.p50)} · p95 ${ms(s.p95)} · p99 ${ms(s.p99)} ms · **${fmt(s.reqPerSec)} req/s**`;
const cpuText = (s: RunStats, who: string) =>
  s.cpu
    ? ` · ${who} ${fmt(s.cpu.clientCores, 2)} cores${s.cpu.machineBusy == null ? '' : `, machine ${fmt(s.cpu.machineBusy * 100, 0)}% busy`}`
    : '';
const cell = (s: string) => s.replace(/\|/g, '\\|');

function problemsOf(r: EndpointResult): string[] {
  const out: string[] = [];
  if (r.api.non2xx || r.api.errors) out.push(`API: ${r.api.firstProblem ?? `${r.api.non2xx} non-2xx, ${r.api.errors} errors`}`);
  if (r.driver.errors) out.push(`driver: ${r.driver.errors} errors (${r.driver.firstProblem ?? '?'})`);
  return out;
}

/** The last day that holds sales facts (the periods the sales calls read end there). */
async function lastSalesDay(url: string): Promise<string | null> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ d: string | null }>(`SELECT to_char(max(day), 'YYYY-MM-DD') AS d FROM sales_facts`);
    return r.rows[0]?.d ?? null;
  } finally {
    await c.end();
  }
}

/**
 * The sales_profit lists through the driver alone (bench/lib/sales-driver.ts), one loop
 * like the API run, after a check that the copied SQL finds as many rows as the API.
 */
async function runSalesDriver(base: string, token: string, dbUrl: string, calls: SalesCallResult[], seconds: number) {
  const out = new Map<string, { driver: RunStats; ratio: number; work: string }>();
  const { default: pg } = await import('pg');
  for (const c of calls) {
    const copy = salesDriverCopy(c.key, c.path, token);
    if (!copy) continue;
    const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
    let mine: number;
    try {
      mine = await copy.request(pool);
    } finally {
      await pool.end();
    }
    const r = await fetch(`${base}/api/${c.path}`, { headers: { authorization: `Bearer ${token}` } });
    const api = copy.apiFigure(((await r.json()) as { data: unknown }).data);
    if (mine !== api)
      throw new Error(`the driver copy of ${c.label} answers ${mine}, the API ${api}: bench/lib/sales-driver.ts is out of date`);
    say(`  ${c.label} through the driver alone, ${seconds} s ...`);
    const driver = await runDriver(dbUrl, 1, seconds, asScenario(copy.request), 2);
    const ratio = c.single.reqPerSec / driver.reqPerSec;
    say(`    driver ${latency(driver)}; API ÷ driver ${fmt(ratio, 2)}`);
    out.set(c.key, { driver, ratio, work: copy.work });
  }
  return out;
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2));
  const started = new Date();
  // Other work on the machine skews every figure: say how busy it was when the run began.
  const loadAtStart = os.loadavg()[0] ?? 0;
  if (loadAtStart >= 1) {
    say(`  warning: the machine is already busy (load average ${fmt(loadAtStart, 2)} over the last minute); figures will be low`);
  }
  const notes: string[] = [];
  notes.push(
    args.size === 'large'
      ? 'Data: the demo seed, then the sales generator at --size large (2 years × 2,024 SKUs × 13 marketplaces) and the ads demo derived from it; then 250,000 mail dialogues with 1,000,000 messages (bench/lib/mail.ts).'
      : 'Data: the demo seed with the small sales and ads sets, and 2,000 generated mail dialogues with 8,000 messages.',
  );
  say(`bench: --db ${args.db} --size ${args.size} --duration ${args.duration}`);
  for (const n of notes) say(`  note: ${n}`);

  // 1. Build what is stale.
  say('building what is stale (node scripts/build.mjs) ...');
  const buildMs = await build();
  say(`  done in ${fmt(buildMs / 1000)} s`);

  // 2. Web sizes, straight after the build.
  const web = measureWeb(path.join(root, 'apps/web/dist'));

  // 3. Where the data lives.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-bench-'));
  await fs.chmod(dataDir, 0o755); // as root, the embedded PostgreSQL runs as the postgres user
  let databaseUrl = '';
  let dbName: string | null = null;
  if (args.serverUrl) {
    const serverUrl = args.serverUrl;
    dbName = `bench_${started.toISOString().replace(/\D/g, '').slice(0, 14)}`;
    say(`creating database ${dbName} ...`);
    await createDatabase(serverUrl, dbName);
    const name = dbName;
    onCleanup(`drop database ${name}`, async () => {
      await dropDatabase(serverUrl, name);
      say(`dropped database ${name}`);
    });
    databaseUrl = withDatabase(serverUrl, dbName);
  }
  onCleanup(`remove ${dataDir}`, () => fs.rm(dataDir, { recursive: true, force: true }));

  // 4. Cold starts: empty, then the same (now initialised) data.
  const emptyWhat =
    args.db === 'embedded' ? 'empty DATA_DIR: initdb, migrations, demo seed' : 'empty database: migrations, demo seed';
  say(`cold start on an ${emptyWhat} ...`);
  const first = await startServer({ dataDir, databaseUrl });
  onCleanup('stop the first server', () => first.stop()); // no-op once stopped below
  const coldEmptyMs = first.readyMs;
  await first.stop();
  say(`  /api/health answered 200 after ${fmt(coldEmptyMs)} ms`);
  let seedMs: number | null = null;
  if (args.size === 'large' && (args.only.length === 0 || args.only.includes('sales') || args.only.includes('ppc'))) {
    say('generating the large sales data (npm run seed -- --size large) ...');
    seedMs = await seedLarge({ dataDir, databaseUrl }, say);
  }
  say(`cold start on the same, now initialised data${args.size === 'large' ? ' (large)' : ''} ...`);
  const server = await startServer({ dataDir, databaseUrl });
  onCleanup('stop the server', () => server.stop());
  const coldInitialisedMs = server.readyMs;
  say(`  /api/health answered 200 after ${fmt(coldInitialisedMs)} ms`);

  // 5. The driver reaches the same database.
  if (args.db === 'embedded') {
    const pm = await embeddedPostmaster(dataDir);
    if (!pm) throw new Error('cannot find the embedded PostgreSQL of the server (no postmaster.pid)');
    databaseUrl = `postgres://postgres:embedded@127.0.0.1:${pm.port}/backoffice`;
  }
  const pgv = await postgresVersion(databaseUrl);

  // 6. The endpoints.
  // Only the right password is ever sent: a success resets the failure count, so the sign-in
  // throttle (10 failures in a row lock an account) never engages.
  const password = args.user.toLowerCase() === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD;
  const token = await signIn(server.base, args.user, password);
  const work = scenarios({ loginName: args.user, password, token, ip: '127.0.0.1' });

  // 6a. The web app in Chromium on the idle server: FCP, first chart, first table, JS before the chart.
  let browser: BrowserFigures | null = null;
  let browserMissing: string | null = null;
  if (args.only.length === 0 || args.only.includes('web')) {
    browserMissing = 'missing' in web ? web.missing : chromiumMissing();
    if (!browserMissing) {
      say(`the dashboard in Chromium, ${BROWSER_RUNS} cold loads ...`);
      browser = await measureBrowser({ base: server.base, token, distDir: path.join(root, 'apps/web/dist'), runs: BROWSER_RUNS });
      const m = browser.median;
      say(
        `  median FCP ${ms(m.fcpMs)} ms, first chart ${ms(m.firstChartMs)} ms, first table ${ms(m.firstTableMs)} ms, JS before the chart ${kB(m.jsBeforeChart.gzipBytes)} gzip (${m.jsBeforeChart.files} files)`,
      );
    } else {
      say(`  web timings skipped: ${browserMissing}`);
    }
  }
  const results: EndpointResult[] = [];
  const serverErrors: string[] = [];
  for (const e of ENDPOINTS.filter((x) => args.only.length === 0 || args.only.includes(x.key))) {
    const target: HttpTarget =
      e.key === 'login'
        ? {
            method: 'POST',
            url: `${server.base}/api/${e.path}`,
            body: JSON.stringify({ loginName: args.user, password }),
          }
        : {
            method: e.method,
            url: `${server.base}/api/${e.path}`,
            headers: e.key === 'health' ? {} : { authorization: `Bearer ${token}` },
          };
    await check(target);
    await warmUp(target, e.warmRequests);
    for (const c of e.connections) {
      if (interrupted) throw new Error('interrupted');
      say(`${e.method} /api/${e.path} at ${c} connections: API ${args.duration} s, then the driver alone ${args.duration} s ...`);
      const api = await runHttp(target, c, args.duration);
      const driver = await runDriver(databaseUrl, c, args.duration, work[e.key]);
      const r: EndpointResult = {
        key: e.key,
        label: e.label,
        method: e.method,
        path: `/api/${e.path}`,
        connections: c,
        api,
        driver,
        driverWork: e.driverWork,
        ratio: api.reqPerSec / driver.reqPerSec,
      };
      results.push(r);
      say(
        `  API ${latency(api)}${cpuText(api, 'autocannon')}; driver ${latency(driver)}${cpuText(driver, 'bench')}; ratio ${fmt(r.ratio, 2)}`,
      );
      const problems = problemsOf(r);
      for (const p of problems) say(`  PROBLEM ${p}`);
      if (problems.length) {
        const tail = server.output().trim().split('\n').slice(-15).join('\n');
        serverErrors.push(`${e.method} /api/${e.path} at ${c} connections:\n${tail}`);
        say(`  the server's last output:\n${tail.replace(/^/gm, '    ')}`);
      }
    }
  }

  // 6b. Sales: every sales_profit and dashboard call alone, a 100k-row export, a 100k-row import.
  const sales: SalesCallResult[] = [];
  const salesDriver = new Map<string, { driver: RunStats; ratio: number; work: string }>();
  let exported: Awaited<ReturnType<typeof exportBench>> | null = null;
  let imported: Awaited<ReturnType<typeof importBench>> | null = null;
  if (args.only.length === 0 || args.only.includes('sales')) {
    const lastDay = await lastSalesDay(databaseUrl);
    if (lastDay) {
      say(`sales calls, each alone for ${args.salesSeconds} s (data up to ${lastDay}) ...`);
      // Each call alone, and the driver copy straight after it where there is one, so both
      // see the same state of a machine shared with other work.
      for (const call of salesCalls(lastDay, await analysisSku(databaseUrl))) {
        const [done] = await runSalesCalls(server.base, token, [call], args.salesSeconds, say);
        if (!done) continue;
        sales.push(done);
        for (const [k, v] of await runSalesDriver(server.base, token, databaseUrl, [done], args.salesSeconds))
          salesDriver.set(k, v);
      }
      say('export of 100,000 rows (daily report) ...');
      exported = await exportBench(server.base, token, databaseUrl, server.pid, 100_000);
      say(
        `  ${fmt(exported.rows)} rows in ${fmt(exported.seconds, 2)} s, peak memory growth ${fmt(exported.peakGrowthBytes / 2 ** 20)} MB`,
      );
      say('import of a 100,000-row Business Report ...');
      imported = await importBench(server.base, token, databaseUrl, 100_000, lastDay);
      say(
        `  preview ${fmt(imported.previewSeconds, 2)} s + commit ${fmt(imported.commitSeconds, 2)} s = ${fmt(imported.rowsPerSecond)} rows/s`,
      );
    }
  }

  // 6c. Advertising (issue #7): every PPC list and board call alone, p95 < 200 ms.
  const ppc: SalesCallResult[] = [];
  if (args.only.length === 0 || args.only.includes('ppc')) {
    const data = await ppcData(databaseUrl);
    if (data) {
      say(`PPC calls, each alone for ${args.salesSeconds} s (ad data up to ${data.lastDay}) ...`);
      ppc.push(...(await runSalesCalls(server.base, token, ppcCalls(data), args.salesSeconds, say)));
    } else {
      say('PPC calls skipped: no ad data');
    }
  }

  // 6d. Mail: a generated history, then every call of the /mail screen alone.
  let mailData: MailData | null = null;
  const mail: MailCallResult[] = [];
  if (args.only.length === 0 || args.only.includes('mail')) {
    say(`generating the mail history (${args.size}) ...`);
    mailData = await seedMail(databaseUrl, args.size, say);
    say(`  done in ${fmt(mailData.seconds, 1)} s`);
    say(`mail calls, each alone for ${args.salesSeconds} s ...`);
    mail.push(...(await runMailCalls(server.base, token, await mailCalls(databaseUrl), args.salesSeconds, say)));
  }

  // 6e. The rule engine: one rule run over 100,000 keywords (lib/ppc-rules.ts).
  let ruleRun: Awaited<ReturnType<typeof ruleRunBench>> | null = null;
  if (args.only.length === 0 || args.only.includes('ppcRules')) {
    say('PPC rule run over 100,000 keywords ...');
    ruleRun = await ruleRunBench(server.base, token, databaseUrl, 100_000);
    say(`  ${fmt(ruleRun.changed)} bids changed in ${fmt(ruleRun.seconds, 2)} s`);
  }

  // 6f. A kit list call at 100,000 rows (lib/kit-list.ts). Last: the listings it adds would
  // change what the sales and PPC calls above read.
  let kitListData: KitListData | null = null;
  const kitList: KitListResult[] = [];
  if (args.only.length === 0 || args.only.includes('kitList')) {
    say(`filling the product links up to ${fmt(KIT_LIST_ROWS)} listings ...`);
    kitListData = await seedListings(databaseUrl, await visibleShops(server.base, token));
    say(
      `  ${fmt(kitListData.rows)} listings (${fmt(kitListData.added)} added over ${kitListData.shops} shops) in ${fmt(kitListData.seconds, 1)} s`,
    );
    say(`kit list calls (/productLinkMgr), each alone for ${args.salesSeconds} s ...`);
    kitList.push(...(await runKitListCalls(server.base, token, kitListCalls(kitListData), args.salesSeconds, say)));
  }

  // 6f'. The project board at 5,000 projects and 200,000 log rows (issue #23, lib/projects.ts).
  let projectsData: ProjectsData | null = null;
  const projectList: KitListResult[] = [];
  if (args.only.length === 0 || args.only.includes('projects')) {
    say(`filling the projects up to ${fmt(PROJECTS)} and their log up to ${fmt(PROJECT_LOG_ROWS)} rows ...`);
    projectsData = await seedProjects(databaseUrl);
    say(
      `  ${fmt(projectsData.projects)} projects (${fmt(projectsData.added)} added), ${fmt(projectsData.logRows)} log rows in ${fmt(projectsData.seconds, 1)} s`,
    );
    say(`project board calls (/projectBoard), each alone for ${args.salesSeconds} s ...`);
    projectList.push(...(await runKitListCalls(server.base, token, projectCalls(projectsData), args.salesSeconds, say)));
  }

  // 6f'''. The stock and shipping screens' calls, every listing with a stock position (issue #22, lib/supply.ts).
  let supplyData: SupplyData | null = null;
  const supply: SupplyResult[] = [];
  if (args.only.length === 0 || args.only.includes('supply')) {
    say('giving every listing a stock position and its ages ...');
    supplyData = await seedStock(databaseUrl);
    say(
      `  ${fmt(supplyData.positions)} positions (${fmt(supplyData.added)} added) on ${supplyData.day} in ${fmt(supplyData.seconds, 1)} s`,
    );
    say(`stock and shipping calls, each alone for ${args.salesSeconds} s ...`);
    supply.push(...(await runSupplyCalls(server.base, token, supplyCalls(), args.salesSeconds, say)));
  }

  // 6f''. The forecast recalculation of every listing while the platform calls are timed (issue #22, lib/forecasts.ts).
  let forecastRun: ForecastRunResult | null = null;
  if (args.only.length === 0 || args.only.includes('forecasts')) {
    say(`forecast recalculation of every listing, with ${FORECAST_PLATFORM_RATE} platform calls a second meanwhile ...`);
    forecastRun = await forecastRecalc(server.base, token, FORECAST_PLATFORM_RATE, say);
    say(
      `  ${fmt(forecastRun.listings)} listings in ${fmt(forecastRun.lines)} lines: ${fmt(forecastRun.runSeconds, 1)} s; platform calls ${latency(forecastRun.platform)}`,
    );
    if (forecastRun.platform.firstProblem) say(`  PROBLEM ${forecastRun.platform.firstProblem}`);
  }

  // 6g. The app's content read API (issue #24): 5,000 published items, 200 connections of mixed apps (lib/appcontent.ts).
  let appContentData: AppContentData | null = null;
  let appContent: RunStats | null = null;
  if (args.only.length === 0 || args.only.includes('appContent')) {
    say(`adding published app content up to ${fmt(APP_CONTENT_ITEMS)} items ...`);
    const seeded = await seedAppContent(databaseUrl);
    const paths = appPaths();
    appContentData = { ...seeded, paths, answer: await answerSizes(server.base, paths) };
    const a = appContentData.answer;
    say(
      `  ${fmt(seeded.items)} items (${fmt(seeded.added)} added) in ${fmt(seeded.seconds, 1)} s; answers of ${a.min}–${a.max} items (median ${a.median})`,
    );
    say(
      `GET /api/app/v1/content/banner for ${paths.length} apps at ${APP_CONTENT_CONNECTIONS} connections, ${args.duration} s ...`,
    );
    await runAppContent(server.base, paths, 8, 2);
    appContent = await runAppContent(server.base, paths, APP_CONTENT_CONNECTIONS, args.duration);
    say(`  ${latency(appContent)}${cpuText(appContent, 'autocannon')}`);
    if (appContent.firstProblem) say(`  PROBLEM ${appContent.firstProblem}`);
  }

  // 7. Targets.
  const at = (key: string, c: number) => results.find((r) => r.key === key && r.connections === c);
  const targets: Target[] = [];
  const p99Target = (key: string, name: string, limit: number) => {
    const r = at(key, 16);
    if (!r) return;
    targets.push({
      name: `${name}: p99 at 16 connections`,
      target: `< ${limit} ms`,
      figure: `${ms(r.api.p99)} ms`,
      result: r.api.p99 < limit ? 'PASS' : 'FAIL',
    });
  };
  p99Target('login', 'login (argon2id included)', 150);
  p99Target('currentUser', 'current user', 20);
  p99Target('permissions', 'permissions', 20);
  p99Target('menu', 'menus', 20);
  const h50 = at('health', 50);
  if (h50) {
    targets.push({
      name: 'primary-key read (health, SELECT 1) at 50 connections: API ÷ driver req/s',
      target: '≥ 0.50',
      figure: `${fmt(h50.ratio, 2)} (${fmt(h50.api.reqPerSec)} ÷ ${fmt(h50.driver.reqPerSec)})`,
      result: h50.ratio >= 0.5 ? 'PASS' : 'FAIL',
    });
  }
  if ('missing' in web) {
    targets.push({
      name: 'web: JS before the first screen, gzip',
      target: '< 250 kB, every screen lazy',
      figure: web.missing,
      result: 'n/a',
    });
  } else {
    const lazyOk = web.eagerScreens.length === 0;
    targets.push({
      name: 'web: entry chunk, gzip',
      target: '< 250 kB',
      figure: `${kB(web.entry.gzipBytes)} (${web.entry.file})`,
      result: web.entry.gzipBytes < 250_000 ? 'PASS' : 'FAIL',
    });
    targets.push({
      name: 'web: the build sets the marks bo:first-chart and bo:first-table (Performance API)',
      target: 'present',
      figure: web.marksInBuild ? 'present' : 'missing: the first chart and table cannot be timed',
      result: web.marksInBuild ? 'PASS' : 'FAIL',
    });
    const ks = web.kitScreen;
    targets.push({
      name: 'web: a kit list screen beyond the shell, gzip',
      target: `< ${fmt(KIT_SCREEN_LIMIT_BYTES / 1000, 0)} kB`,
      figure: ks
        ? `${kB(ks.gzipBytes)} (${ks.route}: ${ks.chunk} and ${ks.files.length - 1} chunks it imports that the shell has not loaded)`
        : 'n/a: the screen or the shell chunk is not in the build (bench/lib/web.ts KIT_SCREEN)',
      result: ks ? (ks.gzipBytes < KIT_SCREEN_LIMIT_BYTES ? 'PASS' : 'FAIL') : 'n/a',
    });
    targets.push({
      name: `web: entry chunk + its static imports (${web.initial.files.length} files), gzip`,
      target: '< 250 kB, every screen lazy',
      figure: `${kB(web.initial.gzipBytes)}; ${lazyOk ? 'no screen in it' : `screens in it: ${web.eagerScreens.join(', ')}`}`,
      result: web.initial.gzipBytes < 250_000 && lazyOk ? 'PASS' : 'FAIL',
    });
  }
  if (browser) {
    const m = browser.median;
    const webTarget = (name: string, figure: number, limit: number, unit: 's' | 'kB') =>
      targets.push({
        name: `web (Chromium, median of ${browser?.runs.length} cold loads of ${browser?.page}): ${name}`,
        target: unit === 's' ? `< ${fmt(limit / 1000, 1)} s` : `< ${fmt(limit / 1000, 0)} kB`,
        figure: unit === 's' ? `${fmt(figure / 1000, 2)} s` : kB(figure),
        result: figure >= 0 && figure < limit ? 'PASS' : 'FAIL',
      });
    webTarget('first contentful paint', m.fcpMs, 600, 's');
    webTarget("the dashboard's first chart drawn with server data", m.firstChartMs, 1000, 's');
    webTarget(
      `all JS loaded before the first chart (${m.jsBeforeChart.files} files), gzip`,
      m.jsBeforeChart.gzipBytes,
      450_000,
      'kB',
    );
    targets.push({
      name: `web (Chromium, median of ${browser.runs.length} cold loads of ${browser.page}): the first table with rows`,
      target: 'reported',
      figure: `${fmt(m.firstTableMs / 1000, 2)} s`,
      result: 'n/a',
    });
  } else if (browserMissing) {
    targets.push({
      name: 'web (Chromium): FCP, first chart, first table, JS before the first chart',
      target: 'FCP < 0.6 s, first chart < 1.0 s, < 450 kB gzip',
      figure: `n/a: ${browserMissing}`,
      result: 'n/a',
    });
  }
  for (const c of sales) {
    targets.push({
      name: `sales ${c.label}: p95 alone`,
      target: `< ${c.targetMs} ms`,
      figure: `${ms(c.single.p95)} ms`,
      result: c.single.p95 < c.targetMs ? 'PASS' : 'FAIL',
    });
  }
  for (const c of ppc) {
    targets.push({
      name: `ppc ${c.label}: p95 alone`,
      target: `< ${c.targetMs} ms`,
      figure: `${ms(c.single.p95)} ms`,
      result: c.single.p95 < c.targetMs ? 'PASS' : 'FAIL',
    });
  }
  for (const c of kitList) {
    targets.push({
      name: `kit list ${c.label}: p95 alone`,
      target: `< ${KIT_LIST_TARGET_MS} ms at ${fmt(KIT_LIST_ROWS)} rows`,
      figure: `${ms(c.single.p95)} ms`,
      result: c.single.non2xx || c.single.errors ? 'FAIL' : c.single.p95 < KIT_LIST_TARGET_MS ? 'PASS' : 'FAIL',
    });
  }
  for (const c of projectList) {
    targets.push({
      name: `projects ${c.label}: p95 alone`,
      target: `< ${PROJECTS_TARGET_MS} ms at ${fmt(PROJECTS)} projects, ${fmt(PROJECT_LOG_ROWS)} log rows`,
      figure: `${ms(c.single.p95)} ms`,
      result: c.single.non2xx || c.single.errors ? 'FAIL' : c.single.p95 < PROJECTS_TARGET_MS ? 'PASS' : 'FAIL',
    });
  }
  for (const c of supply) {
    targets.push({
      name: `${c.label}: p95 alone`,
      target: `< ${c.target} ms${supplyData ? ` at ${fmt(supplyData.positions)} positions` : ''}`,
      figure: `${ms(c.single.p95)} ms (first call ${ms(c.firstMs)} ms)`,
      result: c.single.non2xx || c.single.errors || !(c.single.p95 < c.target) ? 'FAIL' : 'PASS',
    });
  }
  if (forecastRun) {
    targets.push({
      name: `forecast recalculation of every listing (${fmt(forecastRun.listings)})`,
      target: `< ${FORECAST_RUN_TARGET_S} s`,
      figure: `${fmt(forecastRun.runSeconds, 1)} s`,
      result: forecastRun.runSeconds < FORECAST_RUN_TARGET_S ? 'PASS' : 'FAIL',
    });
    targets.push({
      name: `platform calls during the recalculation: p99 (${FORECAST_PLATFORM_RATE} a second)`,
      target: `< ${FORECAST_PLATFORM_P99_MS} ms`,
      figure: `${ms(forecastRun.platform.p99)} ms`,
      result: forecastRun.platform.non2xx === 0 && forecastRun.platform.p99 < FORECAST_PLATFORM_P99_MS ? 'PASS' : 'FAIL',
    });
  }
  if (exported) {
    targets.push({
      name: `xlsx export of ${fmt(exported.rows)} rows`,
      target: '< 5 s, peak server memory growth < 150 MB',
      figure: `${fmt(exported.seconds, 2)} s, ${fmt(exported.peakGrowthBytes / 2 ** 20)} MB`,
      result: exported.seconds < 5 && exported.peakGrowthBytes < 150 * 2 ** 20 ? 'PASS' : 'FAIL',
    });
  }
  if (imported) {
    const total = imported.previewSeconds + imported.commitSeconds;
    targets.push({
      name: `import of a ${fmt(imported.rows)}-row Business Report (upload + preview + commit)`,
      target: '< 30 s',
      figure: `${fmt(total, 1)} s (${fmt(imported.rowsPerSecond)} rows/s)`,
      result: total < 30 ? 'PASS' : 'FAIL',
    });
  }
  if (appContent) {
    targets.push({
      name: `app content read API: p95 at ${APP_CONTENT_CONNECTIONS} connections, ${fmt(APP_CONTENT_ITEMS)} published items`,
      target: `< ${APP_CONTENT_TARGET_MS} ms`,
      figure: `${ms(appContent.p95)} ms`,
      result: appContent.non2xx || appContent.errors ? 'FAIL' : appContent.p95 < APP_CONTENT_TARGET_MS ? 'PASS' : 'FAIL',
    });
  }
  for (const c of mail) {
    targets.push({
      name: `mail ${c.label}: p95 alone`,
      target: `< ${c.targetMs} ms (our own target for the /mail screen's calls: #6 names none)`,
      figure: `${fmt(c.single.p95, 1)} ms`,
      result: c.single.non2xx || c.single.errors ? 'FAIL' : c.single.p95 < c.targetMs ? 'PASS' : 'FAIL',
    });
  }
  if (ruleRun) {
    targets.push({
      name: `PPC rule run over ${fmt(ruleRun.keywords)} keywords (evaluate + apply ${fmt(ruleRun.changed)} bid changes)`,
      target: '< 30 s',
      figure: `${fmt(ruleRun.seconds, 2)} s`,
      result: ruleRun.seconds < 30 && ruleRun.changed === ruleRun.keywords ? 'PASS' : 'FAIL',
    });
  }

  // 8. The table.
  const cpus = os.cpus();
  const machine = `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${fmt(os.totalmem() / 2 ** 30)} GiB memory, ${os.type()} ${os.release()}, Node ${process.version}; load average ${fmt(loadAtStart, 2)} when the run began`;
  const pgLabel = `${pgv.short} (${args.db === 'embedded' ? 'embedded, from npm' : 'BENCH_DATABASE_URL, fresh database'})`;
  const rows: string[][] = [];
  rows.push(['machine', machine, '', '', '', '']);
  rows.push(['PostgreSQL', `${pgLabel}: ${pgv.version}`, '', '', '', '']);
  rows.push([
    'run',
    `--db ${args.db} --size ${args.size} --user ${args.user}; ${args.duration} s a run (sales calls ${args.salesSeconds} s each); autocannon, the server and PostgreSQL share this machine`,
    '',
    '',
    '',
    '',
  ]);
  rows.push([`cold start, ${emptyWhat}`, `${fmt(coldEmptyMs / 1000, 2)} s to the first 200 from /api/health`, '', '', '', '']);
  rows.push([
    `cold start, initialised data (${args.size === 'large' ? 'large sales data' : 'demo seed'})`,
    `${fmt(coldInitialisedMs / 1000, 2)} s`,
    '',
    '',
    '',
    '',
  ]);
  for (const r of results) {
    const t =
      r.connections === 16 && r.key === 'login'
        ? targets.find((x) => x.name.startsWith('login'))
        : r.connections === 16 && ['currentUser', 'permissions', 'menu'].includes(r.key)
          ? targets.find((x) => x.name.startsWith(r.label))
          : r.key === 'health' && r.connections === 50
            ? targets.find((x) => x.name.startsWith('primary-key'))
            : undefined;
    const problems = problemsOf(r);
    rows.push([
      `${r.label}: ${r.method} ${r.path} · ${r.connections} conn`,
      `${latency(r.api)} · ${fmt(r.api.non2xx, 0)} non-2xx${cpuText(r.api, 'autocannon')}`,
      `${latency(r.driver)} (${r.driverWork})`,
      fmt(r.ratio, 2),
      t?.target ?? '',
      problems.length ? `**FAIL**: ${problems.join('; ')}` : (t?.result ?? ''),
    ]);
  }
  if ('missing' in web) {
    rows.push(['web: entry chunk, gzip', `n/a: ${web.missing}`, '', '', '', '']);
  } else {
    rows.push([
      'web: entry chunk, gzip',
      `${kB(web.entry.gzipBytes)} (${web.entry.file}; ${kB(web.entry.bytes)} raw)`,
      '',
      '',
      '< 250 kB',
      targets.find((x) => x.name === 'web: entry chunk, gzip')?.result ?? '',
    ]);
    rows.push([
      `web: entry + its static imports (${web.initial.files.length} files), gzip`,
      `${kB(web.initial.gzipBytes)} (${kB(web.initial.bytes)} raw)`,
      '',
      '',
      '< 250 kB, every screen lazy',
      targets.find((x) => x.name.startsWith('web: entry'))?.result ?? '',
    ]);
    rows.push([
      `web: largest lazy chunk (of ${web.lazyChunks}), gzip`,
      web.largestLazy ? `${kB(web.largestLazy.gzipBytes)} (${web.largestLazy.file})` : 'none',
      '',
      '',
      '',
      '',
    ]);
    const ks = web.kitScreen;
    rows.push([
      'web: a kit list screen beyond the shell, gzip',
      ks
        ? `${kB(ks.gzipBytes)} (${ks.route}, ${ks.files.length} files, ${kB(ks.bytes)} raw; shell ${ks.shellFiles} files, ${kB(ks.shellGzipBytes)})` +
          (ks.afterOther
            ? `; after ${ks.afterOther.route} was opened: ${kB(ks.afterOther.gzipBytes)} (${ks.afterOther.files} files)`
            : '')
        : 'n/a',
      '',
      '',
      `< ${fmt(KIT_SCREEN_LIMIT_BYTES / 1000, 0)} kB`,
      targets.find((x) => x.name.startsWith('web: a kit list screen'))?.result ?? '',
    ]);
    rows.push([
      'web: largest screen (route) chunk, gzip',
      web.largestScreen ? `${kB(web.largestScreen.gzipBytes)} (${web.largestScreen.file})` : 'none',
      '',
      '',
      'reported',
      'n/a',
    ]);
  }
  if (browser) {
    const m = browser.median;
    const of = `median of ${browser.runs.length} cold loads of ${browser.page}, Chromium ${browser.chromium}`;
    const row = (label: string, figure: string, prefix: string) => {
      const t = targets.find((x) => x.name.includes(prefix));
      rows.push([label, figure, '', '', t?.target ?? '', t?.result ?? '']);
    };
    const each = (f: (r: BrowserFigures['runs'][number]) => number) => browser?.runs.map((r) => fmt(f(r) / 1000, 2)).join(' / ');
    row(
      'web: first contentful paint',
      `${fmt(m.fcpMs / 1000, 2)} s (${of}; runs ${each((r) => r.fcpMs)} s)`,
      'first contentful paint',
    );
    row(
      "web: dashboard's first chart drawn with server data",
      `${fmt(m.firstChartMs / 1000, 2)} s (runs ${each((r) => r.firstChartMs)} s)`,
      'first chart drawn',
    );
    row(
      'web: first table with rows',
      `${fmt(m.firstTableMs / 1000, 2)} s (runs ${each((r) => r.firstTableMs)} s)`,
      'first table',
    );
    row(
      "web: all JS before the dashboard's first chart, gzip",
      `${kB(m.jsBeforeChart.gzipBytes)} (${m.jsBeforeChart.files} files, ${kB(m.jsBeforeChart.bytes)} raw)`,
      'all JS loaded before',
    );
  } else {
    rows.push([
      'web: FCP, first chart, first table, JS before the chart',
      `n/a: ${browserMissing ?? 'not run (--only)'}`,
      '',
      '',
      '',
      'n/a',
    ]);
  }
  if (seedMs !== null) rows.push(['large sales data generated', `${fmt(seedMs / 1000)} s`, '', '', '', '']);
  for (const c of sales) {
    const t = targets.find((x) => x.name === `sales ${c.label}: p95 alone`);
    const d = salesDriver.get(c.key);
    rows.push([
      `sales ${c.label}: GET /api/${c.path.split('?')[0]} · 1 conn`,
      `${latency(c.single)} · ${fmt(c.single.non2xx, 0)} non-2xx`,
      d ? `${latency(d.driver)} (${d.work})` : 'n/a (no driver copy of this call yet: bench/lib/sales-driver.ts)',
      d ? fmt(d.ratio, 2) : '',
      t?.target ?? '',
      d?.driver.errors ? `**FAIL**: driver: ${d.driver.errors} errors (${d.driver.firstProblem ?? '?'})` : (t?.result ?? ''),
    ]);
  }
  for (const c of ppc) {
    const t = targets.find((x) => x.name === `ppc ${c.label}: p95 alone`);
    rows.push([
      `ppc ${c.label}: GET /api/${c.path.split('?')[0]} · 1 conn`,
      `${latency(c.single)} · ${fmt(c.single.non2xx, 0)} non-2xx`,
      'n/a (no driver copy of the PPC calls)',
      '',
      t?.target ?? '',
      t?.result ?? '',
    ]);
  }
  if (exported) {
    const t = targets.find((x) => x.name.startsWith('xlsx export'));
    rows.push([
      `xlsx export (daily report ${exported.days})`,
      `${fmt(exported.rows)} rows, ${fmt(exported.bytes / 2 ** 20, 1)} MB in ${fmt(exported.seconds, 2)} s; server RSS +${fmt(exported.peakGrowthBytes / 2 ** 20)} MB at peak`,
      '',
      '',
      t?.target ?? '',
      t?.result ?? '',
    ]);
  }
  if (imported) {
    const t = targets.find((x) => x.name.startsWith('import of'));
    rows.push([
      'Business Report import',
      `${fmt(imported.rows)} rows: preview ${fmt(imported.previewSeconds, 2)} s + commit ${fmt(imported.commitSeconds, 2)} s = ${fmt(imported.rowsPerSecond)} rows/s`,
      '',
      '',
      t?.target ?? '',
      t?.result ?? '',
    ]);
  }
  if (mailData) {
    rows.push([
      'mail history generated',
      `${mailData.mailboxes} mailboxes, ${fmt(mailData.dialogues)} dialogues, ${fmt(mailData.messages)} messages in ${fmt(mailData.seconds, 1)} s`,
      '',
      '',
      '',
      '',
    ]);
  }
  if (kitListData) {
    rows.push([
      'kit list data (product links)',
      `${fmt(kitListData.rows)} listings (${fmt(kitListData.added)} generated over ${kitListData.shops} shops) in ${fmt(kitListData.seconds, 1)} s`,
      '',
      '',
      '',
      '',
    ]);
  }
  if (projectsData) {
    rows.push([
      'project data',
      `${fmt(projectsData.projects)} projects (${fmt(projectsData.added)} generated), ${fmt(projectsData.logRows)} log rows in ${fmt(projectsData.seconds, 1)} s`,
      '',
      '',
      '',
      '',
    ]);
  }
  for (const c of projectList) {
    const t = targets.find((x) => x.name === `projects ${c.label}: p95 alone`);
    rows.push([
      `projects ${c.label}: GET /api/${c.path.split('?')[0]} · 1 conn · ${fmt(c.total)} rows`,
      `${latency(c.single)} · ${fmt(c.single.non2xx, 0)} non-2xx`,
      'n/a',
      '',
      t?.target ?? '',
      t?.result ?? '',
    ]);
  }
  for (const c of kitList) {
    const t = targets.find((x) => x.name === `kit list ${c.label}: p95 alone`);
    rows.push([
      `kit list ${c.label}: GET /api/${c.path.split('?')[0]} · 1 conn · ${fmt(c.total)} rows`,
      `${latency(c.single)} · ${fmt(c.single.non2xx, 0)} non-2xx`,
      'n/a',
      '',
      t?.target ?? '',
      t?.result ?? '',
    ]);
  }
  if (appContent && appContentData) {
    const t = targets.find((x) => x.name.startsWith('app content read API'));
    const a = appContentData.answer;
    rows.push([
      `app content read API: GET /api/app/v1/content/banner · ${appContent.connections} conn · ${appContentData.paths.length} apps · ${fmt(appContentData.items)} items (answers ${a.min}–${a.max}, median ${a.median})`,
      `${latency(appContent)} · ${fmt(appContent.non2xx, 0)} non-2xx${cpuText(appContent, 'autocannon')}`,
      'n/a',
      '',
      t?.target ?? '',
      appContent.firstProblem ? `**FAIL**: ${appContent.firstProblem}` : (t?.result ?? ''),
    ]);
  }
  for (const c of mail) {
    const t = targets.find((x) => x.name === `mail ${c.label}: p95 alone`);
    rows.push([
      `mail ${c.label}: ${c.method} /api/${c.path.split('?')[0]} · 1 conn`,
      `${latency(c.single)} · ${fmt(c.single.non2xx, 0)} non-2xx`,
      'n/a',
      '',
      t?.target ?? '',
      t?.result ?? '',
    ]);
  }

  const header = ['measurement', 'API (or figure)', 'driver alone, same SQL', 'API ÷ driver req/s', 'target', 'result'];
  const lines = [
    `## Benchmark ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, --db ${args.db}`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
    '',
    ...targets.map(
      (t) =>
        `- ${t.result === 'PASS' ? 'PASS' : t.result === 'FAIL' ? '**FAIL**' : 'n/a '} ${t.name}: ${t.figure} (target ${t.target})`,
    ),
  ];
  const failedRuns = results.filter((r) => problemsOf(r).length > 0);
  if (failedRuns.length)
    lines.push(
      '',
      `**${failedRuns.length} load run(s) had non-2xx answers or errors (marked FAIL in the table): their figures are not valid.**`,
    );
  process.stdout.write(`\n${lines.join('\n')}\n`);

  // 9. The JSON.
  // A partial run (--only) or another user gets a name of its own, so it never replaces the full run of the day.
  const variant = `${args.user === 'admin' ? '' : `-user-${args.user}`}${args.only.length ? `-only-${args.only.join('+')}` : ''}`;
  const file = path.join(root, 'bench/results', `${started.toISOString().slice(0, 10)}-${args.db}${variant}.json`);
  const json = {
    startedAt: started.toISOString(),
    args: { db: args.db, size: args.size, durationSeconds: args.duration, user: args.user },
    machine: {
      loadAverageAtStart: round(loadAtStart, 2),
      cores: cpus.length,
      cpu: cpus[0]?.model.trim() ?? null,
      memoryBytes: os.totalmem(),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
    },
    postgres: { version: pgv.version, serverVersion: pgv.short, source: args.db },
    data: args.size === 'large' ? 'demo seed + large sales data' : 'demo seed (small sales data)',
    sales: sales.map((c) => {
      const d = salesDriver.get(c.key);
      return {
        ...c,
        single: roundStats(c.single),
        driver: d ? roundStats(d.driver) : null,
        driverWork: d ? d.work : null,
        ratio: d ? round(d.ratio, 3) : null,
      };
    }),
    ppc: ppc.map((c) => ({ ...c, single: roundStats(c.single) })),
    export: exported,
    import: imported,
    mailData,
    mail: mail.map((c) => ({ ...c, single: roundStats(c.single) })),
    kitListData,
    kitList: kitList.map((c) => ({ ...c, single: roundStats(c.single) })),
    projectsData,
    projects: projectList.map((c) => ({ ...c, single: roundStats(c.single) })),
    forecastRun: forecastRun ? { ...forecastRun, platform: roundStats(forecastRun.platform) } : null,
    supplyData,
    supply: supply.map((c) => ({ ...c, single: roundStats(c.single) })),
    appContentData: appContentData ? { ...appContentData, paths: appContentData.paths.length } : null,
    appContent: appContent ? roundStats(appContent) : null,
    notes,
    buildSeconds: round(buildMs / 1000, 2),
    coldStart: {
      emptyMs: round(coldEmptyMs, 0),
      initialisedMs: args.size === 'large' ? null : round(coldInitialisedMs, 0),
      largeMs: args.size === 'large' ? round(coldInitialisedMs, 0) : null,
    },
    endpoints: results.map((r) => ({
      ...r,
      api: roundStats(r.api),
      driver: roundStats(r.driver),
      ratio: round(r.ratio, 3),
    })),
    web: 'missing' in web ? { missing: web.missing } : webJson(web, browser, browserMissing),
    targets,
    serverErrors,
    ok: failedRuns.length === 0,
  };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  say(`\nwritten to ${path.relative(root, file)}`);
  if (failedRuns.length) {
    say(`FAILED: ${failedRuns.length} load run(s) had non-2xx answers or errors (see the table)`);
    return 1;
  }
  return 0;
}

const roundStats = (s: RunStats) => ({
  ...s,
  seconds: round(s.seconds, 2),
  reqPerSec: round(s.reqPerSec, 1),
  p50: round(s.p50, 3),
  p95: round(s.p95, 3),
  p99: round(s.p99, 3),
  max: round(s.max, 3),
});

const webJson = (w: WebSizes, b: BrowserFigures | null, missing: string | null) => ({
  ...w,
  browser: b
    ? {
        page: b.page,
        chromium: b.chromium,
        runs: b.runs.map((r) => ({
          ...r,
          fcpMs: round(r.fcpMs, 1),
          firstChartMs: round(r.firstChartMs, 1),
          firstTableMs: round(r.firstTableMs, 1),
        })),
        median: {
          ...b.median,
          fcpMs: round(b.median.fcpMs, 1),
          firstChartMs: round(b.median.firstChartMs, 1),
          firstTableMs: round(b.median.firstTableMs, 1),
        },
      }
    : null,
  beforeFirstChart: b ? b.median.jsBeforeChart : null,
  beforeFirstChartReason: b ? 'median of the browser runs' : (missing ?? 'not run (--only without web)'),
});

// ---- entry ----------------------------------------------------------------------------

let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) return;
  interrupted = true;
  say('\ninterrupted: stopping everything ...');
  stopHttpRun();
  void cleanUp().finally(() => process.exit(130));
});

const t0 = performance.now();
main()
  .then(async (code) => {
    if (interrupted) return; // the SIGINT handler cleans up and exits
    await cleanUp();
    say(`bench finished in ${fmt((performance.now() - t0) / 1000)} s`);
    process.exit(code);
  })
  .catch(async (err) => {
    if (interrupted) return;
    say(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
    await cleanUp();
    process.exit(1);
  });
