/**
 * Running an exportable endpoint without a request (docs/reports.md): a background export
 * and a scheduled report both come here. The user's rights are read as they are NOW
 * (`actorOfUser`): the endpoint's permission and every shop its filters name are checked
 * when the work is queued and again when it runs. The file is written into the stored
 * exports exactly as the binder's copy of a download is (one chunk in memory).
 */

import { Writable } from 'node:stream';
import { type EndpointDef, ERROR_CODES, type FieldCode, fieldErrorOf, type Lang, STATUS } from '@bo/contract';
import type { ExportRequest } from '@bo/contract/files/export-jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { shopScopeOf } from '../../modules/shops/shops/shop-scope';
import type { RequestActor } from '../auth/actor';
import { actorOfUser } from '../auth/sessions.service';
import type { AppContext } from '../context';
import { AppError, codedFieldError } from '../errors';
import { authorize, type ExportableBinding, toFastifyPath } from '../http/binder';
import type { FileReply } from '../http/file-reply';
import { fileStoreOf } from './file-store';
import { shopsNamed, startExportCopy } from './stored-exports.service';

export type ExportRegistry = ReadonlyMap<string, ExportableBinding>;

/** The exportable endpoints bound by each app, found from its context (the jobs get only the context). */
const registries = new WeakMap<AppContext, () => ExportRegistry>();
export const rememberExportables = (ctx: AppContext, app: FastifyInstance) =>
  registries.set(ctx, () => (app.hasDecorator('exportables') ? app.exportables : new Map()));
export const exportablesOf = (ctx: AppContext): ExportRegistry => registries.get(ctx)?.() ?? new Map();

const CODE_OF_STATUS: Record<number, number> = {
  [STATUS.FORBIDDEN]: ERROR_CODES.PERMISSION_DENIED,
  [STATUS.CONFLICT]: ERROR_CODES.CONFLICT,
};

/** A refusal with a field code the web words in the user's language. */
export const refusal = (status: number, code: FieldCode, message: string, params?: Record<string, string | number>) =>
  new AppError(status, CODE_OF_STATUS[status] ?? ERROR_CODES.VALIDATION, message, {
    fields: [fieldErrorOf('export', code, params)],
  });

export interface ResolvedExport {
  binding: ExportableBinding;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The path as a request would have named it (`/api/sales/rest/v1/sales_profit/shop/excel`). */
  path: string;
}

const parseWith = (schema: z.ZodObject | undefined, value: unknown, field: 'params' | 'query') => {
  if (!schema) return {};
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issue = parsed.error.issues[0];
  throw codedFieldError(`export.${field}.${issue?.path.join('.') ?? ''}`, 'invalid', undefined, {
    message: `export ${field}: ${issue?.message ?? 'invalid'}`,
  });
};

/**
 * The endpoint, its parameters and filters checked as the binder would check a request, and
 * the caller's right to it: the endpoint's permission, and every shop its filters name in the
 * caller's shop scope.
 */
export async function resolveExport(
  ctx: AppContext,
  actor: RequestActor,
  req: { endpoint: string; params?: Record<string, unknown> | undefined; query?: Record<string, unknown> | undefined },
): Promise<ResolvedExport> {
  const binding = exportablesOf(ctx).get(req.endpoint);
  if (!binding) throw refusal(STATUS.BAD_REQUEST, 'exports.notExportable', `${req.endpoint} is not exportable`);
  const { ep } = binding;
  try {
    authorize(ep.access, actor);
  } catch {
    throw refusal(STATUS.FORBIDDEN, 'exports.permissionGone', `permission ${ep.access} required`, { permission: ep.access });
  }
  const params = parseWith(ep.params, req.params, 'params');
  const query = parseWith(ep.query, req.query, 'query');
  const named = shopsNamed(query);
  if (named) {
    const visible = new Set((await shopScopeOf(ctx, actor)).shopIds);
    if (named.some((s) => !visible.has(s)))
      throw refusal(STATUS.FORBIDDEN, 'exports.shopGone', 'a shop of its filters is not visible to the user');
  }
  const path = toFastifyPath(ep.path).replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));
  return { binding, params, query, path };
}

/** The exportable endpoints the actor holds the permission of. */
export function exportablesFor(ctx: AppContext, actor: RequestActor) {
  return [...exportablesOf(ctx).entries()]
    .filter(([, b]) => actor.permissions.has(b.ep.access))
    .map(([endpoint, { ep }]) => ({
      endpoint,
      summary: ep.summary,
      permission: ep.access,
      format: ep.exportable ?? 'xlsx',
      params: Object.entries(ep.params?.shape ?? {}).map(([name, schema]) => ({
        name,
        values: enumValues(schema),
      })),
    }));
}

const enumValues = (schema: unknown): string[] => {
  const opts = (schema as { options?: unknown }).options;
  return Array.isArray(opts) ? opts.map(String) : [];
};

export interface ExportOutcome {
  storedExportId: number;
  fileName: string;
  contentType: string;
  rows: number | null;
}

export interface ExportProgress {
  /** Called with the estimate once it is known. */
  estimated(rows: number | null): Promise<void>;
  /** The rows written so far, read by the caller's own timer. */
  counter: { rows: number };
}

/**
 * Runs one export as `userId` (rights as they are now) into the stored exports. Throws an
 * AppError with a field code when the user may not (any more), or the export fails.
 */
export async function produceExport(
  ctx: AppContext,
  userId: number,
  request: ExportRequest & { lang?: string | null },
  progress: ExportProgress,
  signal: AbortSignal,
): Promise<ExportOutcome> {
  const actor = await actorOfUser(ctx.db, userId);
  if (!actor) throw refusal(STATUS.FORBIDDEN, 'exports.userGone', 'the user can no longer sign in');
  const resolved = await resolveExport(ctx, actor, request);
  let scope: ReturnType<typeof shopScopeOf> | undefined;
  const lang: Lang = request.lang === 'en-US' ? 'en-US' : 'zh-CN';
  // What the export handlers read from a request: the caller's language.
  const fakeReq = { headers: { 'accept-language': lang }, url: resolved.path } as unknown as FastifyRequest;
  const file = await resolved.binding.handler({
    query: resolved.query as never,
    params: resolved.params as never,
    body: undefined as never,
    actor,
    lang,
    scope: () => {
      scope ??= shopScopeOf(ctx, actor);
      return scope;
    },
    req: fakeReq,
  });
  if (!file || typeof file !== 'object' || (file as { kind?: unknown }).kind !== 'file')
    throw new Error(`${request.endpoint} did not answer a file`);
  const reply = file as FileReply;
  await progress.estimated(reply.estimate ? await reply.estimate() : null);
  const copy = startExportCopy(
    ctx.db,
    fileStoreOf(ctx.db),
    { actor, endpoint: resolved.binding.ep as EndpointDef, path: resolved.path, query: resolved.query },
    { fileName: reply.fileName, contentType: reply.contentType },
  );
  try {
    if ('bytes' in reply) {
      await copy.write(reply.bytes);
    } else {
      const write = await reply.open();
      const counted = reply.counted;
      const into = new Writable({
        write(chunk: Buffer, _enc, done) {
          copy.write(chunk).then(() => done(), done);
        },
      });
      const timer = setInterval(() => {
        if (counted) progress.counter.rows = counted.rows;
      }, 200);
      try {
        await write(into, signal);
        await new Promise<void>((resolve, reject) => {
          into.once('error', reject);
          into.end(resolve);
        });
      } finally {
        clearInterval(timer);
      }
      if (counted) progress.counter.rows = counted.rows;
    }
    if (signal.aborted) throw new ExportCancelled();
    const rows = reply.counted?.rows ?? null;
    const storedExportId = await copy.finish(rows);
    return { storedExportId, fileName: reply.fileName, contentType: reply.contentType, rows };
  } catch (err) {
    await copy.abort().catch(() => undefined);
    throw err;
  }
}

/** The export stopped because it was cancelled. */
export class ExportCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** Why an export failed, for the user: the field code when there is one. */
export function failureOf(err: unknown): { message: string; code: string | null } {
  if (err instanceof AppError) {
    const fields = (err.data as { fields?: { code?: string; message?: string }[] } | null)?.fields;
    return { message: fields?.[0]?.message ?? err.message, code: fields?.[0]?.code ?? null };
  }
  return { message: err instanceof Error ? err.message : String(err), code: null };
}
