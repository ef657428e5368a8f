/**
 * Who may read the history of departments and employees (platform/audit/history.registry.ts):
 * the /organization screen's holders, of the account the record belongs to.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { HistoryReaderMap } from '../../platform/area';
import { accountOwned } from '../../platform/audit/history.registry';

const accountIn = (table: 'org_departments' | 'org_employees') => async (db: DbOrTx, id: number) => {
  const res = await db.execute<{ account_id: number }>(sql`SELECT account_id FROM ${sql.identifier(table)} WHERE id = ${id}`);
  return res.rows[0]?.account_id ?? null;
};

export const organizationHistory: HistoryReaderMap = {
  org_department: { permission: 'user:organization', canSee: accountOwned('org_department', accountIn('org_departments')) },
  org_employee: { permission: 'user:organization', canSee: accountOwned('org_employee', accountIn('org_employees')) },
};
