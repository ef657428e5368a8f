/**
 * The actors of the permission matrix, made directly in the database so that every cell
 * gets a fresh session (a cell may sign itself out or change its own password).
 */
import { CAPABILITIES } from '@bo/contract';
import type { Pool } from 'pg';
import { createSession } from '../../src/platform/auth/sessions.service';
import type { TestApp } from '../harness';

export const ACTORS = ['noToken', 'expired', 'none', 'page', 'pageButton', 'shopA', 'shopB', 'admin', 'godView'] as const;
export type Actor = (typeof ACTORS)[number];

const policy = { idleSeconds: 1800, absoluteSeconds: 43200 };

async function ensureUser(pool: Pool, loginName: string, patterns: string[] | null): Promise<number> {
  const hash = (await pool.query(`SELECT password_hash FROM users WHERE login_name = 'pm'`)).rows[0].password_hash;
  const u = await pool.query(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type) VALUES (1, $1, $1, $2, 1)
     ON CONFLICT ((lower(login_name))) DO UPDATE SET user_name = EXCLUDED.user_name RETURNING id`,
    [loginName, hash],
  );
  const id = u.rows[0].id as number;
  if (patterns) {
    const r = await pool.query(
      `INSERT INTO roles (account_id, name) VALUES (1, $1) ON CONFLICT (account_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [`matrix ${loginName}`],
    );
    await pool.query(`INSERT INTO user_roles VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, r.rows[0].id]);
    await pool.query(
      `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2) ON CONFLICT DO NOTHING`,
      [r.rows[0].id, patterns],
    );
  }
  return id;
}

export interface ActorFactory {
  /** A fresh token for the actor (null for noToken). */
  token(actor: Actor): Promise<string | null>;
}

export async function prepareActors(t: TestApp): Promise<ActorFactory> {
  const { pool } = t.database;
  const items = (await pool.query(`SELECT auth_pattern, type FROM permission_items WHERE active`)).rows as {
    auth_pattern: string;
    type: number;
  }[];
  const pages = items.filter((i) => i.type === 2).map((i) => i.auth_pattern);
  const pagesAndButtons = items.map((i) => i.auth_pattern).filter((p) => !(p in CAPABILITIES));
  const ids: Record<string, number> = {
    none: await ensureUser(pool, 'matrix.none', null),
    page: await ensureUser(pool, 'matrix.page', pages),
    pageButton: await ensureUser(pool, 'matrix.button', pagesAndButtons),
  };
  for (const [actor, login] of [
    ['shopA', 'shop.a'],
    ['shopB', 'shop.b'],
    ['admin', 'admin'],
    ['expired', 'sales.analyst'],
    ['godTarget', 'sales.manager'],
  ] as const) {
    ids[actor] = (await pool.query(`SELECT id FROM users WHERE login_name = $1`, [login])).rows[0].id;
  }
  const session = async (userId: number, extra: { impersonatorUserId?: number; parentSessionId?: number } = {}) =>
    createSession(t.database.db, policy, { userId, ip: '127.0.0.1', ...extra });
  return {
    async token(actor) {
      if (actor === 'noToken') return null;
      if (actor === 'expired') {
        const s = await session(ids.expired as number);
        await pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [s.sessionId]);
        return s.token;
      }
      if (actor === 'godView') {
        const parent = await session(ids.admin as number);
        return (await session(ids.godTarget as number, { impersonatorUserId: ids.admin, parentSessionId: parent.sessionId }))
          .token;
      }
      return (await session(ids[actor] as number)).token;
    },
  };
}
