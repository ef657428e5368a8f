/**
 * System notices (/backMgr/notice): a title and a text in Chinese and/or English, a level, an
 * audience (everyone, some roles, some users) and a publish window. A published notice inside
 * its window is shown to each user of its audience after sign-in, once, until they
 * acknowledge it. The management endpoints answer only the back-office user (BACK_MGR_USER);
 * "my notices" and the acknowledgement are every signed-in user's.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, instantSchema, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';

const tags = ['back office'];
const path = 'backmgr/rest/v1/notices';

export const NOTICE_STATES = ['draft', 'published', 'withdrawn'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];
export type NoticeAction = 'publish' | 'withdraw';
export const NOTICE_LEVELS = ['info', 'warning', 'important'] as const;
export type NoticeLevel = (typeof NOTICE_LEVELS)[number];
export const NOTICE_AUDIENCES = ['everyone', 'roles', 'users'] as const;
export const NOTICE_SORT_FIELDS = ['updatedAt', 'publishFrom'] as const;

export const NOTICE_MACHINE = defineStateMachine<NoticeState, NoticeAction>({
  entity: { zh: '公告', en: 'Notice' },
  states: {
    draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    published: { label: { zh: '已发布', en: 'Published' }, tone: 'success' },
    withdrawn: { label: { zh: '已撤回', en: 'Withdrawn' }, tone: 'warning' },
  },
  transitions: [
    {
      action: 'publish',
      from: ['draft', 'withdrawn'],
      to: 'published',
      label: { zh: '发布', en: 'Publish' },
      destructive: false,
      confirm: {
        zh: '发布后，受众中的用户在发布时段内登录时会看到这条公告，直到确认。',
        en: 'Once published, users of the audience see it after sign-in within its window until they acknowledge it.',
      },
    },
    {
      action: 'withdraw',
      from: ['published'],
      to: 'withdrawn',
      label: { zh: '撤回', en: 'Withdraw' },
      confirm: { zh: '撤回后，尚未确认的用户不会再看到它。', en: 'Users who have not acknowledged it will no longer see it.' },
    },
  ],
});

export const noticeSchema = z.object({
  id: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  level: z.enum(NOTICE_LEVELS),
  audience: z.enum(NOTICE_AUDIENCES),
  roleIds: z.array(z.number().int()),
  userIds: z.array(z.number().int()),
  publishFrom: z.string(),
  /** Null: no end. */
  publishTo: z.string().nullable(),
  state: z.enum(NOTICE_STATES),
  /** How many users acknowledged it. */
  acknowledged: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** A publish window's end: an instant with an offset PostgreSQL can store, as UTC. */
const dateTime = instantSchema;

export const noticeBody = z
  .object({
    titleZh: z.string().trim().max(200).default(''),
    titleEn: z.string().trim().max(200).default(''),
    bodyZh: z.string().trim().max(4000).default(''),
    bodyEn: z.string().trim().max(4000).default(''),
    level: z.enum(NOTICE_LEVELS),
    audience: z.enum(NOTICE_AUDIENCES),
    roleIds: z.array(idValue).max(200).default([]),
    userIds: z.array(idValue).max(1000).default([]),
    publishFrom: dateTime,
    publishTo: dateTime.nullable().default(null),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.titleZh && !v.titleEn)
      ctx.addIssue({ code: 'custom', path: ['titleZh'], message: fieldCode('backMgr.titleRequired') });
    if (!v.bodyZh && !v.bodyEn) ctx.addIssue({ code: 'custom', path: ['bodyZh'], message: fieldCode('backMgr.bodyRequired') });
    if (v.audience === 'roles' && v.roleIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['roleIds'], message: fieldCode('backMgr.pickAudience') });
    if (v.audience === 'users' && v.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: fieldCode('backMgr.pickAudience') });
    if (v.publishTo && Date.parse(v.publishTo) <= Date.parse(v.publishFrom))
      ctx.addIssue({ code: 'custom', path: ['publishTo'], message: fieldCode('endBeforeStart') });
  });
export type NoticeBody = z.infer<typeof noticeBody>;

export const list = defineEndpoint({
  method: 'GET',
  path,
  access: 'login',
  summary: 'System notices, last changed first unless sorted (back-office user only)',
  tags,
  query: z.object({
    /** Part of a title or text. */
    keyword: z.string().trim().max(200).optional(),
    state: z.enum(NOTICE_STATES).optional(),
    level: z.enum(NOTICE_LEVELS).optional(),
    sortField: z.enum(NOTICE_SORT_FIELDS).default('updatedAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(noticeSchema),
});

export const audience = defineEndpoint({
  method: 'GET',
  path: `${path}/audience`,
  access: 'login',
  summary: 'The roles and users a notice may be addressed to (back-office user only)',
  tags,
  data: z.object({
    roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    users: z.array(z.object({ id: z.number().int(), loginName: z.string(), userName: z.string() })),
  }),
});

export const create = defineEndpoint({
  method: 'POST',
  path,
  access: 'login',
  summary: 'Write a notice (a draft until published; back-office user only)',
  tags,
  write: true,
  body: noticeBody,
  data: noticeSchema,
});

export const update = defineEndpoint({
  method: 'PUT',
  path: `${path}/{id}`,
  access: 'login',
  summary: 'Change a notice (acknowledgements stay; back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: noticeBody,
  data: noticeSchema,
});

export const publish = defineEndpoint({
  method: 'POST',
  path: `${path}/{id}/publish`,
  access: 'login',
  summary: 'Publish a draft or withdrawn notice (409 naming the state otherwise; back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: noticeSchema,
});

export const withdraw = defineEndpoint({
  method: 'POST',
  path: `${path}/{id}/withdraw`,
  access: 'login',
  summary: 'Withdraw a published notice (409 naming the state otherwise; back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: noticeSchema,
});

export const remove = defineEndpoint({
  method: 'DELETE',
  path: `${path}/{id}`,
  access: 'login',
  summary: 'Delete a draft (a notice once published is withdrawn instead: 409; back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

/** A notice as its reader sees it. */
export const myNoticeSchema = z.object({
  id: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  level: z.enum(NOTICE_LEVELS),
  publishFrom: z.string(),
});
export type MyNotice = z.infer<typeof myNoticeSchema>;

export const mine = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/notices/unacknowledged',
  access: 'login',
  summary:
    'The published notices the caller is in the audience of, inside their window, not yet acknowledged (none under god view)',
  tags: ['notices'],
  data: z.array(myNoticeSchema),
});

export const acknowledge = defineEndpoint({
  method: 'POST',
  path: 'user/rest/v1/notices/{id}/acknowledge',
  access: 'login',
  summary: 'Acknowledge a notice shown to the caller (404 for one they are not shown; idempotent; refused under god view)',
  tags: ['notices'],
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
