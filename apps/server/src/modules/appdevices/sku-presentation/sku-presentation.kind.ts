/**
 * The SKUs in the app's add-device list (docs/appcontent.md "Product settings, SKU hardware and
 * presentation, …") as a declared kind: the SKU is the catalogue's, the device page it pairs as a
 * `deviceProduct` record that is not archived (checked on every save), the picture a file of the
 * caller's account that fits the list's rule (at upload and again here).
 */
import { textIn } from '@bo/contract/appcontent/kinds';
import {
  SKU_LIST_IMAGE_RULE,
  type SkuPresentationBody,
  type SkuPresentationPayload,
} from '@bo/contract/appdevices/sku-presentation';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { codedFieldError } from '../../../platform/errors';
import { contentRecords } from '../../appcontent/appcontent.reads';
import { imageFor, mediaUrl } from '../../appcontent/banners.service';
import type { ContentKind } from '../../appcontent/content.service';
import { catalogueSku } from '../devices.kinds';

/** A device page a SKU may pair as: a product item that is not archived; a 400 on deviceProductId otherwise. */
async function checkDevice(tx: DbOrTx, id: number): Promise<void> {
  const res = await tx.execute(
    sql`SELECT 1 FROM ${contentRecords} c WHERE c.id = ${id} AND c.kind = 'deviceProduct' AND c.state <> 'archived'`,
  );
  if (!res.rows.length) throw codedFieldError('deviceProductId', 'appDevices.deviceProductMissing', { id });
}

export const skuPresentationKind: ContentKind<SkuPresentationPayload, SkuPresentationBody> = {
  kind: 'skuPresentation',
  search: ['sku', 'nameZh', 'nameEn'],
  payloadOf: async (tx, actor, _slot, b) => {
    const sku = await catalogueSku(tx, b.sku);
    await checkDevice(tx, b.deviceProductId);
    const { width, height } = await imageFor(tx, actor, SKU_LIST_IMAGE_RULE, b.imageFileId);
    return {
      sku,
      deviceProductId: b.deviceProductId,
      nameZh: b.nameZh,
      nameEn: b.nameEn,
      imageFileId: b.imageFileId,
      width,
      height,
      visible: b.visible,
    };
  },
  itemOf: (p, lang) => ({
    name: textIn(p.nameZh, p.nameEn, lang),
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    sku: p.sku,
    deviceProductId: p.deviceProductId,
    visible: p.visible,
    image: { url: mediaUrl(p.imageFileId), thumbUrl: mediaUrl(p.imageFileId, true), width: p.width, height: p.height },
  }),
};
