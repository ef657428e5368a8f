/**
 * Test fixtures of the projects area: the demo users a test needs as project managers besides
 * pm, and the internal account's user ids by login name.
 */
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';

/**
 * Gives `logins` the internal account's project manager role (in the demo only pm holds it), so
 * they may approve or take part, and answers the internal account's user ids by login name.
 */
export async function projectManagers(t: TestApp, logins: readonly string[]): Promise<Record<string, number>> {
  await t.database.pool.query(
    `INSERT INTO user_roles SELECT u.id, r.id FROM users u, roles r
      WHERE u.login_name = ANY($1::text[]) AND r.name = 'project manager' AND r.account_id = 1
     ON CONFLICT DO NOTHING`,
    [logins],
  );
  const users = await t.database.db.execute<{ id: number; login_name: string }>(
    sql`SELECT id, login_name FROM users WHERE account_id = 1`,
  );
  return Object.fromEntries(users.rows.map((r) => [r.login_name, Number(r.id)]));
}
