import { notifications as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { bind } from '../http/binder';
import { listNotifications, markAllRead, markRead, unreadCount } from './notifications';

/** The caller's own notifications: every call is keyed on the signed-in user, never on a parameter naming one. */
export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listNotifications, async ({ query, actor, lang }) =>
    listNotifications(ctx.db, actor.userId, lang, {
      unread: query.unread === 'true',
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    }),
  );
  bind(app, ep.unreadNotifications, async ({ actor }) => ({ unread: await unreadCount(ctx.db, actor.userId) }));
  bind(app, ep.readNotification, async ({ params, actor }) => markRead(ctx.db, actor.userId, params.id));
  bind(app, ep.readAllNotifications, async ({ actor }) => markAllRead(ctx.db, actor.userId));
}
