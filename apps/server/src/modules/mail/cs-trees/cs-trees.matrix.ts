/** Permission-matrix rows of the problem and demand trees, read by mail.matrix.ts. */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';

/** Problem and demand trees (/problemTree, /demandTree): the same permission as the templates. */
export function csTreeRows(READ: string, WRITE: string): Record<string, Row> {
  const API = '/api/email/rest/v1/cs-trees';
  const node = (c: CellContext) =>
    one(
      c.pool,
      `INSERT INTO cs_tree_nodes (account_id, kind, name, sort) VALUES (1, 'problem', $1, 1000 + $2) RETURNING id, version`,
      [`matrix node ${c.n}`, c.n],
    );
  return {
    'GET /api/email/rest/v1/cs-trees/:kind': { request: () => ({ url: `${API}/problem` }), expect: READ },
    'POST /api/email/rest/v1/cs-trees/:kind': {
      request: (c) => ({ url: `${API}/demand`, body: { parentId: null, name: `matrix demand ${c.n}` } }),
      expect: WRITE,
    },
    'PUT /api/email/rest/v1/cs-trees/:kind': {
      request: async (c) => {
        const n = await node(c);
        return {
          url: `${API}/problem`,
          body: { id: n.id, version: n.version, name: `matrix renamed ${c.n}`, nameEn: '', enabled: false },
        };
      },
      expect: WRITE,
    },
    'PUT /api/email/rest/v1/cs-trees/:kind/move': {
      request: async (c) => {
        const n = await node(c);
        return { url: `${API}/problem/move`, body: { id: n.id, version: n.version, parentId: null, index: 0 } };
      },
      expect: WRITE,
    },
    'DELETE /api/email/rest/v1/cs-trees/:kind/:id': {
      request: async (c) => ({ url: `${API}/problem/${(await node(c)).id}` }),
      expect: WRITE,
    },
  };
}
