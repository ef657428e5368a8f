/**
 * Light-effect icons (docs/appcontent.md "Light-effect icons") as a declared kind: the image is a
 * file of the caller's account held to the icon rule (at upload and again at save); the item
 * carries the name in the app's language, the group and the image's public URLs.
 */
import {
  ICON_IMAGE_RULE,
  type LightEffectIconBody,
  type LightEffectIconPayload,
  lightEffectIconImage,
} from '@bo/contract/appcontent/icons';
import { textIn } from '@bo/contract/appcontent/kinds';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { FileStore } from '../../../platform/files/file-store';
import { imageFor, mediaUrl } from '../banners.service';
import type { ContentKind } from '../content.service';
import { bindRuledUpload } from '../covers/ruled-upload';

export const lightEffectIconKind: ContentKind<LightEffectIconPayload, LightEffectIconBody> = {
  kind: 'lightEffectIcon',
  search: ['nameZh', 'nameEn', 'group'],
  payloadOf: async (tx, actor, _slot, b) => {
    const { width, height } = await imageFor(tx, actor, ICON_IMAGE_RULE, b.imageFileId);
    return { nameZh: b.nameZh, nameEn: b.nameEn, group: b.group, imageFileId: b.imageFileId, width, height };
  },
  itemOf: (p, lang) => ({
    name: textIn(p.nameZh, p.nameEn, lang),
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    group: p.group,
    image: { url: mediaUrl(p.imageFileId), thumbUrl: mediaUrl(p.imageFileId, true), width: p.width, height: p.height },
  }),
};

export const iconUploads = (app: FastifyInstance, db: Db, store: FileStore) =>
  bindRuledUpload(app, db, store, lightEffectIconImage, ICON_IMAGE_RULE, 'app-light-effect-icon');
