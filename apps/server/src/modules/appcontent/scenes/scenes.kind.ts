/**
 * Scene categories (docs/appcontent.md "New products…") as a declared kind: the icon is a square
 * file of the caller's account; each effect of the tab is a light-effect record that is not
 * archived, checked on every save in the save's transaction (as related effects check theirs).
 */
import { textIn } from '@bo/contract/appcontent/kinds';
import {
  SCENE_ICON_RULE,
  type SceneCategoryBody,
  type SceneCategoryPayload,
  sceneCategoryImage,
} from '@bo/contract/appcontent/scenes';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { FileStore } from '../../../platform/files/file-store';
import { imageFor } from '../banners.service';
import type { ContentKind } from '../content.service';
import { bindRuledUpload } from '../covers/ruled-upload';
import { checkEffects, imageItem } from '../kind-refs';

export const sceneCategoryKind: ContentKind<SceneCategoryPayload, SceneCategoryBody> = {
  kind: 'sceneCategory',
  search: ['nameZh', 'nameEn'],
  payloadOf: async (tx, actor, _slot, b) => {
    const { width, height } = await imageFor(tx, actor, SCENE_ICON_RULE, b.imageFileId);
    await checkEffects(tx, 'effectIds', b.effectIds);
    return { nameZh: b.nameZh, nameEn: b.nameEn, imageFileId: b.imageFileId, width, height, effectIds: b.effectIds };
  },
  itemOf: (p, lang) => ({
    name: textIn(p.nameZh, p.nameEn, lang),
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    icon: imageItem(p),
    effectIds: p.effectIds,
  }),
};

export const sceneRoutes = (app: FastifyInstance, db: Db, store: FileStore) =>
  bindRuledUpload(app, db, store, sceneCategoryImage, SCENE_ICON_RULE, 'app-scene-category');
