/** Permission-matrix rows of the keyword routing rules, read by mail.matrix.ts. */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';

/** Keyword routing rules (/mail/setKeyWord, /mail/productKeyWord): each page its own permission, same actors. */
export function keywordRows(kind: 'dialogue' | 'product', READ: string, WRITE: string): Record<string, Row> {
  const API = `/api/email/rest/v1/keywords/${kind}`;
  const target = async (c: CellContext) =>
    kind === 'dialogue' ? 1 : (await one(c.pool, `SELECT id FROM product_lines WHERE code = '6111'`)).id;
  const rule = async (c: CellContext) =>
    one(
      c.pool,
      `INSERT INTO mail_keyword_rules (account_id, kind, keyword, target_id) VALUES (1, $1, $2, $3) RETURNING id, version`,
      [kind, `matrix fresh ${c.n}`, await target(c)],
    );
  return {
    [`GET ${API}`]: { request: () => ({ url: API }), expect: READ },
    [`POST ${API}/test`]: { request: () => ({ url: `${API}/test`, body: { subject: 'refund', body: '' } }), expect: READ },
    [`POST ${API}`]: {
      request: async (c) => ({ url: API, body: { keyword: `matrix ${c.n}`, targetId: await target(c) } }),
      expect: WRITE,
    },
    [`PUT ${API}`]: {
      request: async (c) => {
        const r = await rule(c);
        return { url: API, body: { id: r.id, version: r.version, keyword: `matrix changed ${c.n}`, targetId: await target(c) } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/:id`]: { request: async (c) => ({ url: `${API}/${(await rule(c)).id}` }), expect: WRITE },
  };
}
