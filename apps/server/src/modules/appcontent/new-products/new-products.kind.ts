/**
 * New product launches (docs/appcontent.md "New products…") as a declared kind: the SKU is the
 * catalogue's (stored as it spells it), the image a file of the caller's account held to the home
 * banner's rule (at upload and again at save); the item carries the launch (the window's start)
 * and the instant the "new" badge ends.
 */
import { textIn } from '@bo/contract/appcontent/kinds';
import {
  NEW_PRODUCT_IMAGE_RULE,
  type NewProductBody,
  type NewProductPayload,
  newProductImage,
} from '@bo/contract/appcontent/new-products';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { FileStore } from '../../../platform/files/file-store';
import { imageFor } from '../banners.service';
import type { ContentKind } from '../content.service';
import { bindRuledUpload } from '../covers/ruled-upload';
import { catalogueSku, imageItem } from '../kind-refs';

const DAY_MS = 24 * 3600 * 1000;

export const newProductKind: ContentKind<NewProductPayload, NewProductBody> = {
  kind: 'newProduct',
  search: ['sku', 'headlineZh', 'headlineEn'],
  payloadOf: async (tx, actor, _slot, b) => {
    const sku = await catalogueSku(tx, b.sku);
    const { width, height } = await imageFor(tx, actor, NEW_PRODUCT_IMAGE_RULE, b.imageFileId);
    return {
      sku,
      headlineZh: b.headlineZh,
      headlineEn: b.headlineEn,
      textZh: b.textZh,
      textEn: b.textEn,
      newDays: b.newDays,
      imageFileId: b.imageFileId,
      width,
      height,
      buyLinks: b.buyLinks,
    };
  },
  itemOf: (p, lang, row) => ({
    sku: p.sku,
    headline: textIn(p.headlineZh, p.headlineEn, lang),
    text: textIn(p.textZh, p.textEn, lang),
    headlineZh: p.headlineZh,
    headlineEn: p.headlineEn,
    textZh: p.textZh,
    textEn: p.textEn,
    image: imageItem(p),
    buyLinks: p.buyLinks,
    launchAt: row.windowStart,
    newUntil: row.windowStart ? new Date(Date.parse(row.windowStart) + p.newDays * DAY_MS).toISOString() : null,
    newDays: p.newDays,
  }),
};

/** The launch image's upload: refused, nothing stored, unless it fits. */
export function newProductRoutes(app: FastifyInstance, db: Db, store: FileStore): void {
  bindRuledUpload(app, db, store, newProductImage, NEW_PRODUCT_IMAGE_RULE, 'app-new-product');
}
