/**
 * Permission-matrix rows of the desktop app products and updates: each screen's permission reads
 * (and previews the update call), its buttons write (create; edit for edits and state moves;
 * delete). The update call itself is public. Each write cell makes its own product or release.
 */
import { one, PUBLIC_OK } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const API = '/api/desktopapps/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';
const SHA = 'a'.repeat(64);

const freshProduct = (c: CellContext) =>
  one(c.pool, `INSERT INTO desktop_app_products (code, name_en, platforms) VALUES ($1, $1, '{windows}') RETURNING id, version`, [
    `mx-${c.n}`,
  ]);

async function freshRelease(c: CellContext, state = 'draft') {
  const p = await freshProduct(c);
  const r = await one(
    c.pool,
    `INSERT INTO desktop_app_releases (product_id, release_version, v_major, v_minor, v_patch, channel, platform,
            download_url, sha256, notes_en, state, percentage)
     VALUES ($1, '1.0.0', 1, 0, 0, 'stable', 'windows', 'https://example.com/a.exe', $2, 'n', $3, $4) RETURNING id, version`,
    [p.id, SHA, state, state === 'draft' ? 0 : 10],
  );
  return { productId: Number(p.id), id: Number(r.id), version: Number(r.version) };
}

const releaseBody = (productId: number) => ({
  productId,
  version: '1.0.0',
  platform: 'windows',
  downloadUrl: 'https://example.com/a.exe',
  sha256: SHA,
  notesEn: 'Matrix',
});

export function matrixRows(): Record<string, Row> {
  return {
    [`GET ${API}/products`]: { request: () => ({ url: `${API}/products` }), expect: READ },
    [`POST ${API}/products`]: {
      request: (c) => ({ url: `${API}/products`, body: { code: `mxc-${c.n}`, nameEn: 'Matrix', platforms: ['windows'] } }),
      expect: WRITE,
    },
    [`PUT ${API}/products/:id`]: {
      request: async (c) => {
        const p = await freshProduct(c);
        return {
          url: `${API}/products/${p.id}`,
          body: { code: `mx-${c.n}`, nameEn: 'Renamed', platforms: ['windows', 'macos'], version: p.version },
        };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/products/:id`]: {
      request: async (c) => ({ url: `${API}/products/${(await freshProduct(c)).id}` }),
      expect: WRITE,
    },
    [`GET ${API}/releases`]: { request: () => ({ url: `${API}/releases`, query: { state: 'rolling' } }), expect: READ },
    [`GET ${API}/releases/products`]: { request: () => ({ url: `${API}/releases/products` }), expect: READ },
    [`POST ${API}/releases`]: {
      request: async (c) => ({ url: `${API}/releases`, body: releaseBody(Number((await freshProduct(c)).id)) }),
      expect: WRITE,
    },
    [`PUT ${API}/releases/:id`]: {
      request: async (c) => {
        const r = await freshRelease(c);
        return { url: `${API}/releases/${r.id}`, body: { ...releaseBody(r.productId), version: '1.0.1', rowVersion: r.version } };
      },
      expect: WRITE,
    },
    [`POST ${API}/releases/:id/actions`]: {
      request: async (c) => {
        const r = await freshRelease(c);
        return { url: `${API}/releases/${r.id}/actions`, body: { action: 'rollout', percentage: 10, rowVersion: r.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/releases/:id`]: {
      request: async (c) => ({ url: `${API}/releases/${(await freshRelease(c)).id}` }),
      expect: WRITE,
    },
    [`POST ${API}/releases/check`]: {
      request: () => ({
        url: `${API}/releases/check`,
        body: { product: 'lumio-desktop', platform: 'windows', version: '2.3.0', device: 'matrix' },
      }),
      expect: READ,
    },
    'GET /api/app/v1/desktop/update': {
      request: () => ({
        url: '/api/app/v1/desktop/update',
        query: { product: 'lumio-desktop', platform: 'windows', version: '2.3.0', device: 'matrix' },
      }),
      expect: PUBLIC_OK,
    },
  };
}
