import { dialogueKeywords, type KeywordKind, productKeywords } from '@bo/contract/mail/keywords';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './keywords.service';

export function keywordsRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [kind, ep] of [
    ['dialogue', dialogueKeywords],
    ['product', productKeywords],
  ] as const satisfies readonly (readonly [KeywordKind, typeof dialogueKeywords | typeof productKeywords])[]) {
    bind(app, ep.list, async ({ query, actor }) => svc.list(ctx, actor, kind, query));
    bind(app, ep.create, async ({ body, actor }) => svc.create(ctx, actor, kind, body));
    bind(app, ep.update, async ({ body, actor }) => svc.update(ctx, actor, kind, body));
    bind(app, ep.remove, async ({ params, actor }) => svc.remove(ctx, actor, kind, params.id));
    bind(app, ep.test, async ({ body, actor }) => svc.test(ctx, actor, kind, body));
  }
}
