/**
 * The back office (/backMgr) is reserved to one user name (config BACK_MGR_USER), never under
 * god view (spec §2.1). Every endpoint of this area is bound through `bindBackMgr`, whose
 * guard answers 403 (ERROR_CODES.BACK_MGR_ONLY, in the caller's language) to anyone else,
 * whatever permissions they hold; the web's guard only hides the screens.
 */
import { BACK_MGR_ONLY_TEXT, type EndpointDef, ERROR_CODES, STATUS } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError, unauthenticated } from '../../platform/errors';
import { replyLang } from '../../platform/export/lang';
import { bind, type Handler } from '../../platform/http/binder';
import { canOpenBackMgr } from '../access/session/session.service';

export const backMgrOnly = (req: FastifyRequest) =>
  new AppError(STATUS.FORBIDDEN, ERROR_CODES.BACK_MGR_ONLY, BACK_MGR_ONLY_TEXT[replyLang(req.headers['accept-language'])]);

/** `bind` with the back-office guard: 401 without a session, 403 for anyone but the back-office user. */
export function bindBackMgr<E extends EndpointDef>(app: FastifyInstance, ctx: AppContext, ep: E, handler: Handler<E>): void {
  bind(app, ep, handler, {
    guard: (req) => {
      if (!req.actor) throw unauthenticated();
      if (!canOpenBackMgr(ctx, req.actor)) throw backMgrOnly(req);
    },
  });
}
