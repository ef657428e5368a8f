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

  bind(app, ep.listRules, async ({ query, actor, scope }) => svc.list(ctx, actor, await scope(), 'rules', query));
  bind(app, ep.previewDraft, async ({ body, actor, scope }) => svc.previewDraft(ctx, actor, await scope(), 'rules', body));
  bind(app, ep.listRuleRuns, async ({ query, actor, scope }) => svc.listRuns(ctx, actor, await scope(), query));
  bind(app, ep.getRule, async ({ params, actor, scope }) => svc.get(ctx, actor, await scope(), 'rules', params.id));
  bind(app, ep.createRule, async ({ body, actor, scope }) => svc.create(ctx, actor, await scope(), 'rules', body));
  bind(app, ep.updateRule, async ({ params, body, actor, scope }) =>
    svc.update(ctx, actor, await scope(), 'rules', params.id, body),
  );
  bind(app, ep.setRuleEnabled, async ({ params, body, actor, scope }) =>
    svc.setEnabled(ctx, actor, await scope(), params.id, body),
  );
  bind(app, ep.deleteRule, async ({ params, actor, scope }) => svc.remove(ctx, actor, await scope(), 'rules', params.id));
  bind(app, ep.previewRule, async ({ params, actor, scope }) => svc.previewSaved(ctx, actor, await scope(), params.id));
  bind(app, ep.runRule, async ({ params, actor, scope }) => {
    const r = await svc.runNow(ctx, actor, await scope(), 'rules', params.id);
    return demo(r.run, r.changed);
  });

  bind(app, ep.listSmartRules, async ({ query, actor, scope }) => svc.list(ctx, actor, await scope(), 'smart', query));
  bind(app, ep.previewSmartDraft, async ({ body, actor, scope }) => svc.previewDraft(ctx, actor, await scope(), 'smart', body));
  bind(app, ep.createSmartRule, async ({ body, actor, scope }) => svc.create(ctx, actor, await scope(), 'smart', body));
  bind(app, ep.updateSmartRule, async ({ params, body, actor, scope }) =>
    svc.update(ctx, actor, await scope(), 'smart', params.id, body),
  );
  bind(app, ep.deleteSmartRule, async ({ params, actor, scope }) => svc.remove(ctx, actor, await scope(), 'smart', params.id));
  bind(app, ep.runSmartRule, async ({ params, actor, scope }) => {
    const r = await svc.runNow(ctx, actor, await scope(), 'smart', params.id);
    return demo(r.run, r.changed);
  });

  bind(app, ep.listRuleChanges, async ({ query, actor, scope }) => svc.history(ctx, actor, await scope(), false, query));
  bind(app, ep.undoRuleChanges, async ({ body, actor, scope }) => {
    const r = await svc.undo(ctx, actor, await scope(), false, body);
    return demo(r, r.undone);
  });
  bind(app, ep.listAutoEntities, async ({ query, actor, scope }) => svc.autoEntities(ctx, actor, await scope(), query));
  bind(app, ep.listSmartChanges, async ({ query, actor, scope }) => svc.history(ctx, actor, await scope(), true, query));
  bind(app, ep.undoSmartChanges, async ({ body, actor, scope }) => {
    const r = await svc.undo(ctx, actor, await scope(), true, body);
    return demo(r, r.undone);
  });
}
