/**
 * The privilege-subset check of the permission matrix: every endpoint that acts on
 * another user (privilege-rows.ts), called by a delegated user administrator, is refused
 * against a target holding a permission the administrator lacks and allowed against a
 * target whose permissions are all the administrator's.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/platform/auth/sessions.service';
import { testAppPerFile } from '../harness';
import { ACTS_ON_USER, PRIVILEGE_ROWS, type PrivilegeRow, type PrivilegeTarget } from './privilege-rows';

/** What the delegated administrator holds: the user administration of /user/child and god view, nothing else. */
const DELEGATE = [
  'user:child',
  'user:child:create',
  'user:child:edit',
  'user:child:delete',
  'user:child:approve',
  'user:godView',
];
/** Above: a permission the delegate lacks. Below: a strict subset of the delegate's, without god view. */
const ABOVE = ['user:child', 'user:child:edit', 'system:audit'];
const BELOW = ['user:child', 'user:child:edit'];

const t = testAppPerFile();
let delegateId: number;
let n = 0;

const one = async (text: string, params: unknown[] = []) => (await t.database.pool.query(text, params)).rows[0];

async function roleWith(name: string, patterns: string[]): Promise<number> {
  const r = await one(`INSERT INTO roles (account_id, name) VALUES (1, $1) RETURNING id`, [name]);
  await t.database.pool.query(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2)`,
    [r.id, patterns],
  );
  return r.id;
}
let roles: Record<'delegate' | 'above' | 'below', number>;

/** A fresh target per call: a user of account 1, or a pending registration in an account of its own. */
async function target(kind: PrivilegeRow['target'], level: 'above' | 'below'): Promise<PrivilegeTarget> {
  const loginName = `privilege.${level}.${++n}`;
  const hash = (await one(`SELECT password_hash FROM users WHERE login_name = 'pm'`)).password_hash;
  const account = kind === 'user' ? 1 : (await one(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [loginName])).id;
  const u = await one(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type, enabled, state)
     VALUES ($1, $2, $2, $3, $4, $5, $6) RETURNING id, version`,
    [account, loginName, hash, kind === 'user' ? 1 : 0, kind === 'user', kind === 'user' ? 'active' : 'pending'],
  );
  await t.database.pool.query(`INSERT INTO user_roles VALUES ($1, $2)`, [u.id, roles[level]]);
  return { id: u.id, version: u.version, loginName };
}

beforeAll(async () => {
  roles = {
    delegate: await roleWith('privilege delegate', DELEGATE),
    above: await roleWith('privilege above', ABOVE),
    below: await roleWith('privilege below', BELOW),
  };
  const hash = (await one(`SELECT password_hash FROM users WHERE login_name = 'pm'`)).password_hash;
  delegateId = (
    await one(
      `INSERT INTO users (account_id, login_name, user_name, password_hash) VALUES (1, 'privilege.delegate', 'D', $1) RETURNING id`,
      [hash],
    )
  ).id;
  await t.database.pool.query(`INSERT INTO user_roles VALUES ($1, $2)`, [delegateId, roles.delegate]);
});

const refused = (row: PrivilegeRow, res: LightMyRequestResponse) =>
  row.refusal === 'code' ? res.statusCode === 200 && res.json().code !== 0 : res.statusCode === 403;
const allowed = (res: LightMyRequestResponse) => res.statusCode === 200 && res.json().code === 0;

describe('privilege subset', () => {
  it('lists every route that acts on another user', () => {
    const routes = t.app.routeList.map((r) => `${r.method} ${r.url}`).filter((k) => ACTS_ON_USER.test(k));
    expect(routes.sort()).toEqual(Object.keys(PRIVILEGE_ROWS).sort());
  });

  it('refuses a delegated administrator on a more privileged user, and allows them on a less privileged one', async () => {
    const wrong: string[] = [];
    for (const [key, row] of Object.entries(PRIVILEGE_ROWS)) {
      const method = key.split(' ')[0] as string;
      for (const level of ['above', 'below'] as const) {
        const req = await row.request(await target(row.target, level), { n: ++n, pool: t.database.pool });
        const token = (
          await createSession(
            t.database.db,
            { idleSeconds: 1800, absoluteSeconds: 43200 },
            { userId: delegateId, ip: '127.0.0.1' },
          )
        ).token;
        const res = await t.call(method, req.url, { token, query: req.query, body: req.body });
        const ok = level === 'above' ? refused(row, res) : allowed(res);
        if (!ok) wrong.push(`${key} on a user ${level} the caller: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
