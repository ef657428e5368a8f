/**
 * A content kind, declared (issue #24, docs/appcontent.md "Declaring a kind"): its payload's
 * fields (zod), its slots with their screen and permission, and the item the app gets. From
 * that declaration come the body of its writes, its record in a list and the endpoints of each
 * slot (list, create, update, actions, delete, preview, models), all on the one publishing
 * model: the table, CONTENT_MACHINE, the resolver and the read API stay as they are.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, instantSchema, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import type { Permission } from '../permissions';
import type { PagePermission } from '../routes';
import { type FieldCode, fieldCode } from '../validation';
import {
  appContextFields,
  CONTENT_STATES,
  contentActionBody,
  orderingFields,
  PLATFORMS,
  publishedRecordFields,
  targetingFields,
  WINDOW_STATUSES,
  windowFields,
} from './publishing';

/** One slot of a kind: the screen that writes it and that screen's permission. */
export interface KindSlotDef {
  page: string;
  permission: PagePermission;
}

/** The fields of every kind's body: the operator's name, the order, the targeting, the window. */
const baseBodyFields = {
  name: z.string().trim().min(1, fieldCode('required')).max(100),
  ...orderingFields,
  ...targetingFields,
  ...windowFields,
};
export type ContentBase = z.output<z.ZodObject<typeof baseBodyFields>>;

/**
 * The body of a kind's create: the operator's name, the kind's payload fields, the model's
 * order, targeting and window; `refine` adds the kind's own cross-field rules (with field codes).
 */
export function contentBody<const S extends z.ZodRawShape>(
  payload: S,
  refine?: (v: Record<string, unknown>, ctx: z.RefinementCtx) => void,
) {
  return z
    .object({ name: baseBodyFields.name, ...payload, ...orderingFields, ...targetingFields, ...windowFields })
    .strict()
    .superRefine((v, ctx) => {
      const r = v as Record<string, unknown> & { windowStart: string | null; windowEnd: string | null };
      refine?.(r, ctx);
      if (r.windowStart && r.windowEnd && Date.parse(r.windowEnd) <= Date.parse(r.windowStart))
        ctx.addIssue({ code: 'custom', path: ['windowEnd'], message: fieldCode('endBeforeStart') });
    });
}

/** A kind's record in a back-office list: the model's fields, its slot and name, and the payload's (`record`). */
export const contentRecord = <const S extends z.ZodRawShape, const L extends string>(slots: readonly [L, ...L[]], record: S) =>
  z.object({ ...publishedRecordFields, slot: z.enum(slots), name: z.string(), ...record });

/** The item the app gets of a kind: where it stands and in which order, then the kind's own fields. */
export const resolvedItem = <const S extends z.ZodRawShape, const L extends string>(slots: readonly [L, ...L[]], item: S) =>
  z.object({
    id: z.number().int(),
    slot: z.enum(slots),
    priority: z.number().int(),
    position: z.number().int(),
    windowStart: z.string().nullable(),
    windowEnd: z.string().nullable(),
    ...item,
  });

/** The preview's inputs: one app's context and an optional instant. */
export const previewBody = z
  .object({
    ...appContextFields,
    /** The instant to look at (default now): what the app will see then. */
    at: instantSchema.optional(),
  })
  .strict();

export const CONTENT_SORT_FIELDS = ['updatedAt', 'priority', 'windowStart'] as const;

const tags = ['app content'];

/** A country filter of the lists (upper case). */
const countryFilter = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/)
  .optional();

/**
 * The endpoints of one slot of a kind, under its screen's permission (reads, preview, models)
 * and buttons (`:create`; `:edit` for edits and state moves; `:delete`), at
 * `appcontent/rest/v1/{segment}/{slot}`.
 */
export function contentEndpoints<
  const G extends string,
  const S extends string,
  R extends z.ZodType,
  B extends z.ZodType,
  I extends z.ZodType,
>(d: { segment: G; slot: S; noun: string; permission: PagePermission; record: R; body: B; item: I }) {
  const page = d.permission;
  const button = (b: 'create' | 'edit' | 'delete') => `${page}:${b}` as Permission;
  const path = `appcontent/rest/v1/${d.segment}/${d.slot}` as const;
  const params = z.object({ id: idParam });
  const noun = `${d.slot} ${d.noun}`;
  return {
    list: defineEndpoint({
      method: 'GET',
      path,
      access: page,
      summary: `${noun}s, last changed first unless sorted; the state is the effective one (a scheduled record whose start has come is published)`,
      tags,
      query: z.object({
        keyword: z.string().trim().max(100).optional(),
        state: z.enum(CONTENT_STATES).optional(),
        windowStatus: z.enum(WINDOW_STATUSES).optional(),
        country: countryFilter,
        platform: z.enum(PLATFORMS).optional(),
        sortField: z.enum(CONTENT_SORT_FIELDS).default('updatedAt'),
        sortOrder: sortOrderSchema.default('desc'),
        ...pagingQuery,
      }),
      data: pageSchema(d.record),
    }),
    create: defineEndpoint({
      method: 'POST',
      path,
      access: button('create'),
      summary: `Write a ${noun} (a draft until published or scheduled)`,
      tags,
      write: true,
      body: d.body,
      data: d.record,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `${path}/{id}`,
      access: button('edit'),
      summary: `Change a ${noun} (not an archived one: 409); 409 stale on another version`,
      tags,
      write: true,
      params,
      body: d.body.and(z.object({ version: idValue })),
      data: d.record,
    }),
    act: defineEndpoint({
      method: 'POST',
      path: `${path}/{id}/actions`,
      access: button('edit'),
      summary: `Publish, schedule, unschedule or archive a ${noun} (409 naming the state when it does not allow it)`,
      tags,
      write: true,
      params,
      body: contentActionBody,
      data: d.record,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: `${path}/{id}`,
      access: button('delete'),
      summary: `Delete a draft or archived ${noun} (409 otherwise)`,
      tags,
      write: true,
      params,
      data: z.null(),
    }),
    preview: defineEndpoint({
      method: 'POST',
      path: `${path}/preview`,
      access: page,
      summary: `What one app (country, language, version, platform, model) sees of the ${noun}s now or at a given instant: the app read API's resolver`,
      tags,
      body: previewBody,
      data: z.object({ at: z.string(), etag: z.string(), items: z.array(d.item) }),
    }),
    models: defineEndpoint({
      method: 'GET',
      path: `${path}/models`,
      access: page,
      summary: `The catalogue’s device models a ${d.noun} may target`,
      tags,
      data: z.array(z.object({ model: z.string(), name: z.string(), nameEn: z.string() })),
    }),
  };
}

/** The endpoints every slot of every kind has (the shapes the generic screen and service use). */
export type ContentEndpoints = ReturnType<typeof contentEndpoints<string, string, z.ZodType, z.ZodType, z.ZodType>>;

/** A text in Chinese and English, one of them needed (`requireOne`) or both optional. */
export const bilingualText = (max: number) => z.string().trim().max(max).default('');

/** Adds `code` on the Chinese field when both languages of a pair are empty. */
export const oneOfPair =
  (zh: string, en: string, code: FieldCode) =>
  (v: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (!v[zh] && !v[en]) ctx.addIssue({ code: 'custom', path: [zh], message: fieldCode(code) });
  };

/**
 * Adds `code` on the second field of each pair whose first is given and second is empty (a
 * question asked in a language needs its answer in that language).
 */
export const pairsFollow =
  (pairs: readonly (readonly [string, string])[], code: FieldCode) =>
  (v: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    for (const [given, needed] of pairs)
      if (v[given] && !v[needed]) ctx.addIssue({ code: 'custom', path: [needed], message: fieldCode(code) });
  };

/** A text in the app's language (Chinese for zh…, English otherwise), the other one when it is empty. */
export const textIn = (zh: string, en: string, lang: string | undefined) => (lang?.startsWith('zh') ? zh || en : en || zh);
