/**
 * The one file store of every area (docs/files.md). An upload is received whole into memory
 * by the bounded multipart reader (never a temp file), judged by its content (sniff.ts; an
 * image decoded in the parse worker, image.ts), then written in one transaction: the blob
 * (once per content), a thumbnail blob for an image, and the file row. A refusal, an
 * interrupted request or a killed process therefore leaves nothing behind.
 *
 * A download checks again that the caller may read the file (same account; the owner, or
 * the purpose's read rule, or the rule the calling area passes) and streams the blob's
 * chunks, honouring a single byte range.
 */
import { ERROR_CODES, STATUS } from '@bo/contract';
import {
  FILE_PURPOSES,
  FILE_TYPES,
  type FilePurpose,
  type FilePurposeDef,
  type FileType,
  IMAGE_TYPES,
  type StoredFile,
} from '@bo/contract/files/files';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestActor } from '../auth/actor';
import { AppError, codedFieldError, notFound, permissionDenied } from '../errors';
import { type FileReply, streamedFile, writeChunk } from '../http/file-reply';
import { sha256Hex } from '../upload/file-hash';
import { parseOffThread } from '../upload/parse-pool';
import type { ByteRange, FileStore } from './file-store';
import { sniff } from './sniff';

export interface FileUpload {
  fileName: string;
  bytes: Buffer;
}

/** What a file row holds, as a download's read rule sees it. */
export interface FileRow {
  id: number;
  accountId: number;
  purpose: FilePurpose;
  blobSha: string;
  thumbSha: string | null;
  name: string;
  ownerId: number;
  entity: string | null;
  createdAt: string;
}

/** Whether `actor` may read `file` (already known to be of the actor's account and not the actor's own). */
export type ReadRule = (actor: RequestActor, file: FileRow) => boolean | Promise<boolean>;

const label = (t: FileType) => t.toUpperCase();
const allowedText = (def: FilePurposeDef) => def.types.map(label).join(', ');
const holds = (actor: RequestActor, p: FilePurposeDef['upload']) => p !== 'none' && (p === 'login' || actor.permissions.has(p));

/** The purpose's rules, once the caller may upload for it (asked before a byte of the body is read). */
export function uploadRules(actor: RequestActor, purpose: FilePurpose): FilePurposeDef {
  const def: FilePurposeDef = FILE_PURPOSES[purpose];
  if (!holds(actor, def.upload)) throw permissionDenied(def.upload);
  return def;
}

/** The sniffed type of an upload the purpose takes; a coded 400 for anything else. */
export function judge(def: FilePurposeDef, upload: FileUpload): FileType {
  if (upload.bytes.length === 0) throw codedFieldError('file', 'file.empty');
  if (upload.bytes.length > def.maxBytes) throw codedFieldError('file', 'file.tooLarge', { mb: def.maxBytes / 1024 / 1024 });
  const s = sniff(upload.bytes, upload.fileName);
  switch (s.kind) {
    case 'program':
      throw codedFieldError('file', 'file.executable', undefined, { data: { detected: s.what } });
    case 'damaged':
      throw codedFieldError('file', 'file.damaged', { type: label(s.type) });
    case 'unknown':
      throw codedFieldError('file', 'file.unknownType', { allowed: allowedText(def) });
    case 'type':
      if (!def.types.includes(s.type)) {
        throw codedFieldError('file', 'file.typeNotAllowed', { type: label(s.type), allowed: allowedText(def) });
      }
      return s.type;
  }
}

const isImage = (t: FileType) => (IMAGE_TYPES as readonly FileType[]).includes(t);

type FileRowSql = {
  id: number;
  account_id: number;
  purpose: FilePurpose;
  blob_sha: string;
  thumb_sha: string | null;
  name: string;
  owner_id: number;
  entity: string | null;
  /** The pool answers timestamps as text (db/client.ts). */
  created_at: string | Date;
};

const rowOf = (r: FileRowSql): FileRow => ({
  id: r.id,
  accountId: r.account_id,
  purpose: r.purpose,
  blobSha: r.blob_sha,
  thumbSha: r.thumb_sha,
  name: r.name,
  ownerId: r.owner_id,
  entity: r.entity,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Stores one upload for `purpose` (the caller's permission checked by uploadRules first). */
export async function storeFile(
  db: Db,
  store: FileStore,
  actor: RequestActor,
  purpose: FilePurpose,
  entity: string | null,
  upload: FileUpload,
): Promise<StoredFile> {
  const def = uploadRules(actor, purpose);
  const type = judge(def, upload);
  const image = isImage(type) ? await parseOffThread('image', upload.bytes, label(type)) : null;
  const sha256 = await sha256Hex(upload.bytes);
  const thumbSha = image ? await sha256Hex(image.thumb.bytes) : null;
  const row = await db.transaction(async (tx) => {
    await store.put(
      tx,
      { sha256, size: upload.bytes.length, type, width: image?.width ?? null, height: image?.height ?? null },
      upload.bytes,
    );
    if (image && thumbSha) {
      const t = image.thumb;
      await store.put(tx, { sha256: thumbSha, size: t.bytes.length, type: 'webp', width: t.width, height: t.height }, t.bytes);
    }
    const res = await tx.execute<FileRowSql>(sql`
      INSERT INTO files (account_id, purpose, blob_sha, thumb_sha, name, owner_id, entity)
      VALUES (${actor.accountId}, ${purpose}, ${sha256}, ${thumbSha}, ${upload.fileName}, ${actor.userId}, ${entity})
      RETURNING *`);
    return rowOf(res.rows[0] as FileRowSql);
  });
  return {
    id: row.id,
    purpose,
    name: row.name,
    size: upload.bytes.length,
    type,
    contentType: FILE_TYPES[type],
    sha256,
    width: image?.width ?? null,
    height: image?.height ?? null,
    hasThumb: thumbSha !== null,
    entity,
    createdAt: row.createdAt,
  };
}

/** The purpose's own rule: its read permission ('login': anyone of the account). */
export const purposeRule: ReadRule = (actor, file) => holds(actor, FILE_PURPOSES[file.purpose].read);

/** A live file the caller may read; 404 for another account's or a removed one, 403 when the rule says no. */
export async function readableFile(db: Db, actor: RequestActor, id: number, rule: ReadRule = purposeRule): Promise<FileRow> {
  const res = await db.execute<FileRowSql>(sql`SELECT * FROM files WHERE id = ${id} AND deleted_at IS NULL`);
  const r = res.rows[0];
  if (!r || r.account_id !== actor.accountId) throw notFound('no such file');
  // A purpose its area serves (stored exports) is not read through the generic rule, not even by its owner.
  const def: FilePurposeDef = FILE_PURPOSES[r.purpose];
  if (def.read === 'none' && rule === purposeRule) throw notFound('no such file');
  const file = rowOf(r);
  if (file.ownerId !== actor.userId && !(await rule(actor, file))) throw permissionDenied(def.read);
  return file;
}

/**
 * A single range of `Range: bytes=…` over `size` bytes: null to send the whole file (no
 * header, another unit, several ranges, a malformed one: all allowed by RFC 9110 to be
 * ignored), 'unsatisfiable' when it lies outside the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header ?? '');
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    // The last b bytes.
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (b !== '' && Number(b) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export interface DownloadOptions {
  thumb?: boolean;
  range?: string | undefined;
  /** The calling area's rule for its entity's files (default: the purpose's read permission). */
  rule?: ReadRule;
}

/** A stored file (or its thumbnail) as a streamed reply, re-checking the caller's right to read it. */
export async function downloadFile(
  db: Db,
  store: FileStore,
  actor: RequestActor,
  id: number,
  opts: DownloadOptions = {},
): Promise<FileReply> {
  const file = await readableFile(db, actor, id, opts.rule);
  const sha = opts.thumb ? file.thumbSha : file.blobSha;
  if (!sha) throw notFound('the file has no thumbnail');
  const blob = await store.stat(sha);
  if (!blob) throw notFound('the file’s content is gone');
  const range = parseRange(opts.range, blob.size);
  if (range === 'unsatisfiable') {
    throw new AppError(
      STATUS.RANGE_NOT_SATISFIABLE,
      ERROR_CODES.RANGE_NOT_SATISFIABLE,
      `the range lies outside the file (${blob.size} bytes)`,
      null,
      { 'content-range': `bytes */${blob.size}` },
    );
  }
  const name = opts.thumb ? `${file.name.replace(/\.[^.]*$/, '')}.thumb.webp` : file.name;
  const length = range ? range.end - range.start + 1 : blob.size;
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'content-length': String(length),
    etag: `"${sha}"`,
  };
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${blob.size}`;
  const type = blob.type as FileType;
  return {
    ...streamedFile(name, FILE_TYPES[type] ?? 'application/octet-stream', async () => async (out, signal) => {
      for await (const chunk of store.read(sha, range ?? undefined)) {
        if (signal.aborted) return;
        await writeChunk(out, chunk);
      }
    }),
    status: range ? 206 : 200,
    headers,
  };
}

/** Removes a file for its area (in the area's transaction): no longer downloadable; the collector frees its blob later. */
export async function removeFile(db: DbOrTx, accountId: number, id: number): Promise<boolean> {
  const res = await db.execute(
    sql`UPDATE files SET deleted_at = now() WHERE id = ${id} AND account_id = ${accountId} AND deleted_at IS NULL`,
  );
  return (res.rowCount ?? 0) > 0;
}

export const FILES_GC = {
  /** Removed file rows and unreferenced blobs are kept this long. */
  graceMs: 24 * 60 * 60 * 1000,
  /** The collector runs this often. */
  everyMs: 60 * 60 * 1000,
} as const;

/** The collector: drops file rows removed a day ago, then blobs no row names (untouched for a day). */
export async function collectGarbage(
  db: Db,
  store: FileStore,
  graceMs = FILES_GC.graceMs,
): Promise<{ files: number; blobs: number }> {
  const gone = await db.execute(
    sql`DELETE FROM files WHERE deleted_at IS NOT NULL AND deleted_at < now() - make_interval(secs => ${graceMs / 1000})`,
  );
  const blobs = await store.deleteUnreferenced(graceMs);
  return { files: gone.rowCount ?? 0, blobs };
}
