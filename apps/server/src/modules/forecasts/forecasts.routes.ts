import * as acc from '@bo/contract/forecasts/accuracy';
import * as est from '@bo/contract/forecasts/estimates';
import * as ep from '@bo/contract/forecasts/forecasts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as accuracy from './accuracy.service';
import * as estimates from './estimates.service';
import * as svc from './forecasts.service';
import { reviewDaysOf } from './review-days.service';

export function forecastsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listForecasts, async ({ query, scope }) => svc.listForecastsPage(ctx, await scope(), query));
  bind(app, ep.exportForecasts, async ({ query, scope, req }) =>
    svc.exportForecasts(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, ep.daySales, async ({ query, scope }) => svc.daySalesOf(ctx, await scope(), query));
  bind(app, ep.comprehensive, async ({ query, scope }) => svc.comprehensiveOf(ctx, await scope(), query));
  bind(app, ep.refresh, async ({ actor }) => svc.requestRefresh(ctx.db, actor));
  bind(app, ep.refreshTime, async () => svc.refreshTimeOf(ctx));
  bind(app, ep.asyncCalResult, async ({ query }) => svc.runOf(ctx, query));
  bind(app, ep.calRecord, async ({ query }) => svc.runsPage(ctx, query));

  // /forecastAccuracy.
  bind(app, acc.listAccuracy, async ({ query, scope }) => accuracy.accuracyPage(ctx, await scope(), query));
  bind(app, acc.accuracySummary, async ({ query, scope }) => accuracy.summaryOf(ctx, await scope(), query));
  bind(app, acc.exportAccuracy, async ({ query, scope, req }) =>
    accuracy.exportAccuracy(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, acc.listOverrideAccuracy, async ({ query, scope }) => accuracy.overridesPage(ctx, await scope(), query));

  // Estimates and their review.
  bind(app, est.submitEstimate, async ({ body, actor, scope, lang }) => estimates.submit(ctx, actor, await scope(), body, lang));
  bind(app, est.editEstimate, async ({ body, actor, scope, lang }) => estimates.edit(ctx, actor, await scope(), body, lang));
  bind(app, est.withdrawEstimate, async ({ body, actor, scope, lang }) =>
    estimates.withdraw(ctx, actor, await scope(), body, lang),
  );
  bind(app, est.latestEstimate, async ({ query, actor, scope }) =>
    estimates.latestEstimate(ctx, actor, await scope(), query.listingId),
  );
  bind(app, est.latestApprovedEstimate, async ({ query, actor, scope }) =>
    estimates.latestApprovedEstimate(ctx, actor, await scope(), query.listingId),
  );
  bind(app, est.listPendingReview, async ({ query, actor, scope }) => estimates.reviewPage(ctx, actor, await scope(), query));
  bind(app, est.exportPendingReview, async ({ query, actor, scope, req }) =>
    estimates.exportReview(ctx, actor, await scope(), query, req.headers['accept-language']),
  );
  bind(app, est.auditEstimates, async ({ body, actor, scope, lang }) => estimates.review(ctx, actor, await scope(), body, lang));
  bind(app, est.listAuditRecord, async ({ query, scope }) => estimates.recordPage(ctx, await scope(), query));
  bind(app, est.exportAuditRecord, async ({ query, scope, req }) =>
    estimates.exportRecords(ctx, await scope(), query, req.headers['accept-language']),
  );
  bind(app, est.toReviewCount, async ({ actor }) => estimates.toReviewCount(ctx, actor));
  bind(app, est.reviewDays, async ({ query, actor, scope }) => reviewDaysOf(ctx, actor, await scope(), query));
  bind(app, est.overrideForecast, async ({ params, body, actor, scope, lang }) =>
    estimates.override(ctx, actor, await scope(), params.listingId, body, lang),
  );
}
