/**
 * Permission-matrix rows of the add-device list's SKUs (/user-platform/skuSetting): the declared
 * kind's rows (on a seeded presentation's picture and a device page that is not archived), and
 * under the screen's permission the SKU and device-page choices and the picture upload.
 */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';
import { kindRows } from '../../appcontent/appcontent.matrix';
import { squarePng } from '../device-image';

const READ = '401 401 403 200 200 403 403 200 403';
const B = '/api/appcontent/rest/v1/sku-presentation/main';
const PAYLOAD = {
  sku: 'MATRIX-SKU',
  deviceProductId: 0,
  nameZh: '',
  nameEn: 'matrix',
  imageFileId: 0,
  width: 400,
  height: 400,
  visible: true,
};

const body = async (c: CellContext) => {
  const seeded = await one(
    c.pool,
    `SELECT payload->>'sku' AS sku, (payload->>'imageFileId')::int AS image FROM app_content
      WHERE kind = 'skuPresentation' ORDER BY id LIMIT 1`,
  );
  const device = await one(
    c.pool,
    `SELECT id FROM app_content WHERE kind = 'deviceProduct' AND state <> 'archived' ORDER BY id LIMIT 1`,
  );
  return {
    sku: seeded.sku,
    deviceProductId: Number(device.id),
    nameEn: 'matrix',
    imageFileId: Number(seeded.image),
    visible: true,
  };
};

/** The kind's rows (bound by the app content area with every kind's). */
export const skuPresentationRows = (): Record<string, Row> => kindRows('skuPresentation', 'sku-presentation', PAYLOAD, body);

/** The choices and the upload (bound by this area). */
export const skuPresentationOwnRows = (): Record<string, Row> => ({
  [`GET ${B}/skus`]: { request: () => ({ url: `${B}/skus`, query: { keyword: 'a' } }), expect: READ },
  [`GET ${B}/devices`]: { request: () => ({ url: `${B}/devices` }), expect: READ },
  [`POST ${B}/image`]: {
    request: async (c) => ({
      url: `${B}/image`,
      multipart: { fields: {}, file: { name: `m${c.n}.png`, bytes: await squarePng(300) } },
    }),
    expect: READ,
  },
});
