import { ppcMonitoring as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './monitoring.service';

export function monitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listMonitors, async ({ query, scope }) => svc.list(ctx, await scope(), query));
  bind(app, ep.createMonitor, async ({ body, actor, scope }) => svc.create(ctx, actor, await scope(), body));
  bind(app, ep.setMonitorsEnabled, async ({ body, actor, scope }) => svc.setEnabled(ctx, actor, await scope(), body));
  bind(app, ep.updateMonitor, async ({ params, body, actor, scope }) => svc.update(ctx, actor, await scope(), params.id, body));
  bind(app, ep.deleteMonitor, async ({ params, actor, scope }) => svc.remove(ctx, actor, await scope(), params.id));
  bind(app, ep.monitorChart, async ({ params, query, scope }) => svc.chart(ctx, await scope(), params.id, query));
}
