/**
 * The customer blacklist (/blacklist): buyers of the caller's company who get no
 * automatic mail (auto mails, invitations). Entries come from people (`manual`, with a
 * reason) or from a buyer's own unsubscribe (`unsubscribe`): shown, never deleted here.
 * Spec §7 names no calls for it, so they live under email/rest/v1/blacklist.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['mail blacklist'];
const path = 'email/rest/v1/blacklist';

export const BLACKLIST_SOURCES = ['manual', 'unsubscribe'] as const;
export const BLACKLIST_SORT_FIELDS = ['createdAt', 'email'] as const;
export type BlacklistSource = (typeof BLACKLIST_SOURCES)[number];

export const blacklistEntrySchema = z.object({
  id: z.number().int(),
  /** Lower-cased, as the automation compares it. */
  email: z.string(),
  reason: z.string(),
  source: z.enum(BLACKLIST_SOURCES),
  /** Who added it (null for an unsubscribe). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

export const list = defineEndpoint({
  method: 'GET',
  path,
  access: 'email:blacklist',
  summary: 'Blacklisted and unsubscribed buyers of the caller’s company (newest first unless sorted)',
  tags,
  query: z.object({
    /** Part of the e-mail address or the reason. */
    keyword: z.string().trim().max(200).optional(),
    source: z.enum(BLACKLIST_SOURCES).optional(),
    sortField: z.enum(BLACKLIST_SORT_FIELDS).default('createdAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(blacklistEntrySchema),
});

export const create = defineEndpoint({
  method: 'POST',
  path,
  access: 'email:blacklist:create',
  summary: 'Put a buyer on the blacklist (409 when the address is on it already)',
  tags,
  write: true,
  body: z
    .object({
      email: z.string().trim().toLowerCase().max(254).email(fieldCode('mail.writeEmail')),
      reason: z.string().trim().min(1, fieldCode('mail.writeWhy')).max(500),
    })
    .strict(),
  data: blacklistEntrySchema,
});

export const remove = defineEndpoint({
  method: 'DELETE',
  path: `${path}/{id}`,
  access: 'email:blacklist:delete',
  summary: 'Take a buyer off the blacklist (an unsubscribe cannot be removed: 409)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
