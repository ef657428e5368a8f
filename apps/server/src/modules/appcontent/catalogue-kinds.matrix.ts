/**
 * Permission-matrix rows of the new products, accessories, featured cards, scene tabs, DIY
 * categories, the square's three sections and the life apps: each declared kind's rows (the screen
 * permission reads, its buttons write) on seeded images, SKUs, models and effects; each image
 * upload, SKU search and the featured cards' targets under the screen's permission.
 */
import { one } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';
import { kindRows } from './appcontent.matrix';
import { bannerImage } from './appcontent.seed';
import { gradientPng } from './covers/cover-image';
import { iconPng } from './icons/icon-image';

const READ = '401 401 403 200 200 403 403 200 403';
const P = '/api/appcontent/rest/v1';

/** A seeded record's image of a kind. */
const imageOf = async (c: CellContext, kind: string) =>
  Number(
    (
      await one(
        c.pool,
        `SELECT (payload->>'imageFileId')::int AS id FROM app_content WHERE kind = $1 AND state <> 'draft' ORDER BY id LIMIT 1`,
        [kind],
      )
    ).id,
  );
const firstSku = async (c: CellContext) => String((await one(c.pool, `SELECT sku FROM skus ORDER BY id LIMIT 1`)).sku);
const firstModel = async (c: CellContext) =>
  String((await one(c.pool, `SELECT upper(model) AS model FROM products ORDER BY id LIMIT 1`)).model);
const effects = async (c: CellContext) =>
  (
    (
      await one(
        c.pool,
        `SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM app_content WHERE kind = 'lightEffect' AND state <> 'archived' ORDER BY id LIMIT 2) e`,
      )
    ).ids as number[]
  ).map(Number);

const IMG = { imageFileId: 0, width: 256, height: 256 };
const upload = (segment: string, png: () => Promise<Buffer>): Record<string, Row> => ({
  [`POST ${P}/${segment}/main/image`]: {
    request: async (c) => ({
      url: `${P}/${segment}/main/image`,
      multipart: { fields: {}, file: { name: `m${c.n}.png`, bytes: await png() } },
    }),
    expect: READ,
  },
});
const skus = (segment: string): Record<string, Row> => ({
  [`GET ${P}/${segment}/main/skus`]: {
    request: () => ({ url: `${P}/${segment}/main/skus`, query: { keyword: 'a' } }),
    expect: READ,
  },
});

export const catalogueKindRows = (): Record<string, Row> => ({
  ...kindRows(
    'newProduct',
    'new-products',
    { sku: 'X', headlineZh: '', headlineEn: 'matrix', textZh: '', textEn: '', newDays: 30, ...IMG, buyLinks: [] },
    async (c) => ({
      sku: await firstSku(c),
      headlineEn: 'matrix',
      imageFileId: await imageOf(c, 'newProduct'),
      windowStart: '2030-01-01T00:00:00Z',
      buyLinks: [{ country: 'US', url: 'https://shop.example.com/m' }],
    }),
  ),
  ...upload('new-products', () => bannerImage('home', 'm', '#000000', '#ffffff')),
  ...skus('new-products'),
  ...kindRows(
    'accessory',
    'accessories',
    { sku: 'X', nameZh: '', nameEn: 'matrix', ...IMG, buyLink: 'https://shop.example.com/a' },
    async (c) => ({
      sku: await firstSku(c),
      nameEn: 'matrix',
      imageFileId: await imageOf(c, 'accessory'),
      buyLink: 'https://shop.example.com/a',
      models: [await firstModel(c)],
    }),
  ),
  ...upload('accessories', () => gradientPng([600, 600], 'm', '#000000', '#ffffff')),
  ...skus('accessories'),
  ...kindRows(
    'featured',
    'featured',
    {
      titleZh: '',
      titleEn: 'matrix',
      subtitleZh: '',
      subtitleEn: '',
      ...IMG,
      targetType: 'url',
      targetKind: null,
      targetId: null,
      url: 'https://example.com',
    },
    async (c) => ({
      titleEn: 'matrix',
      imageFileId: await imageOf(c, 'featured'),
      targetType: 'url',
      url: 'https://example.com/m',
    }),
  ),
  ...upload('featured', () => gradientPng([1200, 800], 'm', '#000000', '#ffffff')),
  [`GET ${P}/featured/main/targets`]: {
    request: () => ({ url: `${P}/featured/main/targets`, query: { kind: 'lightEffect' } }),
    expect: READ,
  },
  ...kindRows('sceneCategory', 'scenes', { nameZh: '', nameEn: 'matrix', ...IMG, effectIds: [] }, async (c) => ({
    nameEn: 'matrix',
    imageFileId: await imageOf(c, 'sceneCategory'),
    effectIds: await effects(c),
  })),
  ...upload('scenes', () => iconPng('M', '#000000')),
  [`GET ${P}/scenes/main/effects`]: { request: () => ({ url: `${P}/scenes/main/effects` }), expect: READ },
  [`GET ${P}/light-effect-square/effects`]: { request: () => ({ url: `${P}/light-effect-square/effects` }), expect: READ },
  ...kindRows('diyCategory', 'diy-categories', { key: 'matrix-draft', nameZh: '', nameEn: 'matrix', ...IMG }, async (c) => ({
    key: `matrix-${c.n}`,
    nameEn: 'matrix',
    imageFileId: await imageOf(c, 'diyCategory'),
  })),
  ...upload('diy-categories', () => iconPng('M', '#000000')),
  ...(['hot', 'new', 'staff'] as const).reduce<Record<string, Row>>(
    (rows, slot) => ({
      // biome-ignore lint/performance/noAccumulatingSpread: three slots
      ...rows,
      ...kindRows(
        'squarePick',
        'light-effect-square',
        { effectId: 1, noteZh: '', noteEn: 'matrix' },
        async (c) => ({ effectId: (await effects(c))[0], noteEn: 'matrix' }),
        slot,
      ),
    }),
    {},
  ),
  ...kindRows(
    'lifeApp',
    'life-apps',
    {
      appName: 'matrix',
      descriptionZh: '',
      descriptionEn: '',
      ...IMG,
      iosUrl: 'https://apps.apple.com/m',
      androidUrl: '',
      accountLink: 'matrix://link',
    },
    async (c) => ({
      appName: 'matrix',
      imageFileId: await imageOf(c, 'lifeApp'),
      iosUrl: 'https://apps.apple.com/m',
      accountLink: 'matrix://link',
    }),
  ),
  ...upload('life-apps', () => iconPng('M', '#000000')),
});
