import * as ep from '@bo/contract/forecasts/forecast-settings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { bind } from '../../platform/http/binder';
import * as svc from './forecast-settings.service';

export function forecastSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listExclusions, async ({ query, scope }) => svc.exclusionsPage(ctx, await scope(), query));
  bind(app, ep.addExclusions, async ({ body, scope, actor }) => svc.addExclusionsOf(ctx, await scope(), actor, body));
  bind(app, ep.updateExclusion, async ({ body, scope, actor }) => svc.updateExclusionOf(ctx, await scope(), actor, body));
  bind(app, ep.removeExclusions, async ({ body, scope, actor }) => svc.removeExclusionsOf(ctx, await scope(), actor, body));
  bind(app, ep.getWarningConfig, async ({ query, scope }) => svc.warningConfigOf(ctx, await scope(), query));
  bind(app, ep.putWarningConfig, async ({ body, scope, actor }) => svc.putWarningConfigOf(ctx, await scope(), actor, body));
  bind(app, ep.listSkuWarnings, async ({ query, scope }) => svc.skuWarningsPage(ctx, await scope(), query));
  bind(app, ep.addOrUpdateSkuWarning, async ({ body, scope, actor }) =>
    svc.addOrUpdateSkuWarningOf(ctx, await scope(), actor, body),
  );
  bind(app, ep.removeSkuWarnings, async ({ body, scope, actor }) => svc.removeSkuWarningsOf(ctx, await scope(), actor, body));
  bind(app, ep.setLabel, async ({ body, scope, actor }) => svc.setLabelOf(ctx, await scope(), actor, body));
}
