/**
 * Permission-matrix rows of the SKUs' hardware (/user-platform/skuConfig): the declared kind's
 * rows, each valid body on a catalogue SKU no live record of the kind holds yet (a SKU is held by
 * one record at a time), and the SKU choices under the screen's permission.
 */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';
import { kindRows } from '../../appcontent/appcontent.matrix';

const READ = '401 401 403 200 200 403 403 200 403';
const B = '/api/appcontent/rest/v1/sku-hardware/main';
const PAYLOAD = {
  sku: 'MATRIX-SKU',
  ledCount: 60,
  segments: 6,
  chip: 'WS2812B',
  colorOrder: 'GRB',
  whiteChannel: false,
  protocolVersion: '1.0.0',
};

/** A catalogue SKU no record of `kind` that is not archived names. */
export const freeSku = async (c: CellContext, kind: string) =>
  String(
    (
      await one(
        c.pool,
        `SELECT s.sku FROM skus s WHERE NOT EXISTS (
           SELECT 1 FROM app_content c WHERE c.kind = $1 AND c.state <> 'archived' AND lower(c.payload->>'sku') = lower(s.sku))
         ORDER BY s.id LIMIT 1`,
        [kind],
      )
    ).sku,
  );

/** The kind's rows (bound by the app content area with every kind's). */
export const skuHardwareRows = (): Record<string, Row> =>
  kindRows('skuHardware', 'sku-hardware', PAYLOAD, async (c) => ({ ...PAYLOAD, sku: await freeSku(c, 'skuHardware') }));

/** The SKU choices (bound by this area). */
export const skuHardwareOwnRows = (): Record<string, Row> => ({
  [`GET ${B}/skus`]: { request: () => ({ url: `${B}/skus`, query: { keyword: 'a' } }), expect: READ },
});
