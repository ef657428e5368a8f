import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile();

const GOD = '/api/user/rest/v1/users/godView';
const ME = '/api/user/rest/v1/login';

async function auditActions(): Promise<{ action: string; actor_user_id: number; impersonator_user_id: number | null }[]> {
  const r = await t.database.db.execute(sql`SELECT action, actor_user_id, impersonator_user_id FROM audit_log ORDER BY id`);
  return r.rows as never;
}

describe('GET user/rest/v1/users/godView', () => {
  it('lets the administrator look as a shop account, and says who is looking', async () => {
    const admin = await t.login('admin');
    const res = await t.call('GET', GOD, { token: admin, query: { name: 'shop.a' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
    const token = res.json().data.token;
    const me = (await t.call('GET', ME, { token })).json().data;
    expect(me.loginName).toBe('shop.a');
    expect(me.godViewBy).toBe('admin');
    expect(me.backMgr).toBe(false);
    const actions = await auditActions();
    expect(actions.some((a) => a.action === 'godview.start' && a.actor_user_id === 1)).toBe(true);
  });

  it('audits writes made under god view with who impersonated whom, and the stop', async () => {
    const admin = await t.login('admin');
    const token = (await t.call('GET', GOD, { token: admin, query: { name: 'sales.analyst' } })).json().data.token;
    const w = await t.call('PUT', '/api/user/rest/v1/users/profile', {
      token,
      body: { userName: 'Analyst (edited under god view)', email: null, zoneId: 'Asia/Shanghai', language: null },
    });
    expect(w.statusCode).toBe(200);
    await t.call('GET', '/api/user/rest/v1/logout', { token });
    const rows = await auditActions();
    const write = rows.find((a) => a.action === 'godview.write');
    expect(write?.impersonator_user_id).toBe(1);
    const update = rows.find((a) => a.action === 'user.profile.update');
    expect(update?.impersonator_user_id).toBe(1);
    expect(rows.some((a) => a.action === 'godview.stop' && a.impersonator_user_id === 1)).toBe(true);
    // The administrator's own session is untouched.
    expect((await t.call('GET', ME, { token: admin })).json().data.loginName).toBe('admin');
  });

  it('refuses an equal or more privileged account, oneself, and unknown names with a non-zero code', async () => {
    const admin = await t.login('admin');
    for (const name of ['admin', 'nobody.at.all']) {
      const r = await t.call('GET', GOD, { token: admin, query: { name } });
      expect(r.statusCode).toBe(200);
      expect(r.json().code).not.toBe(0);
      expect(r.json().msg).toBeTruthy();
      expect(r.json().data).toBeNull();
    }
  });

  it('refuses nesting: a god-view session cannot start another', async () => {
    const admin = await t.login('admin');
    const token = (await t.call('GET', GOD, { token: admin, query: { name: 'sales.manager' } })).json().data.token;
    const nested = await t.call('GET', GOD, { token, query: { name: 'sales.analyst' } });
    expect(nested.statusCode === 403 || nested.json().code !== 0).toBe(true);
  });

  it('ends the god-view session when the impersonator signs out', async () => {
    const admin = await t.login('admin');
    const token = (await t.call('GET', GOD, { token: admin, query: { name: 'pm' } })).json().data.token;
    expect((await t.call('GET', ME, { token })).statusCode).toBe(200);
    await t.call('GET', '/api/user/rest/v1/logout', { token: admin });
    expect((await t.call('GET', ME, { token })).statusCode).toBe(401);
  });

  it('answers 403 to users without the god-view permission, 401 without a token, 400 without a name', async () => {
    const analyst = await t.login('sales.manager');
    const r = await t.call('GET', GOD, { token: analyst, query: { name: 'pm' } });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toContain('user:godView');
    expect((await t.call('GET', GOD, { query: { name: 'pm' } })).statusCode).toBe(401);
    const admin = await t.login('admin');
    expect((await t.call('GET', GOD, { token: admin })).statusCode).toBe(400);
  });
});
