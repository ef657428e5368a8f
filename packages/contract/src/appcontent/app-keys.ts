/**
 * Keys of the apps that call the read API (issue #24, /user-platform/appKeys). An app sends its
 * key in `X-App-Key`; a known, enabled key has its own rate limit (requests a minute, per
 * server process); a disabled or unknown key is a 401. The key is made by the server and shown
 * once, when it is created; only its SHA-256 and its first characters are kept. A key is
 * enabled or disabled; only a disabled key is deleted (an app still holding it would break).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';

export const APP_KEYS_PAGE = 'user:platform:appKeys:config' as const;

export const APP_KEY_STATES = ['enabled', 'disabled'] as const;
export type AppKeyState = (typeof APP_KEY_STATES)[number];
export const APP_KEY_ACTIONS = ['enable', 'disable'] as const;
export type AppKeyAction = (typeof APP_KEY_ACTIONS)[number];

export const APP_KEY_MACHINE = defineStateMachine<AppKeyState, AppKeyAction>({
  entity: { zh: 'App 接口密钥', en: 'App API key' },
  states: {
    enabled: { label: { zh: '启用', en: 'Enabled' }, tone: 'success' },
    disabled: { label: { zh: '停用', en: 'Disabled' }, tone: 'default' },
  },
  transitions: [
    { action: 'enable', from: ['disabled'], to: 'enabled', label: { zh: '启用', en: 'Enable' } },
    {
      action: 'disable',
      from: ['enabled'],
      to: 'disabled',
      label: { zh: '停用', en: 'Disable' },
      confirm: {
        zh: '停用后，持有这个密钥的 App 调用读取接口会得到 401（各服务进程最多 30 秒内生效）。',
        en: 'Once disabled, an app calling the read API with this key gets a 401 (within 30 seconds in every server process).',
      },
    },
  ],
});

/** Requests a minute: the default of a new key, and the bounds an operator may set. */
export const APP_KEY_LIMITS = { defaultPerMinute: 6000, min: 60, max: 1_000_000 } as const;

export const appKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart ("lk_AbC1…"). */
  keyHint: z.string(),
  state: z.enum(APP_KEY_STATES),
  perMinute: z.number().int(),
  note: z.string(),
  version: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AppKey = z.infer<typeof appKeySchema>;

export const appKeyBody = z
  .object({
    name: z.string().trim().min(1).max(80),
    perMinute: z.number().int().min(APP_KEY_LIMITS.min).max(APP_KEY_LIMITS.max).default(APP_KEY_LIMITS.defaultPerMinute),
    note: z.string().trim().max(500).default(''),
  })
  .strict();
export type AppKeyBody = z.infer<typeof appKeyBody>;

export const APP_KEY_SORT_FIELDS = ['createdAt', 'name', 'perMinute'] as const;

const tags = ['app content'];
const path = 'appcontent/rest/v1/app-keys';
const params = z.object({ id: idParam });

export const appKeys = {
  list: defineEndpoint({
    method: 'GET',
    path,
    access: APP_KEYS_PAGE,
    summary: 'The read API’s app keys (never the keys themselves: their first characters), newest first unless sorted',
    tags,
    query: z.object({
      keyword: z.string().trim().max(100).optional(),
      state: z.enum(APP_KEY_STATES).optional(),
      sortField: z.enum(APP_KEY_SORT_FIELDS).default('createdAt'),
      sortOrder: sortOrderSchema.default('desc'),
      ...pagingQuery,
    }),
    data: pageSchema(appKeySchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path,
    access: `${APP_KEYS_PAGE}:create`,
    summary: 'Make an app key (enabled): the answer holds the key itself, once; only its hash is kept',
    tags,
    write: true,
    body: appKeyBody,
    data: z.object({ key: z.string(), record: appKeySchema }),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${path}/{id}`,
    access: `${APP_KEYS_PAGE}:edit`,
    summary: 'Rename a key, change its limit or note; 409 stale on another version',
    tags,
    write: true,
    params,
    body: appKeyBody.extend({ version: idValue }),
    data: appKeySchema,
  }),
  act: defineEndpoint({
    method: 'POST',
    path: `${path}/{id}/actions`,
    access: `${APP_KEYS_PAGE}:edit`,
    summary: 'Enable or disable a key (409 naming the state when it does not allow it)',
    tags,
    write: true,
    params,
    body: z.object({ action: z.enum(APP_KEY_ACTIONS), version: z.number().int().positive() }).strict(),
    data: appKeySchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${path}/{id}`,
    access: `${APP_KEYS_PAGE}:delete`,
    summary: 'Delete a disabled key (409 for an enabled one: disable it first)',
    tags,
    write: true,
    params,
    data: z.null(),
  }),
};
