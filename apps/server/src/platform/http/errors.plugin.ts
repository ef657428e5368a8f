/**
 * One error handler for the whole API: schema violations → 400 with field errors,
 * AppError → its status, an unreachable database → 503, anything else → 500 (logged,
 * never echoed). Unknown /api paths → 404 in the envelope.
 */
import { ERROR_CODES, fieldErrorOf, issueCode, STATUS } from '@bo/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, badRequest, dbUnavailable, isDbUnavailable } from '../errors';
import { loggableUrl } from '../logging';
import { multipartRefusal } from '../upload/multipart';

/** Where in a request a string holds U+0000, which PostgreSQL text cannot store. */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const found = nulAt(v, path ? `${path}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A 400 naming the first field whose text holds NUL; null when there is none. For inputs read outside the validator (multipart forms). */
export function nulRefusal(data: unknown, part = 'body'): AppError | null {
  const path = nulAt(data, '');
  if (path === null) return null;
  const field = fieldErrorOf(path, 'noNul');
  return badRequest(`${path || part}: ${field.message}`, { fields: [field] });
}

/** The value at a zod issue's path, undefined when any step is absent. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v = data;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** Issues an absent value raises (a union of literals reports invalid_union). */
const MAY_BE_MISSING = new Set(['invalid_type', 'invalid_union']);

/** A 400 with every issue of a zod error as a coded field; for inputs read outside the validator (multipart forms). */
export function schemaRefusal(issues: readonly z.core.$ZodIssue[], input: unknown): AppError {
  const fields = issues.map((i) => {
    const missing = MAY_BE_MISSING.has(i.code) && valueAt(input, i.path) == null;
    const { code, params } = issueCode({ ...i, missing });
    return fieldErrorOf(i.path.join('.') || 'body', code, params);
  });
  return badRequest(fields.map((f) => `${f.path}: ${f.message}`).join('; '), { fields });
}

type ValidationItem = { keyword: string; instancePath: string; params: Record<string, unknown> };

/**
 * zod drops the input from its issues, so "expected string, received undefined" would read
 * as a wrong type; the validator knows the input and marks the absent values (→ `required`).
 */
function markMissing(data: unknown, result: unknown): void {
  const items = (result as { error?: unknown }).error;
  if (!Array.isArray(items)) return;
  for (const item of items as ValidationItem[]) {
    if (!MAY_BE_MISSING.has(item.keyword) || !item.params) continue;
    const path = item.instancePath.split('/').filter((k) => k !== '');
    const value = path.length === 0 ? data : valueAt(data, path);
    if (value === undefined || value === null) item.params.missing = true;
  }
}

/**
 * The zod validator, with one rule for every input first: no NUL characters in text (a
 * 400 naming the field, instead of the database refusing the statement with a 500).
 */
export const inputValidator: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const refusal = nulRefusal(data, route.httpPart);
    if (refusal) return { error: refusal };
    // No body at all (`curl -X POST`: Fastify hands over null) is the empty object when the
    // body schema accepts one (no required field); otherwise the schema's own refusal stands.
    if (route.httpPart === 'body' && (data === null || data === undefined)) {
      const empty = validate({});
      if (typeof empty === 'object' && 'value' in empty && !empty.error) return empty;
    }
    const result = validate(data);
    markMissing(data, result);
    return result;
  };
};

/** Refusals of the router itself (a malformed URL, a path parameter too long), in the envelope. */
export function frameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : STATUS.BAD_REQUEST;
  void reply.code(status).send({ code: status * 100, msg: err.message, data: null });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = (err as { validationContext?: string }).validationContext ?? 'request';
      const fields = err.validation.map((v) => {
        const path = `${where === 'querystring' ? 'query' : where}${v.instancePath.replace(/\//g, '.')}`.replace(
          /^(body|query|params)\./,
          '',
        );
        const { code, params } = issueCode({ ...v.params, code: v.keyword, path: [], message: v.message ?? '' });
        return fieldErrorOf(path, code, params);
      });
      const msg = fields.map((f) => `${f.path || where}: ${f.message}`).join('; ');
      return reply.code(STATUS.BAD_REQUEST).send({ code: ERROR_CODES.VALIDATION, msg, data: { fields } });
    }
    let e: AppError | null = err instanceof AppError ? err : multipartRefusal(err);
    if (!e && isDbUnavailable(err)) e = dbUnavailable();
    if (!e && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type.
      e = new AppError(err.statusCode, err.statusCode * 100, err.message);
    }
    if (!e) {
      if (isResponseSerializationError(err)) req.log.error({ err, url: loggableUrl(req.url) }, 'reply does not match its schema');
      else req.log.error({ err }, 'unhandled error');
      e = new AppError(STATUS.INTERNAL, ERROR_CODES.INTERNAL, 'server internal error');
    }
    for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
    return reply.code(e.status).send({ code: e.code, msg: e.message, data: e.data ?? null });
  });
}
