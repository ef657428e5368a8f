/**
 * Per test file: a fresh database cloned from the template, and the real app on it,
 * called through app.inject.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import type { AreaManifest } from '../src/platform/area';
import { MemoryCodeSender } from '../src/platform/notify/code-sender';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from './passwords';

export { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD };
/** Seals mailbox passwords in tests (the real server reads MAIL_SECRET_KEY or a key file in DATA_DIR). */
export const TEST_MAIL_SECRET_KEY = randomBytes(32).toString('hex');

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  codes: MemoryCodeSender;
  close(): Promise<void>;
  /** Signs in and answers the token. */
  login(loginName: string, password?: string): Promise<string>;
  /** The rows of a query on the test database, typed as the caller reads them. */
  rows<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  call(
    method: string,
    url: string,
    opts?: {
      token?: string;
      body?: unknown;
      query?: Record<string, string | string[]>;
      headers?: Record<string, string>;
      ip?: string;
    },
  ): Promise<LightMyRequestResponse>;
}

/** The `data` of a JSON reply. */
export const dataOf = <T = Record<string, unknown>>(res: { json(): unknown }) => (res.json() as { data: T }).data;

/** The field errors of a refused request as `path:code`, in the order the reply gives them. */
export const fieldCodesOf = (res: { json(): unknown }) =>
  (dataOf<{ fields?: { path: string; code: string }[] }>(res)?.fields ?? []).map((f) => `${f.path}:${f.code}`);

/** The number of rows of `table` (a name the test writes, never input). */
export const rowCount = async (t: TestApp, table: string, where = 'true', values: unknown[] = []) =>
  Number((await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, values))[0]?.n);

/** The `data` of a reply that must be a 200 (the body is the message when it is not). */
export const okDataOf = <T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<T>(res);
};

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

export async function cloneDatabase(): Promise<string> {
  const serverUrl = inject('pgServerUrl');
  const template = inject('templateDb');
  const name = `bo_t_${template.replace('bo_tpl_', '')}_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await c.end();
  }
  return withDatabase(serverUrl, name);
}

const NO_WEB_DIST = path.join(os.tmpdir(), 'bo-test-without-web');

/** `extraAreas`: manifests only the test mounts (a share kind the app does not have). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: { extraAreas?: readonly AreaManifest[] } = {},
): Promise<TestApp> {
  const url = await cloneDatabase();
  const config = loadConfig(
    { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', MAIL_SECRET_KEY: TEST_MAIL_SECRET_KEY } as NodeJS.ProcessEnv,
    {
      DATABASE_URL: url,
      // No web files unless a test brings its own: a server test never depends on whether the web was built.
      WEB_DIST: NO_WEB_DIST,
      ...overrides,
    },
  );
  const database = openDatabase(url, { max: 5 });
  const codes = new MemoryCodeSender();
  const app = await buildApp({
    config,
    db: database.db,
    codeSender: codes,
    ...(opts.extraAreas ? { extraAreas: opts.extraAreas } : {}),
    // TEST_LOG_LEVEL=error shows the server's own log (e.g. the cause of a 500).
    ...(process.env.TEST_LOG_LEVEL ? { logger: { level: process.env.TEST_LOG_LEVEL } } : {}),
  });
  await app.ready();
  let ip = 0;
  const call: TestApp['call'] = (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    return app.inject({
      method: method as 'GET',
      url,
      query: opts.query,
      headers,
      // A distinct address per call keeps per-address throttling out of unrelated tests.
      remoteAddress: opts.ip ?? `10.0.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });
  };
  const login = async (loginName: string, password?: string) => {
    const pw = password ?? (loginName === 'admin' ? TEST_ADMIN_PASSWORD : TEST_DEMO_PASSWORD);
    const res = await call('POST', '/api/user/rest/v2/login', { body: { loginName, password: pw } });
    if (res.statusCode !== 200) throw new Error(`login ${loginName} failed: ${res.statusCode} ${res.body}`);
    return res.json().data.token as string;
  };
  return {
    app,
    database,
    config,
    codes,
    login,
    call,
    rows: async <T>(text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows as T[],
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The app of one test file, as `testAppPerFile` answers it. */
export interface FileTestApp<K extends string = never> extends TestApp {
  /** The admin's token, signed in before the file's tests when it asked for it (`admin: true`). */
  readonly admin: string;
  /** The tokens of the users it named in `signIn`, under the names it gave them. */
  readonly as: Readonly<Record<K, string>>;
}

/**
 * Registers the set-up every integration test file needs: `beforeAll` builds the app on a fresh
 * database and signs in the users the file names (the admin with `admin: true`, others by
 * `signIn: { name: loginName }`), `afterAll` closes it. The answer stands for that app, so a file
 * declares it once at its top and uses it in its hooks and tests; a hook the file registers
 * afterwards runs on the app already built.
 */
export function testAppPerFile<K extends string = never>(
  opts: {
    config?: Partial<Config>;
    extraAreas?: readonly AreaManifest[];
    admin?: boolean;
    signIn?: Readonly<Record<K, string>>;
    /** How long the set-up may take, where a file's first app takes longer than the hooks' default. */
    setUpTimeoutMs?: number;
  } = {},
): FileTestApp<K> {
  let built: TestApp | undefined;
  const tokens = new Map<string, string>();
  const app = (): TestApp => {
    if (!built) throw new Error('the test app is built in beforeAll: use it in a hook or a test');
    return built;
  };
  const token = (name: string) => {
    const found = tokens.get(name);
    if (found === undefined) throw new Error(`${name} is not signed in: name it to testAppPerFile and use it in a test`);
    return found;
  };
  beforeAll(async () => {
    const ready = await createTestApp(opts.config, opts.extraAreas ? { extraAreas: opts.extraAreas } : {});
    built = ready;
    const logins: [string, string][] = Object.entries<string>(opts.signIn ?? {});
    if (opts.admin) logins.unshift(['admin', 'admin']);
    const signedIn = await Promise.all(logins.map(async ([name, loginName]) => [name, await ready.login(loginName)] as const));
    for (const [name, signed] of signedIn) tokens.set(name, signed);
  }, opts.setUpTimeoutMs);
  afterAll(async () => built?.close());
  const as = {} as Record<K, string>;
  for (const name of Object.keys(opts.signIn ?? {})) Object.defineProperty(as, name, { get: () => token(name) });
  return {
    get app() {
      return app().app;
    },
    get database() {
      return app().database;
    },
    get config() {
      return app().config;
    },
    get codes() {
      return app().codes;
    },
    get admin() {
      return token('admin');
    },
    as,
    close: () => app().close(),
    login: (loginName, password) => app().login(loginName, password),
    rows: <T>(text: string, values?: unknown[]) => app().rows<T>(text, values),
    call: (method, url, callOpts) => app().call(method, url, callOpts),
  };
}

/**
 * Gives the roles of `loginName` the permission items whose pattern is LIKE one of `patterns`
 * (`%`: any run of characters), as an administrator would: a test that needs an outside user
 * to hold a button the demo roles lack.
 */
export async function grantToRolesOf(t: TestApp, loginName: string, patterns: readonly string[]): Promise<void> {
  await t.rows(
    `INSERT INTO role_permissions (role_id, permission_id)
     SELECT r.id, pi.id FROM roles r JOIN user_roles ur ON ur.role_id = r.id JOIN users u ON u.id = ur.user_id,
            permission_items pi WHERE u.login_name = $1 AND pi.auth_pattern LIKE ANY($2::text[]) ON CONFLICT DO NOTHING`,
    [loginName, patterns],
  );
}
