import * as badge from '@bo/contract/growth/badges';
import * as perf from '@bo/contract/growth/performance';
import * as study from '@bo/contract/growth/study';
import * as values from '@bo/contract/growth/values';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { exportLang, replyLang } from '../../platform/export/lang';
import { bind } from '../../platform/http/binder';
import * as badges from './badges.service';
import * as reviews from './reviews.service';
import * as studies from './study.service';
import * as vals from './values.service';

/** Growth (spec §2.3): review cycles, performance reviews and their moves, the company values, study records. */
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
  bind(app, study.listStudy, async ({ actor, query }) => studies.list(ctx, actor, query));
  bind(app, study.studySummary, async ({ actor, query }) => studies.summary(ctx, actor, { ...query, view: query.view }));
  bind(app, study.exportStudy, async ({ actor, query, req }) =>
    studies.exportFile(ctx, actor, query, exportLang(req.headers['accept-language'] as string | undefined)),
  );
  bind(app, study.getStudy, async ({ actor, params }) => studies.get(ctx, actor, params.id));
  bind(app, study.createStudy, async ({ actor, body }) => studies.create(ctx, actor, body));
  bind(app, study.updateStudy, async ({ actor, params, body, req }) => studies.update(ctx, actor, params.id, body, lang(req)));
  bind(app, study.deleteStudy, async ({ actor, params, req }) => studies.remove(ctx, actor, params.id, lang(req)));
  bind(app, study.actOnStudy, async ({ actor, params, body, req }) => studies.act(ctx, actor, params.id, body, lang(req)));
  bind(app, badge.listBadges, async ({ actor, query }) => badges.listBadges(ctx, actor, query));
  bind(app, badge.createBadge, async ({ actor, body }) => badges.createBadge(ctx, actor, body));
  bind(app, badge.updateBadge, async ({ actor, params, body }) => badges.updateBadge(ctx, actor, params.id, body));
  bind(app, badge.actOnBadge, async ({ actor, params, body, req }) => badges.actOnBadge(ctx, actor, params.id, body, lang(req)));
  bind(app, badge.deleteBadge, async ({ actor, params, req }) => badges.deleteBadge(ctx, actor, params.id, lang(req)));
  bind(app, badge.badgeAccess, async ({ actor }) => badges.access(ctx, actor));
  bind(app, badge.listAwards, async ({ actor, query }) => badges.listAwards(ctx, actor, query));
  bind(app, badge.badgeWall, async ({ actor, query }) => badges.wall(ctx, actor, query.employeeId));
  bind(app, badge.awardBadge, async ({ actor, body }) => badges.award(ctx, actor, body));
  bind(app, badge.revokeAward, async ({ actor, params, body, req }) => badges.revoke(ctx, actor, params.id, body, lang(req)));
}
