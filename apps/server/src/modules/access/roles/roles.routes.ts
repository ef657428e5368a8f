import { roles as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './roles.service';

export function rolesRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listRoles, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.rolePermissions, async ({ params, actor }) => svc.permissionsOf(ctx, actor, params.id));
  bind(app, ep.permissionTree, async ({ actor }) => svc.tree(ctx, actor));
  bind(app, ep.createRole, async ({ body, actor }) => svc.create(ctx, actor, body));
  bind(app, ep.updateRole, async ({ body, actor }) => svc.update(ctx, actor, body));
  bind(app, ep.deleteRole, async ({ query, actor }) => svc.remove(ctx, actor, query.id, query.force === 'true'));
  bind(app, ep.usersOfRole, async ({ params, actor }) => svc.usersOf(ctx, actor, params.id));
}
