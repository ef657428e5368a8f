import { mailCsTrees as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './cs-trees.service';

export function csTreesRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listTreeNodes, async ({ params, actor }) => svc.list(ctx, actor, params.kind));
  bind(app, ep.createTreeNode, async ({ params, body, actor }) => svc.create(ctx, actor, params.kind, body));
  bind(app, ep.updateTreeNode, async ({ params, body, actor }) => svc.update(ctx, actor, params.kind, body));
  bind(app, ep.moveTreeNode, async ({ params, body, actor }) => svc.move(ctx, actor, params.kind, body));
  bind(app, ep.deleteTreeNode, async ({ params, actor }) => svc.remove(ctx, actor, params.kind, params.id));
}
