/**
 * Permission-matrix rows of the device catalogue: each kind's slots (device pages; Bluetooth and
 * Wi-Fi flows; white balance) through the declared kinds' rows (its screen permission reads, its
 * buttons write), the device image upload and the flow choices under the productItem screen, and
 * the app's device detail (public). Company data: external shop accounts are refused like any
 * account without the screen.
 */
import { one, PUBLIC_OK } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';
import { kindRows } from '../appcontent/appcontent.matrix';
import { squarePng } from './device-image';
import { aiActivityOwnRows, aiActivityRows } from './ai-activity/ai-activity.matrix';
import { ratingPromptRows } from './rating-prompt/rating-prompt.matrix';
import { productFeaturesRows } from './product-features/product-features.matrix';
import { skuHardwareOwnRows, skuHardwareRows } from './sku-hardware/sku-hardware.matrix';
import { skuPresentationOwnRows, skuPresentationRows } from './sku-presentation/sku-presentation.matrix';

const READ = '401 401 403 200 200 403 403 200 403';
const API = '/api/appcontent/rest/v1';
const D = `${API}/devices/main`;

const firstModel = async (c: CellContext) =>
  String((await one(c.pool, `SELECT upper(model) AS model FROM products ORDER BY id LIMIT 1`)).model);
const PAGE = {
  model: 'MATRIX',
  nameZh: '灯',
  nameEn: 'Light',
  descriptionZh: '',
  descriptionEn: '',
  category: 'strip',
  connectivity: 'ble',
  imageFileId: null,
  minFirmware: '',
  minAppVersion: '',
  setupFlowId: null,
};
const pageBody = async (c: CellContext) => ({ ...PAGE, model: await firstModel(c) });
const step = { order: 1, titleZh: '开始', titleEn: 'Start', textZh: '', textEn: '', action: 'hold', seconds: 5, minFirmware: '' };
const FLOW = { titleZh: '配对', titleEn: 'Pairing', minFirmware: '', steps: [step] };
const TABLE = {
  noteZh: '',
  noteEn: 'matrix',
  channels: 'rgb',
  points: [
    { cct: 2700, r: 1, g: 0.6, b: 0.3, w: null },
    { cct: 6500, r: 0.8, g: 0.9, b: 1, w: null },
  ],
};
const tableBody = async (c: CellContext) => ({ ...TABLE, models: [await firstModel(c)] });

const firstSku = async (c: CellContext) => String((await one(c.pool, `SELECT sku FROM skus ORDER BY id LIMIT 1`)).sku);
const SETTINGS = { sku: 'MATRIX-SKU', settings: [{ key: 'musicMode', value: true }] };
const settingsBody = async (c: CellContext) => ({ ...SETTINGS, sku: await firstSku(c) });

/**
 * The device kinds' list, write, preview and models calls: the app content area binds every
 * kind's (appcontent.routes.ts, beside its read API's cache), so its matrix holds these rows.
 */
export const deviceKindRows = (): Record<string, Row> => ({
  ...kindRows('deviceProduct', 'devices', PAGE, pageBody),
  ...kindRows('pairingFlow', 'pairing-flows', FLOW, FLOW, 'ble'),
  ...kindRows('pairingFlow', 'pairing-flows', FLOW, FLOW, 'wifi'),
  ...kindRows('whiteBalance', 'white-balance', TABLE, tableBody),
  ...kindRows('skuConfig', 'sku-config', SETTINGS, settingsBody),
  ...productFeaturesRows(),
  ...skuHardwareRows(),
  ...skuPresentationRows(),
  ...ratingPromptRows(),
  ...aiActivityRows(),
});

/** The calls the device catalogue binds itself. */
export const matrixRows = (): Record<string, Row> => ({
  ...skuHardwareOwnRows(),
  ...skuPresentationOwnRows(),
  ...aiActivityOwnRows(),
  [`GET ${API}/sku-config/main/skus`]: {
    request: () => ({ url: `${API}/sku-config/main/skus`, query: { keyword: 'a' } }),
    expect: READ,
  },
  [`POST ${D}/image`]: {
    request: async (c) => ({
      url: `${D}/image`,
      multipart: { fields: {}, file: { name: `m${c.n}.png`, bytes: await squarePng(400) } },
    }),
    expect: READ,
  },
  [`GET ${D}/flows`]: { request: () => ({ url: `${D}/flows` }), expect: READ },
  'GET /api/app/v1/devices/:model': {
    request: async (c) => ({ url: `/api/app/v1/devices/${await firstModel(c)}`, query: { lang: 'en' } }),
    expect: PUBLIC_OK,
  },
});
