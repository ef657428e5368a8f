/**
 * `npm run users -- <command>`: account chores for an operator.
 *   list                      every user with state and roles
 *   enable <loginName>        enable a user (e.g. a registration waiting for approval)
 *   disable <loginName>       disable a user; their sessions end at once
 *   password <loginName> <pw> set a password; the user's sessions end
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (running or not).
 */
import { sql } from 'drizzle-orm';
import { audit } from '../platform/audit/audit.service';
import { hashPassword } from '../platform/auth/password';
import { revokeUserSessions } from '../platform/auth/sessions.service';
import { exitWith, withCliDatabase } from './cli';

const [cmd, name, pw] = process.argv.slice(2);
const usage = 'usage: npm run users -- list | enable <loginName> | disable <loginName> | password <loginName> <newPassword>';

async function main(): Promise<number> {
  if (
    !cmd ||
    !['list', 'enable', 'disable', 'password'].includes(cmd) ||
    (cmd !== 'list' && !name) ||
    (cmd === 'password' && !pw)
  ) {
    console.error(usage);
    return 2;
  }
  return withCliDatabase(async (db) => {
    if (cmd === 'list') {
      const r = await db.execute<{
        login_name: string;
        user_name: string;
        account_id: number;
        state: string;
        enabled: boolean;
        roles: string | null;
      }>(sql`
        SELECT u.login_name, u.user_name, u.account_id, u.state, u.enabled,
               (SELECT string_agg(r.name, ', ') FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles
          FROM users u ORDER BY u.account_id, u.id`);
      for (const u of r.rows) {
        console.log(
          `${u.login_name.padEnd(20)} account ${String(u.account_id).padEnd(4)} ${(u.enabled ? u.state : 'disabled').padEnd(9)} ${u.roles ?? ''}`,
        );
      }
      return 0;
    }
    const found = await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE lower(login_name) = lower(${name})`);
    const id = found.rows[0]?.id;
    if (!id) {
      console.error(`no user named ${name}`);
      return 1;
    }
    const hash = cmd === 'password' ? await hashPassword(pw ?? '') : null;
    await db.transaction(async (tx) => {
      if (cmd === 'enable')
        await tx.execute(sql`UPDATE users SET enabled = true, state = 'active', version = version + 1 WHERE id = ${id}`);
      if (cmd === 'disable') {
        await tx.execute(sql`UPDATE users SET enabled = false, version = version + 1 WHERE id = ${id} AND NOT builtin`);
        await revokeUserSessions(tx, id);
      }
      if (hash) {
        await tx.execute(
          sql`UPDATE users SET password_hash = ${hash}, password_changed_at = now(), version = version + 1 WHERE id = ${id}`,
        );
        await revokeUserSessions(tx, id);
      }
      const action = cmd === 'enable' ? 'user.enable.cli' : cmd === 'disable' ? 'user.disable.cli' : 'user.password.cli';
      await audit(tx, null, { action, entity: 'user', entityId: id });
    });
    console.log(`${cmd}: done for ${name}`);
    return 0;
  });
}

exitWith(main);
