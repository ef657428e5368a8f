import * as exp from '@bo/contract/brand/exposure';
import * as kol from '@bo/contract/brand/kols';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { exportLang, replyLang } from '../../platform/export/lang';
import { bind } from '../../platform/http/binder';
import * as exposure from './exposure.service';
import * as kols from './kols.service';

/** Brand (issue #23): the KOLs and their cooperation records, the exposure board. */
export function brandRoutes(app: FastifyInstance, ctx: AppContext): void {
  const lang = (h: { headers: Record<string, unknown> }) => replyLang(h.headers['accept-language'] as string | undefined);
  const xlang = (h: { headers: Record<string, unknown> }) => exportLang(h.headers['accept-language'] as string | undefined);
  bind(app, kol.listKols, async ({ actor, query }) => kols.list(ctx, actor, query));
  bind(app, kol.exportKols, async ({ actor, query, req }) => kols.exportFile(ctx, actor, query, xlang(req)));
  bind(app, kol.kolOptions, async ({ actor }) => kols.options(ctx, actor));
  bind(app, kol.getKol, async ({ actor, params }) => kols.get(ctx, actor, params.id));
  bind(app, kol.createKol, async ({ actor, body }) => kols.create(ctx, actor, body));
  bind(app, kol.updateKol, async ({ actor, params, body }) => kols.update(ctx, actor, params.id, body));
  bind(app, kol.actOnKol, async ({ actor, params, body, req }) => kols.act(ctx, actor, params.id, body, lang(req)));
  bind(app, kol.deleteKol, async ({ actor, params, req }) => kols.remove(ctx, actor, params.id, lang(req)));
  bind(app, kol.listCooperations, async ({ actor, params }) => kols.cooperations(ctx, actor, params.id));
  bind(app, kol.createCooperation, async ({ actor, params, body, req }) =>
    kols.createCooperation(ctx, actor, params.id, body, lang(req)),
  );
  bind(app, kol.updateCooperation, async ({ actor, params, body }) => kols.updateCooperation(ctx, actor, params.id, body));
  bind(app, kol.deleteCooperation, async ({ actor, params }) => kols.removeCooperation(ctx, actor, params.id));
  bind(app, exp.exposureBoard, async ({ actor, query }) => exposure.board(ctx, actor, query));
  bind(app, exp.exportExposure, async ({ actor, query, req }) => exposure.exportFile(ctx, actor, query, xlang(req)));
}
