/**
 * Permission-matrix rows of customs (modules/customs): reads need the page, writes its button
 * (page holders 403). The external shop accounts hold none of these patterns (and are refused
 * anyway: company data); god view looks as the sales manager, who holds none either. Each write
 * cell makes a fresh model of its own, so the model x destination pair is always free.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const API = '/api/customs/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';

async function freshModel(c: CellContext): Promise<number> {
  const line = await one(c.pool, `SELECT id, code FROM product_lines WHERE code IS NOT NULL ORDER BY id LIMIT 1`);
  const p = await one(
    c.pool,
    `INSERT INTO products (model, name, name_en, product_line_id, category_code, lifecycle)
     VALUES ($1, $1, $1, $2, $3, 1) RETURNING id`,
    [`MXCUS-${c.n}`, line.id, line.code],
  );
  return Number(p.id);
}

const body = (productId: number) => ({
  productId,
  country: 'US',
  hsCode: '9405420000',
  declaredName: '灯带',
  declaredNameEn: 'LED strip',
  material: 'PCB',
  usage: 'Lighting',
  unitValue: 5,
});

async function freshRecord(c: CellContext) {
  const productId = await freshModel(c);
  const r = await one(
    c.pool,
    `INSERT INTO customs_basics (product_id, country, hs_code, declared_name, declared_name_en, material, usage,
            unit_value, currency, declare_unit, rebate_pct)
     VALUES ($1, 'US', '9405420000', '灯带', 'LED strip', 'PCB', 'Lighting', 5, 'USD', 'pcs', 13) RETURNING id, version`,
    [productId],
  );
  return { productId, id: Number(r.id), version: Number(r.version) };
}

export function matrixRows(): Record<string, Row> {
  return {
    [`GET ${API}/basics`]: { request: () => ({ url: `${API}/basics`, query: { country: 'US' } }), expect: READ },
    [`GET ${API}/basics/missing`]: { request: () => ({ url: `${API}/basics/missing`, query: { country: 'JP' } }), expect: READ },
    [`GET ${API}/basics/models`]: { request: () => ({ url: `${API}/basics/models`, query: { keyword: 'H' } }), expect: READ },
    [`POST ${API}/basics`]: {
      request: async (c) => ({ url: `${API}/basics`, body: body(await freshModel(c)) }),
      expect: WRITE,
    },
    [`PUT ${API}/basics/:id`]: {
      request: async (c) => {
        const r = await freshRecord(c);
        return { url: `${API}/basics/${r.id}`, body: { ...body(r.productId), unitValue: 6, version: r.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/basics/:id`]: {
      request: async (c) => ({ url: `${API}/basics/${(await freshRecord(c)).id}` }),
      expect: WRITE,
    },
  };
}
