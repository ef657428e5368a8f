/** Notifications: a platform piece with routes and a mail job of its own, listed with the areas. */
import { defineArea } from '../area';
import { NOTIFY_MAIL_JOB, sendNotificationMail } from './notifications';
import { notificationsRoutes } from './notifications.routes';

export const notifyArea = defineArea({
  name: 'notify',
  routes: notificationsRoutes,
  jobs: (ctx) => ({
    [NOTIFY_MAIL_JOB]: {
      run: async (payload) => {
        const id = Number((payload as { id?: unknown }).id);
        if (Number.isInteger(id)) await sendNotificationMail(ctx.db, ctx.codeSender, id);
      },
    },
  }),
});
