import { session as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind } from '../../../platform/http/binder';
import { listProductPositions } from '../../catalog/product-lines/product-lines.service';
import { subsystemsForUser } from '../subsystems/subsystems.service';
import { listUserNames } from '../users/users.repository';
import * as svc from './session.service';

const client = (req: { ip: string; headers: Record<string, unknown> }) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.login, async ({ body, req }) => svc.login(ctx, body, client(req)));
  bind(app, ep.godView, async ({ query, actor, req }) => svc.startGodView(ctx, actor, query.name, client(req)));
  bind(app, ep.logout, async ({ actor }) => {
    await svc.logout(ctx, actor);
    return null;
  });
  bind(app, ep.currentUser, async ({ actor }) => svc.currentUser(ctx, actor));
  bind(app, ep.permissions, async ({ actor }) => svc.permissionsReply(ctx, actor));
  bind(app, ep.userMenu, async ({ actor }) => svc.menuReply(ctx, actor));
  bind(app, ep.subsystems, async ({ actor }) => subsystemsForUser(ctx.db, actor));
  bind(app, ep.productLines, async ({ actor }) => svc.productLinesOf(ctx, actor));
  bind(app, ep.productPositions, async () => listProductPositions(ctx.db));
  bind(app, ep.userNames, async ({ actor }) => listUserNames(ctx.db, actor.accountId));
  bind(app, ep.generateCaptcha, async ({ query }) => svc.generateCaptcha(ctx, query.loginName));
  bind(app, ep.checkUserCaptcha, async ({ query }) => svc.checkUserCaptcha(ctx, query.loginName, query.captcha));
  bind(app, ep.resetPassword, async ({ body, req }) => svc.resetPassword(ctx, body, req.ip));
  bind(app, ep.checkCellphoneExists, async ({ query, actor, req }) => svc.cellphoneUsed(ctx, actor, req.ip, query.cellphone));
  bind(app, ep.register, async ({ body, req }) => svc.register(ctx, body, req.ip));
  bind(app, ep.changeOwnPassword, async ({ body, actor }) => svc.changeOwnPassword(ctx, actor, body));
  bind(app, ep.updateOwnProfile, async ({ body, actor }) => svc.updateOwnProfile(ctx, actor, body));
}
