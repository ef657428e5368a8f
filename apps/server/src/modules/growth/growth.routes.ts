import * as perf from '@bo/contract/growth/performance';
import * as values from '@bo/contract/growth/values';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { replyLang } from '../../platform/export/lang';
import { bind } from '../../platform/http/binder';
import * as reviews from './reviews.service';
import * as vals from './values.service';

/** Growth (spec §2.3): review cycles, performance reviews and their moves, the company values. */
export function growthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const lang = (h: { headers: Record<string, unknown> }) => replyLang(h.headers['accept-language'] as string | undefined);
  bind(app, perf.listCycles, async ({ actor }) => reviews.cycles(ctx, actor));
  bind(app, perf.openCycle, async ({ actor, body }) => reviews.openCycle(ctx, actor, body.quarter));
  bind(app, perf.closeCycle, async ({ actor, params, body, req }) =>
    reviews.closeCycle(ctx, actor, params.id, body.version, lang(req)),
  );
  bind(app, perf.listReviews, async ({ actor, query }) => reviews.list(ctx, actor, query));
  bind(app, perf.getReview, async ({ actor, params }) => reviews.get(ctx, actor, params.id));
  bind(app, perf.saveSelfReview, async ({ actor, params, body, req }) =>
    reviews.saveSelf(ctx, actor, params.id, body, lang(req)),
  );
  bind(app, perf.saveLeaderReview, async ({ actor, params, body, req }) =>
    reviews.saveLeader(ctx, actor, params.id, body, lang(req)),
  );
  bind(app, perf.actOnReview, async ({ actor, params, body, req }) => reviews.act(ctx, actor, params.id, body, lang(req)));
  bind(app, perf.listReviewEvents, async ({ actor, params }) => reviews.events(ctx, actor, params.id));
  bind(app, perf.reviewObjectives, async ({ actor, params }) => reviews.objectives(ctx, actor, params.id));
  bind(app, values.listValues, async ({ actor, query }) => vals.list(ctx, actor, query));
  bind(app, values.createValue, async ({ actor, body }) => vals.create(ctx, actor, body));
  bind(app, values.updateValue, async ({ actor, params, body }) => vals.update(ctx, actor, params.id, body));
  bind(app, values.deleteValue, async ({ actor, params }) => vals.remove(ctx, actor, params.id));
}
