import { type FieldCode, type FieldParams, fieldText, type Lang, STATUS, STATUS_MESSAGES } from '@bo/contract';

/**
 * A field of a 400 (or 409) reply: `code` and `params` name a field code of the contract,
 * shown in the user's language. The server codes every field error (a scan in its tests
 * keeps it so); a field without a code the contract knows reads as the generic `invalid`,
 * never as the server's English `message`, which is kept for logs and API clients.
 */
export interface FieldError {
  path: string;
  code: FieldCode;
  params: FieldParams;
  message: string;
}

/**
 * A failed call. `status` 0 means the server could not be reached; a 200 reply with a
 * non-zero envelope code keeps status 200 and carries the server's msg (god view, ...).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly fields: readonly FieldError[];

  constructor(status: number, code: number, message: string, fields: readonly FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

const GENERIC: Record<Lang, (status: number) => string> = {
  'zh-CN': (s) => `请求失败（${s}）`,
  'en-US': (s) => `Request failed (${s})`,
};

/** Statuses whose reply names the problem better than the catalogue's fixed text. */
const PREFER_SERVER_MSG = new Set<number>([
  STATUS.BAD_REQUEST,
  STATUS.FORBIDDEN,
  STATUS.CONFLICT,
  STATUS.TOO_MANY,
  STATUS.PRINT_ERROR,
  STATUS.EXPORT_ERROR,
]);

/**
 * What the central handler shows for a reply (spec §8), or null for nothing: 2xx other
 * than 252 is quiet, 401 is a redirect to /login rather than a message.
 * Status 0 (no connection) reads as "cannot connect", like 404.
 */
export function noticeFor(status: number, serverMsg: string | undefined, lang: Lang): Notice | null {
  if (status === STATUS.DEMO_OK) return { kind: 'success', text: STATUS_MESSAGES[STATUS.DEMO_OK]?.[lang] ?? '' };
  if (status >= 200 && status < 300) return null;
  if (status === STATUS.UNAUTHORIZED) return null;
  const fixed = STATUS_MESSAGES[status === 0 ? STATUS.NOT_FOUND : status]?.[lang];
  const server = serverMsg?.trim();
  if (server && (PREFER_SERVER_MSG.has(status) || !fixed)) return { kind: 'error', text: server };
  return { kind: 'error', text: fixed ?? GENERIC[lang](status) };
}

const CHECK_INPUT: Record<Lang, string> = { 'zh-CN': '请检查输入：', 'en-US': 'Check the input: ' };
const ROW: Record<Lang, (n: number) => string> = { 'zh-CN': (n) => `第 ${n} 行：`, 'en-US': (n) => `row ${n}: ` };
const MORE: Record<Lang, (n: number) => string> = { 'zh-CN': (n) => `（另有 ${n} 处）`, 'en-US': (n) => ` (and ${n} more)` };
/** How many field refusals a message names before it counts the rest. */
const FIELDS_NAMED = 3;

/**
 * A refusal's field errors as one line in the user's language, for a message that is not
 * beside a form (the central toast, a screen's error line): each field's coded text, with
 * its row when the path runs through a list (`changes.0.value` → row 1), never the
 * server's English `msg` nor the internal field keys. Null when the reply names no field.
 */
export function fieldsSummary(fields: readonly FieldError[], lang: Lang, status?: number): string | null {
  if (fields.length === 0) return null;
  const parts = [
    ...new Set(
      fields.map((f) => {
        const index = f.path.split('.').find((k) => /^\d+$/.test(k));
        const row = index === undefined ? '' : ROW[lang](Number(index) + 1);
        return `${row}${fieldText(f.code, lang, f.params)}`;
      }),
    ),
  ];
  const named = parts.slice(0, FIELDS_NAMED).join(lang === 'zh-CN' ? '；' : '; ');
  // A 403 that names its reason (a stored export whose permission is gone) is no input to check.
  const prefix = status === STATUS.FORBIDDEN ? '' : CHECK_INPUT[lang];
  return `${prefix}${named}${parts.length > FIELDS_NAMED ? MORE[lang](parts.length - FIELDS_NAMED) : ''}`;
}
