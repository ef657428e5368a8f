/**
 * Every endpoint that acts on another user, declared once: how to call it on a given
 * target. The privilege check (privilege.test.ts) calls each one as a delegated user
 * administrator against a target holding a permission the administrator lacks (refused)
 * and against a target whose permissions are a strict subset of theirs (allowed).
 * A route that matches ACTS_ON_USER but has no row here fails that test.
 */
import type { Pool } from 'pg';
import type { MatrixRequest } from './rows';

export interface PrivilegeTarget {
  id: number;
  loginName: string;
  version: number;
}

export interface PrivilegeRow {
  /** 'user': a user of account 1; 'registration': a pending registration in an account of its own. */
  target: 'user' | 'registration';
  request: (target: PrivilegeTarget, c: { n: number; pool: Pool }) => Promise<MatrixRequest> | MatrixRequest;
  /** God view refuses with 200 and a non-zero code (as the original system did); the rest with 403. */
  refusal?: 'code';
}

/** Routes that change another user: the privilege check must list every one of them. */
export const ACTS_ON_USER =
  /^(PUT|POST|DELETE) \/api\/user\/rest\/v1\/(users\/child\/:id|userGroups|users\/registrations\/:id)|^GET \/api\/user\/rest\/v1\/users\/godView$/;

const group = async (pool: Pool, n: number, memberId: number | null) => {
  const g = (
    await pool.query(`INSERT INTO user_groups (account_id, name) VALUES (1, $1) RETURNING id, version`, [`privilege ${n}`])
  ).rows[0];
  if (memberId) await pool.query(`INSERT INTO user_group_members VALUES ($1, $2)`, [g.id, memberId]);
  return g as { id: number; version: number };
};

export const PRIVILEGE_ROWS: Record<string, PrivilegeRow> = {
  'PUT /api/user/rest/v1/users/child/:id': {
    target: 'user',
    request: (u) => ({ url: `/api/user/rest/v1/users/child/${u.id}`, body: { version: u.version, userName: 'Renamed' } }),
  },
  'PUT /api/user/rest/v1/users/child/:id/state': {
    target: 'user',
    request: (u) => ({ url: `/api/user/rest/v1/users/child/${u.id}/state`, body: { version: u.version, enabled: false } }),
  },
  'PUT /api/user/rest/v1/users/child/:id/password': {
    target: 'user',
    request: (u) => ({ url: `/api/user/rest/v1/users/child/${u.id}/password`, body: { password: 'Taken-over-1' } }),
  },
  'POST /api/user/rest/v1/userGroups': {
    target: 'user',
    request: (u, c) => ({ url: '/api/user/rest/v1/userGroups', body: { name: `privilege new ${c.n}`, userIds: [u.id] } }),
  },
  'PUT /api/user/rest/v1/userGroups/:id': {
    target: 'user',
    request: async (u, c) => {
      const g = await group(c.pool, c.n, null);
      return {
        url: `/api/user/rest/v1/userGroups/${g.id}`,
        body: { version: g.version, name: `privilege ${c.n}`, userIds: [u.id] },
      };
    },
  },
  'DELETE /api/user/rest/v1/userGroups/:id': {
    target: 'user',
    request: async (u, c) => ({ url: `/api/user/rest/v1/userGroups/${(await group(c.pool, c.n, u.id)).id}` }),
  },
  'PUT /api/user/rest/v1/users/registrations/:id/approve': {
    target: 'registration',
    request: (u) => ({ url: `/api/user/rest/v1/users/registrations/${u.id}/approve`, body: { version: u.version } }),
  },
  'PUT /api/user/rest/v1/users/registrations/:id/reject': {
    target: 'registration',
    request: (u) => ({ url: `/api/user/rest/v1/users/registrations/${u.id}/reject`, body: { version: u.version } }),
  },
  'GET /api/user/rest/v1/users/godView': {
    target: 'user',
    request: (u) => ({ url: '/api/user/rest/v1/users/godView', query: { name: u.loginName } }),
    refusal: 'code',
  },
};
