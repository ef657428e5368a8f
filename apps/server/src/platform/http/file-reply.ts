/**
 * Exports are values: a service answers a FileReply and the binder sends it, so services
 * know nothing of HTTP. Two shapes:
 * - `bytes`: a small file already built (an import template, an attachment, a watchlist);
 * - `open`: a streamed file. `open()` runs before any header goes out and does whatever can
 *   fail cleanly (connect, run the query, read the first batch): a failure there answers as
 *   JSON (452 for an export). It answers the writer, which streams the body into `out`
 *   honouring backpressure and stops when `signal` says the client went away; it frees what
 *   it holds however it ends. A failure after streaming began aborts the connection, so the
 *   client sees an incomplete download, never a file that looks whole.
 */
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type FileWriter = (out: Writable, signal: AbortSignal) => Promise<void>;

interface FileMeta {
  readonly kind: 'file';
  /** Any characters: sent as an ASCII fallback and RFC 5987 UTF-8. */
  fileName: string;
  contentType: string;
  /** Default 200; a stored file's range answers 206 (platform/files). */
  status?: number;
  /** More headers (Content-Range, Content-Length, ETag, Accept-Ranges). */
  headers?: Readonly<Record<string, string>>;
}
export type FileReply = FileMeta & ({ bytes: Buffer } | { open: () => Promise<FileWriter> });

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

export const fileOfBytes = (fileName: string, contentType: string, bytes: Buffer): FileReply => ({
  kind: 'file',
  fileName,
  contentType,
  bytes,
});
export const streamedFile = (fileName: string, contentType: string, open: () => Promise<FileWriter>): FileReply => ({
  kind: 'file',
  fileName,
  contentType,
  open,
});

export const isFileReply = (v: unknown): v is FileReply =>
  v !== null && typeof v === 'object' && (v as { kind?: unknown }).kind === 'file';

/** Always a download, whatever the characters of its name. */
export const attachmentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Writes `s` into `out`, waiting while its buffer is full (or until it closes: the writer then sees its signal). */
export const writeChunk = (out: Writable, s: string | Buffer): Promise<void> =>
  out.write(s)
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });

export async function sendFile(reply: FastifyReply, file: FileReply): Promise<FastifyReply> {
  const headers = () =>
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('cache-control', 'no-store')
      .headers(file.headers ?? {})
      .code(file.status ?? 200);
  if ('bytes' in file) return headers().send(file.bytes);

  const write = await file.open();
  const out = new PassThrough();
  const abort = new AbortController();
  reply.raw.on('close', () => {
    if (reply.raw.writableFinished) return;
    abort.abort();
    out.destroy();
  });
  void headers().send(out);
  try {
    await write(out, abort.signal);
    if (!abort.signal.aborted) out.end();
  } catch (err) {
    if (abort.signal.aborted) return reply;
    reply.log.error({ err }, 'export failed after streaming began');
    out.destroy(err as Error);
    reply.raw.destroy();
  }
  return reply;
}
