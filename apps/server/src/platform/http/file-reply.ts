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
import { PassThrough, Writable } from 'node:stream';
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
  /** The data rows written so far, for a writer that counts them (a stored export records it). */
  counted?: { rows: number };
  /** The data rows the file will hold, counted before it is written (a background export's progress). */
  estimate?: () => Promise<number>;
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
export const streamedFile = (
  fileName: string,
  contentType: string,
  open: () => Promise<FileWriter>,
  counted?: { rows: number },
  estimate?: () => Promise<number>,
): FileReply => ({
  kind: 'file',
  fileName,
  contentType,
  open,
  ...(counted ? { counted } : {}),
  ...(estimate ? { estimate } : {}),
});

/**
 * A copy of an export on its way into the file store (platform/files/stored-exports): it is
 * handed every chunk the client gets, then `finish` once the file went out whole, or `abort`.
 */
export interface ExportCopy {
  write(bytes: Buffer): Promise<void>;
  /** Answers what the store made of it (the stored export's id), which the download ignores. */
  finish(rows: number | null): Promise<unknown>;
  abort(): Promise<void>;
}

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

/** A failing copy never fails the user's download: it is logged and dropped. */
async function settleCopy(reply: FastifyReply, copy: ExportCopy, ok: boolean, rows: number | null): Promise<void> {
  try {
    if (ok) await copy.finish(rows);
    else await copy.abort();
  } catch (err) {
    reply.log.error({ err }, 'the stored copy of an export failed');
    await copy.abort().catch(() => undefined);
  }
}

/**
 * Sends the file; with `keep`, also stores the same bytes while they stream (a stored export):
 * each chunk is written to the copy before it goes on to the client, so memory holds a chunk,
 * never the file twice, and a slow store slows the stream instead of piling up.
 */
export async function sendFile(reply: FastifyReply, file: FileReply, keep?: () => ExportCopy): Promise<FastifyReply> {
  const headers = () =>
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('cache-control', 'no-store')
      .headers(file.headers ?? {})
      .code(file.status ?? 200);
  if ('bytes' in file) {
    if (keep) {
      const copy = keep();
      let ok = true;
      try {
        await copy.write(file.bytes);
      } catch (err) {
        ok = false;
        reply.log.error({ err }, 'the stored copy of an export failed');
      }
      await settleCopy(reply, copy, ok, file.counted?.rows ?? null);
    }
    return headers().send(file.bytes);
  }

  const write = await file.open();
  const out = new PassThrough();
  const copy = keep?.();
  let copyOk = copy !== undefined;
  // The writer writes into `into`: the client's stream itself, or a tee that stores each chunk
  // and then hands it on (its backpressure is the slower of the two).
  const into: Writable = copy
    ? new Writable({
        write(chunk: Buffer, _enc, done) {
          const stored = copyOk
            ? copy.write(chunk).catch((err: unknown) => {
                copyOk = false;
                reply.log.error({ err }, 'the stored copy of an export failed');
              })
            : Promise.resolve();
          stored.then(() => writeChunk(out, chunk)).then(() => done(), done);
        },
      })
    : out;
  const abort = new AbortController();
  reply.raw.on('close', () => {
    if (reply.raw.writableFinished) return;
    abort.abort();
    out.destroy();
    if (into !== out) into.destroy();
  });
  void headers().send(out);
  try {
    await write(into, abort.signal);
    if (copy && !abort.signal.aborted) {
      // Every chunk stored and handed on; the copy is kept before the client sees the end, so
      // the download centre lists it as soon as the download finished.
      await new Promise<void>((resolve) => into.end(resolve));
      await settleCopy(reply, copy, copyOk && !abort.signal.aborted, file.counted?.rows ?? null);
    } else if (copy) {
      await settleCopy(reply, copy, false, null);
    }
    if (!abort.signal.aborted) out.end();
  } catch (err) {
    if (copy) await settleCopy(reply, copy, false, null);
    if (abort.signal.aborted) return reply;
    reply.log.error({ err }, 'export failed after streaming began');
    out.destroy(err as Error);
    if (into !== out) into.destroy();
    reply.raw.destroy();
  }
  return reply;
}
