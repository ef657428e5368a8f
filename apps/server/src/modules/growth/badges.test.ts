import type { Award, Badge, BadgeAccess, BadgeWall } from '@bo/contract/growth/badges';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fieldCodesOf, testAppPerFile } from '../../../test/harness';

const t = testAppPerFile();
const API = '/api/grow/rest/v1/badges';
const tokens: Record<string, string> = {};
const tok = (login: string) => tokens[login] as string;
const ids: Record<string, number> = {};
let n = 0;

async function newBadge(over: Record<string, unknown> = {}): Promise<Badge> {
  n += 1;
  const res = await t.call('POST', API, {
    token: tok('admin'),
    body: { nameZh: `测试徽章 ${n}`, nameEn: `Test badge ${n}`, icon: 'star', ...over },
  });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<Badge>(res);
}
const award = (login: string, badgeId: number, to: string, over: Record<string, unknown> = {}) =>
  t.call('POST', `${API}/awards`, { token: tok(login), body: { badgeId, employeeId: ids[to], reason: 'Well done', ...over } });
const wall = (login: string, of?: string) =>
  t.call('GET', `${API}/wall`, { token: tok(login), query: of ? { employeeId: String(ids[of]) } : {} });

beforeAll(async () => {
  for (const login of ['admin', 'sales.manager', 'sales.analyst', 'ppc.specialist', 'cs.lead', 'cs.agent', 'shop.a'])
    tokens[login] = await t.login(login);
  for (const r of await t.rows<{ id: number; login_name: string }>(`SELECT id, login_name FROM users WHERE account_id = 1`))
    ids[r.login_name] = Number(r.id);
});

describe('badge definitions', () => {
  it('the administrator adds, changes, retires and restores; names are unique in each language', async () => {
    const b = await newBadge({ description: 'For tests' });
    expect(b).toMatchObject({ state: 'active', awarded: 0, version: 1, value: null });
    const dup = await t.call('POST', API, { token: tok('admin'), body: { nameZh: b.nameZh, nameEn: 'Other', icon: 'star' } });
    expect(dup.statusCode).toBe(409);
    expect(fieldCodesOf(dup)).toEqual(['nameZh:growth.badgeNameTaken']);
    const stale = await t.call('PUT', `${API}/${b.id}`, {
      token: tok('admin'),
      body: { nameZh: b.nameZh, nameEn: b.nameEn, icon: 'trophy', version: b.version + 1 },
    });
    expect(stale.statusCode).toBe(409);
    const retired = await t.call('POST', `${API}/${b.id}/actions`, {
      token: tok('admin'),
      body: { action: 'retire', version: b.version },
    });
    expect(dataOf<Badge>(retired).state).toBe('retired');
    const again = await t.call('POST', `${API}/${b.id}/actions`, {
      token: tok('admin'),
      body: { action: 'retire', version: dataOf<Badge>(retired).version },
    });
    expect(again.statusCode).toBe(409);
    const restored = await t.call('POST', `${API}/${b.id}/actions`, {
      token: tok('admin'),
      body: { action: 'restore', version: dataOf<Badge>(retired).version },
    });
    expect(dataOf<Badge>(restored).state).toBe('active');
  });

  it('ties a badge to a company value of the account, refuses an unknown one', async () => {
    const [v] = await t.rows<{ id: number; name_en: string }>(
      `SELECT id, name_en FROM growth_values WHERE account_id = 1 LIMIT 1`,
    );
    const b = await newBadge({ valueId: Number(v?.id) });
    expect(b.value?.nameEn).toBe(v?.name_en);
    const bad = await t.call('POST', API, {
      token: tok('admin'),
      body: { nameZh: 'x1', nameEn: 'x1', icon: 'star', valueId: 999999 },
    });
    expect(fieldCodesOf(bad)).toEqual(['valueId:invalid']);
  });

  it('only HR and the administrator keep them; every staff member reads them; a shop account never', async () => {
    const body = { nameZh: '经理徽章', nameEn: 'Manager badge', icon: 'star' };
    expect((await t.call('POST', API, { token: tok('sales.manager'), body })).statusCode).toBe(403);
    expect((await t.call('GET', API, { token: tok('cs.agent') })).statusCode).toBe(200);
    expect((await t.call('GET', API, { token: tok('shop.a') })).statusCode).toBe(403);
  });

  it('a badge once awarded is retired, not deleted; a fresh one is deleted', async () => {
    const used = await newBadge();
    expect((await award('admin', used.id, 'cs.agent')).statusCode).toBe(200);
    expect((await t.call('DELETE', `${API}/${used.id}`, { token: tok('admin') })).statusCode).toBe(409);
    const fresh = await newBadge();
    expect((await t.call('DELETE', `${API}/${fresh.id}`, { token: tok('admin') })).statusCode).toBe(200);
  });
});

describe('who may award', () => {
  it('a leader awards the people up their chain (ppc.specialist through a department without a leader)', async () => {
    const b = await newBadge();
    expect((await award('sales.manager', b.id, 'sales.analyst')).statusCode).toBe(200);
    expect((await award('sales.manager', b.id, 'ppc.specialist')).statusCode).toBe(200);
    // Outside the reporting line, oneself, and a colleague at the same level: 403.
    expect((await award('sales.manager', b.id, 'cs.agent')).statusCode).toBe(403);
    expect((await award('sales.manager', b.id, 'sales.manager')).statusCode).toBe(403);
    expect((await award('sales.analyst', b.id, 'ppc.specialist')).statusCode).toBe(403);
    // The administrator anyone but themself.
    expect((await award('admin', b.id, 'cs.agent')).statusCode).toBe(200);
    expect((await award('admin', b.id, 'admin')).statusCode).toBe(403);
  });

  it('the access call names exactly the reporting line, everyone for the administrator', async () => {
    const lead = dataOf<BadgeAccess>(await t.call('GET', `${API}/access`, { token: tok('sales.manager') }));
    expect(lead.canManage).toBe(false);
    expect(lead.people.map((p) => p.id).sort()).toEqual([ids['sales.analyst'], ids['ppc.specialist']].sort());
    const staff = dataOf<BadgeAccess>(await t.call('GET', `${API}/access`, { token: tok('cs.agent') }));
    expect(staff.people).toEqual([]);
    const admin = dataOf<BadgeAccess>(await t.call('GET', `${API}/access`, { token: tok('admin') }));
    expect(admin.canManage).toBe(true);
    expect(admin.people.map((p) => p.id)).toContain(ids['cs.agent']);
    expect(admin.people.map((p) => p.id)).not.toContain(ids.admin);
  });

  it('refuses a retired badge, a future day, a missing reason and an unknown employee with field codes', async () => {
    const b = await newBadge();
    await t.rows(`UPDATE growth_badges SET state = 'retired' WHERE id = $1`, [b.id]);
    expect(fieldCodesOf(await award('admin', b.id, 'cs.agent'))).toEqual(['badgeId:growth.badgeRetired']);
    const ok = await newBadge();
    expect(fieldCodesOf(await award('admin', ok.id, 'cs.agent', { day: '2999-01-01' }))).toEqual(['day:growth.futureDay']);
    expect((await award('admin', ok.id, 'cs.agent', { reason: ' ' })).statusCode).toBe(400);
    const ghost = await t.call('POST', `${API}/awards`, {
      token: tok('admin'),
      body: { badgeId: ok.id, employeeId: 999999, reason: 'x' },
    });
    expect(fieldCodesOf(ghost)).toEqual(['employeeId:invalid']);
  });

  it('an award is audited and tells the employee', async () => {
    const b = await newBadge();
    const a = dataOf<Award>(await award('cs.lead', b.id, 'cs.agent', { reason: 'Saved a key account' }));
    expect(a).toMatchObject({ state: 'awarded', reason: 'Saved a key account', canRevoke: true });
    const hist = await t.call('GET', `/api/user/rest/v1/history/growth_badge_award/${a.id}`, { token: tok('cs.agent') });
    expect(hist.statusCode, hist.body).toBe(200);
    const bell = await t.rows(`SELECT 1 FROM notifications WHERE user_id = $1 AND kind = 'growth.badge'`, [ids['cs.agent']]);
    expect(bell.length).toBeGreaterThan(0);
  });
});

describe('revoking', () => {
  it('its awarder or the administrator revokes with a reason, once; the employee cannot', async () => {
    const b = await newBadge();
    const a = dataOf<Award>(await award('cs.lead', b.id, 'cs.agent'));
    const revoke = (login: string, version: number, reason = 'Mistake') =>
      t.call('POST', `${API}/awards/${a.id}/revoke`, { token: tok(login), body: { version, reason } });
    expect((await revoke('cs.agent', a.version)).statusCode).toBe(403);
    expect((await revoke('sales.manager', a.version)).statusCode).toBe(403);
    expect((await revoke('cs.lead', a.version + 1)).statusCode).toBe(409);
    expect((await revoke('cs.lead', a.version, '')).statusCode).toBe(400);
    const done = dataOf<Award>(await revoke('cs.lead', a.version));
    expect(done).toMatchObject({ state: 'revoked', revokeReason: 'Mistake', canRevoke: false });
    expect((await revoke('admin', done.version)).statusCode).toBe(409);
  });
});

describe('walls and the company list', () => {
  it('counts the awards per badge, leaves revoked ones out of the count and lists them apart', async () => {
    const b = await newBadge();
    await award('sales.manager', b.id, 'ppc.specialist');
    await award('sales.manager', b.id, 'ppc.specialist');
    const third = dataOf<Award>(await award('admin', b.id, 'ppc.specialist'));
    await t.call('POST', `${API}/awards/${third.id}/revoke`, {
      token: tok('admin'),
      body: { version: third.version, reason: 'Twice' },
    });
    const w = dataOf<BadgeWall>(await wall('ppc.specialist'));
    const entry = w.badges.find((x) => x.badge.id === b.id);
    expect(entry?.count).toBe(2);
    expect(w.revoked.map((r) => r.id)).toContain(third.id);
    expect(w.total).toBe(w.badges.reduce((s, x) => s + x.count, 0));
  });

  it('a wall is its employee’s, a leader’s up the chain and the administrator’s', async () => {
    expect((await wall('sales.manager', 'ppc.specialist')).statusCode).toBe(200);
    expect((await wall('admin', 'ppc.specialist')).statusCode).toBe(200);
    expect((await wall('cs.lead', 'ppc.specialist')).statusCode).toBe(403);
    expect((await wall('sales.analyst', 'ppc.specialist')).statusCode).toBe(403);
    expect((await wall('admin', undefined)).statusCode).toBe(200);
  });

  it('the company list shows awarded ones to everyone, revoked ones to HR and the administrator only', async () => {
    const list = await t.call('GET', `${API}/awards`, { token: tok('cs.agent'), query: { pageSize: '100' } });
    expect(list.statusCode).toBe(200);
    const rows = dataOf<{ list: Award[] }>(list).list;
    expect(rows.every((a) => a.state === 'awarded')).toBe(true);
    const days = rows.map((a) => a.day);
    expect(days).toEqual([...days].sort().reverse());
    expect((await t.call('GET', `${API}/awards`, { token: tok('cs.agent'), query: { state: 'revoked' } })).statusCode).toBe(403);
    const revoked = await t.call('GET', `${API}/awards`, { token: tok('admin'), query: { state: 'revoked' } });
    expect(dataOf<{ list: Award[] }>(revoked).list.every((a) => a.state === 'revoked')).toBe(true);
  });
});
