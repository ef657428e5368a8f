/**
 * buildApp(): outside plugins, then the platform (errors, security headers, auth), then
 * the areas listed in modules/areas.ts. Used by main.ts and by every integration test
 * through app.inject.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ALL_ROUTES, type EndpointDef, ERROR_CODES, STATUS, session as sessionEndpoints } from '@bo/contract';
import type { AuditEntity } from '@bo/contract/access/audit-codes';
import { type ImportKind, MAX_IMPORT_BYTES } from '@bo/contract/imports/imports';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Db, poolOf } from './db/client';
import { AREAS } from './modules/areas';
import { registerImportKind, registerShopImportKind } from './modules/imports/import-kinds';
import { shopScopeOf } from './modules/shops/shops/shop-scope';
import type { AreaManifest } from './platform/area';
import { HistoryReaders } from './platform/audit/history.registry';
import type { RequestActor } from './platform/auth/actor';
import { GrantsCache } from './platform/auth/sessions.service';
import type { AppContext } from './platform/context';
import { dbUnavailable } from './platform/errors';
import { fileStoreOf } from './platform/files/file-store';
import { type ExportRun, startExportCopy } from './platform/files/stored-exports.service';
import { registerAuth } from './platform/http/auth.plugin';
import { bind, serializeReply } from './platform/http/binder';
import { frameworkError, inputValidator, registerErrorHandling } from './platform/http/errors.plugin';
import { registerSecurityHeaders } from './platform/http/security.plugin';
import { JobWorker } from './platform/jobs/jobs';
import { type CodeSender, LogCodeSender, MailCodeSender } from './platform/notify/code-sender';
import { ShareKinds } from './platform/share/share.registry';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: string | undefined;
  /** The contract endpoint bound to it (routes bound through the binder). */
  endpoint?: EndpointDef;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RegisteredRoute[];
    /** This process's job worker: modules register handlers; main.ts starts it (JOBS_ENABLED). */
    jobs: JobWorker;
  }
}

const HEALTH_QUERY = { name: 'health', text: 'SELECT 1' };

export interface BuildOptions {
  config: Config;
  db: Db;
  codeSender?: CodeSender;
  logger?: FastifyServerOptions['logger'];
  /** Manifests mounted after the app's areas: tests bring pieces of their own (a share kind the app does not have). */
  extraAreas?: readonly AreaManifest[];
}

/** Screens of the route catalogue whose path lies under the web build's /assets/ folder. */
const SCREENS_UNDER_ASSETS = new Set(ALL_ROUTES.map((r) => r.path).filter((p) => p.startsWith('/assets/')));

/** apps/web/dist, seen from src/app.ts and from the bundled dist/main.js alike (both one level below apps/server). */
export const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');

/** Everything an area's manifest hands the app, registered with the platform's pieces. */
function mountArea(app: FastifyInstance, ctx: AppContext, area: AreaManifest): void {
  for (const [entity, reader] of Object.entries(area.historyReaders ?? {}))
    if (reader) ctx.history.register(entity as AuditEntity, reader);
  for (const [kind, view] of Object.entries(area.shareKinds ?? {})) ctx.share.register(kind, view);
  for (const [kind, handler] of Object.entries(area.importKinds?.company ?? {}))
    if (handler) registerImportKind(kind as ImportKind, handler);
  for (const [kind, handler] of Object.entries(area.importKinds?.shop ?? {}))
    if (handler) registerShopImportKind(kind as ImportKind, handler);
  area.routes?.(app, ctx);
  for (const [kind, job] of Object.entries(area.jobs?.(ctx) ?? {})) {
    app.jobs.register(kind, job.run);
    if (job.everyMs !== undefined) app.jobs.every(kind, job.everyMs);
  }
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkError,
  });
  // Every route as registered, for the test that proves each one declares its access.
  const routeList: RegisteredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const m of methods)
      routeList.push({ method: String(m), url: r.url, access: r.config?.access, endpoint: r.config?.endpoint });
  });
  app.setValidatorCompiler(inputValidator);
  app.setSerializerCompiler(serializerCompiler);

  const codeSender =
    opts.codeSender ??
    (opts.config.CAPTCHA_SENDER === 'mail' && opts.config.SMTP_URL
      ? new MailCodeSender(opts.config.SMTP_URL, opts.config.MAIL_FROM)
      : new LogCodeSender(app.log));
  const ctx: AppContext = {
    db: opts.db,
    config: opts.config,
    log: app.log,
    codeSender,
    grants: new GrantsCache(),
    history: new HistoryReaders(),
    share: new ShareKinds(),
  };
  const jobs = new JobWorker(opts.db, app.log, {
    pollMs: opts.config.JOBS_POLL_MS,
    concurrency: opts.config.JOBS_CONCURRENCY,
    leaseMs: opts.config.JOBS_LEASE_SECONDS * 1000,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());

  // Outside plugins.
  // JSON replies of 1 kB and more, compressed when the client accepts it (apps/server/README.md):
  // files are left alone (xlsx is already deflated; csv and attachments stream as they are),
  // and the web app's files are precompressed at build time (@fastify/static below).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    // Quality 11 (the default) spends 412 ms on the 135 kB permission list; 4 takes 3 ms for
    // a reply 25 % larger than 11's (docs/performance.md).
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Back-office API', version: '1.0.0', description: 'Every call of the spec, under /api.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Platform.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 20, parts: 25 } });
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerAuth(app, ctx);
  // The binder's `scope()`: the shops module's isolation rule, as a typed value.
  app.decorate('shopScopeOf', (actor: RequestActor) => shopScopeOf(ctx, actor));
  // Every export streamed is also kept for the download centre (docs/files.md "Stored exports").
  app.decorate('exportCopy', (run: ExportRun, file: { fileName: string; contentType: string }) =>
    startExportCopy(ctx.db, fileStoreOf(ctx.db), run, file),
  );

  // The reply never changes: serialised once. The check goes to the pool directly (no
  // query builder), a named statement so PostgreSQL parses it once per connection.
  const healthy = serializeReply(sessionEndpoints.health, { db: 'up' });
  const pool = poolOf(ctx.db);
  bind(app, sessionEndpoints.health, async () => {
    try {
      await pool.query(HEALTH_QUERY);
    } catch {
      throw dbUnavailable();
    }
    return healthy;
  });

  // The areas (modules/areas.ts): routes, jobs, import kinds and history readers from each manifest.
  for (const area of [...AREAS, ...(opts.extraAreas ?? [])]) mountArea(app, ctx, area);

  // The web app, when built.
  const webDist = opts.config.WEB_DIST ? path.resolve(opts.config.WEB_DIST) : defaultWebDist();
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- WEB_DIST comes from the configuration, not from a request
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/build.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed asset names never change content: cache them for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    // A missing file (an old chunk after a deploy) must fail as a 404, not come back as the app's HTML.
    // The catalogue's own screens under /assets/ (the download centre) are the app's, not files.
    const isFile = (pathname.startsWith('/assets/') && !SCREENS_UNDER_ASSETS.has(pathname)) || /\.[a-z0-9]+$/i.test(pathname);
    if (req.url.startsWith('/api/') || req.url === '/api' || !hasWeb || req.method !== 'GET' || isFile) {
      return reply
        .code(STATUS.NOT_FOUND)
        .send({ code: ERROR_CODES.NOT_FOUND, msg: `not found: ${req.method} ${pathname}`, data: null });
    }
    // Client-side routes: the app decides (unknown paths show /404 there).
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
