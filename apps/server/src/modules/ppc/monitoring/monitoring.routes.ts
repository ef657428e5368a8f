import { ppcMonitoring as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './monitoring.service';

export function monitoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listMonitors, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.createMonitor, async ({ body, actor }) => svc.create(ctx, actor, body));
  bind(app, ep.setMonitorsEnabled, async ({ body, actor }) => svc.setEnabled(ctx, actor, body));
  bind(app, ep.updateMonitor, async ({ params, body, actor }) => svc.update(ctx, actor, params.id, body));
  bind(app, ep.deleteMonitor, async ({ params, actor }) => svc.remove(ctx, actor, params.id));
  bind(app, ep.monitorChart, async ({ params, query, actor }) => svc.chart(ctx, actor, params.id, query));
}
