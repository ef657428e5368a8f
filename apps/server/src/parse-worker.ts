/**
 * The parse worker's entry (see platform/upload/parse-pool.ts): takes `{ id, task, args }`,
 * runs the task and answers its value, or the error as the pool rebuilds it. Bytes arrive as
 * Uint8Array (the structured clone drops Buffer's class) and are made Buffers again.
 */
import { parentPort } from 'node:worker_threads';
import { RefusedFileError } from './modules/imports/parsers/tokenise';
import { PARSE_TASKS } from './parse-tasks';
import { AppError, codedFieldError } from './platform/errors';
import type { ParseReply } from './platform/upload/parse-pool';

const asBuffer = (v: unknown) =>
  v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v;

/**
 * Strings from a file may hold characters PostgreSQL refuses in text and jsonb (NUL): every
 * parse result is cleaned of them here, once, before any of it can reach a query.
 */
function withoutNul(v: unknown): unknown {
  if (typeof v === 'string') return v.includes('\u0000') ? v.replaceAll('\u0000', '') : v;
  if (Array.isArray(v)) {
    // forEach skips the holes of sparse arrays (exceljs rows have them): they stay holes.
    v.forEach((x, i) => {
      v[i] = withoutNul(x);
    });
    return v;
  }
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) o[k] = withoutNul(o[k]);
  }
  return v;
}

function replyOf(id: number, err: unknown): ParseReply {
  const e = err instanceof RefusedFileError ? codedFieldError('file', err.code, err.params) : err;
  if (e instanceof AppError) {
    return { id, ok: false, app: { status: e.status, code: e.code, message: e.message, data: e.data }, message: e.message };
  }
  return { id, ok: false, message: e instanceof Error ? e.message : String(e) };
}

parentPort?.on('message', async (m: { id: number; task: keyof typeof PARSE_TASKS; args: unknown[] }) => {
  let reply: ParseReply;
  try {
    const run = PARSE_TASKS[m.task] as (...a: unknown[]) => unknown;
    reply = { id: m.id, ok: true, value: withoutNul(await run(...m.args.map(asBuffer))) };
  } catch (err) {
    reply = replyOf(m.id, err);
  }
  parentPort?.postMessage(reply);
});
