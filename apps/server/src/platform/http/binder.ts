/**
 * Binds a contract endpoint to a handler. The endpoint's access rule is enforced here,
 * once, for every route: 'public' passes, 'login' needs a live session, anything else
 * needs that permission pattern. Replies are wrapped in the envelope and checked
 * against the endpoint's schema (unknown fields are dropped, never leaked).
 */
import type { EndpointBody, EndpointData, EndpointDef, EndpointParams, EndpointQuery, Lang } from '@bo/contract';
import { envelopeSchema, STATUS } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ShopScope } from '../../modules/shops/shops/shop-scope';
import type { RequestActor } from '../auth/actor';
import { permissionDenied, unauthenticated } from '../errors';
import { replyLang } from '../export/lang';
import type { ExportRun } from '../files/stored-exports.service';
import { keepsExports } from '../files/stored-exports.service';
import { type ExportCopy, type FileReply, isFileReply, sendFile } from './file-reply';

/** A handler's result with a status other than 200 (e.g. 252 in demo mode). */
export class WithStatus<T> {
  constructor(
    readonly status: number,
    readonly data: T,
    readonly msg = 'success',
    readonly code = 0,
  ) {}
}
/**
 * A 200 reply already serialised: the envelope JSON of data that passed the endpoint's
 * schema once (`serializeReply`). Hot endpoints whose reply only changes with the user's
 * grants (permissions, menus) keep one per authorisation epoch instead of checking
 * hundreds of items with zod on every request.
 */
export class Serialized {
  constructor(readonly json: string) {}
}

/** The 200 envelope of `data`, checked and stripped by the endpoint's schema exactly as a normal reply is. */
export function serializeReply<E extends EndpointDef>(ep: E, data: EndpointData<E>): Serialized {
  // z.encode, as the route's serializer (fastify-type-provider-zod) does.
  const envelope = z.encode(envelopeSchema(ep.data ?? z.null()), { code: 0, msg: 'success', data: data ?? null });
  return new Serialized(JSON.stringify(envelope));
}

export const demoDone = <T>(data: T, msg = 'demo mode: the real effect is not performed') =>
  new WithStatus(STATUS.DEMO_OK, data, msg);

export interface HandlerContext<E extends EndpointDef> {
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  params: EndpointParams<E>;
  /** Null only on public endpoints without a token. */
  actor: E['access'] extends 'public' ? RequestActor | null : RequestActor;
  /**
   * The shops the caller may reach (the shops module's isolation rule), computed on first
   * use and kept for the rest of the request. Repositories that read shop-owned rows take
   * it, so a handler cannot forget it. Without a session it throws 401.
   */
  scope: () => Promise<ShopScope>;
  /** The language of the reply's words (refusals, a file's headers): the request's Accept-Language, zh-CN or en-US. */
  lang: Lang;
  /** For what only the request has (a multipart body, its headers); a handler never writes the reply. */
  req: FastifyRequest;
}

/** A binary endpoint answers a file as a value (file-reply.ts); the binder sends or streams it. */
type HandlerResult<E extends EndpointDef> = E['binary'] extends true
  ? FileReply
  : EndpointData<E> | WithStatus<EndpointData<E> | null> | Serialized;

export type Handler<E extends EndpointDef> = (ctx: HandlerContext<E>) => Promise<HandlerResult<E>>;

/** `user/rest/v1/roles/{id}` → `/api/user/rest/v1/roles/:id` */
export const toFastifyPath = (specPath: string) => `/api/${specPath.replace(/\{(\w+)\}/g, ':$1')}`;

declare module 'fastify' {
  interface FastifyRequest {
    actor: RequestActor | null;
  }
  interface FastifyInstance {
    /** The shop scope of an actor; app.ts decorates it with the shops module's `shopScopeOf`. */
    shopScopeOf: (actor: RequestActor) => Promise<ShopScope>;
    /**
     * The handlers of the endpoints that declare themselves `exportable`, by `METHOD path`:
     * a background export or a scheduled report runs them without a request
     * (platform/files/export-jobs.service.ts). The binder fills it as it binds.
     */
    exportables: Map<string, ExportableBinding>;
    /** A stored copy of one export (platform/files/stored-exports); app.ts decorates it. */
    exportCopy: (run: ExportRun, file: { fileName: string; contentType: string }) => ExportCopy;
  }
  interface FastifyContextConfig {
    access?: string;
    endpoint?: EndpointDef;
  }
}

export function authorize(access: string, actor: RequestActor | null): void {
  if (access === 'public') return;
  if (!actor) throw unauthenticated();
  if (access === 'login') return;
  if (!actor.permissions.has(access)) throw permissionDenied(access);
}

export interface BindOptions {
  /**
   * A further check on the caller after the access rule (e.g. the back-office area's "only
   * BACK_MGR_USER"): throws its refusal. Runs before validation, like the access rule.
   */
  guard?: (req: FastifyRequest) => void;
  /** The largest body this endpoint takes, in bytes, when it is not the app's (2 MB): over it, a 413. */
  bodyLimit?: number;
}

/** An exportable endpoint and its handler, for running it outside a request. */
export interface ExportableBinding {
  ep: EndpointDef;
  handler: Handler<EndpointDef>;
}

export function bind<E extends EndpointDef>(app: FastifyInstance, ep: E, handler: Handler<E>, opts: BindOptions = {}): void {
  const keeps = keepsExports(ep);
  if (ep.exportable && ep.binary && ep.method === 'GET') {
    if (!app.hasDecorator('exportables')) app.decorate('exportables', new Map<string, ExportableBinding>());
    app.exportables.set(`${ep.method} ${ep.path}`, { ep, handler: handler as unknown as Handler<EndpointDef> });
  }
  const response = ep.binary ? undefined : { 200: envelopeSchema(ep.data ?? z.null()), 252: envelopeSchema(ep.data ?? z.null()) };
  app.route({
    method: ep.method,
    url: toFastifyPath(ep.path),
    config: { access: ep.access, endpoint: ep },
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    schema: {
      summary: ep.summary,
      tags: [...ep.tags],
      ...(ep.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.body ? { body: ep.body } : {}),
      ...(response ? { response } : {}),
    },
    // Runs before validation, so a caller without the permission learns nothing about the schema.
    // A public endpoint needs no check (and no hook on its path).
    ...(ep.access === 'public' && !opts.guard
      ? {}
      : {
          onRequest: async (req: FastifyRequest) => {
            authorize(ep.access, req.actor);
            opts.guard?.(req);
          },
        }),
    handler: async (req, reply) => {
      let scope: Promise<ShopScope> | undefined;
      const result = await handler({
        query: req.query as EndpointQuery<E>,
        body: req.body as EndpointBody<E>,
        params: req.params as EndpointParams<E>,
        actor: req.actor as HandlerContext<E>['actor'],
        scope: () => {
          if (!req.actor) return Promise.reject(unauthenticated());
          scope ??= req.server.shopScopeOf(req.actor);
          return scope;
        },
        lang: replyLang(req.headers['accept-language']),
        req,
      });
      if (ep.binary) {
        if (!isFileReply(result)) throw new Error(`${ep.method} ${ep.path} is binary: its handler must answer a file`);
        const actor = req.actor;
        const keep =
          keeps && actor && req.server.hasDecorator('exportCopy')
            ? () =>
                req.server.exportCopy(
                  {
                    actor,
                    endpoint: ep,
                    path: req.url.split('?')[0] ?? req.url,
                    query: (req.query ?? {}) as Record<string, unknown>,
                  },
                  { fileName: result.fileName, contentType: result.contentType },
                )
            : undefined;
        return sendFile(reply, result, keep);
      }
      // A string with a JSON content type is sent as it is (Fastify skips the serializer).
      if (result instanceof Serialized) return reply.type('application/json; charset=utf-8').send(result.json);
      if (result instanceof WithStatus) {
        return reply.code(result.status).send({ code: result.code, msg: result.msg, data: result.data ?? null });
      }
      return { code: 0, msg: 'success', data: result ?? null };
    },
  });
}
