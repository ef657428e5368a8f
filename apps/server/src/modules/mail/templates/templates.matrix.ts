/** Permission-matrix rows of the mail templates (/mailTemplate, /faqtemplate), read by mail.matrix.ts. */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';

/** Company configuration of customer service: holders of userCenter:cs:configuration, never the shop accounts. */
export function templateRows(): Record<string, Row> {
  const API = '/api/email/rest/v1/reply/templates';
  const READ = '401 401 403 200 200 403 403 200 403';
  const WRITE = '401 401 403 403 200 403 403 200 403';
  const body = (c: CellContext) => ({
    kind: 'reply',
    scope: 'shared',
    name: `matrix template ${c.n}`,
    category: 'shipping',
    language: 'en',
    marketId: null,
    subject: 'Order {{orderId}}',
    body: '<p>Hi {{buyerName}}</p>',
  });
  const fresh = (c: CellContext) =>
    one(
      c.pool,
      `INSERT INTO mail_templates (account_id, kind, name, category, language, subject, body, created_by, updated_by)
       VALUES (1, 'reply', $1, 'shipping', 'en', '', '<p>Hi</p>', 1, 1) RETURNING id, version`,
      [`matrix fresh template ${c.n}`],
    );
  return {
    'GET /api/email/rest/v1/reply/templates': { request: () => ({ url: API }), expect: READ },
    'GET /api/email/rest/v1/reply/templates/:templateId/content': {
      request: async (c) => ({ url: `${API}/${(await fresh(c)).id}/content` }),
      expect: READ,
    },
    'POST /api/email/rest/v1/reply/templates': { request: (c) => ({ url: API, body: body(c) }), expect: WRITE },
    'PUT /api/email/rest/v1/reply/templates': {
      request: async (c) => {
        const f = await fresh(c);
        return { url: API, body: { ...body(c), templateId: f.id, version: f.version } };
      },
      expect: WRITE,
    },
    'DELETE /api/email/rest/v1/reply/templates/:templateId': {
      request: async (c) => ({ url: `${API}/${(await fresh(c)).id}` }),
      expect: WRITE,
    },
  };
}
