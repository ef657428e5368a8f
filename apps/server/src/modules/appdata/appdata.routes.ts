import { APP_KEY_HEADER } from '@bo/contract/appcontent/app-api';
import { appActions } from '@bo/contract/appdata/actions';
import { MAX_BATCH_BYTES, reportEvents } from '@bo/contract/appdata/events';
import { qrCodes } from '@bo/contract/appdata/qr-codes';
import { dataSquare } from '@bo/contract/appdata/square';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import { AppKeys, admit, RateLimiter } from '../appcontent/app-read';
import * as actions from './actions.service';
import * as events from './events.service';
import * as qr from './qr-codes.service';
import { qrRedirectRoute } from './qr-redirect';
import * as squareService from './square.service';

/** The action list, the data square, joint QR codes; the app's event reports and the QR redirect (both public). */
export function appDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, appActions.list, async ({ query, actor }) => actions.listActions(ctx, actor, query));
  bind(app, appActions.create, async ({ body, actor }) => actions.createAction(ctx, actor, body));
  bind(app, appActions.update, async ({ params, body, actor }) => actions.updateAction(ctx, actor, params.id, body));
  bind(app, appActions.remove, async ({ params, actor }) => actions.deleteAction(ctx, actor, params.id));

  bind(app, dataSquare.board, async ({ query, actor }) => squareService.square(ctx, actor, query));
  bind(app, dataSquare.export, async ({ query, actor }) => squareService.squareExport(ctx, actor, query));

  bind(app, qrCodes.list, async ({ query, actor }) => qr.listQrCodes(ctx, actor, query));
  bind(app, qrCodes.scans, async ({ params, actor }) => qr.qrScans(ctx, actor, params.id));
  bind(app, qrCodes.create, async ({ body, actor }) => qr.createQr(ctx, actor, body));
  bind(app, qrCodes.update, async ({ params, body, actor }) => qr.updateQr(ctx, actor, params.id, body));
  bind(app, qrCodes.remove, async ({ params, actor }) => qr.deleteQr(ctx, actor, params.id));

  // The app's reports: public with the content read API's app-key admission (a known key its own
  // limit, an unknown one 401, none: per address), counted per process by this area's limiter.
  const limiter = new RateLimiter();
  const keys = new AppKeys(ctx.db);
  app.register(async (api) => {
    api.addHook('onRequest', async (req) => {
      const key = req.headers[APP_KEY_HEADER];
      await admit(keys, limiter, Array.isArray(key) ? key[0] : key, req.ip);
    });
    bind(api, reportEvents, async ({ body }) => events.reportEvents(ctx.db, body.events), { bodyLimit: MAX_BATCH_BYTES });
  });

  qrRedirectRoute(app, ctx);
}
