import { APP_KEY_HEADER } from '@bo/contract/appcontent/app-api';
import { markInboxRead, readInbox, registerDevice } from '@bo/contract/appmessages/inbox';
import { appMessages } from '@bo/contract/appmessages/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { unauthenticated } from '../../platform/errors';
import { bind } from '../../platform/http/binder';
import { AppKeys, admit, RateLimiter } from '../appcontent/app-read';
import * as inbox from './inbox.service';
import * as messages from './messages.service';

/** The message centre's screen, and the app's device and inbox calls. */
export function appMessagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, appMessages.list, async ({ query, actor }) => messages.listMessages(ctx, actor, query));
  bind(app, appMessages.models, async ({ actor }) => messages.models(ctx, actor));
  bind(app, appMessages.estimate, async ({ body, actor }) => messages.estimateAudience(ctx, actor, body));
  bind(app, appMessages.create, async ({ body, actor }) => messages.createMessage(ctx, actor, body));
  bind(app, appMessages.update, async ({ params, body, actor, lang }) =>
    messages.updateMessage(ctx, actor, params.id, body, lang),
  );
  bind(app, appMessages.act, async ({ params, body, actor, lang }) => messages.actOnMessage(ctx, actor, params.id, body, lang));
  bind(app, appMessages.remove, async ({ params, actor, lang }) => messages.deleteMessage(ctx, actor, params.id, lang));

  // The app's calls: public (no session), but unlike public content they need a known app key
  // (per-device data is written and read): none or an unknown one is a 401; counted per key.
  const limiter = new RateLimiter();
  const keys = new AppKeys(ctx.db);
  app.register(async (api) => {
    api.addHook('onRequest', async (req) => {
      const header = req.headers[APP_KEY_HEADER];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) throw unauthenticated('an app key (X-App-Key) is required');
      await admit(keys, limiter, key, req.ip);
    });
    bind(api, registerDevice, async ({ body }) => inbox.registerDevice(ctx.db, body));
    bind(api, readInbox, async ({ query }) => inbox.inbox(ctx.db, query));
    bind(api, markInboxRead, async ({ params, body }) => inbox.markRead(ctx.db, params.id, body.device));
  });
}
