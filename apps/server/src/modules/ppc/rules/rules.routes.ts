import { ppcRules as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AreaJob } from '../../../platform/area';
import type { AppContext } from '../../../platform/context';
import { bind, demoDone } from '../../../platform/http/binder';
import * as svc from './rules.service';

/** The recurring check for scheduled rules whose hour has come (one queued at a time across processes). */
export const RULES_TICK = 'ppc.rules.tick';
const TICK_MS = 5 * 60_000;

export const ruleJobs = (ctx: AppContext): Record<string, AreaJob> => ({
  [RULES_TICK]: {
    run: async () => {
      await svc.runDueRules(ctx);
    },
    everyMs: TICK_MS,
  },
});

export function ruleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const demo = <T>(data: T, changed: number) => (ctx.config.DEMO_MODE && changed > 0 ? demoDone(data) : data);

  bind(app, ep.listRules, async ({ query, actor }) => svc.list(ctx, actor, 'rules', query));
  bind(app, ep.previewDraft, async ({ body, actor }) => svc.previewDraft(ctx, actor, 'rules', body));
  bind(app, ep.listRuleRuns, async ({ query, actor }) => svc.listRuns(ctx, actor, query));
  bind(app, ep.getRule, async ({ params, actor }) => svc.get(ctx, actor, 'rules', params.id));
  bind(app, ep.createRule, async ({ body, actor }) => svc.create(ctx, actor, 'rules', body));
  bind(app, ep.updateRule, async ({ params, body, actor }) => svc.update(ctx, actor, 'rules', params.id, body));
  bind(app, ep.setRuleEnabled, async ({ params, body, actor }) => svc.setEnabled(ctx, actor, params.id, body));
  bind(app, ep.deleteRule, async ({ params, actor }) => svc.remove(ctx, actor, 'rules', params.id));
  bind(app, ep.previewRule, async ({ params, actor }) => svc.previewSaved(ctx, actor, params.id));
  bind(app, ep.runRule, async ({ params, actor }) => {
    const r = await svc.runNow(ctx, actor, 'rules', params.id);
    return demo(r.run, r.changed);
  });

  bind(app, ep.listSmartRules, async ({ query, actor }) => svc.list(ctx, actor, 'smart', query));
  bind(app, ep.previewSmartDraft, async ({ body, actor }) => svc.previewDraft(ctx, actor, 'smart', body));
  bind(app, ep.createSmartRule, async ({ body, actor }) => svc.create(ctx, actor, 'smart', body));
  bind(app, ep.updateSmartRule, async ({ params, body, actor }) => svc.update(ctx, actor, 'smart', params.id, body));
  bind(app, ep.deleteSmartRule, async ({ params, actor }) => svc.remove(ctx, actor, 'smart', params.id));
  bind(app, ep.runSmartRule, async ({ params, actor }) => {
    const r = await svc.runNow(ctx, actor, 'smart', params.id);
    return demo(r.run, r.changed);
  });

  bind(app, ep.listRuleChanges, async ({ query, actor }) => svc.history(ctx, actor, false, query));
  bind(app, ep.undoRuleChanges, async ({ body, actor }) => {
    const r = await svc.undo(ctx, actor, false, body);
    return demo(r, r.undone);
  });
  bind(app, ep.listAutoEntities, async ({ query, actor }) => svc.autoEntities(ctx, actor, query));
  bind(app, ep.listSmartChanges, async ({ query, actor }) => svc.history(ctx, actor, true, query));
  bind(app, ep.undoSmartChanges, async ({ body, actor }) => {
    const r = await svc.undo(ctx, actor, true, body);
    return demo(r, r.undone);
  });
}
