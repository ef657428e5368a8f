import { H5_ENDPOINTS_OF, type H5Group, type H5Lang, H5_LANGS, h5Media } from '@bo/contract/h5pages/h5-pages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { fileStoreOf } from '../../platform/files/file-store';
import { receiveUpload } from '../../platform/files/receive-upload';
import { bind } from '../../platform/http/binder';
import { AppKeys, appCalls, RateLimiter } from '../appcontent/app-read';
import { matchesEtag } from '../appcontent/appcontent.routes';
import * as pages from './h5pages.service';
import { publicH5Media, uploadH5Image } from './h5pages.media';
import { renderNotFound } from './render';

/** The H5 pages' screens (two permissions, one set of endpoints each), and the public page and its images. */
export function h5PagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = fileStoreOf(ctx.db);
  for (const group of Object.keys(H5_ENDPOINTS_OF) as H5Group[]) {
    const ep = H5_ENDPOINTS_OF[group];
    bind(app, ep.list, async ({ actor, query }) => pages.listPages(ctx.db, actor, group, query));
    bind(app, ep.get, async ({ actor, params }) => pages.getPage(ctx.db, actor, group, params.id));
    bind(app, ep.create, async ({ actor, body }) => pages.createPage(ctx.db, actor, group, body));
    bind(app, ep.update, async ({ actor, params, body, lang }) => pages.updatePage(ctx.db, actor, group, params.id, body, lang));
    bind(app, ep.act, async ({ actor, params, body, lang }) => pages.actOnPage(ctx.db, actor, group, params.id, body, lang));
    bind(app, ep.remove, async ({ actor, params, lang }) => pages.deletePage(ctx.db, actor, group, params.id, lang));
    bind(app, ep.preview, async ({ actor, body }) => pages.previewPage(ctx.db, actor, group, body));
    bind(app, ep.upload, async ({ actor, req }) => uploadH5Image(ctx.db, store, actor, await receiveUpload(req, actor, 'image')));
    bind(app, ep.skus, async ({ actor, query }) => pages.skuChoices(ctx.db, actor, query.keyword));
    bind(app, ep.choices, async ({ actor }) => pages.pageChoices(ctx.db, actor));
  }

  // The public side: the app's webviews open `/h5/{slug}` without a session. Admitted and
  // limited as the app's read API is (per address without a key).
  appCalls(app, new AppKeys(ctx.db), new RateLimiter(), (api, cache) => {
    bind(api, h5Media, async ({ params, req }) => {
      cache(req, { 'cache-control': 'public, max-age=86400' });
      return publicH5Media(ctx.db, store, params.id);
    });
    api.register(async (pageApi) => {
      // After the root's headers (security.plugin.ts): this page's own strict policy, and it may be cached briefly.
      pageApi.addHook('onSend', async (req, reply, payload) => {
        const csp = policies.get(req);
        if (csp) reply.headers({ 'content-security-policy': csp, 'referrer-policy': 'no-referrer' });
        return payload;
      });
      const policies = new WeakMap<object, string>();
      pageApi.get<{ Params: { slug: string }; Querystring: { lang?: string } }>(
        '/h5/:slug',
        { config: { access: 'public' } },
        async (req, reply) => {
          const asked = req.query.lang;
          const lang = (H5_LANGS as readonly string[]).includes(asked ?? '') ? (asked as H5Lang) : null;
          const slug = /^[a-z0-9-]{3,60}$/.test(req.params.slug) ? req.params.slug : null;
          const page = slug ? await pages.publicPage(ctx.db, slug, lang, new Date()) : null;
          const shown = page ?? renderNotFound(lang ?? 'zh-CN');
          policies.set(req, shown.csp);
          reply.header('content-type', 'text/html; charset=utf-8');
          if (!page) return reply.code(404).header('cache-control', 'no-store').send(shown.html);
          reply.header('etag', page.etag).header('cache-control', 'public, max-age=60').header('vary', 'Accept-Encoding');
          if (matchesEtag(req.headers['if-none-match'], page.etag)) return reply.code(304).send();
          return reply.send(page.html);
        },
      );
    });
  });
}
