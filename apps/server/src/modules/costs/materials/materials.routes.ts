import * as ep from '@bo/contract/costs/materials';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import { langOf } from '../shared/costs-sql';
import * as svc from './materials.service';

export function materialsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listMaterials, async ({ query, req }) => svc.list(ctx, query, langOf(req.headers['accept-language'])));
  bind(app, ep.materialOptions, async () => svc.options(ctx));
  bind(app, ep.exportMaterials, async ({ query, req }) => svc.exportExcel(ctx, query, langOf(req.headers['accept-language'])));
  bind(app, ep.materialTemplate, async ({ req }) => svc.template(langOf(req.headers['accept-language'])));
  bind(app, ep.getMaterial, async ({ params }) => svc.get(ctx, params.id));
  bind(app, ep.createMaterial, async ({ body, actor }) => svc.create(ctx, actor, body));
  bind(app, ep.updateMaterial, async ({ params, body, actor }) => svc.update(ctx, actor, params.id, body));
  bind(app, ep.setMaterialPrice, async ({ params, body, actor }) => svc.setPrice(ctx, actor, params.id, body));
  bind(app, ep.deleteMaterialPrice, async ({ params, actor }) => svc.deletePrice(ctx, actor, params.id, params.effectiveFrom));
}
