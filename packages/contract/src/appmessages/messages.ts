/**
 * The message centre (issue #24; /user-platform/messageCenter; docs/app-messages.md). A message
 * is a title and a body in Chinese and English, an optional link, an audience (the content
 * model's targeting: country, language, app-version range, platform, device model), a send time,
 * a throttle, quiet hours and an expiry. It moves draft → scheduled → sending → sent by
 * MESSAGE_MACHINE (cancel from scheduled or sending); the sender (a job) writes one delivery per
 * (message, device) into the devices' in-app inboxes, read by the app through `app/v1/inbox`.
 */
import { z } from 'zod';
import { targetingFields, targetingSchema } from '../appcontent/publishing';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, instantSchema, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';

export const MESSAGES_PAGE = 'user:platform:messageCenter:config' as const;
export const MESSAGES_BASE = 'appmessages/rest/v1/messages';
const tags = ['app messages'];
const params = z.object({ id: idParam });

export const MESSAGE_STATES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
/** The operator's moves; scheduled → sending → sent are the sender's own. */
export const MESSAGE_ACTIONS = ['send', 'schedule', 'unschedule', 'cancel'] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];

export const MESSAGE_MACHINE = defineStateMachine<MessageState, MessageAction>({
  entity: { zh: '消息', en: 'Message' },
  states: {
    draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    scheduled: { label: { zh: '已排期', en: 'Scheduled' }, tone: 'processing' },
    sending: { label: { zh: '发送中', en: 'Sending' }, tone: 'processing' },
    sent: { label: { zh: '已发送', en: 'Sent' }, tone: 'success', final: true },
    cancelled: { label: { zh: '已取消', en: 'Cancelled' }, tone: 'warning', final: true },
  },
  transitions: [
    {
      action: 'send',
      from: ['draft'],
      to: 'scheduled',
      label: { zh: '立即发送', en: 'Send now' },
      destructive: false,
      confirm: {
        zh: '立即开始向受众设备发送（按限速和免打扰时段分批）。发送后不能再修改。',
        en: 'Sending starts at once to the audience (in batches, by the throttle and quiet hours). It cannot be edited afterwards.',
      },
    },
    {
      action: 'schedule',
      from: ['draft'],
      to: 'scheduled',
      label: { zh: '排期发送', en: 'Schedule' },
      destructive: false,
      confirm: {
        zh: '到发送时间后自动开始发送；开始前可以取消排期。',
        en: 'Sending starts by itself at the send time; until then it can be unscheduled.',
      },
    },
    { action: 'unschedule', from: ['scheduled'], to: 'draft', label: { zh: '取消排期', en: 'Unschedule' } },
    {
      action: 'cancel',
      from: ['scheduled', 'sending'],
      to: 'cancelled',
      label: { zh: '取消发送', en: 'Cancel' },
      confirm: {
        zh: '取消后不再向任何设备投递；已投递到收件箱的消息保留。不能撤销。',
        en: 'Once cancelled, no further device gets it; messages already in inboxes stay. This cannot be undone.',
      },
    },
  ],
});

/** A link the app can open: a web page (https) or one of its own screens (an app scheme: lumio://…). */
const linkSchema = z
  .string()
  .trim()
  .max(1000)
  .refine((s) => s === '' || /^(https:\/\/[^\s]+|[a-z][a-z0-9+.-]{1,30}:\/\/[^\s]+)$/i.test(s), fieldCode('appMessages.link'))
  .refine((s) => !/^(javascript|data|vbscript|file|http):/i.test(s), fieldCode('appMessages.link'));

/** A local time of day, 00:00–23:59. */
export const clockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, fieldCode('appMessages.clockTime'));

export const THROTTLE_LIMITS = { min: 1, max: 100_000 } as const;

/** The audience: the content model's targeting (an empty list takes every value). */
export const audienceFields = targetingFields;
export const audienceBody = z.object(audienceFields).strict();
export type AudienceInput = z.input<typeof audienceBody>;
export type Audience = z.output<typeof audienceBody>;

export const messageBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    titleZh: z.string().trim().max(100).default(''),
    titleEn: z.string().trim().max(100).default(''),
    bodyZh: z.string().trim().max(2000).default(''),
    bodyEn: z.string().trim().max(2000).default(''),
    link: linkSchema.default(''),
    ...audienceFields,
    /** null: as soon as it is sent. */
    sendAt: instantSchema.nullable().default(null),
    throttlePerMinute: z.number().int().min(THROTTLE_LIMITS.min).max(THROTTLE_LIMITS.max).default(1000),
    /** Both or neither; start after end wraps midnight (22:00–08:00). */
    quietStart: clockTime.nullable().default(null),
    quietEnd: clockTime.nullable().default(null),
    /** null: never. After it, nothing more is delivered and the inbox no longer shows it. */
    expiresAt: instantSchema.nullable().default(null),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.titleZh && !b.titleEn)
      ctx.addIssue({ code: 'custom', path: ['titleZh'], message: fieldCode('appMessages.titleRequired') });
    if (b.titleZh && !b.bodyZh)
      ctx.addIssue({ code: 'custom', path: ['bodyZh'], message: fieldCode('appMessages.bodyRequired') });
    if (b.titleEn && !b.bodyEn)
      ctx.addIssue({ code: 'custom', path: ['bodyEn'], message: fieldCode('appMessages.bodyRequired') });
    if ((b.quietStart === null) !== (b.quietEnd === null))
      ctx.addIssue({
        code: 'custom',
        path: [b.quietStart === null ? 'quietStart' : 'quietEnd'],
        message: fieldCode('appMessages.quietBoth'),
      });
    if (b.quietStart !== null && b.quietStart === b.quietEnd)
      ctx.addIssue({ code: 'custom', path: ['quietEnd'], message: fieldCode('appMessages.quietEmpty') });
    if (b.expiresAt && b.sendAt && Date.parse(b.expiresAt) <= Date.parse(b.sendAt))
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: fieldCode('appMessages.expiresBeforeSend') });
  });
export type MessageBody = z.output<typeof messageBody>;
export type MessageBodyInput = z.input<typeof messageBody>;

export const deliveryCountsSchema = z.object({
  /** Devices of the audience when sending began (0 before). */
  targeted: z.number().int(),
  /** In their inboxes. */
  delivered: z.number().int(),
  /** Held by quiet hours at some point (delivered since or still waiting). */
  deferred: z.number().int(),
  /** Held by quiet hours now. */
  waiting: z.number().int(),
  read: z.number().int(),
});
export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  link: z.string(),
  targeting: targetingSchema,
  sendAt: z.string().nullable(),
  throttlePerMinute: z.number().int(),
  quietStart: z.string().nullable(),
  quietEnd: z.string().nullable(),
  expiresAt: z.string().nullable(),
  state: z.enum(MESSAGE_STATES),
  counts: deliveryCountsSchema,
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AppMessage = z.infer<typeof messageSchema>;

export const appMessages = {
  list: defineEndpoint({
    method: 'GET',
    path: MESSAGES_BASE,
    access: MESSAGES_PAGE,
    summary: 'Messages with their audience, schedule and delivery counts (targeted, delivered, deferred, read)',
    tags,
    query: z.object({
      keyword: z.string().trim().max(100).optional(),
      state: z.enum(MESSAGE_STATES).optional(),
      sortField: z.enum(['updatedAt', 'sendAt']).default('updatedAt'),
      sortOrder: sortOrderSchema.default('desc'),
      ...pagingQuery,
    }),
    data: pageSchema(messageSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: MESSAGES_BASE,
    access: `${MESSAGES_PAGE}:create`,
    summary: 'Add a draft message (400 on a model the catalogue does not have)',
    tags,
    write: true,
    body: messageBody,
    data: messageSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${MESSAGES_BASE}/{id}`,
    access: `${MESSAGES_PAGE}:edit`,
    summary: 'Change a draft (409 naming the state of any other; 409 when stale)',
    tags,
    write: true,
    params,
    body: messageBody.safeExtend({ version: idValue }),
    data: messageSchema,
  }),
  act: defineEndpoint({
    method: 'POST',
    path: `${MESSAGES_BASE}/{id}/actions`,
    access: `${MESSAGES_PAGE}:send`,
    summary:
      'Move a message by MESSAGE_MACHINE: send (now), schedule (its send time must be ahead), unschedule, cancel; 409 naming the state when it does not allow the action, or stale',
    tags,
    write: true,
    params,
    body: z.object({ action: z.enum(MESSAGE_ACTIONS), version: idValue }).strict(),
    data: messageSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${MESSAGES_BASE}/{id}`,
    access: `${MESSAGES_PAGE}:delete`,
    summary: 'Delete a draft or cancelled message (409 naming the state otherwise)',
    tags,
    write: true,
    params,
    data: z.null(),
  }),
  estimate: defineEndpoint({
    method: 'POST',
    path: `${MESSAGES_BASE}/estimate`,
    access: MESSAGES_PAGE,
    summary: 'How many registered devices the audience takes now',
    tags,
    body: audienceBody,
    data: z.object({ devices: z.number().int(), registered: z.number().int() }),
  }),
  models: defineEndpoint({
    method: 'GET',
    path: `${MESSAGES_BASE}/models`,
    access: MESSAGES_PAGE,
    summary: "The catalogue's device models an audience may name",
    tags,
    data: z.array(z.object({ model: z.string(), name: z.string(), nameEn: z.string() })),
  }),
};
