/**
 * Permission-matrix rows of the H5 pages: each screen's permission reads, previews, uploads and
 * picks; its buttons write (create; edit for saves and state moves; delete). Each write cell
 * makes its own page straight in the table. The public media route is public (404 for a file no
 * published page names: the cell asks for one that is live).
 */
import type { H5Group } from '@bo/contract/h5pages/h5-pages';
import { one, PUBLIC_OK } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';
import { bannerImage } from '../appcontent/appcontent.seed';

const API = '/api/h5pages/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';
const SEGMENT: Record<H5Group, string> = { h5Making: 'pages', h5ActivityMaking: 'activities' };

const bodyOf = (group: H5Group, slug: string) => ({
  type: group === 'h5Making' ? 'page' : 'activityHome',
  slug,
  titleEn: 'Matrix',
  blocks: [{ kind: 'heading', textEn: 'Hello' }],
  ...(group === 'h5Making' ? {} : { windowStart: '2026-01-01T00:00:00Z', windowEnd: '2026-02-01T00:00:00Z' }),
});

function freshPage(c: CellContext, group: H5Group) {
  const b = bodyOf(group, `mx-${group.toLowerCase()}-${c.n}`);
  const draft = {
    ...b,
    titleZh: '',
    blocks: [{ kind: 'heading', textZh: '', textEn: 'Hello', level: 2, font: null, color: null, align: 'left' }],
    windowStart: b.windowStart ?? null,
    windowEnd: b.windowEnd ?? null,
    childIds: [],
    productSku: null,
    launchDate: null,
  };
  return one(
    c.pool,
    `INSERT INTO h5_pages (type, slug, title_en, draft) VALUES ($1, $2, 'Matrix', $3) RETURNING id, version, slug`,
    [b.type, b.slug, JSON.stringify(draft)],
  );
}

function groupRows(group: H5Group): Record<string, Row> {
  const B = `${API}/${SEGMENT[group]}`;
  return {
    [`GET ${B}`]: { request: () => ({ url: B }), expect: READ },
    [`GET ${B}/:id`]: { request: async (c) => ({ url: `${B}/${(await freshPage(c, group)).id}` }), expect: READ },
    [`POST ${B}`]: { request: (c) => ({ url: B, body: bodyOf(group, `mxc-${group.toLowerCase()}-${c.n}`) }), expect: WRITE },
    [`PUT ${B}/:id`]: {
      request: async (c) => {
        const p = await freshPage(c, group);
        return { url: `${B}/${p.id}`, body: { ...bodyOf(group, p.slug), version: p.version } };
      },
      expect: WRITE,
    },
    [`POST ${B}/:id/actions`]: {
      request: async (c) => {
        const p = await freshPage(c, group);
        return { url: `${B}/${p.id}/actions`, body: { action: 'publish', version: p.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${B}/:id`]: { request: async (c) => ({ url: `${B}/${(await freshPage(c, group)).id}` }), expect: WRITE },
    [`POST ${B}/preview`]: {
      request: (c) => ({ url: `${B}/preview`, body: { ...bodyOf(group, `mxp-${c.n}`), lang: 'en-US' } }),
      expect: READ,
    },
    [`POST ${B}/image`]: {
      request: async (c) => ({
        url: `${B}/image`,
        multipart: {
          fields: {},
          file: { name: `h5-${c.n}.png`, bytes: await bannerImage('home', `m${c.n}`, '#000000', '#ffffff') },
        },
      }),
      expect: READ,
    },
    [`GET ${B}/skus`]: { request: () => ({ url: `${B}/skus` }), expect: READ },
    [`GET ${B}/choices`]: { request: () => ({ url: `${B}/choices` }), expect: READ },
  };
}

/** A published page naming an image file of the store (the seeded banners' first image). */
async function liveImage(c: CellContext): Promise<number> {
  const img = await one(
    c.pool,
    `SELECT (payload->>'imageFileId')::int AS id FROM app_content WHERE kind = 'banner' ORDER BY id LIMIT 1`,
  );
  const block = { kind: 'image', fileId: img.id, width: 1080, height: 540, altZh: '', altEn: 'x', link: '' };
  const content = {
    type: 'page',
    titleZh: '',
    titleEn: 'Media',
    blocks: [block],
    windowStart: null,
    windowEnd: null,
    childIds: [],
    productSku: null,
    launchDate: null,
  };
  await c.pool.query(
    `INSERT INTO h5_pages (type, slug, state, title_en, draft, live, published_at) VALUES ('page', $1, 'published', 'Media', $2, $2, now())`,
    [`mx-media-${c.n}`, JSON.stringify(content)],
  );
  return Number(img.id);
}

export function matrixRows(): Record<string, Row> {
  return {
    ...groupRows('h5Making'),
    ...groupRows('h5ActivityMaking'),
    'GET /api/h5pages/v1/media/:id': {
      request: async (c) => ({ url: `/api/h5pages/v1/media/${await liveImage(c)}` }),
      expect: PUBLIC_OK,
    },
    // The public page itself: the same answer for everyone, signed in or not.
    'GET /h5/:slug': {
      request: async (c) => {
        await liveImage(c);
        return { url: `/h5/mx-media-${c.n}` };
      },
      expect: PUBLIC_OK,
    },
  };
}
