import * as ep from '@bo/contract/okr/okr';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { replyLang } from '../../platform/export/lang';
import { bind } from '../../platform/http/binder';
import * as svc from './okr.service';

/** OKR (spec §2.6): objectives of the four lists, key results and their check-ins, the dashboard. */
export function okrRoutes(app: FastifyInstance, ctx: AppContext): void {
  const lang = (h: { headers: Record<string, unknown> }) => replyLang(h.headers['accept-language'] as string | undefined);
  bind(app, ep.listObjectives, async ({ actor, scope, query }) => svc.list(ctx, actor, await scope(), query));
  bind(app, ep.getObjective, async ({ actor, scope, params }) => svc.get(ctx, actor, await scope(), params.id));
  bind(app, ep.createObjective, async ({ actor, scope, body }) => svc.create(ctx, actor, await scope(), body));
  bind(app, ep.updateObjective, async ({ actor, scope, params, body, req }) =>
    svc.update(ctx, actor, await scope(), params.id, body, lang(req)),
  );
  bind(app, ep.publishObjective, async ({ actor, scope, params, body, req }) =>
    svc.act(ctx, actor, await scope(), params.id, 'publish', body.version, lang(req)),
  );
  bind(app, ep.closeObjective, async ({ actor, scope, params, body, req }) =>
    svc.act(ctx, actor, await scope(), params.id, 'close', body.version, lang(req)),
  );
  bind(app, ep.deleteObjective, async ({ actor, scope, params, req }) =>
    svc.remove(ctx, actor, await scope(), params.id, lang(req)),
  );
  bind(app, ep.listKeyResults, async ({ actor, scope, query }) => svc.listKeyResults(ctx, actor, await scope(), query));
  bind(app, ep.checkIn, async ({ actor, scope, params, body, req }) =>
    svc.checkIn(ctx, actor, await scope(), params.id, body, lang(req)),
  );
  bind(app, ep.listCheckins, async ({ actor, params }) => svc.listCheckins(ctx, actor, params.id));
  bind(app, ep.dashboard, async ({ actor, scope, query }) => svc.dashboard(ctx, actor, await scope(), query.quarter));
  bind(app, ep.okrOptions, async ({ actor, query }) => svc.options(ctx, actor, query.listType));
}
