import { ERROR_CODES, type FieldCode, type FieldError, type FieldParams, fieldErrorOf, STATUS } from '@bo/contract';

/** A refusal the client should see: HTTP status, envelope code, message, optional data. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The data of a 400 or 409: anything, but a `fields` list holds coded field errors (see
 * `fieldErrorOf`), so the web shows each in the user's language; a field message written as
 * English text does not compile.
 */
export type ReplyData = { readonly fields?: readonly FieldError[] } & Record<string, unknown>;

/** A 400 (its `fields`, if any, coded). */
export const badRequest = (msg: string, data: ReplyData | null = null) =>
  new AppError(STATUS.BAD_REQUEST, ERROR_CODES.VALIDATION, msg, data);
export const unauthenticated = (msg = 'sign-in required') => new AppError(STATUS.UNAUTHORIZED, ERROR_CODES.UNAUTHENTICATED, msg);
export const sessionExpired = () =>
  new AppError(STATUS.UNAUTHORIZED, ERROR_CODES.SESSION_EXPIRED, 'session expired, sign in again');
export const badCredentials = () => new AppError(STATUS.FORBIDDEN, ERROR_CODES.BAD_CREDENTIALS, 'account or password wrong');
export const permissionDenied = (pattern: string) =>
  new AppError(STATUS.FORBIDDEN, ERROR_CODES.PERMISSION_DENIED, `permission ${pattern} required`, { permission: pattern });
export const forbidden = (msg: string) => new AppError(STATUS.FORBIDDEN, ERROR_CODES.PERMISSION_DENIED, msg);
export const notFound = (what = 'not found') => new AppError(STATUS.NOT_FOUND, ERROR_CODES.NOT_FOUND, what);
export const conflict = (msg: string, data: ReplyData | null = null) =>
  new AppError(STATUS.CONFLICT, ERROR_CODES.CONFLICT, msg, data);
export const staleVersion = () =>
  new AppError(STATUS.CONFLICT, ERROR_CODES.STALE_VERSION, 'someone else changed this record; reload and try again');
export const throttled = (retryAfterSeconds: number) =>
  new AppError(STATUS.TOO_MANY, ERROR_CODES.THROTTLED, `too many attempts, try again in ${retryAfterSeconds} s`, null, {
    'retry-after': String(retryAfterSeconds),
  });
export const dbUnavailable = () =>
  new AppError(STATUS.UNAVAILABLE, ERROR_CODES.DB_UNAVAILABLE, 'database unavailable, try again shortly');

/**
 * node-postgres / network errors that mean the database cannot be reached. drizzle wraps
 * driver errors (DrizzleQueryError), so the cause chain is searched too.
 */
export function isDbUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const cause = (err as { cause?: unknown }).cause;
  if (cause && isDbUnavailable(cause, depth + 1)) return true;
  const e = err as { code?: string; message?: string };
  if (
    e.code &&
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'ENOTFOUND',
      'EPIPE',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      '08003',
      '08004',
    ].includes(e.code)
  ) {
    return true;
  }
  const m = e.message ?? '';
  return /timeout exceeded when trying to connect|^timeout expired$|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/i.test(
    m,
  );
}

/** A 400 about one field, shaped like a schema refusal (`data.fields`), so forms show it on the field. */
export function codedFieldError(
  path: string,
  code: FieldCode,
  params?: FieldParams,
  extra: { message?: string; data?: Record<string, unknown> } = {},
): AppError {
  const field = fieldErrorOf(path, code, params);
  const data: ReplyData = { ...extra.data, fields: [field] };
  return new AppError(STATUS.BAD_REQUEST, ERROR_CODES.VALIDATION, extra.message ?? `${path}: ${field.message}`, data);
}

/** A 409 about one field (a name or code taken, a row owned elsewhere): `msg` for the notice, the field coded. */
export function fieldConflict(
  msg: string,
  path: string,
  code: FieldCode,
  params?: FieldParams,
  data: Record<string, unknown> = {},
): AppError {
  return conflict(msg, { ...data, fields: [fieldErrorOf(path, code, params)] });
}
