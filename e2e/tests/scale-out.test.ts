/**
 * Scale-out: two built server processes started at the same moment on one empty
 * PostgreSQL, behind a round-robin proxy. Migrations and seeds run once (advisory locks),
 * a session made through one process works through the other, a change made through one
 * is seen through the other at once, and a sign-out or a disabled user takes effect in both.
 * The proxy forwards the client's address (X-Forwarded-For) and the processes believe it
 * because they are told to (TRUST_PROXY=127.0.0.1), as in a real deployment.
 * Runs on an embedded PostgreSQL of its own, and on TEST_DATABASE_URL's server when set.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { type EmbeddedServer, startEmbedded } from '../../apps/server/src/db/embedded';
import { ADMIN_PASSWORD, freePort, removeDataDir, type SpawnedServer, spawnServer } from '../support/server';

const MIGRATIONS = readdirSync(path.resolve(import.meta.dirname, '../../apps/server/src/db/migrations')).filter((f) =>
  f.endsWith('.sql'),
).length;

/** The address the proxy reports for every client (as an edge proxy would report a remote one). */
const CLIENT_ADDRESS = '203.0.113.10';

/** Round robin over the backends; counts what each one served; says who the client is in X-Forwarded-For. */
async function roundRobin(backends: string[]) {
  const served = backends.map(() => 0);
  let next = 0;
  const proxy = http.createServer((req, res) => {
    const i = next++ % backends.length;
    served[i] = (served[i] ?? 0) + 1;
    const target = new URL(req.url ?? '/', backends[i]);
    const headers = { ...req.headers, 'x-forwarded-for': CLIENT_ADDRESS };
    const upstream = http.request(target, { method: req.method, headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return { base, served, close: () => new Promise<void>((r) => proxy.close(() => r())) };
}

async function call(base: string, method: string, p: string, token?: string, body?: unknown) {
  const r = await fetch(`${base}/api/${p}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: (await r.json()) as { code: number; data: unknown } };
}

const cleanups: Array<() => Promise<unknown>> = [];
after(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function twoProcesses(databaseUrl: string) {
  const dirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'bo-scale-'))));
  const ports = await Promise.all([freePort(), freePort()]);
  const env = { DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1' };
  // Both start together; if one fails, the one that started is still stopped (else its process keeps
  // this suite from ever exiting).
  const started = await Promise.allSettled([0, 1].map((i) => spawnServer(dirs[i] as string, ports[i] as number, env)));
  const servers: SpawnedServer[] = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  cleanups.push(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    for (const d of dirs) await removeDataDir(d);
  });
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const [a, b] = servers.map((s) => s.base) as [string, string];

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const applied = await db.query('SELECT hash FROM drizzle.__drizzle_migrations');
    assert.equal(applied.rows.length, MIGRATIONS, 'every migration applied exactly once');
    const admins = await db.query(`SELECT count(*)::int AS n FROM users WHERE login_name = 'admin'`);
    assert.equal(admins.rows[0].n, 1, 'one administrator');
    // Both job workers schedule the recurring jobs at start: each is queued once, not twice.
    let recurring: { kind: string; n: number }[] = [];
    for (let i = 0; i < 50 && recurring.length === 0; i++) {
      recurring = (
        await db.query(
          `SELECT kind, count(*)::int AS n FROM jobs
            WHERE dedupe_key LIKE 'recurring:%' AND state IN ('queued', 'running') GROUP BY kind`,
        )
      ).rows;
      if (recurring.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(recurring.length > 0, 'the recurring jobs are scheduled');
    for (const r of recurring) assert.equal(r.n, 1, `recurring job ${r.kind} scheduled once by two processes`);
  } finally {
    await db.end();
  }

  const proxy = await roundRobin([a, b]);
  cleanups.push(proxy.close);
  const login = await call(proxy.base, 'POST', 'user/rest/v2/login', undefined, { loginName: 'admin', password: ADMIN_PASSWORD });
  assert.equal(login.status, 200);
  const token = (login.body.data as { token: string }).token;
  const seen = new pg.Client({ connectionString: databaseUrl });
  await seen.connect();
  try {
    const row = await seen.query(`SELECT ip FROM audit_log WHERE action = 'session.login' ORDER BY id DESC LIMIT 1`);
    assert.equal(row.rows[0]?.ip, CLIENT_ADDRESS, 'the sign-in is recorded from the address the proxy forwarded');
  } finally {
    await seen.end();
  }
  for (let i = 0; i < 10; i++) assert.equal((await call(proxy.base, 'GET', 'user/rest/v1/login', token)).status, 200);
  assert.ok(
    proxy.served.every((n) => n >= 5),
    `both processes served: ${proxy.served}`,
  );

  // A change through A is seen through B, and the other way round.
  const created = await call(a, 'POST', 'user/rest/v1/roles', token, { name: 'made on A', description: '', permissionIds: [] });
  assert.equal(created.status, 200);
  const id = (created.body.data as { id: number }).id;
  const onB = await call(b, 'GET', 'user/rest/v1/roles?pageSize=500', token);
  assert.ok((onB.body.data as unknown as { list: { id: number }[] }).list.some((r) => r.id === id));
  const updated = await call(b, 'PUT', 'user/rest/v1/roles', token, { id, version: 1, name: 'changed on B', permissionIds: [] });
  assert.equal(updated.status, 200);
  const stale = await call(a, 'PUT', 'user/rest/v1/roles', token, { id, version: 1, name: 'stale on A', permissionIds: [] });
  assert.equal(stale.status, 409);

  // A user disabled through B cannot go on through A; a sign-out through A ends the session on B.
  const child = await call(a, 'POST', 'user/rest/v1/users/child', token, {
    loginName: `scale.user.${process.pid}`,
    password: 'Scale-pass-42',
    userName: 'Scale user',
    roleIds: [],
  });
  assert.equal(child.status, 200, JSON.stringify(child.body));
  const childToken = (
    (
      await call(a, 'POST', 'user/rest/v2/login', undefined, {
        loginName: `scale.user.${process.pid}`,
        password: 'Scale-pass-42',
      })
    ).body.data as { token: string }
  ).token;
  assert.equal((await call(a, 'GET', 'user/rest/v1/login', childToken)).status, 200);
  const childId = (child.body.data as { id: number }).id;
  const disabled = await call(b, 'PUT', `user/rest/v1/users/child/${childId}/state`, token, { enabled: false, version: 1 });
  assert.equal(disabled.status, 200, JSON.stringify(disabled.body));
  assert.equal((await call(a, 'GET', 'user/rest/v1/login', childToken)).status, 401);
  assert.equal((await call(a, 'GET', 'user/rest/v1/logout', token)).status, 200);
  assert.equal((await call(b, 'GET', 'user/rest/v1/login', token)).status, 401);
}

describe('two processes on one PostgreSQL', { timeout: 600_000 }, () => {
  it('share migrations, sessions and changes (embedded PostgreSQL)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-scale-pg-'));
    await fs.chmod(dir, 0o755);
    const pgServer: EmbeddedServer = await startEmbedded(dir, { fsync: false });
    cleanups.push(async () => {
      await pgServer.stop();
      await fs.rm(dir, { recursive: true, force: true });
    });
    const admin = new pg.Client({ connectionString: pgServer.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE scale');
    await admin.end();
    await twoProcesses(pgServer.url('scale'));
  });

  it('does the same on the external PostgreSQL (TEST_DATABASE_URL)', { skip: !process.env.TEST_DATABASE_URL }, async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `bo_scale_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const u = new URL(process.env.TEST_DATABASE_URL as string);
    u.pathname = `/${name}`;
    await twoProcesses(u.toString());
  });
});
