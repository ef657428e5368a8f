/**
 * The action list (/user-platform/actionList; docs/app-data.md): the catalogue of events the app
 * may report. An action is a key the app sends (`device.paired`), its names and description in
 * both languages, its parameters (1–20: a name, a type, the values of a choice, required or not)
 * and whether it is enabled. Events of an unknown or disabled action, or with parameters that do
 * not fit, are refused one by one by `app/v1/events` (events.ts).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

export const ACTIONS_PAGE = 'user:platform:actionList:config' as const;
export const SQUARE_PAGE = 'user:platform:dataSquare:config' as const;
export const QR_PAGE = 'user:platform:jointQrCode:config' as const;
export const APPDATA_BASE = 'appdata/rest/v1';

const tags = ['app data'];
const params = z.object({ id: idParam });

/** The key the app sends: lower-case words joined by dots, two words at least. */
// eslint-disable-next-line security/detect-unsafe-regex -- linear: each repetition starts with a separator the one before cannot hold
export const ACTION_KEY = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;
export const PARAM_TYPES = ['string', 'number', 'boolean', 'enum'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];
/** The longest string an event's parameter may carry (longer: `appData.paramType`). */
export const MAX_PARAM_STRING = 500;

export const actionParamSchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, fieldCode('appData.paramName')),
    type: z.enum(PARAM_TYPES),
    /** The values of a choice (`enum`); empty for the other types. */
    values: z.array(z.string().trim().min(1).max(60)).max(50, fieldCode('appData.enumValues')).default([]),
    required: z.boolean().default(false),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.type === 'enum' && p.values.length === 0)
      ctx.addIssue({ code: 'custom', path: ['values'], message: fieldCode('appData.enumValues') });
    if (p.type !== 'enum' && p.values.length > 0)
      ctx.addIssue({ code: 'custom', path: ['values'], message: fieldCode('appData.valuesNotEnum') });
    if (new Set(p.values).size !== p.values.length)
      ctx.addIssue({ code: 'custom', path: ['values'], message: fieldCode('listedTwice') });
  });
export type ActionParam = z.infer<typeof actionParamSchema>;

export const actionBody = z
  .object({
    key: z
      .string()
      .trim()
      .min(3, fieldCode('appData.actionKey'))
      .max(64, fieldCode('appData.actionKey'))
      .regex(ACTION_KEY, fieldCode('appData.actionKey')),
    nameZh: z.string().trim().max(60).default(''),
    nameEn: z.string().trim().max(60).default(''),
    descriptionZh: z.string().trim().max(500).default(''),
    descriptionEn: z.string().trim().max(500).default(''),
    params: z.array(actionParamSchema).min(1, fieldCode('tooFewItems')).max(20, fieldCode('tooManyItems')),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.nameZh && !b.nameEn) ctx.addIssue({ code: 'custom', path: ['nameZh'], message: fieldCode('appData.nameRequired') });
    const seen = new Set<string>();
    b.params.forEach((p, i) => {
      if (seen.has(p.name)) ctx.addIssue({ code: 'custom', path: ['params', i, 'name'], message: fieldCode('listedTwice') });
      seen.add(p.name);
    });
  });
export type ActionBody = z.infer<typeof actionBody>;

export const actionSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  params: z.array(z.object({ name: z.string(), type: z.enum(PARAM_TYPES), values: z.array(z.string()), required: z.boolean() })),
  enabled: z.boolean(),
  /** Events of the action kept in the rollup (accepted), all time. */
  reported: z.number().int(),
  /** The first accepted event's arrival; null: never reported (the key may change, the action may go). */
  firstReportedAt: z.string().nullable(),
  lastDay: z.string().nullable(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AppAction = z.infer<typeof actionSchema>;

export const appActions = {
  list: defineEndpoint({
    method: 'GET',
    path: `${APPDATA_BASE}/actions`,
    access: ACTIONS_PAGE,
    summary: 'The actions the app may report, with how often each was reported',
    tags,
    query: z.object({
      keyword: z.string().trim().max(100).optional(),
      enabled: z.enum(['true', 'false']).optional(),
      reported: z.enum(['true', 'false']).optional(),
      sortField: z.enum(['key', 'reported', 'updatedAt']).default('key'),
      sortOrder: sortOrderSchema.default('asc'),
      ...pagingQuery,
    }),
    data: pageSchema(actionSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${APPDATA_BASE}/actions`,
    access: `${ACTIONS_PAGE}:create`,
    summary: 'Add an action (409 on key when another action has it)',
    tags,
    write: true,
    body: actionBody,
    data: actionSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${APPDATA_BASE}/actions/{id}`,
    access: `${ACTIONS_PAGE}:edit`,
    summary: 'Change an action (409 stale or taken key; 409 on key once the app has reported it)',
    tags,
    write: true,
    params,
    body: actionBody.safeExtend({ version: idValue }),
    data: actionSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${APPDATA_BASE}/actions/{id}`,
    access: `${ACTIONS_PAGE}:delete`,
    summary: 'Delete an action the app never reported (409 naming how often it was: disable it instead)',
    tags,
    write: true,
    params,
    data: z.null(),
  }),
};
