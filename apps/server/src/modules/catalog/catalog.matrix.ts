/** Permission-matrix rows of the catalogue (modules/catalog): products, model info, product links. */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

/** Rows of the product screens: company data for holders of product:* only, never the shop accounts. */
function catalogRows(): Record<string, Row> {
  const API = '/api/product/rest/v1';
  const READ = '401 401 403 200 200 403 403 200 200';
  const WRITE = '401 401 403 403 200 403 403 200 200';
  const product = async (c: CellContext) =>
    one(
      c.pool,
      `INSERT INTO products (model, name, name_en, product_line_id, category_code)
       SELECT $1, 'Matrix', 'Matrix', id, '6111' FROM product_lines WHERE code = '6111' RETURNING id, version`,
      [`MX-${c.n}`],
    );
  const sku = async (c: CellContext) =>
    one(c.pool, `INSERT INTO skus (sku, product_id) VALUES ($1, $2) RETURNING id, version`, [
      `MX-SKU-${c.n}`,
      (await product(c)).id,
    ]);
  const withInfo = async (c: CellContext) => {
    const p = await product(c);
    await c.pool.query(
      `INSERT INTO product_model_info (product_id, length_mm, width_mm, height_mm, net_weight_g, gross_weight_g, package_length_mm,
         package_width_mm, package_height_mm, power_pack, material, hs_code, country_of_origin)
       VALUES ($1, 10, 10, 10, 100, 120, 20, 20, 20, 0, 2, '940540', 'CN')`,
      [p.id],
    );
    return p;
  };
  const link = async (c: CellContext) => {
    const s = await sku(c);
    return one(
      c.pool,
      `INSERT INTO listings (shop_id, sku_id, asin, market_id, currency) SELECT id, $1, 'B0MATRIX01', 0, 'USD' FROM shops
        WHERE name = 'Lumio US' RETURNING id, version`,
      [s.id],
    );
  };
  const info = {
    lengthMm: 10,
    widthMm: 10,
    heightMm: 10,
    netWeightG: 100,
    grossWeightG: 120,
    packageLengthMm: 20,
    packageWidthMm: 20,
    packageHeightMm: 20,
    powerPack: 0,
    material: 2,
    hsCode: '940540',
    countryOfOrigin: 'CN',
  };
  return {
    'GET /api/product/rest/v1/products': { request: () => ({ url: `${API}/products` }), expect: READ },
    'GET /api/product/rest/v1/products/excel': { request: () => ({ url: `${API}/products/excel` }), expect: WRITE },
    'GET /api/product/rest/v1/products/:id': {
      request: async (c) => ({ url: `${API}/products/${(await product(c)).id}` }),
      expect: READ,
    },
    'GET /api/product/rest/v1/products/:id/sales': {
      request: async (c) => ({ url: `${API}/products/${(await product(c)).id}/sales` }),
      expect: READ,
    },
    'POST /api/product/rest/v1/products': {
      request: async (c) => {
        const line = await one(c.pool, `SELECT id FROM product_lines WHERE code = '6111'`);
        return {
          url: `${API}/products`,
          body: { model: `MC-${c.n}`, name: 'M', nameEn: 'M', productLineId: line.id, categoryCode: '6111', lifecycle: 0 },
        };
      },
      expect: WRITE,
    },
    'PUT /api/product/rest/v1/products': {
      request: async (c) => {
        const p = await product(c);
        const line = await one(c.pool, `SELECT id FROM product_lines WHERE code = '6111'`);
        return {
          url: `${API}/products`,
          body: {
            id: p.id,
            version: p.version,
            model: `MU-${c.n}`,
            name: 'M',
            nameEn: 'M',
            productLineId: line.id,
            categoryCode: '6111',
            lifecycle: 1,
          },
        };
      },
      expect: WRITE,
    },
    'DELETE /api/product/rest/v1/products/:id': {
      request: async (c) => ({ url: `${API}/products/${(await product(c)).id}` }),
      expect: WRITE,
    },
    'POST /api/product/rest/v1/products/:id/skus': {
      request: async (c) => ({ url: `${API}/products/${(await product(c)).id}/skus`, body: { sku: `MS-${c.n}` } }),
      expect: WRITE,
    },
    'PUT /api/product/rest/v1/products/skus/:skuId': {
      request: async (c) => {
        const s = await sku(c);
        return { url: `${API}/products/skus/${s.id}`, body: { variant: 'red', version: s.version } };
      },
      expect: WRITE,
    },
    'DELETE /api/product/rest/v1/products/skus/:skuId': {
      request: async (c) => ({ url: `${API}/products/skus/${(await sku(c)).id}` }),
      expect: WRITE,
    },
    'GET /api/product/rest/v1/model-info': { request: () => ({ url: `${API}/model-info` }), expect: READ },
    'POST /api/product/rest/v1/model-info': {
      request: async (c) => ({ url: `${API}/model-info`, body: { productId: (await product(c)).id, ...info } }),
      expect: WRITE,
    },
    'PUT /api/product/rest/v1/model-info': {
      request: async (c) => ({ url: `${API}/model-info`, body: { productId: (await withInfo(c)).id, version: 1, ...info } }),
      expect: WRITE,
    },
    'DELETE /api/product/rest/v1/model-info/:productId': {
      request: async (c) => ({ url: `${API}/model-info/${(await withInfo(c)).id}` }),
      expect: WRITE,
    },
    'GET /api/product/rest/v1/links': { request: () => ({ url: `${API}/links` }), expect: READ },
    'GET /api/product/rest/v1/links/skus': {
      request: () => ({ url: `${API}/links/skus`, query: { keyword: 'H' } }),
      expect: READ,
    },
    'POST /api/product/rest/v1/links': {
      request: async (c) => {
        const s = await sku(c);
        const shop = await one(c.pool, `SELECT id FROM shops WHERE name = 'Lumio US'`);
        return { url: `${API}/links`, body: { skuId: s.id, shopId: shop.id, asin: 'B0MATRIX02' } };
      },
      expect: WRITE,
    },
    'PUT /api/product/rest/v1/links': {
      request: async (c) => {
        const l = await link(c);
        return { url: `${API}/links`, body: { id: l.id, version: l.version, asin: 'B0MATRIX03', status: 0 } };
      },
      expect: WRITE,
    },
    'DELETE /api/product/rest/v1/links/:id': {
      request: async (c) => ({ url: `${API}/links/${(await link(c)).id}` }),
      expect: WRITE,
    },
  };
}

/** The catalogue's rows of the permission matrix (read by test/matrix/rows.ts through modules/areas.ts). */
export const matrixRows = (): Record<string, Row> => catalogRows();
