import { users as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './child-users.service';

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listChildUsers, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.createChildUser, async ({ body, actor }) => svc.create(ctx, actor, body));
  bind(app, ep.updateChildUser, async ({ params, body, actor }) => svc.update(ctx, actor, params.id, body));
  bind(app, ep.setChildUserState, async ({ params, body, actor }) => svc.setState(ctx, actor, params.id, body));
  bind(app, ep.resetChildUserPassword, async ({ params, body, actor }) => svc.resetPassword(ctx, actor, params.id, body.password));
}
