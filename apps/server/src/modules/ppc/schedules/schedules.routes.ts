import { ppcSchedules as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AreaJob } from '../../../platform/area';
import type { AppContext } from '../../../platform/context';
import { bind, demoDone } from '../../../platform/http/binder';
import * as svc from './schedules.service';

/** The recurring check for schedules whose hour has no run yet (one queued at a time across processes). */
export const SCHEDULES_TICK = 'ppc.schedules.tick';
const TICK_MS = 60_000;

export const scheduleJobs = (ctx: AppContext): Record<string, AreaJob> => ({
  [SCHEDULES_TICK]: {
    run: async () => {
      await svc.runDueSchedules(ctx);
    },
    everyMs: TICK_MS,
  },
});

export function scheduleRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The change path's rule: a write that changed ad entities answers 252 in demo mode. */
  const demo = <T>(data: T, changed: number) => (ctx.config.DEMO_MODE && changed > 0 ? demoDone(data) : data);

  bind(app, ep.listSchedules, async ({ query, scope }) => svc.list(ctx, await scope(), query));
  bind(app, ep.scheduleCampaigns, async ({ query, scope }) => svc.campaigns(ctx, await scope(), query.shopId));
  bind(app, ep.previewSchedule, async ({ body, scope }) => svc.preview(ctx, await scope(), body));
  bind(app, ep.getSchedule, async ({ params, scope }) => svc.get(ctx, await scope(), params.id));
  bind(app, ep.createSchedule, async ({ body, actor, scope }) => svc.create(ctx, actor, await scope(), body));
  bind(app, ep.updateSchedule, async ({ params, body, actor, scope }) => {
    const r = await svc.update(ctx, actor, await scope(), params.id, body);
    return demo(r.schedule, r.changed);
  });
  bind(app, ep.setScheduleState, async ({ params, body, actor, scope }) => {
    const r = await svc.setState(ctx, actor, await scope(), params.id, body);
    return demo(r.schedule, r.changed);
  });
  bind(app, ep.deleteSchedule, async ({ params, actor, scope }) => {
    const r = await svc.remove(ctx, actor, await scope(), params.id);
    return demo(null, r.changed);
  });
  bind(app, ep.runSchedule, async ({ params, actor, scope }) => {
    const r = await svc.runNow(ctx, actor, await scope(), params.id);
    return demo(r.run, r.changed);
  });
  bind(app, ep.listScheduleRuns, async ({ params, query, scope }) => svc.runs(ctx, await scope(), params.id, query));
  bind(app, ep.listScheduleChanges, async ({ params, query, scope }) => svc.changes(ctx, await scope(), params.id, query));
  bind(app, ep.undoScheduleChanges, async ({ params, body, actor, scope }) => {
    const r = await svc.undo(ctx, actor, await scope(), params.id, body);
    return demo(r, r.applied.length);
  });
}
