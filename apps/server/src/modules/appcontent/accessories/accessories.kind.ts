/**
 * Accessories (docs/appcontent.md "New products…") as a declared kind: the SKU is the catalogue's,
 * the image a square file of the caller's account (at upload and at save); the models it fits are
 * the targeting's (the catalogue's, one at least), and the item names them so the app can say so.
 */
import {
  ACCESSORY_IMAGE_RULE,
  type AccessoryBody,
  type AccessoryPayload,
  accessoryImage,
} from '@bo/contract/appcontent/accessories';
import { textIn } from '@bo/contract/appcontent/kinds';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { FileStore } from '../../../platform/files/file-store';
import { imageFor } from '../banners.service';
import type { ContentKind } from '../content.service';
import { bindRuledUpload } from '../covers/ruled-upload';
import { catalogueSku, imageItem } from '../kind-refs';

export const accessoryKind: ContentKind<AccessoryPayload, AccessoryBody> = {
  kind: 'accessory',
  search: ['sku', 'nameZh', 'nameEn'],
  payloadOf: async (tx, actor, _slot, b) => {
    const sku = await catalogueSku(tx, b.sku);
    const { width, height } = await imageFor(tx, actor, ACCESSORY_IMAGE_RULE, b.imageFileId);
    return { sku, nameZh: b.nameZh, nameEn: b.nameEn, imageFileId: b.imageFileId, width, height, buyLink: b.buyLink };
  },
  itemOf: (p, lang, row) => ({
    sku: p.sku,
    name: textIn(p.nameZh, p.nameEn, lang),
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    image: imageItem(p),
    buyLink: p.buyLink,
    models: [...row.models],
  }),
};

export function accessoryRoutes(app: FastifyInstance, db: Db, store: FileStore): void {
  bindRuledUpload(app, db, store, accessoryImage, ACCESSORY_IMAGE_RULE, 'app-accessory');
}
