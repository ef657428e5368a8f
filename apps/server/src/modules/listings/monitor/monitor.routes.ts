import { listingMonitor as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './monitor.service';

export function monitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.monitorList, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.addWatches, async ({ body, actor }) => svc.add(ctx, actor, body));
  bind(app, ep.updateWatch, async ({ params, body, actor }) => svc.update(ctx, actor, params.id, body));
  bind(app, ep.removeWatch, async ({ params, actor }) => svc.remove(ctx, actor, params.id));
  bind(app, ep.monitorExcel, async ({ query, actor, req }) => svc.exportExcel(ctx, actor, query, req.headers['accept-language']));
}
