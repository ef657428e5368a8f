/**
 * Life apps (docs/appcontent.md "New products…") as a declared kind: the icon is a square file of
 * the caller's account; the models it supports are the targeting's (the catalogue's; none: every
 * model), and the item names them.
 */
import { textIn } from '@bo/contract/appcontent/kinds';
import { LIFE_APP_ICON_RULE, type LifeAppBody, type LifeAppPayload, lifeAppImage } from '@bo/contract/appcontent/life-apps';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { FileStore } from '../../../platform/files/file-store';
import { imageFor } from '../banners.service';
import type { ContentKind } from '../content.service';
import { bindRuledUpload } from '../covers/ruled-upload';
import { imageItem } from '../kind-refs';

export const lifeAppKind: ContentKind<LifeAppPayload, LifeAppBody> = {
  kind: 'lifeApp',
  search: ['appName', 'descriptionZh', 'descriptionEn'],
  payloadOf: async (tx, actor, _slot, b) => {
    const { width, height } = await imageFor(tx, actor, LIFE_APP_ICON_RULE, b.imageFileId);
    return {
      appName: b.appName,
      descriptionZh: b.descriptionZh,
      descriptionEn: b.descriptionEn,
      imageFileId: b.imageFileId,
      width,
      height,
      iosUrl: b.iosUrl,
      androidUrl: b.androidUrl,
      accountLink: b.accountLink,
    };
  },
  itemOf: (p, lang, row) => ({
    appName: p.appName,
    description: textIn(p.descriptionZh, p.descriptionEn, lang),
    descriptionZh: p.descriptionZh,
    descriptionEn: p.descriptionEn,
    icon: imageItem(p),
    iosUrl: p.iosUrl,
    androidUrl: p.androidUrl,
    accountLink: p.accountLink,
    models: [...row.models],
  }),
};

export const lifeAppRoutes = (app: FastifyInstance, db: Db, store: FileStore) =>
  bindRuledUpload(app, db, store, lifeAppImage, LIFE_APP_ICON_RULE, 'app-life-app');
