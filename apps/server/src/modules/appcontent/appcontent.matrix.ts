/**
 * Permission-matrix rows of the app content: each slot of each kind (banners' three, FAQ,
 * roadmap, app guides, buying guides and their SKU choices, the light effects' three libraries,
 * colour store, recommended colours and graphics): its screen permission reads, its
 * buttons write (create, edit for edits and state moves, delete); the app keys' screen the same;
 * the app's read API and its images are public.
 */
import { BANNER_SLOTS, type BannerSlot } from '@bo/contract/appcontent/banners';
import { LIGHT_EFFECT_SLOTS } from '@bo/contract/appcontent/light-effects';
import { one, PUBLIC_OK } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';
import { deviceKindRows } from '../appdevices/appdevices.matrix';
import { bannerImage } from './appcontent.seed';
import { catalogueKindRows } from './catalogue-kinds.matrix';
import { coverRows } from './covers/covers.matrix';
import { dreamViewRows } from './dreamview/dreamview.matrix';
import { iconRows } from './icons/icons.matrix';
import { relatedRows } from './related/related.matrix';
import { themeRows } from './themes/themes.matrix';

const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';

/** A seeded banner's image of the slot (the demo seed stores one per banner). */
const seededImage = async (c: CellContext, slot: BannerSlot) =>
  one(
    c.pool,
    `SELECT (payload->>'imageFileId')::int AS id, payload FROM app_content WHERE slot = $1 AND state = 'published' ORDER BY id LIMIT 1`,
    [slot],
  );
/** A fresh draft banner of the slot, on the seeded image. */
async function draft(c: CellContext, slot: BannerSlot) {
  const img = await seededImage(c, slot);
  return one(
    c.pool,
    `INSERT INTO app_content (kind, slot, name, payload, state) VALUES ('banner', $1, $2, $3, 'draft') RETURNING id, version`,
    [slot, `matrix ${c.n}`, img.payload],
  );
}
const body = async (c: CellContext, slot: BannerSlot) => ({
  name: `matrix ${c.n}`,
  imageFileId: (await seededImage(c, slot)).id,
  altEn: 'matrix',
});

function slotRows(slot: BannerSlot): Record<string, Row> {
  const B = `/api/appcontent/rest/v1/banners/${slot}`;
  return {
    [`GET ${B}`]: { request: () => ({ url: B, query: { state: 'published' } }), expect: READ },
    [`GET ${B}/models`]: { request: () => ({ url: `${B}/models` }), expect: READ },
    [`POST ${B}/preview`]: { request: () => ({ url: `${B}/preview`, body: { country: 'US', version: '3.2.0' } }), expect: READ },
    [`POST ${B}/image`]: {
      request: async (c) => ({
        url: `${B}/image`,
        multipart: { fields: {}, file: { name: `m${c.n}.png`, bytes: await bannerImage(slot, `m${c.n}`, '#000000', '#ffffff') } },
      }),
      expect: READ,
    },
    [`POST ${B}`]: { request: async (c) => ({ url: B, body: await body(c, slot) }), expect: WRITE },
    [`PUT ${B}/:id`]: {
      request: async (c) => {
        const d = await draft(c, slot);
        return { url: `${B}/${d.id}`, body: { ...(await body(c, slot)), version: d.version } };
      },
      expect: WRITE,
    },
    [`POST ${B}/:id/actions`]: {
      request: async (c) => {
        const d = await draft(c, slot);
        return { url: `${B}/${d.id}/actions`, body: { action: 'publish', version: d.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${B}/:id`]: { request: async (c) => ({ url: `${B}/${(await draft(c, slot)).id}` }), expect: WRITE },
  };
}

/** The rows of a declared kind's slot (no image): a draft made straight in the table, and a valid body (the device catalogue's kinds use them too). */
export function kindRows(
  kind: string,
  segment: string,
  payload: object,
  body: object | ((c: CellContext) => Promise<object>),
  slot = 'main',
): Record<string, Row> {
  const B = `/api/appcontent/rest/v1/${segment}/${slot}`;
  const draft = (c: CellContext) =>
    one(
      c.pool,
      `INSERT INTO app_content (kind, slot, name, payload, state) VALUES ($1, $2, $3, $4, 'draft') RETURNING id, version`,
      [kind, slot, `matrix ${c.n}`, payload],
    );
  const valid = async (c: CellContext) => ({ name: `matrix ${c.n}`, ...(typeof body === 'function' ? await body(c) : body) });
  return {
    [`GET ${B}`]: { request: () => ({ url: B, query: { state: 'published' } }), expect: READ },
    [`GET ${B}/models`]: { request: () => ({ url: `${B}/models` }), expect: READ },
    [`POST ${B}/preview`]: { request: () => ({ url: `${B}/preview`, body: { lang: 'en' } }), expect: READ },
    [`POST ${B}`]: { request: async (c) => ({ url: B, body: await valid(c) }), expect: WRITE },
    [`PUT ${B}/:id`]: {
      request: async (c) => {
        const d = await draft(c);
        return { url: `${B}/${d.id}`, body: { ...(await valid(c)), version: d.version } };
      },
      expect: WRITE,
    },
    [`POST ${B}/:id/actions`]: {
      request: async (c) => {
        const d = await draft(c);
        return { url: `${B}/${d.id}/actions`, body: { action: 'publish', version: d.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${B}/:id`]: { request: async (c) => ({ url: `${B}/${(await draft(c)).id}` }), expect: WRITE },
  };
}
const FAQ = { questionZh: '问', questionEn: 'Q', answerZh: '答', answerEn: 'A', category: 'general' };
const ROADMAP = {
  titleZh: '标题',
  titleEn: 'Title',
  descriptionZh: '',
  descriptionEn: '',
  status: 'planned',
  quarter: '2027-Q1',
};
const APP_GUIDE = { titleZh: '指南', titleEn: 'Guide', steps: [{ textZh: '第一步', textEn: 'Step one' }], topic: 'pairing' };
/** A buying guide on the catalogue's first SKU (its SKUs must be the catalogue's). */
const BUYING_GUIDE = { titleZh: '选购', titleEn: 'Buying', bodyZh: '正文', bodyEn: 'Body', skus: ['MATRIX-SKU'] };
const buyingGuideBody = async (c: CellContext) => ({
  ...BUYING_GUIDE,
  skus: [(await one(c.pool, `SELECT sku FROM skus ORDER BY id LIMIT 1`)).sku],
});
const BG = '/api/appcontent/rest/v1/buying-guide/main';
const EFFECT = {
  titleZh: '灯效',
  titleEn: 'Effect',
  category: 'mood',
  mode: 'flow',
  colors: ['#FF0000', '#0000FF'],
  segments: [0, 1, 0, 1],
  speed: 50,
  brightness: 80,
};
const PALETTE = { titleZh: '色板', titleEn: 'Palette', colors: ['#FF0000', '#00FF00'] };
const RECOMMEND = { category: 'festival', colors: ['#FF0000'], reasonZh: '喜庆', reasonEn: 'Festive' };
const GRAPH = { titleZh: '图', titleEn: 'Graphic', width: 2, height: 1, palette: ['#000000', '#FFFFFF'], cells: [0, 1] };

/** A fresh app key row (disabled when asked: only those are deleted). */
const key = (c: CellContext, enabled: 0 | 1) =>
  one(
    c.pool,
    `INSERT INTO app_content_keys (name, key_sha256, key_hint, enabled) VALUES ($1, $2, 'lk_m…', $3) RETURNING id, version`,
    [`matrix ${c.n}`, `matrix-${c.n}-${Date.now()}-${Math.random()}`, enabled],
  );
const K = '/api/appcontent/rest/v1/app-keys';
const keyRows: Record<string, Row> = {
  [`GET ${K}`]: { request: () => ({ url: K, query: { state: 'enabled' } }), expect: READ },
  [`POST ${K}`]: { request: (c) => ({ url: K, body: { name: `matrix ${c.n}`, perMinute: 600 } }), expect: WRITE },
  [`PUT ${K}/:id`]: {
    request: async (c) => {
      const k = await key(c, 1);
      return { url: `${K}/${k.id}`, body: { name: `matrix ${c.n}`, version: k.version } };
    },
    expect: WRITE,
  },
  [`POST ${K}/:id/actions`]: {
    request: async (c) => {
      const k = await key(c, 1);
      return { url: `${K}/${k.id}/actions`, body: { action: 'disable', version: k.version } };
    },
    expect: WRITE,
  },
  [`DELETE ${K}/:id`]: { request: async (c) => ({ url: `${K}/${(await key(c, 0)).id}` }), expect: WRITE },
};

export const matrixRows = (): Record<string, Row> => ({
  ...Object.assign({}, ...BANNER_SLOTS.map(slotRows)),
  ...keyRows,
  ...kindRows('faq', 'faq', FAQ, FAQ),
  ...kindRows('roadmap', 'roadmap', ROADMAP, ROADMAP),
  ...kindRows('appGuide', 'app-guide', APP_GUIDE, APP_GUIDE),
  ...kindRows('buyingGuide', 'buying-guide', BUYING_GUIDE, buyingGuideBody),
  ...Object.assign({}, ...LIGHT_EFFECT_SLOTS.map((slot) => kindRows('lightEffect', 'light-effects', EFFECT, EFFECT, slot))),
  ...kindRows('colorStore', 'color-store', PALETTE, PALETTE),
  ...kindRows('recommendColor', 'recommend-color', RECOMMEND, RECOMMEND),
  ...kindRows('recommendGraph', 'recommend-graph', GRAPH, GRAPH),
  ...deviceKindRows(),
  ...coverRows(),
  ...themeRows(),
  ...iconRows(),
  ...dreamViewRows(),
  ...relatedRows(),
  ...catalogueKindRows(),
  [`GET ${BG}/skus`]: { request: () => ({ url: `${BG}/skus`, query: { keyword: 'a' } }), expect: READ },
  'GET /api/app/v1/content/:kind': {
    request: () => ({ url: '/api/app/v1/content/banner', query: { slot: 'home', country: 'US', version: '3.4.0' } }),
    expect: PUBLIC_OK,
  },
  'GET /api/app/v1/media/:id': {
    request: async (c) => ({ url: `/api/app/v1/media/${(await seededImage(c, 'home')).id}` }),
    expect: PUBLIC_OK,
  },
});
