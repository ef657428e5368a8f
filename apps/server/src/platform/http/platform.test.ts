import { describe, expect, it } from 'vitest';
import { createTestApp, testAppPerFile } from '../../../test/harness';

const t = testAppPerFile();

describe('the platform', () => {
  it('declares access on every API route (a route without one fails here)', () => {
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(10);
    const missing = api.filter((r) => !r.access);
    expect(missing).toEqual([]);
  });

  it('answers GET /api/health with 200 while the database answers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: { db: 'up' } });
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    const res = await t.call('GET', '/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).not.toBe(0);
  });

  it('sets the security headers and never caches API replies', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses malformed JSON with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/rest/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"loginName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).not.toBe(0);
  });

  it('serves the OpenAPI document with every bound path', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/user/rest/v2/login', '/api/user/rest/v1/users/godView']),
    );
  });
});

describe('static hosting of the web app', () => {
  it('serves index.html for client routes and 404 for missing files', async () => {
    const { mkdtemp, writeFile, mkdir } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bo-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dir, 'assets', 'app-1.js'), 'console.log(1)');
    const web = await createTestApp({ WEB_DIST: dir });
    try {
      const page = await web.call('GET', '/user/info?tab=x');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const js = await web.call('GET', '/assets/app-1.js');
      expect(js.statusCode).toBe(200);
      expect(js.headers['cache-control']).toContain('immutable');
      expect(js.body).toBe('console.log(1)');
      expect((await web.call('GET', '/assets/app-old.js')).statusCode).toBe(404);
      expect((await web.call('GET', '/favicon.png')).statusCode).toBe(404);
      // A screen of the catalogue under /assets/ (the download centre) is the app's page; other paths there are files.
      const centre = await web.call('GET', '/assets/download?pageNum=2');
      expect(centre.statusCode).toBe(200);
      expect(centre.headers['content-type']).toContain('text/html');
      expect((await web.call('GET', '/assets/downloads')).statusCode).toBe(404);
    } finally {
      await web.close();
    }
  });

  it('sends the ready-made .br or .gz copy the build wrote to a browser that accepts it', async () => {
    const { mkdtemp, writeFile, mkdir } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const zlib = await import('node:zlib');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bo-web-'));
    await mkdir(path.join(dir, 'assets'));
    const code = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dir, 'assets', 'app-2.js'), code);
    await writeFile(path.join(dir, 'assets', 'app-2.js.br'), zlib.brotliCompressSync(code));
    await writeFile(path.join(dir, 'assets', 'app-2.js.gz'), zlib.gzipSync(code));
    const web = await createTestApp({ WEB_DIST: dir });
    try {
      const br = await web.call('GET', '/assets/app-2.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(code);
      const gz = await web.call('GET', '/assets/app-2.js', { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(code);
      const plain = await web.call('GET', '/assets/app-2.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(code);
    } finally {
      await web.close();
    }
  });
});

describe('database outage', () => {
  it('answers /api/health and authenticated calls with 503 within a second when the database is gone', async () => {
    const { buildApp } = await import('../../app');
    const { openDatabase } = await import('../../db/client');
    const { loadConfig } = await import('../../config');
    // Nothing listens on port 1: every connection attempt fails at once.
    const dead = openDatabase('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, { WEB_DIST: '/nonexistent-bo-web' }),
      db: dead.db,
    });
    try {
      const t0 = Date.now();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().code).not.toBe(0);
      const me = await app.inject({ method: 'GET', url: '/api/user/rest/v1/login', headers: { authorization: 'Bearer abc' } });
      expect(me.statusCode).toBe(503);
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      await app.close();
      await dead.close();
    }
  });
});
