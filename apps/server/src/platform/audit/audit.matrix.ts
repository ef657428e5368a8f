/** Permission-matrix rows of the audit log and record history (platform/audit, listed with the areas). */
import { one } from '../../../test/matrix/cells';
import type { Row } from '../../../test/matrix/rows';

/** The audit log's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
export const matrixRows = (): Record<string, Row> => ({
  'GET /api/user/rest/v1/audit-log': {
    request: () => ({ url: '/api/user/rest/v1/audit-log' }),
    expect: '401 401 403 200 200 403 403 200 403',
  },
  // A link of a company shop: its reader asks for product:link, and a shop account would not see it.
  'GET /api/user/rest/v1/history/:entity/:entityId': {
    request: async (c) => {
      const l = await one(
        c.pool,
        `SELECT l.id FROM listings l JOIN shops s ON s.id = l.shop_id WHERE s.account_id = 1 ORDER BY l.id LIMIT 1`,
      );
      return { url: `/api/user/rest/v1/history/listing/${l.id}` };
    },
    expect: '401 401 403 200 200 403 403 200 200',
  },
});
