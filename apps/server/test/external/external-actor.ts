/**
 * The external actor of the sweep: shop.a (user type 0, an account of its own) holding
 * every permission an external shop account can hold, through a role of its own account.
 */
import { PERMISSION_CATALOGUE, SHOP_REQUIRED_PATTERNS } from '@bo/contract';
import type { Pool } from 'pg';
import { createSession } from '../../src/platform/auth/sessions.service';
import type { TestApp } from '../harness';

/**
 * What a type-0 account can hold: the 22 shop patterns of spec §2.1 (sales, orders,
 * listings, e-mail and product analysis of its own shops) with every button under them,
 * and its own shop authorisation (`user:shop:auth` and its buttons). Company master data
 * (products, costs, teams, rates, templates), user and role administration, advertising
 * and the audit log are the internal account's, and `user:godView` is never an external
 * account's.
 */
const SHOP_PAGES: ReadonlySet<string> = new Set([...SHOP_REQUIRED_PATTERNS, 'user:shop:auth']);
export const EXTERNAL_PATTERNS: readonly string[] = PERMISSION_CATALOGUE.filter(
  (p) => SHOP_PAGES.has(p.authPattern) || (p.parent !== undefined && SHOP_PAGES.has(p.parent)),
).map((p) => p.authPattern);

/** May a type-0 account call an endpoint of this access? */
export const externalMayCall = (access: string | undefined) =>
  access === 'public' || access === 'login' || (access !== undefined && EXTERNAL_PATTERNS.includes(access));

/** Gives shop.a a role of its own account with every external pattern; answers a fresh-token factory. */
export async function prepareExternalActor(t: TestApp): Promise<{ userId: number; token: () => Promise<string> }> {
  const pool: Pool = t.database.pool;
  const u = (await pool.query(`SELECT id, account_id FROM users WHERE login_name = 'shop.a'`)).rows[0];
  const role = (
    await pool.query(`INSERT INTO roles (account_id, name) VALUES ($1, 'every external permission') RETURNING id`, [u.account_id])
  ).rows[0];
  await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [u.id, role.id]);
  const granted = await pool.query(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE active AND auth_pattern = ANY($2) RETURNING permission_id`,
    [role.id, EXTERNAL_PATTERNS],
  );
  if (granted.rowCount !== EXTERNAL_PATTERNS.length) throw new Error('an external pattern is missing from permission_items');
  const policy = { idleSeconds: 1800, absoluteSeconds: 43200 };
  return {
    userId: Number(u.id),
    token: async () => (await createSession(t.database.db, policy, { userId: Number(u.id), ip: '127.0.0.1' })).token,
  };
}
