/**
 * Scene settings (/user-platform/scenceSetting, issue #24): a declared kind on the publishing
 * model. A scene category is a tab of the app's scene page: a name in Chinese and English, an icon
 * (the light-effect icons' rule: square, 96–512 px) and the light-effect records in it, in order
 * (1–50, each once: `listedTwice`); each a light-effect record that is not archived, checked on
 * every save as related effects check theirs (`appContent.effectMissing`).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import { fieldCode } from '../validation';
import { appImageSchema, imageFields } from './app-links';
import { ICON_IMAGE_RULE } from './icons';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';
import { relatedEffectChoices } from './related';

export const SCENE_CATEGORY_SLOTS = ['main'] as const;
export const SCENE_CATEGORY_SLOT_DEFS = {
  main: { page: '/user-platform/scenceSetting', permission: 'user:platform:scenceSetting:config' },
} as const;
export const SCENE_EFFECT_LIMITS = { min: 1, max: 50 } as const;
export const SCENE_ICON_RULE = ICON_IMAGE_RULE;

const sceneFields = {
  nameZh: z.string(),
  nameEn: z.string(),
  ...imageFields,
  /** The light-effect records of the tab, in the order the app shows them. */
  effectIds: z.array(z.number().int()),
};
export const sceneCategoryPayloadSchema = z.object(sceneFields);
export type SceneCategoryPayload = z.infer<typeof sceneCategoryPayloadSchema>;
export const sceneCategorySchema = contentRecord(SCENE_CATEGORY_SLOTS, sceneFields);
export type SceneCategory = z.infer<typeof sceneCategorySchema>;

export const sceneCategoryBody = contentBody(
  {
    nameZh: bilingualText(30),
    nameEn: bilingualText(30),
    imageFileId: idValue,
    effectIds: z.array(idValue).min(SCENE_EFFECT_LIMITS.min).max(SCENE_EFFECT_LIMITS.max),
  },
  (v, ctx) => {
    oneOfPair('nameZh', 'nameEn', 'appContent.nameRequired')(v, ctx);
    const ids = v.effectIds as number[];
    ids.forEach((id, i) => {
      if (ids.indexOf(id) < i) ctx.addIssue({ code: 'custom', path: ['effectIds', i], message: fieldCode('listedTwice') });
    });
  },
);
export type SceneCategoryBody = z.infer<typeof sceneCategoryBody>;

/** The item the app gets: the name in its language and both, the icon, the effects' ids in order (the app reads them from `lightEffect`). */
export const resolvedSceneCategorySchema = resolvedItem(SCENE_CATEGORY_SLOTS, {
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  icon: appImageSchema,
  effectIds: z.array(z.number().int()),
});

export const sceneCategoryEndpoints = contentEndpoints({
  segment: 'scenes',
  slot: 'main',
  noun: 'scene category',
  permission: SCENE_CATEGORY_SLOT_DEFS.main.permission,
  record: sceneCategorySchema,
  body: sceneCategoryBody,
  item: resolvedSceneCategorySchema,
});

export const sceneCategoryImage = defineEndpoint({
  method: 'POST',
  path: `${sceneCategoryEndpoints.list.path}/image`,
  access: SCENE_CATEGORY_SLOT_DEFS.main.permission,
  summary: 'Store a scene tab icon (multipart field `file`): refused unless it is square, 96–512 px wide, 256 KB at most',
  tags: ['app content'],
  write: true,
  data: storedFileSchema,
});

/** The effects a tab may hold: the libraries' records that are not archived (the related effects' choices, under this screen). */
export const sceneEffectChoices = defineEndpoint({
  method: 'GET',
  path: `${sceneCategoryEndpoints.list.path}/effects`,
  access: SCENE_CATEGORY_SLOT_DEFS.main.permission,
  summary: 'The light effects (not archived) a scene tab may hold, last changed first, 500 at most',
  tags: ['app content'],
  data: relatedEffectChoices.data,
});
