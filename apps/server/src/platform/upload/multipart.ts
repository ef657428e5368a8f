/**
 * The one reader of multipart/form-data uploads. Whatever a client sends, the answer is a
 * 400 that says what is wrong, never a 500: not multipart, a missing or broken boundary, a
 * truncated body, more parts, fields or files than allowed, a file over its size, a file
 * under another field name, or NUL (U+0000) in a field's name or value or a file's name
 * (PostgreSQL text cannot hold it). Files are received with receiveFile (one shared buffer).
 */

import { type FieldCode, fieldText } from '@bo/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, codedFieldError } from '../errors';
import { receiveFile, TooManyLines } from './receive-file';

export interface UploadedFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export interface MultipartLimits {
  /** The field name files must come under. */
  fileField: string;
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
  /** Said when a file is larger than maxFileBytes (its params: `mb`, the limit in MB). */
  tooLarge: FieldCode;
  /** Said when there are more files than maxFiles (its params: `max`, that limit). */
  tooMany: FieldCode;
  /** The most line breaks a text file may hold (see receiveFile); unset: no such limit. */
  maxTextLines?: number;
}

const tooLarge = (limits: MultipartLimits) =>
  codedFieldError(limits.fileField, limits.tooLarge, { mb: limits.maxFileBytes / 1024 / 1024 });

/** Says, for an error of the multipart parser, what was wrong with the request; null for any other error. */
export function multipartRefusal(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; message?: string };
  switch (e.code) {
    case 'FST_PARTS_LIMIT':
      return badRequest('the form has too many parts');
    case 'FST_FIELDS_LIMIT':
      return badRequest('the form has too many fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('expected multipart/form-data');
    case 'FST_PROTO_VIOLATION':
      return badRequest('a form field may not be named __proto__ or constructor');
  }
  // busboy: "Multipart: Boundary not found", "Unexpected end of form", "Malformed part header", …
  const msg = e.message ?? '';
  if (/^(Multipart: |Unexpected end of (form|file)|Malformed |Part terminated early|Unexpected )/i.test(msg)) {
    return badRequest(`the multipart body is malformed: ${msg}`);
  }
  return null;
}

/** How long the parser may take nothing from a request whose bytes are waiting before the form counts as unreadable. */
const STALL_MS = 2000;

/**
 * busboy stops reading, for good, at some parts it skips (one without a Content-Disposition
 * larger than its buffer): the request would never be answered. While a form is read, a
 * watch checks that the parser makes progress whenever it has bytes to read (bytes waiting,
 * or the whole body received); a client that is merely slow to send is waited for.
 */
function stallWatch(req: FastifyRequest, progress: () => number): { stalled: Promise<never>; stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    let last = progress();
    let since = Date.now();
    timer = setInterval(() => {
      const now = progress();
      // The body held back for the parser (paused), bytes waiting, or the whole body received:
      // nothing but the parser can move it on. A client slow to send leaves it flowing and empty.
      const raw = req.raw;
      const waiting = raw.readableFlowing === false || raw.readableLength > 0 || raw.complete || raw.readableEnded;
      if (now !== last || !waiting) {
        last = now;
        since = Date.now();
      } else if (Date.now() - since >= STALL_MS) {
        clearInterval(timer);
        req.raw.unpipe();
        reject(
          badRequest('the multipart body is malformed: a part cannot be read (is every part named by a Content-Disposition?)'),
        );
      }
    }, 250);
    timer.unref();
  });
  stalled.catch(() => {});
  return { stalled, stop: () => clearInterval(timer) };
}

export async function readMultipart(
  req: FastifyRequest,
  limits: MultipartLimits,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!req.isMultipart()) throw badRequest('expected multipart/form-data');
  let progress = 0;
  const watch = stallWatch(req, () => progress);
  try {
    return await Promise.race([readParts(req, limits, () => progress++), watch.stalled]);
  } finally {
    watch.stop();
  }
}

async function readParts(
  req: FastifyRequest,
  limits: MultipartLimits,
  tick: () => void,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const sizeHint = Number(req.headers['content-length']) || 0;
  try {
    const parts = req.parts({ limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: limits.maxFields } });
    for await (const part of parts) {
      tick();
      if (part.fieldname.includes('\u0000')) throw badRequest(`a field name: ${fieldText('noNul', 'en-US')}`);
      if (part.type === 'file') {
        if (part.fieldname !== limits.fileField) {
          throw badRequest(`unexpected file field ${part.fieldname}: send files as "${limits.fileField}"`);
        }
        if ((part.filename ?? '').includes('\u0000')) throw codedFieldError(limits.fileField, 'file.nameNul');
        const bytes = await receiveFile(
          part.file,
          limits.maxFileBytes,
          Math.min(sizeHint, limits.maxFileBytes),
          tick,
          limits.maxTextLines ?? null,
        );
        if (part.file.truncated) throw tooLarge(limits);
        files.push({ fileName: part.filename || 'upload', contentType: part.mimetype || 'application/octet-stream', bytes });
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw codedFieldError(part.fieldname, 'noNul');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limits);
    if (code === 'FST_FILES_LIMIT') throw codedFieldError(limits.fileField, limits.tooMany, { max: limits.maxFiles });
    if (err instanceof TooManyLines)
      throw codedFieldError(limits.fileField, 'file.tooManyLines', { max: err.maxLines.toLocaleString('en-US') });
    throw multipartRefusal(err) ?? err;
  }
  return { fields, files };
}
