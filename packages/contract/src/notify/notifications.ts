/**
 * The signed-in user's own notifications (platform/notify on the server): what asks for
 * their attention (an approval waiting for them, a decision on what they submitted). Every
 * call reads and changes only the caller's rows; there is no permission beyond signing in.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery } from '../envelope';

const tags = ['notifications'];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** In the caller's language (Accept-Language / profile). */
  title: z.string(),
  body: z.string(),
  /** An in-app path, or null when there is nothing to open. */
  link: z.string().nullable(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotifications = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/notifications',
  access: 'login',
  summary: "The caller's notifications, newest first",
  tags,
  query: z.object({ unread: z.enum(['true', 'false']).default('false'), ...pagingQuery }),
  data: pageSchema(notificationSchema).extend({ unread: z.number().int() }),
});

export const unreadNotifications = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/notifications/unread-count',
  access: 'login',
  summary: "How many of the caller's notifications are unread (the bell's badge)",
  tags,
  data: z.object({ unread: z.number().int() }),
});

export const readNotification = defineEndpoint({
  method: 'POST',
  path: 'user/rest/v1/notifications/{id}/read',
  access: 'login',
  summary: 'Mark one of the caller’s notifications read (404 for another user’s)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.object({ unread: z.number().int() }),
});

export const readAllNotifications = defineEndpoint({
  method: 'POST',
  path: 'user/rest/v1/notifications/read-all',
  access: 'login',
  summary: 'Mark every notification of the caller read',
  tags,
  write: true,
  data: z.object({ unread: z.number().int() }),
});
