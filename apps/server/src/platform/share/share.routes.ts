import { shareLinks as ep } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { bind } from '../http/binder';
import { createLink, entityLinks, myLinks, readShared, revokeLink } from './share.service';

/** Share links: managed by signed-in users (each kind's permission checked in the service), read by anyone with a token. */
export function shareRoutes(app: FastifyInstance, ctx: AppContext): void {
  bind(app, ep.createShareLink, async ({ body, actor }) => createLink(ctx, actor, body));
  bind(app, ep.myShareLinks, async ({ query, actor }) => myLinks(ctx, actor, query));
  bind(app, ep.entityShareLinks, async ({ params, query, actor }) =>
    entityLinks(ctx, actor, params.kind, params.entityId, query),
  );
  bind(app, ep.revokeShareLink, async ({ params, actor }) => revokeLink(ctx, actor, params.id));
  // No session: the token in the path is the only credential.
  bind(app, ep.readSharedView, async ({ params, req }) => readShared(ctx, params.token, req.ip));
}
