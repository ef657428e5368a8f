/**
 * The light-effect square (/user-platform/lightEffectSquare, issue #24): a declared kind on the
 * publishing model. An operator pins a light-effect record (not archived, checked on every save:
 * `appContent.effectMissing`) into a section of the community square, one slot per section (`hot`,
 * `new`, `staff`: one screen with a section switch), with a note in Chinese and English. The app
 * reads a section (`?slot=hot`) and the effects themselves from `lightEffect`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import type { PagePermission } from '../routes';
import { bilingualText, contentBody, contentEndpoints, contentRecord, resolvedItem } from './kinds';
import { relatedEffectChoices } from './related';

export const SQUARE_SLOTS = ['hot', 'new', 'staff'] as const;
export type SquareSlot = (typeof SQUARE_SLOTS)[number];
const page = '/user-platform/lightEffectSquare';
const permission = 'user:platform:lightEffectSquare:config';
export const SQUARE_SLOT_DEFS = {
  hot: { page, permission },
  new: { page, permission },
  staff: { page, permission },
} as const satisfies Record<SquareSlot, { page: string; permission: PagePermission }>;

const squareFields = {
  /** The pinned light-effect record. */
  effectId: z.number().int(),
  noteZh: z.string(),
  noteEn: z.string(),
};
export const squarePickPayloadSchema = z.object(squareFields);
export type SquarePickPayload = z.infer<typeof squarePickPayloadSchema>;
export const squarePickSchema = contentRecord(SQUARE_SLOTS, squareFields);
export type SquarePick = z.infer<typeof squarePickSchema>;

export const squarePickBody = contentBody({ effectId: idValue, noteZh: bilingualText(200), noteEn: bilingualText(200) });
export type SquarePickBody = z.infer<typeof squarePickBody>;

/** The item the app gets: the effect's id, the note in its language and both. */
export const resolvedSquarePickSchema = resolvedItem(SQUARE_SLOTS, {
  effectId: z.number().int(),
  note: z.string(),
  noteZh: z.string(),
  noteEn: z.string(),
});

const endpointsOf = <const S extends SquareSlot>(slot: S) =>
  contentEndpoints({
    segment: 'light-effect-square',
    slot,
    noun: 'square pick',
    permission: SQUARE_SLOT_DEFS[slot].permission,
    record: squarePickSchema,
    body: squarePickBody,
    item: resolvedSquarePickSchema,
  });
export const SQUARE_ENDPOINTS_OF = { hot: endpointsOf('hot'), new: endpointsOf('new'), staff: endpointsOf('staff') };

/** The effects a pick may pin: the libraries' records that are not archived (the related effects' choices, under this screen). */
export const squareEffectChoices = defineEndpoint({
  method: 'GET',
  path: 'appcontent/rest/v1/light-effect-square/effects',
  access: permission,
  summary: 'The light effects (not archived) a square pick may pin, last changed first, 500 at most',
  tags: ['app content'],
  data: relatedEffectChoices.data,
});
