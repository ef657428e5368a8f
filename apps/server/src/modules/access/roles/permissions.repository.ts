import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

export interface PermissionItemRow {
  id: number;
  name: string;
  description: string;
  url: string;
  authPattern: string;
  type: number;
}

/** The active permission items a user holds through their roles. */
export async function permissionItemsOfUser(db: DbOrTx, userId: number): Promise<PermissionItemRow[]> {
  const res = await db.execute<PermissionItemRow & Record<string, unknown>>(sql`
    SELECT DISTINCT pi.id, pi.name, pi.description, pi.url, pi.auth_pattern AS "authPattern", pi.type
      FROM user_roles ur
      JOIN role_permissions rp ON rp.role_id = ur.role_id
      JOIN permission_items pi ON pi.id = rp.permission_id AND pi.active
     WHERE ur.user_id = ${userId}
     ORDER BY pi.id`);
  return res.rows;
}
