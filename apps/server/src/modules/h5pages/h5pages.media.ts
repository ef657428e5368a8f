/**
 * The images of H5 pages: stored through the file store held to the blocks' rule (refused,
 * nothing is stored), and served to the public page only while a published page's live
 * snapshot names them (404 for any other file, a draft's included).
 */
import type { StoredFile } from '@bo/contract/files/files';
import { FILE_TYPES, type FileType } from '@bo/contract/files/files';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import { codedFieldError, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { type FileUpload, judge, storeFile, uploadRules } from '../../platform/files/files.service';
import { type FileReply, streamedFile, writeChunk } from '../../platform/http/file-reply';
import { parseOffThread } from '../../platform/upload/parse-pool';
import { fileIsLive } from './h5pages.repository';
import { assertCompany, H5_IMAGE_RULE, imageRefusal } from './h5pages.service';

export async function uploadH5Image(db: Db, store: FileStore, actor: RequestActor, upload: FileUpload): Promise<StoredFile> {
  assertCompany(actor);
  const def = uploadRules(actor, 'image');
  if (upload.bytes.length > H5_IMAGE_RULE.maxBytes) throw codedFieldError('file', 'h5.imageTooLarge');
  const type = judge(def, upload);
  const image = await parseOffThread('image', upload.bytes, type.toUpperCase());
  const refusal = imageRefusal({ width: image.width, height: image.height, size: upload.bytes.length });
  if (refusal) throw codedFieldError('file', refusal);
  return storeFile(db, store, actor, 'image', 'h5-page', upload);
}

export async function publicH5Media(db: Db, store: FileStore, id: number): Promise<FileReply> {
  if (!(await fileIsLive(db, id))) throw notFound('no such image');
  const [f] = (
    await db.execute<{ blob_sha: string; name: string }>(
      sql`SELECT blob_sha, name FROM files WHERE id = ${id} AND deleted_at IS NULL`,
    )
  ).rows;
  const blob = f ? await store.stat(f.blob_sha) : null;
  if (!f || !blob) throw notFound('no such image');
  return {
    ...streamedFile(f.name, FILE_TYPES[blob.type as FileType] ?? 'application/octet-stream', async () => async (out, signal) => {
      for await (const chunk of store.read(f.blob_sha)) {
        if (signal.aborted) return;
        await writeChunk(out, chunk);
      }
    }),
    headers: { 'content-length': String(blob.size), etag: `"${f.blob_sha}"` },
  };
}
