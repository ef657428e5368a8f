/**
 * One error handler for the whole API: schema violations → 400 with field errors,
 * AppError → its status, an unreachable database → 503, anything else → 500 (logged,
 * never echoed). Unknown /api paths → 404 in the envelope.
 */
import { ERROR_CODES, STATUS } from '@bo/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, dbUnavailable, isDbUnavailable } from '../errors';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = (err as { validationContext?: string }).validationContext ?? 'request';
      const fields = err.validation.map((v) => ({
        path: `${where === 'querystring' ? 'query' : where}${v.instancePath.replace(/\//g, '.')}`.replace(/^(body|query|params)\./, ''),
        message: v.message ?? 'invalid',
      }));
      const msg = fields.map((f) => `${f.path || where}: ${f.message}`).join('; ');
      return reply.code(STATUS.BAD_REQUEST).send({ code: ERROR_CODES.VALIDATION, msg, data: { fields } });
    }
    let e: AppError | null = err instanceof AppError ? err : null;
    if (!e && isDbUnavailable(err)) e = dbUnavailable();
    if (!e && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type.
      e = new AppError(err.statusCode, err.statusCode * 100, err.message);
    }
    if (!e) {
      if (isResponseSerializationError(err)) req.log.error({ err, url: req.url }, 'reply does not match its schema');
      else req.log.error({ err }, 'unhandled error');
      e = new AppError(STATUS.INTERNAL, ERROR_CODES.INTERNAL, 'server internal error');
    }
    for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
    return reply.code(e.status).send({ code: e.code, msg: e.message, data: e.data ?? null });
  });
}
