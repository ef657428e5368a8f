import { users as ep, mailSettings } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import * as svc from './child-users.service';
import * as mail from './mail-settings.service';
import * as registrations from './registrations.service';
import * as groups from './user-groups.service';

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The access area's readers (users, roles, groups) are declared once, here.
  bind(app, ep.listChildUsers, async ({ query, actor }) => svc.list(ctx, actor, query));
  bind(app, ep.childUserRoles, async ({ actor }) => svc.roleOptions(ctx, actor));
  bind(app, ep.createChildUser, async ({ body, actor }) => svc.create(ctx, actor, body));
  bind(app, ep.updateChildUser, async ({ params, body, actor }) => svc.update(ctx, actor, params.id, body));
  bind(app, ep.setChildUserState, async ({ params, body, actor }) => svc.setState(ctx, actor, params.id, body));
  bind(app, ep.resetChildUserPassword, async ({ params, body, actor }) =>
    svc.resetPassword(ctx, actor, params.id, body.password),
  );
  bind(app, ep.listRegistrations, async ({ query, actor }) => registrations.list(ctx, actor, query));
  bind(app, ep.approveRegistration, async ({ params, body, actor }) => registrations.approve(ctx, actor, params.id, body));
  bind(app, ep.rejectRegistration, async ({ params, body, actor }) => registrations.reject(ctx, actor, params.id, body));
  bind(app, ep.listUserGroups, async ({ actor }) => groups.list(ctx, actor));
  bind(app, ep.createUserGroup, async ({ body, actor }) => groups.create(ctx, actor, body));
  bind(app, ep.updateUserGroup, async ({ params, body, actor }) => groups.update(ctx, actor, params.id, body));
  bind(app, ep.deleteUserGroup, async ({ params, actor }) => groups.remove(ctx, actor, params.id));
  bind(app, mailSettings.getMailSettings, async ({ actor }) => mail.get(ctx, actor));
  bind(app, mailSettings.updateMailSettings, async ({ body, actor }) => mail.save(ctx, actor, body));
}
