import { APP_KEY_HEADER } from '@bo/contract/appcontent/app-api';
import { checkDesktopUpdate, desktopProducts, desktopReleases } from '@bo/contract/desktopapps/desktop-apps';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import { AppKeys, admit, RateLimiter } from '../appcontent/app-read';
import * as products from './products.service';
import * as releases from './releases.service';
import { checkUpdate } from './update-check.service';

/** Desktop app products and releases, the back office's preview of the update call, and the call itself. */
export function desktopAppsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, desktopProducts.list, async ({ query, actor }) => products.listProducts(ctx, actor, query));
  bind(app, desktopProducts.create, async ({ body, actor }) => products.createProduct(ctx, actor, body));
  bind(app, desktopProducts.update, async ({ params, body, actor }) => products.updateProduct(ctx, actor, params.id, body));
  bind(app, desktopProducts.remove, async ({ params, actor }) => products.deleteProduct(ctx, actor, params.id));

  bind(app, desktopReleases.list, async ({ query, actor }) => releases.listReleases(ctx, actor, query));
  bind(app, desktopReleases.products, async ({ actor }) => products.productChoices(ctx, actor));
  bind(app, desktopReleases.create, async ({ body, actor }) => releases.createRelease(ctx, actor, body));
  bind(app, desktopReleases.update, async ({ params, body, actor, lang }) =>
    releases.updateRelease(ctx, actor, params.id, body, lang),
  );
  bind(app, desktopReleases.act, async ({ params, body, actor, lang }) =>
    releases.actOnRelease(ctx, actor, params.id, body, lang),
  );
  bind(app, desktopReleases.remove, async ({ params, actor, lang }) => releases.deleteRelease(ctx, actor, params.id, lang));
  bind(app, desktopReleases.preview, async ({ body, actor }) => {
    products.assertCompany(actor);
    return checkUpdate(ctx.db, body);
  });

  // The desktop app's call: public like the content read API, with the same app-key admission
  // (a known key its own limit, an unknown one 401, none: per address). The counts are this
  // area's own, per process, as the content API's are.
  const limiter = new RateLimiter();
  const keys = new AppKeys(ctx.db);
  app.register(async (api) => {
    api.addHook('onRequest', async (req) => {
      const key = req.headers[APP_KEY_HEADER];
      await admit(keys, limiter, Array.isArray(key) ? key[0] : key, req.ip);
    });
    bind(api, checkDesktopUpdate, async ({ query }) => {
      const { update } = await checkUpdate(ctx.db, query);
      return { update };
    });
  });
}
