import { accessorySkus } from '@bo/contract/appcontent/accessories';
import { APP_CONTENT_KINDS, type AppContentKind, media, readContent } from '@bo/contract/appcontent/app-api';
import { appKeys } from '@bo/contract/appcontent/app-keys';
import { BANNER_ENDPOINTS_OF, BANNER_SLOTS } from '@bo/contract/appcontent/banners';
import { buyingGuideSkus } from '@bo/contract/appcontent/buying-guide';
import type { ContentEndpoints } from '@bo/contract/appcontent/kinds';
import { newProductSkus } from '@bo/contract/appcontent/new-products';
import { sceneEffectChoices } from '@bo/contract/appcontent/scenes';
import { squareEffectChoices } from '@bo/contract/appcontent/square';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { fileStoreOf } from '../../platform/files/file-store';
import { receiveUpload } from '../../platform/files/receive-upload';
import { bind, Serialized, WithStatus } from '../../platform/http/binder';
import { accessoryRoutes } from './accessories/accessories.kind';
import * as keysService from './app-keys.service';
import { AppKeys, appCalls, publicMedia, RateLimiter } from './app-read';
import { uploadImage } from './banners.service';
import { KIND_ENDPOINTS, KINDS, skuChoices } from './content.kinds';
import * as content from './content.service';
import { coverUploads } from './covers/covers.kind';
import { diyRoutes } from './diy/diy.kind';
import { featuredRoutes } from './featured/featured.kind';
import { iconUploads } from './icons/icons.kind';
import { lifeAppRoutes } from './life-apps/life-apps.kind';
import { newProductRoutes } from './new-products/new-products.kind';
import { effectChoices, relatedChoices } from './related/related.kind';
import { LiveContent, resolve } from './resolver';
import { sceneRoutes } from './scenes/scenes.kind';
import { themeUploads } from './themes/themes.kind';

/** Whether `If-None-Match` names `etag` (a list, weak forms and `*` included). */
export const matchesEtag = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => ((s) => s === '*' || s === etag)(t.trim().replace(/^W\//, '')));

/** The app content area: the back office's screens of every declared kind, and the app's public read API. */
export function appContentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = fileStoreOf(ctx.db);

  for (const kind of APP_CONTENT_KINDS) {
    for (const [slot, ep] of Object.entries(KIND_ENDPOINTS[kind]) as [string, ContentEndpoints][]) bindSlot(kind, slot, ep);
  }
  coverUploads(app, ctx.db, store);
  themeUploads(app, ctx.db, store);
  iconUploads(app, ctx.db, store);
  relatedChoices(app, ctx.db);
  newProductRoutes(app, ctx.db, store);
  bind(app, newProductSkus, async ({ query }) => skuChoices(ctx.db, query.keyword));
  accessoryRoutes(app, ctx.db, store);
  bind(app, accessorySkus, async ({ query }) => skuChoices(ctx.db, query.keyword));
  featuredRoutes(app, ctx.db, store);
  sceneRoutes(app, ctx.db, store);
  diyRoutes(app, ctx.db, store);
  lifeAppRoutes(app, ctx.db, store);
  bind(app, sceneEffectChoices, () => effectChoices(ctx.db));
  bind(app, squareEffectChoices, () => effectChoices(ctx.db));
  bind(app, buyingGuideSkus, async ({ query }) => skuChoices(ctx.db, query.keyword));
  for (const slot of BANNER_SLOTS) {
    bind(app, BANNER_ENDPOINTS_OF[slot].upload, async ({ actor, req }) => {
      const upload = await receiveUpload(req, actor, 'image');
      return uploadImage(ctx.db, store, actor, slot, upload);
    });
  }

  // The app's read API: public, outside the session auth, with its own limit and cache headers.
  // Its replies' Cache-Control is set after the API's `no-store` (security.plugin.ts), in this
  // plugin's own onSend, which runs after the root's.
  const limiter = new RateLimiter();
  const keys = new AppKeys(ctx.db);
  // The read API's answers, kept in this process; a content write here forgets them at once.
  const live = new LiveContent(ctx.db, ctx.config.APP_CONTENT_CACHE_MS);
  const published = <T>(p: Promise<T>) => p.finally(() => live.forget());

  // The app keys' screen; each write drops this process's key cache at once.
  const forgetting = <T>(p: Promise<T>) => p.finally(() => keys.forget());
  bind(app, appKeys.list, async ({ query }) => keysService.list(ctx.db, query));
  bind(app, appKeys.create, async ({ actor, body }) => forgetting(keysService.create(ctx.db, actor, body)));
  bind(app, appKeys.update, async ({ actor, params, body }) => forgetting(keysService.update(ctx.db, actor, params.id, body)));
  bind(app, appKeys.act, async ({ actor, params, body, lang }) =>
    forgetting(keysService.act(ctx.db, actor, params.id, body.action, body.version, lang)),
  );
  bind(app, appKeys.remove, async ({ actor, params, lang }) => forgetting(keysService.remove(ctx.db, actor, params.id, lang)));
  appCalls(app, keys, limiter, (api, cache) => {
    bind(api, readContent, async ({ params, query, req }) => {
      const { slot, ...appCtx } = query;
      const r = await live.resolve(params.kind, slot, appCtx);
      cache(req, { etag: r.etag, 'cache-control': `public, max-age=${r.maxAge}`, vary: 'Accept-Encoding' });
      if (matchesEtag(req.headers['if-none-match'], r.etag)) return new WithStatus(304, null);
      // The items are built field by field from the contract's types (resolver.ts): the
      // envelope is written around the JSON the ETag was computed from, instead of checking
      // hundreds of items with zod again on the hottest read of the app.
      return new Serialized(`{"code":0,"msg":"success","data":{"kind":${JSON.stringify(params.kind)},"items":${r.json}}}`);
    });
    bind(api, media, async ({ params, query, req }) => {
      cache(req, { 'cache-control': 'public, max-age=86400' });
      return publicMedia(ctx.db, store, params.id, query.thumb === '1');
    });
  });

  /** One slot of a declared kind: its list, writes, moves, preview (the read API's resolver) and the catalogue's models. */
  function bindSlot(name: AppContentKind, slot: string, ep: ContentEndpoints): void {
    const kind = KINDS[name];
    bind(app, ep.list, async ({ query }) => content.list(ctx.db, kind, slot, query));
    bind(app, ep.models, async () => content.models(ctx.db));
    bind(app, ep.create, async ({ actor, body }) => published(content.create(ctx.db, actor, kind, slot, body as never)));
    bind(app, ep.update, async ({ actor, params, body, lang }) =>
      published(content.update(ctx.db, actor, kind, slot, params.id, body as never, lang)),
    );
    bind(app, ep.act, async ({ actor, params, body, lang }) =>
      published(content.act(ctx.db, actor, kind, slot, params.id, body.action, body.version, lang)),
    );
    bind(app, ep.remove, async ({ actor, params, lang }) =>
      published(content.remove(ctx.db, actor, kind, slot, params.id, lang)),
    );
    bind(app, ep.preview, async ({ body }) => {
      const { at, ...appCtx } = body;
      const when = at ? new Date(at) : new Date();
      const r = await resolve(ctx.db, name, slot, appCtx, when);
      return { at: when.toISOString(), etag: r.etag, items: r.items };
    });
  }
}
