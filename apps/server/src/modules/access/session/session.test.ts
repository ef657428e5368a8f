import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile();

const LOGIN = '/api/user/rest/v2/login';
const ME = '/api/user/rest/v1/login';

describe('POST user/rest/v2/login', () => {
  it('answers a token for the right password', async () => {
    const res = await t.call('POST', LOGIN, { body: { loginName: 'admin', password: 'Admin-pass-123' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('matches the login name case-insensitively', async () => {
    const res = await t.call('POST', LOGIN, { body: { loginName: 'ADMIN', password: 'Admin-pass-123' } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 403 for a wrong password and for an unknown account alike', async () => {
    const a = await t.call('POST', LOGIN, { body: { loginName: 'admin', password: 'wrong-password' } });
    const b = await t.call('POST', LOGIN, { body: { loginName: 'nobody.here', password: 'wrong-password' } });
    expect(a.statusCode).toBe(403);
    expect(b.statusCode).toBe(403);
    expect(a.json()).toEqual(b.json());
  });

  it('answers 400 with field errors for a bad body and writes nothing', async () => {
    const res = await t.call('POST', LOGIN, { body: { loginName: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).not.toBe(0);
    expect(body.data.fields.map((f: { path: string }) => f.path).sort()).toEqual(['loginName', 'password']);
  });

  it('lets the right password in from another address after a wrong-password storm from one', async () => {
    for (let i = 0; i < 12; i++) {
      const r = await t.call('POST', LOGIN, { body: { loginName: 'admin', password: `bad-${i}` }, ip: '10.8.8.8' });
      expect([403, 429]).toContain(r.statusCode);
    }
    const stormed = await t.call('POST', LOGIN, { body: { loginName: 'admin', password: 'Admin-pass-123' }, ip: '10.8.8.8' });
    expect(stormed.statusCode).toBe(429);
    expect(stormed.headers['retry-after']).toBeDefined();
    const owner = await t.call('POST', LOGIN, { body: { loginName: 'admin', password: 'Admin-pass-123' }, ip: '10.8.8.9' });
    expect(owner.statusCode).toBe(200);
  });

  it('slows guesses at one account from one address progressively, even when the address signs in between', async () => {
    const guess = (n: number) => t.call('POST', LOGIN, { body: { loginName: 'cs.lead', password: `bad-${n}` }, ip: '10.8.8.10' });
    for (let i = 0; i < 4; i++) {
      expect((await guess(i)).statusCode).toBe(403);
      // The guesser's own account signs in from the same address: the address's run ends, the pair's does not.
      expect(
        (await t.call('POST', LOGIN, { body: { loginName: 'pm', password: 'Demo-pass-123' }, ip: '10.8.8.10' })).statusCode,
      ).toBe(200);
    }
    expect((await guess(4)).statusCode).toBe(403);
    const waited = await guess(5);
    expect(waited.statusCode).toBe(429);
    expect(Number(waited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // cs.lead from elsewhere is not slowed.
    expect(
      (await t.call('POST', LOGIN, { body: { loginName: 'cs.lead', password: 'Demo-pass-123' }, ip: '10.8.8.11' })).statusCode,
    ).toBe(200);
  });

  it('throttles an address after 10 failures in a row, whatever the account', async () => {
    for (let i = 0; i < 10; i++) {
      await t.call('POST', LOGIN, { body: { loginName: `ghost${i}`, password: 'x' }, ip: '10.9.9.9' });
    }
    const r = await t.call('POST', LOGIN, { body: { loginName: 'pm', password: 'Demo-pass-123' }, ip: '10.9.9.9' });
    expect(r.statusCode).toBe(429);
    const elsewhere = await t.call('POST', LOGIN, { body: { loginName: 'pm', password: 'Demo-pass-123' }, ip: '10.9.9.10' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('GET user/rest/v1/logout', () => {
  it('revokes the token server-side', async () => {
    const token = await t.login('sales.analyst');
    expect((await t.call('GET', ME, { token })).statusCode).toBe(200);
    const out = await t.call('GET', '/api/user/rest/v1/logout', { token });
    expect(out.statusCode).toBe(200);
    expect((await t.call('GET', ME, { token })).statusCode).toBe(401);
  });
  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/user/rest/v1/logout')).statusCode).toBe(401);
  });
});

describe('GET user/rest/v1/login (current user)', () => {
  it('answers the profile of an internal user', async () => {
    const token = await t.login('admin');
    const res = await t.call('GET', ME, { token });
    expect(res.statusCode).toBe(200);
    const u = res.json().data;
    expect(u).toMatchObject({
      id: 1,
      accountId: 1,
      loginName: 'admin',
      userType: 1,
      country: 'CN',
      externalUser: false,
      backMgr: true,
    });
    expect(u.subSystems.length).toBeGreaterThan(0);
    expect(u).not.toHaveProperty('passwordHash');
  });

  it('marks an external shop account and lists only its shops', async () => {
    const token = await t.login('shop.a');
    const u = (await t.call('GET', ME, { token })).json().data;
    expect(u.userType).toBe(0);
    expect(u.accountId).not.toBe(1);
    expect(u.externalUser).toBe(true);
    expect(u.backMgr).toBe(false);
    expect(u.shopIds).toHaveLength(1);
    const b = (await t.call('GET', ME, { token: await t.login('shop.b') })).json().data;
    expect(b.shopIds).toHaveLength(1);
    expect(b.shopIds[0]).not.toBe(u.shopIds[0]);
    expect(b.accountId).not.toBe(u.accountId);
  });

  it('answers 401 without a token, with a garbage token, and with a malformed header', async () => {
    expect((await t.call('GET', ME)).statusCode).toBe(401);
    expect((await t.call('GET', ME, { token: 'not-a-real-token' })).statusCode).toBe(401);
    expect((await t.call('GET', ME, { headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });

  it('ends a session idle for 30 minutes and one older than 12 hours', async () => {
    const idle = await t.login('cs.agent');
    const old = await t.login('cs.lead');
    await t.database.db.execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE user_id = (SELECT id FROM users WHERE login_name = 'cs.agent')`,
    );
    await t.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE login_name = 'cs.lead')`,
    );
    expect((await t.call('GET', ME, { token: idle })).statusCode).toBe(401);
    expect((await t.call('GET', ME, { token: old })).statusCode).toBe(401);
  });

  it('drops a hidden shop from the session on the very next request (grants are cached per epoch)', async () => {
    const token = await t.login('shop.a');
    const before = (await t.call('GET', ME, { token })).json().data.shopIds;
    expect(before).toHaveLength(1);
    expect((await t.call('GET', ME, { token })).json().data.shopIds).toEqual(before);
    await t.database.db.execute(sql`UPDATE shops SET mws_auth_state = 2 WHERE id = ${before[0]}`);
    expect((await t.call('GET', ME, { token })).json().data.shopIds).toEqual([]);
    await t.database.db.execute(sql`UPDATE shops SET mws_auth_state = 1 WHERE id = ${before[0]}`);
    expect((await t.call('GET', ME, { token })).json().data.shopIds).toEqual(before);
  });

  it('obeys a disabled user on the very next request', async () => {
    const token = await t.login('pm');
    await t.database.db.execute(sql`UPDATE users SET enabled = false WHERE login_name = 'pm'`);
    expect((await t.call('GET', ME, { token })).statusCode).toBe(401);
    await t.database.db.execute(sql`UPDATE users SET enabled = true WHERE login_name = 'pm'`);
  });
});

describe('GET user/rest/v2/users/permissions', () => {
  it('gives the administrator every active item', async () => {
    const token = await t.login('admin');
    const res = await t.call('GET', '/api/user/rest/v2/users/permissions', { token });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { authPattern: string; type: number }[];
    const total = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM permission_items WHERE active`);
    expect(items.length).toBe(Number(total.rows[0]?.n));
    expect(items.some((i) => i.type === 2)).toBe(true);
    expect(items.some((i) => i.type === 3)).toBe(true);
    expect(items[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        name: expect.any(String),
        description: expect.any(String),
        url: expect.any(String),
      }),
    );
  });

  it('gives a sales analyst pages but no buttons', async () => {
    const token = await t.login('sales.analyst');
    const items = (await t.call('GET', '/api/user/rest/v2/users/permissions', { token })).json().data as {
      authPattern: string;
      type: number;
    }[];
    expect(items.map((i) => i.authPattern)).toContain('sales:dashboard');
    expect(items.every((i) => i.type === 2)).toBe(true);
  });

  it('takes a removed permission away on the very next request', async () => {
    const token = await t.login('sales.manager');
    const before = (await t.call('GET', '/api/user/rest/v2/users/permissions', { token })).json().data as {
      authPattern: string;
    }[];
    expect(before.map((i) => i.authPattern)).toContain('sales:profit');
    await t.database.db.execute(sql`
      DELETE FROM role_permissions WHERE permission_id = (SELECT id FROM permission_items WHERE auth_pattern = 'sales:profit')
        AND role_id = (SELECT id FROM roles WHERE name = 'sales manager')`);
    const after = (await t.call('GET', '/api/user/rest/v2/users/permissions', { token })).json().data as {
      authPattern: string;
    }[];
    expect(after.map((i) => i.authPattern)).not.toContain('sales:profit');
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/user/rest/v2/users/permissions')).statusCode).toBe(401);
  });
});

describe('GET user/rest/robot/v1/menu/getUserMenu/byCurrentUser', () => {
  it('builds menuVOS from the built, permitted routes', async () => {
    const token = await t.login('admin');
    const res = await t.call('GET', '/api/user/rest/robot/v1/menu/getUserMenu/byCurrentUser', { token, query: { version: '1' } });
    expect(res.statusCode).toBe(200);
    const { menuVOS, version } = res.json().data;
    expect(typeof version).toBe('string');
    const settings = menuVOS.find((m: { menuCode: string }) => m.menuCode === 'settings');
    expect(settings.subMenuList.map((s: { url: string }) => s.url)).toContain('/user/info');
    for (const group of menuVOS) {
      expect(group).toEqual(expect.objectContaining({ menuCode: expect.any(String), subMenuList: expect.any(Array) }));
    }
  });
  it('answers 400 for an over-long version and 401 without a token', async () => {
    const token = await t.login('admin');
    expect(
      (
        await t.call('GET', '/api/user/rest/robot/v1/menu/getUserMenu/byCurrentUser', {
          token,
          query: { version: 'x'.repeat(100) },
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.call('GET', '/api/user/rest/robot/v1/menu/getUserMenu/byCurrentUser')).statusCode).toBe(401);
  });
});

describe('reference lists', () => {
  it('answers subsystems, product lines with parents and category codes, positions', async () => {
    const token = await t.login('sales.manager');
    const subs = await t.call('GET', '/api/user/rest/v1/subsystems', { token });
    expect(subs.statusCode).toBe(200);
    expect(subs.json().data.map((s: { code: string }) => s.code)).toContain('sales');
    const lines = (await t.call('GET', '/api/user/rest/v1/users/productLines', { token })).json().data;
    const strip = lines.find((l: { code: string | null }) => l.code === '6111');
    expect(strip).toMatchObject({ parentName: '照明', parentId: expect.any(Number) });
    const pos = (await t.call('GET', '/api/sales/rest/v1/listings/product-position-all', { token })).json().data;
    expect(pos[0]).toEqual({
      productPositionId: expect.any(Number),
      productPosition: expect.any(String),
      productPositionEn: expect.any(String),
    });
  });

  it('shows an external account only its own users and no internal product lines', async () => {
    const token = await t.login('shop.a');
    const names = (await t.call('GET', '/api/user/rest/v1/users/names', { token })).json().data as { loginName: string }[];
    expect(names.map((n) => n.loginName)).toEqual(['shop.a']);
    const lines = (await t.call('GET', '/api/user/rest/v1/users/productLines', { token })).json().data;
    expect(lines).toEqual([]);
    const subs = (await t.call('GET', '/api/user/rest/v1/subsystems', { token })).json().data;
    expect(subs).toEqual([]);
  });

  it('answers 401 without a token on each', async () => {
    for (const p of [
      'user/rest/v1/subsystems',
      'user/rest/v1/users/productLines',
      'sales/rest/v1/listings/product-position-all',
      'user/rest/v1/users/names',
    ]) {
      expect((await t.call('GET', `/api/${p}`)).statusCode).toBe(401);
    }
  });
});
