/**
 * A share kind the app does not have, for tests only (share.test.ts, the permission matrix):
 * an account's own row, shared by the project board's holders. Its read also answers a
 * field its schema does not declare, which the public reply must drop.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AreaManifest, defineArea } from '../src/platform/area';
import { intId } from '../src/platform/audit/history.registry';

export const TEST_SHARE_KIND = 'test-account';
export const TEST_SHARE_PERMISSION = 'digitize:projectborard';

export const testShareArea: AreaManifest = defineArea({
  name: 'test-share',
  shareKinds: {
    [TEST_SHARE_KIND]: {
      permission: TEST_SHARE_PERMISSION,
      path: '/teambition/project',
      schema: z.object({ id: z.number().int(), name: z.string() }),
      async read(db, accountId, entityId) {
        const id = intId(entityId);
        if (id === null || id !== accountId) return null;
        const r = await db.execute<{ id: number; name: string }>(sql`SELECT id, name FROM accounts WHERE id = ${id}`);
        const row = r.rows[0];
        return row ? { id: Number(row.id), name: row.name, undeclared: 'never shown' } : null;
      },
    },
  },
});
