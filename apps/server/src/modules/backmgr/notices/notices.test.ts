/**
 * System notices: the back-office user writes, publishes, withdraws and deletes them (only
 * them; 409 naming the state for a wrong move; coded 400 for a bad body); a user sees a
 * published notice of their audience inside its window once, until they acknowledge it;
 * nobody sees notices under god view.
 */
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const API = '/api/backmgr/rest/v1/notices';
const MINE = '/api/user/rest/v1/notices/unacknowledged';
const t = testAppPerFile({ admin: true, signIn: { manager: 'sales.manager', analyst: 'sales.analyst' } });
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const body = (extra: Record<string, unknown> = {}) => ({
  titleZh: '系统维护',
  titleEn: 'Maintenance',
  bodyZh: '今晚 22:00 维护',
  bodyEn: 'Maintenance tonight at 22:00',
  level: 'warning',
  audience: 'everyone',
  publishFrom: hourAgo(),
  ...extra,
});
const create = async (extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', API, { token: t.admin, body: body(extra) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; state: string };
};
const publish = async (id: number) => {
  const res = await t.call('POST', `${API}/${id}/publish`, { token: t.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const mine = async (token: string) => {
  const res = await t.call('GET', MINE, { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((n) => n.id);
};

describe('system notices', () => {
  it('are managed by the back-office user alone, with coded field errors', async () => {
    expect((await t.call('POST', API, { token: t.as.manager, body: body() })).statusCode).toBe(403);
    const bad = await t.call('POST', API, {
      token: t.admin,
      body: body({ titleZh: '', titleEn: '', audience: 'roles', publishTo: '2020-01-01T00:00:00Z' }),
    });
    expect(bad.statusCode).toBe(400);
    const codes = (bad.json().data.fields as { path: string; code: string }[]).map((f) => `${f.path}:${f.code}`).sort();
    expect(codes).toEqual(['publishTo:endBeforeStart', 'roleIds:backMgr.pickAudience', 'titleZh:backMgr.titleRequired']);
  });

  it('shows a published notice to its audience once, until acknowledged', async () => {
    const n = await create();
    expect(n.state).toBe('draft');
    expect(await mine(t.as.manager)).not.toContain(n.id);
    expect((await publish(n.id)).state).toBe('published');
    expect(await mine(t.as.manager)).toContain(n.id);
    expect(await mine(t.as.analyst)).toContain(n.id);
    const ack = await t.call('POST', `/api/user/rest/v1/notices/${n.id}/acknowledge`, { token: t.as.manager });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(await mine(t.as.manager)).not.toContain(n.id);
    expect(await mine(t.as.analyst)).toContain(n.id);
    // Twice is fine; a notice never shown is not found.
    expect((await t.call('POST', `/api/user/rest/v1/notices/${n.id}/acknowledge`, { token: t.as.manager })).statusCode).toBe(200);
    const draft = await create();
    expect((await t.call('POST', `/api/user/rest/v1/notices/${draft.id}/acknowledge`, { token: t.as.manager })).statusCode).toBe(
      404,
    );
    const listed = (await t.call('GET', API, { token: t.admin, query: { state: 'published' } })).json().data.list as {
      id: number;
      acknowledged: number;
    }[];
    expect(listed.find((x) => x.id === n.id)?.acknowledged).toBe(1);
  });

  it('honours the window, the audience by role and by user, and withdrawal', async () => {
    const future = await create({ publishFrom: new Date(Date.now() + 86_400_000).toISOString() });
    await publish(future.id);
    const ended = await create({ publishFrom: '2020-01-01T00:00:00Z', publishTo: '2020-02-01T00:00:00Z' });
    await publish(ended.id);
    const ids = await t.rows<{ id: number; login_name: string }>(
      `SELECT id, login_name FROM users WHERE login_name IN ('sales.manager', 'sales.analyst')`,
    );
    const managerId = ids.find((u) => u.login_name === 'sales.manager')?.id as number;
    const forManager = await create({ audience: 'users', userIds: [managerId] });
    await publish(forManager.id);
    const [role] = await t.rows<{ role_id: number }>(`SELECT role_id FROM user_roles WHERE user_id = $1 LIMIT 1`, [managerId]);
    const analystRoles = await t.rows<{ role_id: number }>(
      `SELECT role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.login_name = 'sales.analyst'`,
    );
    const byRole = await create({ audience: 'roles', roleIds: [role?.role_id] });
    await publish(byRole.id);
    const managerSees = await mine(t.as.manager);
    const analystSees = await mine(t.as.analyst);
    expect(managerSees).toEqual(expect.arrayContaining([forManager.id, byRole.id]));
    expect(managerSees).not.toContain(future.id);
    expect(managerSees).not.toContain(ended.id);
    expect(analystSees).not.toContain(forManager.id);
    expect(analystSees.includes(byRole.id)).toBe(analystRoles.some((r) => r.role_id === role?.role_id));

    const withdrawn = await t.call('POST', `${API}/${forManager.id}/withdraw`, { token: t.admin });
    expect(withdrawn.json().data.state).toBe('withdrawn');
    expect(await mine(t.as.manager)).not.toContain(forManager.id);
    const again = await t.call('POST', `${API}/${forManager.id}/withdraw`, {
      token: t.admin,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('公告当前为「已撤回」，不能撤回');
    // Only a draft is deleted.
    const del = await t.call('DELETE', `${API}/${forManager.id}`, { token: t.admin });
    expect(del.statusCode).toBe(409);
    const draft = await create();
    expect((await t.call('DELETE', `${API}/${draft.id}`, { token: t.admin })).statusCode).toBe(200);
    const audits = await t.rows<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'system_notice' AND entity_id = $1 ORDER BY id`,
      [String(forManager.id)],
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'backMgr.noticePublish', 'backMgr.noticeWithdraw']);
  });

  it('edits keep the acknowledgements; god view sees no notice and cannot acknowledge', async () => {
    const n = await create();
    await publish(n.id);
    await t.call('POST', `/api/user/rest/v1/notices/${n.id}/acknowledge`, { token: t.as.analyst });
    const edited = await t.call('PUT', `${API}/${n.id}`, { token: t.admin, body: body({ titleEn: 'Maintenance moved' }) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ titleEn: 'Maintenance moved', acknowledged: 1, state: 'published' });
    expect(await mine(t.as.analyst)).not.toContain(n.id);

    const god = await t.call('GET', '/api/user/rest/v1/users/godView', { token: t.admin, query: { name: 'sales.manager' } });
    const token = god.json().data?.token as string;
    expect(token, god.body).toBeTruthy();
    expect(await mine(t.as.manager)).toContain(n.id);
    expect(await mine(token)).toEqual([]);
    expect((await t.call('POST', `/api/user/rest/v1/notices/${n.id}/acknowledge`, { token })).statusCode).toBe(403);
    expect(await mine(t.as.manager)).toContain(n.id);
  });
});
