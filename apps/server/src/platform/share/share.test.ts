/**
 * Public share links through the API, on the tests' share kind (test/share-kinds.ts: an
 * account's own row, for holders of the project board): made, read without a session,
 * expired, revoked, tampered with, guessed at; kept hashed; refused to other accounts.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';
import { TEST_SHARE_KIND, TEST_SHARE_PERMISSION, testShareArea } from '../../../test/share-kinds';
import { compareMedians } from '../../../test/timing';
import { MAX_CONSECUTIVE } from '../auth/throttle';

const LINKS = '/api/share/links';
const PUBLIC = '/api/public/share';
// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely; the assertions check their shape
type Json = Record<string, any>;
const t = testAppPerFile({ extraAreas: [testShareArea], admin: true, signIn: { shopA: 'shop.a' } });
let holder: string;
let nobody: string;

/** A user of account 1 holding exactly `patterns` (none: no role at all). */
async function makeUser(loginName: string, patterns: string[]): Promise<string> {
  const [u] = await t.rows<{ id: number }>(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type)
     SELECT 1, $1, $1, password_hash, 1 FROM users WHERE login_name = 'pm' RETURNING id`,
    [loginName],
  );
  if (patterns.length > 0) {
    const [r] = await t.rows<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES (1, $1) RETURNING id`, [
      `role ${loginName}`,
    ]);
    await t.rows<Json>(`INSERT INTO user_roles VALUES ($1, $2)`, [u?.id, r?.id]);
    await t.rows<Json>(
      `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2)`,
      [r?.id, patterns],
    );
  }
  return t.login(loginName);
}

async function share(token: string, body: Json = {}) {
  return t.call('POST', LINKS, { token, body: { kind: TEST_SHARE_KIND, entityId: '1', ...body } });
}

/** A fresh link of account 1's record, made by the administrator. */
async function freshLink(expiresInHours?: number) {
  const res = await share(t.admin, expiresInHours === undefined ? {} : { expiresInHours });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<Json>(res) as { id: number; token: string; url: string; expiresAt: string };
}

beforeAll(async () => {
  holder = await makeUser('share.holder', [TEST_SHARE_PERMISSION]);
  nobody = await makeUser('share.nobody', []);
});

describe('share links', () => {
  it('opens the record’s declared view without a session, and counts each read', async () => {
    const link = await freshLink();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`/teambition/project?share=${link.token}`);
    // Seven days when the creator does not say.
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const res = await t.call('GET', `${PUBLIC}/${link.token}`);
    expect(res.statusCode, res.body).toBe(200);
    const [account] = await t.rows<{ name: string }>(`SELECT name FROM accounts WHERE id = 1`);
    // Only what the kind declares: the read's undeclared field is dropped.
    expect(dataOf<Json>(res)).toEqual({
      kind: TEST_SHARE_KIND,
      entityId: '1',
      expiresAt: link.expiresAt,
      data: { id: 1, name: account?.name },
    });
    await t.call('GET', `${PUBLIC}/${link.token}`);
    const [row] = await t.rows<Json>(`SELECT use_count, last_used_at FROM share_links WHERE id = $1`, [link.id]);
    expect(Number(row?.use_count)).toBe(2);
    expect(row?.last_used_at).not.toBeNull();
  });

  it('keeps only the token’s SHA-256, nowhere the token itself (nor in the audit log)', async () => {
    const link = await freshLink();
    const [row] = await t.rows<Json>(`SELECT * FROM share_links WHERE id = $1`, [link.id]);
    expect(row?.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);
    const [hits] = await t.rows<{ n: string }>(
      `SELECT count(*) AS n FROM share_links WHERE position($1 IN concat_ws('|', token_hash, kind, entity_id)) > 0`,
      [link.token],
    );
    expect(Number(hits?.n)).toBe(0);
    const audits = await t.rows<Json>(`SELECT action, after FROM audit_log WHERE entity = 'share_link' AND entity_id = $1`, [
      String(link.id),
    ]);
    expect(audits.map((a) => a.action)).toEqual(['share.create']);
    expect(JSON.stringify(audits)).not.toContain(link.token);
  });

  it('answers an expired link, a revoked one, an unknown and a tampered token with the same 404', async () => {
    const expired = await freshLink();
    expect((await t.call('GET', `${PUBLIC}/${expired.token}`)).statusCode).toBe(200);
    await t.rows<Json>(`UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    const afterExpiry = await t.call('GET', `${PUBLIC}/${expired.token}`);

    const revoked = await freshLink();
    expect((await t.call('GET', `${PUBLIC}/${revoked.token}`)).statusCode).toBe(200);
    const rev = await t.call('POST', `${LINKS}/${revoked.id}/revoke`, { token: t.admin });
    expect(rev.statusCode, rev.body).toBe(200);
    // The very next request.
    const afterRevoke = await t.call('GET', `${PUBLIC}/${revoked.token}`);

    const live = await freshLink();
    const last = live.token.at(-1) === 'A' ? 'B' : 'A';
    const tampered = await t.call('GET', `${PUBLIC}/${live.token.slice(0, -1)}${last}`);
    const truncated = await t.call('GET', `${PUBLIC}/${live.token.slice(0, -1)}`);
    const unknown = await t.call('GET', `${PUBLIC}/${'x'.repeat(43)}`);
    const junk = await t.call('GET', `${PUBLIC}/${encodeURIComponent('<script>’')}`);

    for (const res of [afterExpiry, afterRevoke, tampered, truncated, unknown, junk]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
    // The live link still opens: only the altered token was refused.
    expect((await t.call('GET', `${PUBLIC}/${live.token}`)).statusCode).toBe(200);
  });

  it('takes no measurably different time for a revoked or expired link than for an unknown token', async () => {
    const revoked = await freshLink();
    await t.call('POST', `${LINKS}/${revoked.id}/revoke`, { token: t.admin });
    const expired = await freshLink();
    await t.rows<Json>(`UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    for (const known of [revoked.token, expired.token]) {
      const m = await compareMedians(
        () => t.call('GET', `${PUBLIC}/${known}`),
        (i) => t.call('GET', `${PUBLIC}/${known.slice(0, -2)}${i}x`),
      );
      expect(m.diff, `known ${m.a.toFixed(1)} ms, unknown ${m.b.toFixed(1)} ms`).toBeLessThan(20);
    }
  });

  it('answers 404 for a link whose kind is no longer registered', async () => {
    const token = 'gone-kind-token-0123456789abcdefghijklmnopq';
    await t.rows<Json>(
      `INSERT INTO share_links (token_hash, kind, entity_id, account_id, created_by, expires_at)
       SELECT $1, 'gone-kind', '1', 1, id, now() + interval '1 hour' FROM users WHERE login_name = 'admin'`,
      [createHash('sha256').update(token).digest('hex')],
    );
    expect((await t.call('GET', `${PUBLIC}/${token}`)).statusCode).toBe(404);
  });

  it('lets the creator choose 1 hour to 30 days', async () => {
    const hour = await freshLink(1);
    expect(Math.abs(Date.parse(hour.expiresAt) - Date.now() - 3_600_000)).toBeLessThan(60_000);
    for (const expiresInHours of [0, 721, 1.5]) {
      const res = await share(t.admin, { expiresInHours });
      expect(res.statusCode).toBe(400);
      expect(dataOf<Json>(res).fields[0].path).toBe('expiresInHours');
    }
    expect((await share(t.admin, { expiresInHours: 720 })).statusCode).toBe(200);
  });

  it('refuses an unknown kind as a field, and a record the caller does not see', async () => {
    const unknownKind = await share(t.admin, { kind: 'no-such-kind' });
    expect(unknownKind.statusCode).toBe(400);
    expect(dataOf<Json>(unknownKind).fields[0]).toMatchObject({ path: 'kind', code: 'invalidOption' });
    // Account 2's record, asked for from account 1.
    expect((await share(t.admin, { entityId: '2' })).statusCode).toBe(404);
    expect((await share(t.admin, { entityId: 'not-an-id' })).statusCode).toBe(404);
  });

  it('needs the kind’s permission to make a link or list a record’s links', async () => {
    expect((await share(nobody)).statusCode).toBe(403);
    expect((await t.call('GET', `${LINKS}/${TEST_SHARE_KIND}/1`, { token: nobody })).statusCode).toBe(403);
    expect((await share(holder)).statusCode).toBe(200);
  });

  it('lists a record’s links for its managers and the caller’s own links, never a token', async () => {
    const made = dataOf<Json>(await share(holder, { expiresInHours: 2 }));
    const res = await t.call('GET', `${LINKS}/${TEST_SHARE_KIND}/1`, { token: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    const page = dataOf<Json>(res);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const entry = page.list.find((l: Json) => l.id === made.id);
    expect(entry).toMatchObject({
      kind: TEST_SHARE_KIND,
      entityId: '1',
      state: 'active',
      createdBy: { name: 'share.holder' },
      revokedAt: null,
      useCount: 0,
    });
    expect(res.body).not.toContain(made.token);

    const mine = dataOf<Json>(await t.call('GET', `${LINKS}/mine`, { token: holder }));
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((l: Json) => l.createdBy.name === 'share.holder')).toBe(true);
    expect(mine.list.map((l: Json) => l.id)).toContain(made.id);
    expect(dataOf<Json>(await t.call('GET', `${LINKS}/mine`, { token: nobody })).total).toBe(0);
  });

  it('lets the creator and the kind’s holders of the account revoke; the first revocation stays', async () => {
    const byCreator = dataOf<Json>(await share(holder));
    const r1 = await t.call('POST', `${LINKS}/${byCreator.id}/revoke`, { token: holder });
    expect(r1.statusCode, r1.body).toBe(200);
    expect(dataOf<Json>(r1)).toMatchObject({ state: 'revoked', revokedBy: { name: 'share.holder' } });

    const byAdmin = await freshLink();
    expect((await t.call('POST', `${LINKS}/${byAdmin.id}/revoke`, { token: nobody })).statusCode).toBe(403);
    const r2 = await t.call('POST', `${LINKS}/${byAdmin.id}/revoke`, { token: holder });
    expect(r2.statusCode, r2.body).toBe(200);
    const again = await t.call('POST', `${LINKS}/${byAdmin.id}/revoke`, { token: t.admin });
    expect(again.statusCode).toBe(200);
    expect(dataOf<Json>(again)).toMatchObject({
      state: 'revoked',
      revokedBy: { name: 'share.holder' },
      revokedAt: dataOf<Json>(r2).revokedAt,
    });
    const audits = await t.rows<Json>(`SELECT action FROM audit_log WHERE entity = 'share_link' AND entity_id = $1 ORDER BY id`, [
      String(byAdmin.id),
    ]);
    expect(audits.map((a) => a.action)).toEqual(['share.create', 'share.revoke']);
  });

  it('tells another account’s user nothing: no link made, listed or revoked', async () => {
    const link = await freshLink();
    expect([403, 404]).toContain((await share(t.as.shopA)).statusCode);
    expect([403, 404]).toContain((await t.call('GET', `${LINKS}/${TEST_SHARE_KIND}/1`, { token: t.as.shopA })).statusCode);
    expect((await t.call('POST', `${LINKS}/${link.id}/revoke`, { token: t.as.shopA })).statusCode).toBe(404);
    const mine = dataOf<Json>(await t.call('GET', `${LINKS}/mine`, { token: t.as.shopA }));
    expect(mine.list.map((l: Json) => l.id)).not.toContain(link.id);
    // The link still opens.
    expect((await t.call('GET', `${PUBLIC}/${link.token}`)).statusCode).toBe(200);
  });

  it('holds back an address that guesses at tokens, as a sign-in is, and no other address', async () => {
    const link = await freshLink();
    const ip = '192.0.2.77';
    for (let i = 0; i < MAX_CONSECUTIVE; i++) {
      expect((await t.call('GET', `${PUBLIC}/guess-${i}`, { ip })).statusCode).toBe(404);
    }
    const held = await t.call('GET', `${PUBLIC}/guess-last`, { ip });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // Held back even with a good token; another address reads it.
    expect((await t.call('GET', `${PUBLIC}/${link.token}`, { ip })).statusCode).toBe(429);
    expect((await t.call('GET', `${PUBLIC}/${link.token}`, { ip: '192.0.2.78' })).statusCode).toBe(200);
    // The guessing did not lock the address out of signing in (a key of its own).
    const signIn = await t.call('POST', '/api/user/rest/v2/login', {
      ip,
      body: { loginName: 'share.nobody', password: 'wrong' },
    });
    expect(signIn.statusCode).toBe(403);
  });
});
