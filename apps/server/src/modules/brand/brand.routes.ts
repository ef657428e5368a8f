import * as exp from '@bo/contract/brand/exposure';
import * as kol from '@bo/contract/brand/kols';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { ExportLang } from '../../platform/export/lang';
import { bind } from '../../platform/http/binder';
import * as exposure from './exposure.service';
import * as kols from './kols.service';

/** Brand (issue #23): the KOLs and their cooperation records, the exposure board. */
export function brandRoutes(app: FastifyInstance, ctx: AppContext): void {
  // An export's texts in the reply's language (the binder's `lang`).
  const xlang = (lang: string): ExportLang => (lang === 'zh-CN' ? 'zh' : 'en');
  bind(app, kol.listKols, async ({ actor, query }) => kols.list(ctx, actor, query));
  bind(app, kol.exportKols, async ({ actor, query, lang }) => kols.exportFile(ctx, actor, query, xlang(lang)));
  bind(app, kol.kolOptions, async ({ actor }) => kols.options(ctx, actor));
  bind(app, kol.getKol, async ({ actor, params }) => kols.get(ctx, actor, params.id));
  bind(app, kol.createKol, async ({ actor, body }) => kols.create(ctx, actor, body));
  bind(app, kol.updateKol, async ({ actor, params, body }) => kols.update(ctx, actor, params.id, body));
  bind(app, kol.actOnKol, async ({ actor, params, body, lang }) => kols.act(ctx, actor, params.id, body, lang));
  bind(app, kol.deleteKol, async ({ actor, params, lang }) => kols.remove(ctx, actor, params.id, lang));
  bind(app, kol.listCooperations, async ({ actor, params }) => kols.cooperations(ctx, actor, params.id));
  bind(app, kol.createCooperation, async ({ actor, params, body, lang }) =>
    kols.createCooperation(ctx, actor, params.id, body, lang),
  );
  bind(app, kol.updateCooperation, async ({ actor, params, body }) => kols.updateCooperation(ctx, actor, params.id, body));
  bind(app, kol.deleteCooperation, async ({ actor, params }) => kols.removeCooperation(ctx, actor, params.id));
  bind(app, exp.exposureBoard, async ({ actor, query }) => exposure.board(ctx, actor, query));
  bind(app, exp.exportExposure, async ({ actor, query, lang }) => exposure.exportFile(ctx, actor, query, xlang(lang)));
}
