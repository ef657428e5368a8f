/** Access: sign-in and sessions, roles, users (see README.md). */
import { defineArea } from '../../platform/area';
import { accessHistory } from './access.history';
import { applyAccountsDemoOnce } from './access.seed';
import { rolesRoutes } from './roles/roles.routes';
import { sessionRoutes } from './session/session.routes';
import { usersRoutes } from './users/users.routes';

export const accessArea = defineArea({
  name: 'access',
  routes(app, ctx) {
    sessionRoutes(app, ctx);
    rolesRoutes(app, ctx);
    usersRoutes(app, ctx);
  },
  historyReaders: accessHistory,
  seed: [
    {
      // Roles, demo users, the two external accounts and every demo shop: what the other steps build on.
      name: 'accounts',
      run: async (db, opts) => {
        const r = await applyAccountsDemoOnce(db, opts);
        return { usersCreated: r.applied, generatedPassword: r.generatedPassword };
      },
    },
  ],
});
