/**
 * Keyword routing rules through the API: dialogue types and product lines, the two pages'
 * own permissions, uniqueness, versions, audit rows and the sample test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const API = '/api/email/rest/v1/keywords';
const t = testAppPerFile({ admin: true, signIn: { agent: 'cs.agent' } });
let strips: number;

beforeAll(async () => {
  // The keyword pages sit in the tools group: cs.agent gets both pages (no button) here, the admin writes.
  const pool = t.database.pool;
  const role = (await pool.query(`INSERT INTO roles (account_id, name) VALUES (1, 'keyword readers') RETURNING id`)).rows[0].id;
  await pool.query(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern IN ('email:keyword', 'email:productKeyword')`,
    [role],
  );
  await pool.query(`INSERT INTO user_roles SELECT id, $1 FROM users WHERE login_name = 'cs.agent'`, [role]);
  strips = (await t.database.pool.query(`SELECT id FROM product_lines WHERE code = '6111'`)).rows[0].id;
});

describe('dialogue keyword rules', () => {
  let refundId: number;

  it('creates rules with audit rows and lists them best first', async () => {
    const a = await t.call('POST', `${API}/dialogue`, { token: t.admin, body: { keyword: 'refund', targetId: 3, priority: 10 } });
    expect(a.statusCode, a.body).toBe(200);
    refundId = a.json().data.id;
    expect(a.json().data).toMatchObject({ keyword: 'refund', matchType: 'contains', field: 'any', enabled: true, version: 1 });
    const b = await t.call('POST', `${API}/dialogue`, {
      token: t.admin,
      body: { keyword: 'where is my', targetId: 2, matchType: 'word', field: 'subject' },
    });
    expect(b.statusCode, b.body).toBe(200);
    const list = await t.call('GET', `${API}/dialogue`, { token: t.as.agent });
    expect(list.json().data.list.map((r: { keyword: string }) => r.keyword)).toEqual(['refund', 'where is my']);
    const audit = await t.database.pool.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'mailKeyword.create'`);
    expect(audit.rows[0].n).toBe(2);
  });

  it('tests a sample mail: the best rule decides', async () => {
    const res = await t.call('POST', `${API}/dialogue/test`, {
      token: t.as.agent,
      body: { subject: 'Where is my parcel?', body: 'I would like a refund if it does not arrive.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.targetId).toBe(3);
    expect(res.json().data.matches.map((m: { rule: { keyword: string }; field: string }) => [m.rule.keyword, m.field])).toEqual([
      ['refund', 'body'],
      ['where is my', 'subject'],
    ]);
    const none = await t.call('POST', `${API}/dialogue/test`, { token: t.as.agent, body: { subject: 'Hello', body: '' } });
    expect(none.json().data).toEqual({ targetId: null, matches: [] });
  });

  it('refuses a duplicate keyword in the same field (409) and an unknown dialogue type (400)', async () => {
    const dup = await t.call('POST', `${API}/dialogue`, { token: t.admin, body: { keyword: 'REFUND', targetId: 1 } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().data.fields[0].path).toBe('keyword');
    const bad = await t.call('POST', `${API}/dialogue`, { token: t.admin, body: { keyword: 'x', targetId: 99 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].path).toBe('targetId');
  });

  it('updates with the version (409 when stale) and deletes', async () => {
    const ok = await t.call('PUT', `${API}/dialogue`, {
      token: t.admin,
      body: { id: refundId, version: 1, keyword: 'refund', targetId: 3, enabled: false },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ enabled: false, version: 2 });
    const stale = await t.call('PUT', `${API}/dialogue`, {
      token: t.admin,
      body: { id: refundId, version: 1, keyword: 'r', targetId: 3 },
    });
    expect(stale.statusCode).toBe(409);
    const test = await t.call('POST', `${API}/dialogue/test`, { token: t.as.agent, body: { body: 'refund please' } });
    expect(test.json().data.targetId).toBeNull();
    expect((await t.call('DELETE', `${API}/dialogue/${refundId}`, { token: t.admin })).statusCode).toBe(200);
    expect((await t.call('DELETE', `${API}/dialogue/${refundId}`, { token: t.admin })).statusCode).toBe(404);
  });
});

describe('product keyword rules', () => {
  it('route to an existing product line, named in the list', async () => {
    const res = await t.call('POST', `${API}/product`, { token: t.admin, body: { keyword: 'LED strip', targetId: strips } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ targetId: strips, targetName: '灯带', targetNameEn: 'Light strips' });
    const bad = await t.call('POST', `${API}/product`, { token: t.admin, body: { keyword: 'bulb', targetId: 999999 } });
    expect(bad.statusCode).toBe(400);
    const test = await t.call('POST', `${API}/product/test`, { token: t.as.agent, body: { subject: 'My led strip flickers' } });
    expect(test.json().data.targetId).toBe(strips);
  });

  it('keeps the kinds apart and each page its permission', async () => {
    expect((await t.call('GET', `${API}/dialogue`, { token: t.admin, query: { keyword: 'LED' } })).json().data.total).toBe(0);
    expect(
      (await t.call('POST', `${API}/product`, { token: t.as.agent, body: { keyword: 'x', targetId: strips } })).statusCode,
    ).toBe(403);
    const sales = await t.login('sales.manager');
    expect((await t.call('GET', `${API}/product`, { token: sales })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/product`)).statusCode).toBe(401);
  });
});
