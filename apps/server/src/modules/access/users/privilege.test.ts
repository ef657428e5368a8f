/**
 * Issue #18 (3): a delegated user administrator must not take over a more privileged
 * account. The probe: a user holding only user:child and user:child:edit set the password
 * of a user holding role and audit permissions, signed in as them and read the audit log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile();
let delegate: string;
const CHILD = '/api/user/rest/v1/users/child';
const PASSWORD = 'Privilege-pass-1';

const one = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows[0];

/** A user of account 1 holding exactly `patterns` through a role of its own. */
async function userWith(loginName: string, patterns: string[]) {
  const hash = (await one(`SELECT password_hash FROM users WHERE login_name = 'pm'`)).password_hash;
  const u = await one(
    `INSERT INTO users (account_id, login_name, user_name, password_hash) VALUES (1, $1, $1, $2) RETURNING id, version`,
    [loginName, hash],
  );
  const r = await one(`INSERT INTO roles (account_id, name) VALUES (1, $1) RETURNING id`, [`role of ${loginName}`]);
  await t.database.pool.query(`INSERT INTO user_roles VALUES ($1, $2)`, [u.id, r.id]);
  await t.database.pool.query(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2)`,
    [r.id, patterns],
  );
  return { id: u.id as number, version: u.version as number, roleId: r.id as number };
}

beforeAll(async () => {
  await userWith('delegate', ['user:child', 'user:child:edit']);
  delegate = await t.login('delegate');
});

describe('a delegated user administrator', () => {
  it('cannot set the password of a more privileged user, and so cannot sign in as them', async () => {
    const auditor = await userWith('auditor', ['user:child', 'user:child:edit', 'system:audit', 'user:role:perms']);
    const res = await t.call('PUT', `${CHILD}/${auditor.id}/password`, { token: delegate, body: { password: PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toContain('auditor holds permissions you do not hold');
    expect(res.json().msg).toContain('system:audit');
    const login = await t.call('POST', '/api/user/rest/v2/login', { body: { loginName: 'auditor', password: PASSWORD } });
    expect(login.statusCode).toBe(403);
  });

  it('cannot disable, rename or re-role a more privileged user either', async () => {
    const lead = await userWith('lead', ['user:child', 'user:child:edit', 'system:audit']);
    const state = await t.call('PUT', `${CHILD}/${lead.id}/state`, {
      token: delegate,
      body: { enabled: false, version: lead.version },
    });
    expect(state.statusCode).toBe(403);
    const upd = await t.call('PUT', `${CHILD}/${lead.id}`, {
      token: delegate,
      body: { version: lead.version, userName: 'Demoted', roleIds: [], shopIds: [] },
    });
    expect(upd.statusCode).toBe(403);
    expect(await one(`SELECT user_name, enabled FROM users WHERE id = $1`, [lead.id])).toEqual({
      user_name: 'lead',
      enabled: true,
    });
  });

  it('may change a user whose permissions are all theirs, but not give them a role beyond their own', async () => {
    const peer = await userWith('peer', ['user:child']);
    const auditRole = await userWith('holder', ['system:audit']);
    const pw = await t.call('PUT', `${CHILD}/${peer.id}/password`, { token: delegate, body: { password: PASSWORD } });
    expect(pw.statusCode).toBe(200);
    await t.login('peer', PASSWORD);
    const grant = await t.call('PUT', `${CHILD}/${peer.id}`, {
      token: delegate,
      body: { version: peer.version + 1, userName: 'Peer', roleIds: [auditRole.roleId], shopIds: [] },
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().msg).toContain('system:audit');
    const ok = await t.call('PUT', `${CHILD}/${peer.id}`, {
      token: delegate,
      body: { version: peer.version + 1, userName: 'Peer', roleIds: [peer.roleId], shopIds: [] },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('cannot move a more privileged user in or out of a user group', async () => {
    await userWith('groupie', ['user:child', 'user:child:create', 'user:child:edit', 'user:child:delete']);
    const groupAdmin = await t.login('groupie');
    const boss = await userWith('boss', ['system:audit']);
    const minor = await userWith('minor', []);
    const create = await t.call('POST', '/api/user/rest/v1/userGroups', {
      token: groupAdmin,
      body: { name: 'g1', userIds: [boss.id] },
    });
    expect(create.statusCode).toBe(403);
    const g = await one(`INSERT INTO user_groups (account_id, name) VALUES (1, 'with boss') RETURNING id, version`);
    await t.database.pool.query(`INSERT INTO user_group_members VALUES ($1, $2)`, [g.id, boss.id]);
    const drop = await t.call('PUT', `/api/user/rest/v1/userGroups/${g.id}`, {
      token: groupAdmin,
      body: { version: g.version, name: 'with boss', userIds: [minor.id] },
    });
    expect(drop.statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/user/rest/v1/userGroups/${g.id}`, { token: groupAdmin })).statusCode).toBe(403);
    // Renaming leaves the members as they are: that acts on nobody.
    const rename = await t.call('PUT', `/api/user/rest/v1/userGroups/${g.id}`, {
      token: groupAdmin,
      body: { version: g.version, name: 'renamed', userIds: [boss.id] },
    });
    expect(rename.statusCode).toBe(200);
    const add = await t.call('POST', '/api/user/rest/v1/userGroups', {
      token: groupAdmin,
      body: { name: 'g2', userIds: [minor.id] },
    });
    expect(add.statusCode).toBe(200);
  });
});
