/**
 * Covers (docs/appcontent.md "Covers") as a declared kind: a banner's payload, record and item,
 * held to the cover slot's image rule (at upload and again at save, as banners are); the
 * slots' image uploads under the coverMgr screen.
 */
import type { BannerBody, BannerPayload } from '@bo/contract/appcontent/banners';
import { COVER_ENDPOINTS_OF, COVER_SLOT_DEFS, COVER_SLOTS, type CoverSlot } from '@bo/contract/appcontent/covers';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { FileStore } from '../../../platform/files/file-store';
import { bannerKind, imageFor } from '../banners.service';
import type { ContentKind } from '../content.service';
import { bindRuledUpload } from './ruled-upload';

export const coverKind: ContentKind<BannerPayload, BannerBody> = {
  ...bannerKind,
  kind: 'cover',
  payloadOf: async (tx, actor, slot, b) => ({
    imageFileId: b.imageFileId,
    ...(await imageFor(tx, actor, COVER_SLOT_DEFS[slot as CoverSlot].rule, b.imageFileId)),
    altZh: b.altZh,
    altEn: b.altEn,
    link: b.link,
  }),
};

/** Each cover slot's image upload: refused (nothing stored) unless it fits the slot's rule. */
export function coverUploads(app: FastifyInstance, db: Db, store: FileStore): void {
  for (const slot of COVER_SLOTS) {
    bindRuledUpload(app, db, store, COVER_ENDPOINTS_OF[slot].upload, COVER_SLOT_DEFS[slot].rule, `app-cover:${slot}`);
  }
}
