import { listingMonitor as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './monitor.service';

export function monitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.monitorList, async ({ query, actor, scope }) => svc.list(ctx, actor, await scope(), query));
  bind(app, ep.addWatches, async ({ body, actor, scope }) => svc.add(ctx, actor, await scope(), body));
  bind(app, ep.updateWatch, async ({ params, body, actor, scope }) => svc.update(ctx, actor, await scope(), params.id, body));
  bind(app, ep.removeWatch, async ({ params, actor }) => svc.remove(ctx, actor, params.id));
  bind(app, ep.monitorExcel, async ({ query, actor, scope, req }) =>
    svc.exportExcel(ctx, actor, await scope(), query, req.headers['accept-language']),
  );
}
