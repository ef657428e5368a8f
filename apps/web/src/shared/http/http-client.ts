/**
 * The one way the web app talks to the API (spec §7, §8): bearer and origin headers,
 * 300 s timeout (3,000,000 ms for downloads), index-free array params, and the status
 * catalogue handled once — 1-second messages, 252 as success, 401 back to /login.
 * Calls are typed from the contract's endpoint objects, so nothing is declared twice.
 */
import {
  type EndpointBodyInput,
  type EndpointData,
  type EndpointDef,
  type EndpointQueryInput,
  ERROR_CODES,
  type FieldParams,
  isFieldCode,
  LIMITS,
  permissionDeniedText,
  STATUS,
} from '@bo/contract';
import type { z } from 'zod';
import { currentLang } from '../i18n/lang';
import { clearSession, readToken, saveLoginRedirect } from '../session/session-storage';
import { ApiError, type FieldError, fieldsSummary, type Notice, noticeFor } from './api-error';
import { filenameFromDisposition } from './content-disposition';
import { apiUrl } from './request-url';

/** Marks requests as coming from this app (spec §7 "origin marker"). */
export const ORIGIN_HEADER = { 'X-Requested-With': 'backoffice-web' } as const;

type ParamsInput<E extends EndpointDef> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Partial<T> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call of endpoint E takes: zod input types of its query, body and path params. */
export type CallInput<E extends EndpointDef> = Slot<'query', EndpointQueryInput<E>> &
  Slot<'body', EndpointBodyInput<E>> &
  Slot<'params', ParamsInput<E>>;

export interface CallOptions {
  signal?: AbortSignal;
  /** No central message for errors: the screen shows them itself (inline form errors). */
  silent?: boolean;
  /** Use this token instead of the stored one (god view, signing out of two sessions). */
  token?: string | null;
  /** A 401 only rejects, without the trip to /login (revoking a session that may be gone). */
  ignoreUnauthorized?: boolean;
}

type CallArgs<E extends EndpointDef> =
  Partial<CallInput<E>> extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

interface HttpHooks {
  notify: (notice: Notice) => void;
  /** Registered by the router: leave for /login without reloading the page. */
  onUnauthorized: () => void;
}

let hooks: HttpHooks = {
  notify: (n) => console.warn(`[http] ${n.text}`),
  onUnauthorized: () => {},
};

export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next };
}

interface RawInput {
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  params?: Readonly<Record<string, unknown>>;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' && v !== null && typeof (v as Envelope).code === 'number' && typeof (v as Envelope).msg === 'string';

const isParams = (v: unknown): v is FieldParams =>
  typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number');

/** A field of the reply as it arrived: its code and params still to be checked. */
interface RawField {
  path: string;
  message: string;
  code?: unknown;
  params?: unknown;
}

function fieldsOf(data: unknown): FieldError[] {
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields
    .filter(
      (f): f is RawField => typeof f === 'object' && f !== null && typeof f.path === 'string' && typeof f.message === 'string',
    )
    .map((f): FieldError => {
      const code = isFieldCode(f.code) ? f.code : 'invalid';
      return { path: f.path, code, params: code !== 'invalid' && isParams(f.params) ? f.params : {}, message: f.message };
    });
}

/** Builds the error for a failed reply and shows the central message unless silenced. */
function failure(status: number, reply: Envelope | null, options: CallOptions): ApiError {
  if (status === STATUS.UNAUTHORIZED && !options.ignoreUnauthorized) handleUnauthorized();
  const lang = currentLang();
  // A missing permission reads by its title, not by its code (which stays in the reply's data).
  const permission = (reply?.data as { permission?: unknown } | null)?.permission;
  const denied =
    reply?.code === ERROR_CODES.PERMISSION_DENIED && typeof permission === 'string'
      ? permissionDeniedText(permission, lang)
      : null;
  // A refusal that names fields reads in the user's language from their codes, not as the server's English msg.
  const fields = fieldsOf(reply?.data);
  const notice = noticeFor(status, denied ?? fieldsSummary(fields, lang, status) ?? reply?.msg, lang);
  if (notice && !options.silent) hooks.notify(notice);
  const text = notice?.text ?? reply?.msg ?? `HTTP ${status}`;
  return new ApiError(status, reply?.code ?? status * 100, denied ?? (reply?.msg?.trim() || text), fields);
}

/** 401: remember where the user was, drop the session, go to /login (spec §8). */
function handleUnauthorized(): void {
  const here = globalThis.location;
  if (here) saveLoginRedirect(`${here.pathname}${here.search}`);
  clearSession();
  if (here?.pathname !== '/login') hooks.onUnauthorized();
}

/**
 * Runs fetch plus the reading of the body under one deadline, so a stalled download
 * times out too. A caller's abort (a query being cancelled) passes through untouched.
 */
async function exchange<T>(
  endpoint: EndpointDef,
  input: RawInput,
  options: CallOptions,
  timeoutMs: number,
  read: (res: Response) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  // The language picks the language of server-made texts such as export headers.
  const headers: Record<string, string> = {
    ...ORIGIN_HEADER,
    Accept: endpoint.binary ? '*/*' : 'application/json',
    'Accept-Language': currentLang(),
  };
  const token = options.token === undefined ? readToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  try {
    const res = await fetch(apiUrl(endpoint.path, input.params, input.query), {
      method: endpoint.method,
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    return await read(res);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (timedOut) throw failure(STATUS.TIMEOUT, { code: ERROR_CODES.TIMEOUT, msg: '', data: null }, options);
    if (options.signal?.aborted) throw err;
    throw failure(0, null, options);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

async function readEnvelope(res: Response): Promise<Envelope | null> {
  const text = await res.text();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export interface CallResult<T> {
  data: T;
  headers: Headers;
}

/** Like `call`, but also answers the reply's headers (the sign-in reads the Date header). */
export async function callWithHeaders<E extends EndpointDef>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<CallResult<EndpointData<E>>> {
  const [input = {}, options = {}] = args;
  return exchange(endpoint, input as RawInput, options, LIMITS.HTTP_TIMEOUT_MS, async (res) => {
    const reply = await readEnvelope(res);
    if (!res.ok) throw failure(res.status, reply, options);
    if (!reply) throw failure(STATUS.INTERNAL, null, options);
    // A refusal inside a 200 (god view): the caller shows the msg.
    if (reply.code !== 0) throw new ApiError(res.status, reply.code, reply.msg);
    if (res.status === STATUS.DEMO_OK) {
      const notice = noticeFor(res.status, reply.msg, currentLang());
      if (notice) hooks.notify(notice);
    }
    return { data: reply.data as EndpointData<E>, headers: res.headers };
  });
}

/** Calls an endpoint and answers its `data`; rejects with ApiError. */
export async function call<E extends EndpointDef>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointData<E>> {
  return (await callWithHeaders(endpoint, ...args)).data;
}

/** Error replies of binary endpoints are JSON (or JSON inside the binary body, 451). */
async function readBinaryError(res: Response): Promise<Envelope | null> {
  try {
    const text = await (await res.blob()).text();
    const parsed: unknown = JSON.parse(text);
    return isEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export interface DownloadOptions extends CallOptions {
  /**
   * Called when the reply starts (0 bytes: the server has answered) and as each part of
   * the file arrives: bytes received so far and the announced size, null when unknown
   * (a streamed export has no Content-Length).
   */
  onProgress?: (received: number, total: number | null) => void;
}

type DownloadArgs<E extends EndpointDef> =
  Partial<CallInput<E>> extends CallInput<E>
    ? [input?: CallInput<E>, options?: DownloadOptions]
    : [input: CallInput<E>, options?: DownloadOptions];

/** Reads a reply body chunk by chunk, reporting the bytes received; the whole file as a Blob. */
async function readWithProgress(res: Response, onProgress: NonNullable<DownloadOptions['onProgress']>): Promise<Blob> {
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = res.headers.get('content-type') ?? '';
  onProgress(0, total);
  if (!res.body) {
    const blob = await res.blob();
    onProgress(blob.size, total);
    return blob;
  }
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(parts, { type });
}

/**
 * Downloads a binary (export) endpoint: the file and its name, with the long timeout.
 * It resolves only once the whole file is in; `onProgress` follows its arrival.
 */
export async function download<E extends EndpointDef>(
  endpoint: E,
  ...args: DownloadArgs<E>
): Promise<{ blob: Blob; filename: string }> {
  const [input = {}, options = {}] = args;
  return exchange(endpoint, input as RawInput, options, LIMITS.DOWNLOAD_TIMEOUT_MS, async (res) => {
    if (!res.ok) throw failure(res.status, await readBinaryError(res), options);
    const blob = options.onProgress ? await readWithProgress(res, options.onProgress) : await res.blob();
    return { blob, filename: filenameFromDisposition(res.headers.get('content-disposition')) };
  });
}

export interface UploadOptions extends CallOptions {
  /** Called as the request body goes out: bytes sent and total. */
  onProgress?: (sent: number, total: number) => void;
}

/**
 * Sends a multipart form (a file and its fields) to an endpoint and answers its data.
 * XMLHttpRequest, not fetch, because only it reports upload progress.
 */
export function uploadForm<E extends EndpointDef>(
  endpoint: E,
  form: FormData,
  options: UploadOptions = {},
): Promise<EndpointData<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, apiUrl(endpoint.path, undefined, undefined));
    xhr.timeout = LIMITS.HTTP_TIMEOUT_MS;
    for (const [k, v] of Object.entries(ORIGIN_HEADER)) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLang());
    const token = options.token === undefined ? readToken() : options.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => options.onProgress?.(e.loaded, e.total);
    const parsed = (): Envelope | null => {
      try {
        const v: unknown = JSON.parse(xhr.responseText);
        return isEnvelope(v) ? v : null;
      } catch {
        return null;
      }
    };
    xhr.onload = () => {
      const reply = parsed();
      if ((xhr.status === STATUS.OK || xhr.status === STATUS.DEMO_OK) && reply && reply.code === 0) {
        resolve(reply.data as EndpointData<E>);
      } else {
        reject(failure(xhr.status, reply, options));
      }
    };
    xhr.onerror = () => reject(failure(0, null, options));
    xhr.ontimeout = () => reject(failure(STATUS.TIMEOUT, { code: ERROR_CODES.TIMEOUT, msg: '', data: null }, options));
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
