import * as ep from '@bo/contract/shops/shops';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { bind, demoDone } from '../../../platform/http/binder';
import * as svc from './shops.service';

export function shopsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Registration and SP-API authorisation would reach the marketplace: recorded, and 252 in demo mode.
  const outsideEffect = <T>(data: T) => (ctx.config.DEMO_MODE ? demoDone(data) : data);

  bind(app, ep.listUserShops, async ({ actor }) => svc.listForUser(ctx, actor));
  bind(app, ep.listShopAuths, async ({ actor }) => svc.listAuths(ctx, actor));
  bind(app, ep.createShopAuth, async ({ body, actor }) => outsideEffect(await svc.createAuth(ctx, actor, body)));
  bind(app, ep.updateShopAuth, async ({ params, body, actor }) => svc.renameAuth(ctx, actor, params.sellerId, body));
  bind(app, ep.deleteShopAuth, async ({ params, actor }) => svc.removeAuth(ctx, actor, params.sellerId));
  bind(app, ep.setShopAuthState, async ({ params, body, actor }) =>
    svc.setState(ctx, actor, params.shopId, 'mwsAuthState', body.state),
  );
  bind(app, ep.setShopPpcState, async ({ params, body, actor }) =>
    svc.setState(ctx, actor, params.shopId, 'ppcState', body.state),
  );
  bind(app, ep.adProfiles, async ({ actor }) => svc.adProfiles(ctx, actor));
  bind(app, ep.spAuthStates, async ({ actor }) => svc.spAuthStates(ctx, actor));
  bind(app, ep.recordSpAuth, async ({ body, actor }) =>
    outsideEffect(await svc.setState(ctx, actor, body.shopId, 'spAuthState', 1)),
  );
}
