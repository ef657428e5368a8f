/**
 * Reference data every installation needs, applied at every start (idempotent): the
 * permission catalogue from the contract, the administrator role holding all of it,
 * subsystems, product lines and positions, and the built-in administrator.
 */
import { randomBytes } from 'node:crypto';
import { CATEGORY_LINES, INTERNAL_ACCOUNT_ID, PERMISSION_CATALOGUE, USER_TYPE } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { textSet } from '../db/sql';
import { hashPassword } from '../platform/auth/password';

export const ADMIN_ROLE_NAME = 'administrator';

export async function syncPermissionCatalogue(db: DbOrTx): Promise<void> {
  const items = PERMISSION_CATALOGUE;
  await db.execute(sql`
    INSERT INTO permission_items (auth_pattern, type, name, description, url, group_code, parent_pattern, active)
    SELECT x.auth_pattern, x.type, x.name, x.description, x.url, x.group_code, x.parent_pattern, true
      FROM jsonb_to_recordset(${JSON.stringify(
        items.map((i) => ({
          auth_pattern: i.authPattern,
          type: i.type,
          name: i.name,
          description: i.description,
          url: i.url,
          group_code: i.group,
          parent_pattern: i.parent ?? null,
        })),
      )}::jsonb) AS x(auth_pattern text, type smallint, name text, description text, url text, group_code text, parent_pattern text)
    ON CONFLICT (auth_pattern) DO UPDATE SET
      type = EXCLUDED.type, name = EXCLUDED.name, description = EXCLUDED.description, url = EXCLUDED.url,
      group_code = EXCLUDED.group_code, parent_pattern = EXCLUDED.parent_pattern, active = true`);
  await db.execute(sql`
    UPDATE permission_items SET active = false
     WHERE active AND auth_pattern NOT IN ${textSet(items.map((i) => i.authPattern))}`);
}

const SUBSYSTEMS = [
  ['sales', '销售', 'Sales', '/dashboard/index'],
  ['ppc', '广告', 'Advertising', '/ppc/index'],
  ['mail', '客服', 'Customer service', '/mail/index'],
  ['scm', '供应链', 'Supply chain', '/masterPlan'],
  ['project', '项目', 'Projects', '/projectBoard'],
  ['app', 'App 运营', 'App operations', '/appUserMgr'],
] as const;

const PARENT_LINES = [
  ['照明', 'Lighting', ['6111', '6112', '6113', '6121', '6131', '6011', '6012', '6013', '6014', '6015']],
  ['智能家居', 'Smart home', ['7011', '7012', '5111', '5112', '7111']],
  ['停产', 'End of life', ['1011']],
] as const;

/** Product positions: Chinese and English name. */
const POSITIONS = [
  ['引流款', 'Traffic driver'],
  ['利润款', 'Profit maker'],
  ['形象款', 'Flagship'],
  ['常规款', 'Regular'],
  ['清仓款', 'Clearance'],
] as const;

async function seedReferenceData(db: DbOrTx): Promise<void> {
  for (const [i, [code, name, nameEn, url]] of SUBSYSTEMS.entries()) {
    await db.execute(sql`
      INSERT INTO subsystems (code, name, name_en, url, sort) VALUES (${code}, ${name}, ${nameEn}, ${url}, ${i})
      ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, name_en = EXCLUDED.name_en, url = EXCLUDED.url, sort = EXCLUDED.sort`);
  }
  const existing = await db.execute(sql`SELECT count(*)::int AS n FROM product_lines`);
  if (Number(existing.rows[0]?.n) === 0) {
    for (const [name, nameEn, codes] of PARENT_LINES) {
      const parent = await db.execute<{ id: number }>(
        sql`INSERT INTO product_lines (name, name_en) VALUES (${name}, ${nameEn}) RETURNING id`,
      );
      const parentId = parent.rows[0]?.id;
      for (const code of codes) {
        const line = CATEGORY_LINES.find((l) => l.code === code);
        if (!line) continue;
        await db.execute(
          sql`INSERT INTO product_lines (name, name_en, code, parent_id) VALUES (${line.zh}, ${line.en}, ${line.code}, ${parentId})`,
        );
      }
    }
  }
  for (const [name, nameEn] of POSITIONS) {
    // A position a user has given an English name keeps it; a missing one is filled in.
    await db.execute(sql`
      INSERT INTO product_positions (name, name_en) VALUES (${name}, ${nameEn})
      ON CONFLICT (name) DO UPDATE SET name_en = EXCLUDED.name_en WHERE product_positions.name_en = ''`);
  }
}

/** The administrator role of the internal account holds every active permission item. */
async function syncAdministratorRole(db: DbOrTx): Promise<number> {
  const r = await db.execute<{ id: number }>(sql`
    INSERT INTO roles (account_id, name, description, builtin)
    VALUES (${INTERNAL_ACCOUNT_ID}, ${ADMIN_ROLE_NAME}, 'Every permission; kept in step with the catalogue', true)
    ON CONFLICT (account_id, name) DO UPDATE SET builtin = true
    RETURNING id`);
  const roleId = Number(r.rows[0]?.id);
  await db.execute(sql`
    INSERT INTO role_permissions (role_id, permission_id)
    SELECT ${roleId}, id FROM permission_items WHERE active
    ON CONFLICT DO NOTHING`);
  return roleId;
}

export interface ReferenceResult {
  /** Set when the administrator was created now with a generated password. */
  generatedAdminPassword: string | null;
}

export async function applyReferenceData(db: Db, opts: { adminPassword?: string }): Promise<ReferenceResult> {
  // Hash outside the transaction: it is the slow part.
  const generated = opts.adminPassword ? null : randomBytes(9).toString('base64url');
  const adminHash = await hashPassword(opts.adminPassword ?? generated ?? '');
  return db.transaction(async (tx) => {
    // Several processes may start at once: one applies, the others wait and find it done.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274002)`);
    await syncPermissionCatalogue(tx);
    await seedReferenceData(tx);
    const roleId = await syncAdministratorRole(tx);
    await tx.execute(sql`
      INSERT INTO accounts (id, name) VALUES (${INTERNAL_ACCOUNT_ID}, 'Company')
      ON CONFLICT (id) DO NOTHING`);
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('accounts', 'id'), GREATEST((SELECT max(id) FROM accounts), 1))`);
    const admin = await tx.execute<{ id: number }>(sql`
      INSERT INTO users (account_id, login_name, user_name, password_hash, user_type, builtin, account_owner, email)
      VALUES (${INTERNAL_ACCOUNT_ID}, 'admin', 'Administrator', ${adminHash}, ${USER_TYPE.STAFF}, true, true, 'admin@example.com')
      ON CONFLICT ((lower(login_name))) DO NOTHING
      RETURNING id`);
    const created = admin.rows.length > 0;
    await tx.execute(sql`
      INSERT INTO user_roles (user_id, role_id)
      SELECT id, ${roleId} FROM users WHERE builtin AND lower(login_name) = 'admin'
      ON CONFLICT DO NOTHING`);
    return { generatedAdminPassword: created ? generated : null };
  });
}
