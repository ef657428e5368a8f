/**
 * Related light effects (/user-platform/lightEffectRelated, issue #24): a declared kind on the
 * publishing model. A record names one effect of the libraries and, in order, the effects the app
 * recommends with it ("you may also like"). Each named effect must exist and be publishable (a
 * light-effect record that is not archived: `appContent.effectMissing`), an effect is never related
 * to itself (`appContent.relatedSelf`) and is listed once (`listedTwice`).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { fieldCode } from '../validation';
import { contentBody, contentEndpoints, contentRecord, resolvedItem } from './kinds';
import { EFFECT_MODES, LIGHT_EFFECT_SLOTS } from './light-effects';
import { CONTENT_STATES } from './publishing';

export const RELATED_EFFECT_SLOTS = ['main'] as const;
export const RELATED_EFFECT_SLOT_DEFS = {
  main: { page: '/user-platform/lightEffectRelated', permission: 'user:platform:lightEffectRelated:config' },
} as const;
export const RELATED_LIMITS = { min: 1, max: 12 } as const;

const relatedFields = {
  /** The light-effect record the recommendations are for. */
  effectId: z.number().int(),
  /** The recommended light-effect records, in the order the app shows them. */
  relatedIds: z.array(z.number().int()),
};
export const relatedEffectPayloadSchema = z.object(relatedFields);
export type RelatedEffectPayload = z.infer<typeof relatedEffectPayloadSchema>;
export const relatedEffectSchema = contentRecord(RELATED_EFFECT_SLOTS, relatedFields);
export type RelatedEffect = z.infer<typeof relatedEffectSchema>;

/** The rules between the ids (pure: the body's refinement and the screen's check): never the effect itself, each once. */
export function relatedIssues(effectId: number, relatedIds: readonly number[]) {
  const out: { path: (string | number)[]; code: 'appContent.relatedSelf' | 'listedTwice' }[] = [];
  relatedIds.forEach((id, i) => {
    if (id === effectId) out.push({ path: ['relatedIds', i], code: 'appContent.relatedSelf' });
    else if (relatedIds.indexOf(id) < i) out.push({ path: ['relatedIds', i], code: 'listedTwice' });
  });
  return out;
}

export const relatedEffectBody = contentBody(
  { effectId: idValue, relatedIds: z.array(idValue).min(RELATED_LIMITS.min).max(RELATED_LIMITS.max) },
  (v, ctx) => {
    for (const i of relatedIssues(v.effectId as number, v.relatedIds as number[]))
      ctx.addIssue({ code: 'custom', path: i.path, message: fieldCode(i.code) });
  },
);
export type RelatedEffectBody = z.infer<typeof relatedEffectBody>;

/** The item the app gets: the effect and its recommendations in order (the app reads the effects themselves from `lightEffect`). */
export const resolvedRelatedEffectSchema = resolvedItem(RELATED_EFFECT_SLOTS, relatedFields);

export const relatedEffectEndpoints = contentEndpoints({
  segment: 'related-effects',
  slot: 'main',
  noun: 'related-effects list',
  permission: RELATED_EFFECT_SLOT_DEFS.main.permission,
  record: relatedEffectSchema,
  body: relatedEffectBody,
  item: resolvedRelatedEffectSchema,
});

/** The effects a list may name: the libraries' records that are not archived, with what the screen draws of them. */
export const relatedEffectChoices = defineEndpoint({
  method: 'GET',
  path: `${relatedEffectEndpoints.list.path}/effects`,
  access: RELATED_EFFECT_SLOT_DEFS.main.permission,
  summary: 'The light effects (not archived) a related-effects list may name, last changed first, 500 at most',
  tags: ['app content'],
  data: z.array(
    z.object({
      id: z.number().int(),
      library: z.enum(LIGHT_EFFECT_SLOTS),
      name: z.string(),
      titleZh: z.string(),
      titleEn: z.string(),
      state: z.enum(CONTENT_STATES),
      mode: z.enum(EFFECT_MODES),
      colors: z.array(z.string()),
      segments: z.array(z.number().int()),
      speed: z.number().int().nullable(),
      brightness: z.number().int(),
    }),
  ),
});
