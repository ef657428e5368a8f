/**
 * Puts authentication on the whole /api tree: a route that is not public gets its actor
 * from the bearer token before anything else runs, so no route can forget it.
 * Every write under god view is audited with who impersonated whom.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../audit/audit.service';
import { resolveSession, type SessionPolicy } from '../auth/sessions.service';
import type { AppContext } from '../context';
import { unauthenticated } from '../errors';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  const policy: SessionPolicy = {
    idleSeconds: ctx.config.SESSION_IDLE_SECONDS,
    absoluteSeconds: ctx.config.SESSION_ABSOLUTE_SECONDS,
  };
  app.decorateRequest('actor', null);
  // The hooks go on each route that needs them (onRoute sees every route registered after
  // this, which is every route with an access rule), so a public path such as /api/health
  // runs none of them. The rule is the same as a global hook's: no route can forget it.
  const resolveActor = async (req: FastifyRequest) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthenticated();
    req.actor = await resolveSession(ctx.db, policy, token, req.ip, ctx.grants);
  };
  const auditGodViewWrite = async (req: FastifyRequest, reply: FastifyReply) => {
    const actor = req.actor;
    if (!actor?.impersonatorUserId || req.method === 'GET' || req.method === 'HEAD') return;
    await audit(ctx.db, actor, {
      action: 'godview.write',
      entity: 'request',
      entityId: null,
      after: { method: req.method, path: req.routeOptions.url, status: reply.statusCode },
    }).catch((err) => req.log.error({ err }, 'audit of a god-view write failed'));
  };
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access || access === 'public') return;
    route.onRequest = [resolveActor, ...asArray(route.onRequest)];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) route.onResponse = [...asArray(route.onResponse), auditGodViewWrite];
  });
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
