/**
 * DreamView scenes (/user-platform/lightEffectDreamViewScene, issue #24): a declared kind on the
 * publishing model. DreamView lights the room around a screen; a scene is a light effect (the
 * library's fields and rules as they are: mode, colours, the colour of each segment, a speed of
 * 1–100 for a moving mode and none for a still one, brightness, a name per language, a category)
 * for the models that support DreamView. Those models are the targeting's `models` (the
 * catalogue's), and a scene must name one at least: no model runs every scene.
 */
import { addIssues } from '../appdevices/shared';
import { fieldCode } from '../validation';
import { contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';
import { type Effect, effectBody, effectFields, effectIssues, resolvedLightEffectSchema } from './light-effects';

export const DREAMVIEW_SCENE_SLOTS = ['main'] as const;
export const DREAMVIEW_SCENE_SLOT_DEFS = {
  main: { page: '/user-platform/lightEffectDreamViewScene', permission: 'user:platform:lightEffectDreamViewScene:config' },
} as const;

export const dreamViewSceneSchema = contentRecord(DREAMVIEW_SCENE_SLOTS, effectFields);
export const dreamViewSceneBody = contentBody(effectBody.shape, (v, ctx) => {
  oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired')(v, ctx);
  addIssues(effectIssues(v as unknown as Effect), ctx);
  if ((v.models as string[]).length === 0)
    ctx.addIssue({ code: 'custom', path: ['models'], message: fieldCode('appDevices.modelRequired') });
});
/** The item the app gets: the effect's, with the name in its language. */
export const resolvedDreamViewSceneSchema = resolvedItem(
  DREAMVIEW_SCENE_SLOTS,
  resolvedLightEffectSchema.omit({
    id: true,
    slot: true,
    priority: true,
    position: true,
    windowStart: true,
    windowEnd: true,
  }).shape,
);

export const dreamViewSceneEndpoints = contentEndpoints({
  segment: 'dreamview-scenes',
  slot: 'main',
  noun: 'DreamView scene',
  permission: DREAMVIEW_SCENE_SLOT_DEFS.main.permission,
  record: dreamViewSceneSchema,
  body: dreamViewSceneBody,
  item: resolvedDreamViewSceneSchema,
});
