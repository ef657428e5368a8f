import { mailSettings, users as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './child-users.service';
import * as groups from './user-groups.service';
import * as mail from './mail-settings.service';

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.listChildUsers, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.createChildUser, async ({ body, actor }) => svc.create(ctx, actor, body));
  bind(app, ep.updateChildUser, async ({ params, body, actor }) => svc.update(ctx, actor, params.id, body));
  bind(app, ep.setChildUserState, async ({ params, body, actor }) => svc.setState(ctx, actor, params.id, body));
  bind(app, ep.resetChildUserPassword, async ({ params, body, actor }) => svc.resetPassword(ctx, actor, params.id, body.password));
  bind(app, ep.listUserGroups, async ({ actor }) => groups.list(ctx, actor));
  bind(app, ep.createUserGroup, async ({ body, actor }) => groups.create(ctx, actor, body));
  bind(app, ep.updateUserGroup, async ({ params, body, actor }) => groups.update(ctx, actor, params.id, body));
  bind(app, ep.deleteUserGroup, async ({ params, actor }) => groups.remove(ctx, actor, params.id));
  bind(app, mailSettings.getMailSettings, async ({ actor }) => mail.get(ctx, actor));
  bind(app, mailSettings.updateMailSettings, async ({ body, actor }) => mail.save(ctx, actor, body));
}
