/**
 * The read API's app keys (/user-platform/appKeys): a key is shown once and kept as its hash;
 * the read API takes it at once, counts it against its own limit, and refuses it once it is
 * disabled (in this process at once); the state × action table; stale versions; deletes of
 * disabled keys only; coded 400s and 403s that change nothing.
 */
import { APP_KEY_ACTIONS, APP_KEY_STATES, type AppKeyAction, type AppKeyState } from '@bo/contract/appcontent/app-keys';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { sha256Hex } from './app-keys.service';

const t = testAppPerFile({ admin: true, signIn: { manager: 'sales.manager' } });
const K = '/api/appcontent/rest/v1/app-keys';
const READ = '/api/app/v1/content/banner?slot=home';

interface Made {
  key: string;
  record: { id: number; version: number; state: AppKeyState; keyHint: string; perMinute: number };
}
const make = async (body: Record<string, unknown> = {}): Promise<Made> => {
  const res = await t.call('POST', K, { token: t.admin, body: { name: 'key', ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Made;
};
const read = (key: string, ip = '198.51.100.1') => t.call('GET', READ, { ip, headers: { 'x-app-key': key } });

describe('app keys', () => {
  it('shows a new key once, keeps only its hash, and the read API takes it at once within its own limit', async () => {
    const made = await make({ name: 'Android 3.x', perMinute: 60, note: 'production' });
    expect(made.key).toMatch(/^lk_[A-Za-z0-9_-]{32}$/);
    expect(made.record).toMatchObject({ state: 'enabled', perMinute: 60, keyHint: `${made.key.slice(0, 7)}…` });
    const [stored] = await t.rows<{ key_sha256: string }>('SELECT key_sha256 FROM app_content_keys WHERE id = $1', [
      made.record.id,
    ]);
    expect(stored?.key_sha256).toBe(sha256Hex(made.key));
    const listed = await t.call('GET', K, { token: t.admin, query: { keyword: 'Android' } });
    expect(listed.body).not.toContain(made.key);
    expect(listed.json().data.list.map((k: { id: number }) => k.id)).toEqual([made.record.id]);

    // Its own bucket: 60 a minute whatever the address; the 61st is a 429.
    for (let i = 0; i < 60; i++) expect((await read(made.key, `198.51.100.${(i % 200) + 1}`)).statusCode).toBe(200);
    expect((await read(made.key)).statusCode).toBe(429);
  });

  it('refuses a disabled key at once in this process, and takes it again once enabled', async () => {
    const made = await make({ name: 'iOS' });
    expect((await read(made.key)).statusCode).toBe(200);
    const off = await t.call('POST', `${K}/${made.record.id}/actions`, {
      token: t.admin,
      body: { action: 'disable', version: made.record.version },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.state).toBe('disabled');
    expect((await read(made.key)).statusCode).toBe(401);
    const on = await t.call('POST', `${K}/${made.record.id}/actions`, {
      token: t.admin,
      body: { action: 'enable', version: off.json().data.version },
    });
    expect(on.json().data.state).toBe('enabled');
    expect((await read(made.key)).statusCode).toBe(200);
  });

  it('moves each state by the machine and refuses the rest with a 409 naming the state', async () => {
    const allowed: Record<AppKeyState, AppKeyAction[]> = { enabled: ['disable'], disabled: ['enable'] };
    for (const state of APP_KEY_STATES) {
      for (const action of APP_KEY_ACTIONS) {
        const made = await make({ name: `${state} ${action}` });
        if (state === 'disabled') await t.rows('UPDATE app_content_keys SET enabled = 0 WHERE id = $1', [made.record.id]);
        const res = await t.call('POST', `${K}/${made.record.id}/actions`, {
          token: t.admin,
          body: { action, version: made.record.version },
          headers: { 'accept-language': 'en-US' },
        });
        if (allowed[state].includes(action)) {
          expect(res.statusCode, `${state} × ${action}`).toBe(200);
        } else {
          expect(res.statusCode, `${state} × ${action}`).toBe(409);
          expect(res.json().msg.toLowerCase()).toContain(state);
        }
      }
    }
  });

  it('edits with the version it read (409 stale otherwise); deletes disabled keys only', async () => {
    const made = await make({ name: 'edit me' });
    const url = `${K}/${made.record.id}`;
    const ok = await t.call('PUT', url, {
      token: t.admin,
      body: { name: 'edited', perMinute: 1200, version: made.record.version },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'edited', perMinute: 1200, version: made.record.version + 1 });
    const stale = await t.call('PUT', url, { token: t.admin, body: { name: 'again', version: made.record.version } });
    expect(stale.statusCode).toBe(409);
    expect((await t.call('DELETE', url, { token: t.admin })).statusCode).toBe(409);
    await t.rows('UPDATE app_content_keys SET enabled = 0 WHERE id = $1', [made.record.id]);
    expect((await t.call('DELETE', url, { token: t.admin })).statusCode).toBe(200);
    expect(await t.rows('SELECT id FROM app_content_keys WHERE id = $1', [made.record.id])).toEqual([]);
    const audited = await t.rows<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'app_content_keys' AND entity_id = $1 ORDER BY id`,
      [made.record.id],
    );
    expect(audited.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses bad input with 400 and callers without the page or button with 403, changing nothing', async () => {
    const [{ n: before } = { n: 0 }] = await t.rows<{ n: number }>('SELECT count(*)::int AS n FROM app_content_keys');
    const bad = await t.call('POST', K, { token: t.admin, body: { name: '', perMinute: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .data.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['name', 'perMinute']);
    expect((await t.call('POST', K, { token: t.as.manager, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.call('GET', K, { token: t.as.manager })).statusCode).toBe(403);
    expect((await t.call('GET', K)).statusCode).toBe(401);
    expect((await t.rows<{ n: number }>('SELECT count(*)::int AS n FROM app_content_keys'))[0]?.n).toBe(before);
  });
});
