/**
 * Secrets stay out of the log: with the server's own log options at the most verbose
 * level, a canary password and a live token used in every way a client uses them
 * (sign-in, bearer header, password change, registration, reset, refused requests)
 * appear in no log line.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { loggerOptions } from '../../src/platform/logging';
import { MemoryCodeSender } from '../../src/platform/notify/code-sender';
import { cloneDatabase, TEST_ADMIN_PASSWORD } from '../harness';

const CANARY = 'Canary-Pw-7f3k2q9!';
const SHARE_CANARY = 'ShareCanary_9d8c7b6a5f4e3d2c1b0a9z8y7x6w5v4u3t';
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, cb) {
    lines.push(String(chunk));
    cb();
  },
});

let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;

beforeAll(async () => {
  const url = await cloneDatabase();
  const database = openDatabase(url, { max: 3 });
  app = await buildApp({
    config: loadConfig({} as NodeJS.ProcessEnv, { DATABASE_URL: url, WEB_DIST: '/nonexistent-bo-web' }),
    db: database.db,
    codeSender: new MemoryCodeSender(),
    logger: loggerOptions('trace', sink),
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(() => close());

const send = (method: string, url: string, body?: unknown, token?: string) =>
  app.inject({
    method: method as 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

describe('the log', () => {
  it('never shows a password or a token', async () => {
    expect((await send('POST', '/api/user/rest/v2/login', { loginName: 'admin', password: CANARY })).statusCode).toBe(403);
    const ok = await send('POST', '/api/user/rest/v2/login', { loginName: 'admin', password: TEST_ADMIN_PASSWORD });
    const token = ok.json().data.token as string;
    expect(token.length).toBeGreaterThan(20);
    expect((await send('GET', '/api/user/rest/v1/login', undefined, token)).statusCode).toBe(200);
    await send('GET', '/api/user/rest/v1/roles?keyword=x', undefined, token);
    await send('GET', '/api/no/such/path', undefined, token);
    await send('GET', '/api/user/rest/v1/login', undefined, `${token}x`);
    await send('PUT', '/api/user/rest/v1/users/password', { oldPassword: CANARY, newPassword: CANARY }, token);
    await send('PUT', '/api/user/rest/v1/users/password', { oldPassword: TEST_ADMIN_PASSWORD, newPassword: 'short' }, token);
    await send('POST', '/api/user/rest/v1/users/register', { loginName: 'canary.shop', password: CANARY, userName: 'Canary' });
    await send('PUT', '/api/user/rest/v1/users/resetPassword', { loginName: 'admin', captcha: '123456', password: CANARY });
    await send('POST', '/api/user/rest/v2/login', `{"loginName":"admin","password":"${CANARY}"`);
    // A share link's token, in the public read's path and in the web's link.
    expect((await send('GET', `/api/public/share/${SHARE_CANARY}`)).statusCode).toBe(404);
    await send('GET', `/teambition/project?share=${SHARE_CANARY}&x=1`);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('/api/user/rest/v1/login');
    expect(log).not.toContain(CANARY);
    expect(log).not.toContain(TEST_ADMIN_PASSWORD);
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.slice(0, 16));
    expect(log).toContain('/api/public/share/[redacted]');
    expect(log).not.toContain(SHARE_CANARY);
  });
});
