/**
 * Back-office documents (/backMgr/docList …). Rules:
 * - The body is sanitised by the allow-list (contract backmgr/doc-html.ts) on every save, restore included:
 *   what is stored, and therefore what any screen renders, has passed it.
 * - Every save (create, update, restore) writes a version row (who, when, titles, category,
 *   body) and sets the document's `version` to its number: the version is the optimistic lock
 *   (an update or restore naming another one is a 409 stale, and changes nothing).
 * - Restoring version n saves n's titles, category and body as a new version; the state stays.
 * - Attachments are files of the file store (purpose `document`: type by content, 20 MB); a
 *   download re-checks the document and the file's link to it (and the binder's guard the
 *   caller); removal marks the file removed (the collector frees it later).
 * - Every write is audited.
 */
import type { backMgrDocs, EndpointQuery } from '@bo/contract';
import { sanitizeHtml } from '@bo/contract/backmgr/doc-html';
import type { Doc, DocAttachment, DocBody, DocRow, DocUpdateBody, DocVersion } from '@bo/contract/backmgr/docs';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { likeContains, orderBy, pageOf } from '../../../db/sql';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { notFound, staleVersion } from '../../../platform/errors';
import type { FileStore } from '../../../platform/files/file-store';
import { downloadFile, type FileUpload, removeFile, storeFile } from '../../../platform/files/files.service';
import type { FileReply } from '../../../platform/http/file-reply';
import { userDirectory } from '../../access/access.reads';

type ListQuery = EndpointQuery<typeof backMgrDocs.list>;

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

const SELECT = sql`
  SELECT d.id, d.title_zh, d.title_en, d.category, d.state, d.version,
         (SELECT count(*)::int FROM backmgr_doc_attachments a WHERE a.doc_id = d.id) AS attachments,
         c.user_name AS author, u.user_name AS updated_by, ${ts('d.created_at')} AS created_at, ${ts('d.updated_at')} AS updated_at`;
const FROM = sql`FROM backmgr_docs d LEFT JOIN ${userDirectory} c ON c.id = d.created_by LEFT JOIN ${userDirectory} u ON u.id = d.updated_by`;

interface Raw extends Record<string, unknown> {
  id: number;
  title_zh: string;
  title_en: string;
  category: DocRow['category'];
  state: DocRow['state'];
  version: number;
  attachments: number;
  author: string | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

const toRow = (r: Raw): DocRow => ({
  id: Number(r.id),
  titleZh: r.title_zh,
  titleEn: r.title_en,
  category: r.category,
  state: r.state,
  version: Number(r.version),
  attachments: Number(r.attachments),
  author: r.author,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const SORTS = {
  updatedAt: sql`d.updated_at`,
  createdAt: sql`d.created_at`,
  title: sql`coalesce(nullif(d.title_zh, ''), d.title_en)`,
};

export async function list(ctx: AppContext, q: ListQuery) {
  const where: SQL[] = [sql`TRUE`];
  if (q.keyword) {
    const k = likeContains(q.keyword);
    where.push(sql`(d.title_zh ILIKE ${k} OR d.title_en ILIKE ${k})`);
  }
  if (q.category) where.push(sql`d.category = ${q.category}`);
  if (q.state) where.push(sql`d.state = ${q.state}`);
  const { rows, total } = await pageOf<Raw>(
    ctx.db,
    {
      select: SELECT,
      from: sql`${FROM} WHERE ${sql.join(where, sql` AND `)}`,
      orderBy: orderBy(q.sortField, q.sortOrder, SORTS, sql`d.id DESC`),
    },
    q,
  );
  return { list: rows.map(toRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function findRow(db: DbOrTx, id: number, lock = false): Promise<Raw & { body: string }> {
  if (lock) await db.execute(sql`SELECT id FROM backmgr_docs WHERE id = ${id} FOR UPDATE`);
  const [row] = (await db.execute<Raw & { body: string }>(sql`${SELECT}, d.body ${FROM} WHERE d.id = ${id}`)).rows;
  if (!row) throw notFound(`no document ${id}`);
  return row;
}

async function attachmentsOf(db: DbOrTx, id: number): Promise<DocAttachment[]> {
  const res = await db.execute<{
    file_id: number;
    name: string;
    size: number;
    content_type: string;
    uploaded_by: string | null;
    created_at: string;
  }>(sql`
    SELECT a.file_id, a.name, a.size, a.content_type, u.user_name AS uploaded_by, ${ts('a.created_at')} AS created_at
      FROM backmgr_doc_attachments a LEFT JOIN ${userDirectory} u ON u.id = a.uploaded_by
     WHERE a.doc_id = ${id} ORDER BY a.created_at, a.file_id`);
  return res.rows.map((r) => ({
    fileId: Number(r.file_id),
    name: r.name,
    size: Number(r.size),
    contentType: r.content_type,
    uploadedBy: r.uploaded_by,
    createdAt: r.created_at,
  }));
}

const VERSION_SELECT = sql`
  SELECT v.no, v.title_zh, v.title_en, v.category, v.restored_from, u.user_name AS saved_by, ${ts('v.saved_at')} AS saved_at`;
interface VersionRaw extends Record<string, unknown> {
  no: number;
  title_zh: string;
  title_en: string;
  category: DocVersion['category'];
  restored_from: number | null;
  saved_by: string | null;
  saved_at: string;
}
const toVersionRow = (r: VersionRaw) => ({
  no: Number(r.no),
  titleZh: r.title_zh,
  titleEn: r.title_en,
  restoredFrom: r.restored_from === null ? null : Number(r.restored_from),
  savedBy: r.saved_by,
  savedAt: r.saved_at,
});

async function full(db: DbOrTx, id: number): Promise<Doc> {
  const row = await findRow(db, id);
  const versions = await db.execute<VersionRaw>(sql`
    ${VERSION_SELECT} FROM backmgr_doc_versions v LEFT JOIN ${userDirectory} u ON u.id = v.saved_by
     WHERE v.doc_id = ${id} ORDER BY v.no DESC`);
  return {
    ...toRow(row),
    body: row.body,
    attachmentList: await attachmentsOf(db, id),
    versions: versions.rows.map(toVersionRow),
  };
}

export const get = (ctx: AppContext, id: number) => full(ctx.db, id);

export async function getVersion(ctx: AppContext, id: number, no: number): Promise<DocVersion> {
  const [r] = (
    await ctx.db.execute<VersionRaw & { body: string }>(sql`
      ${VERSION_SELECT}, v.body FROM backmgr_doc_versions v LEFT JOIN ${userDirectory} u ON u.id = v.saved_by
       WHERE v.doc_id = ${id} AND v.no = ${no}`)
  ).rows;
  if (!r) throw notFound(`no version ${no} of document ${id}`);
  return { ...toVersionRow(r), category: r.category, body: r.body };
}

/** Writes version `no` of document `id` from its current row (in the caller's transaction). */
async function recordVersion(tx: DbOrTx, actor: RequestActor, id: number, no: number, restoredFrom: number | null) {
  await tx.execute(sql`
    INSERT INTO backmgr_doc_versions (doc_id, no, title_zh, title_en, category, body, restored_from, saved_by)
    SELECT id, ${no}, title_zh, title_en, category, body, ${restoredFrom}, ${actor.userId} FROM backmgr_docs WHERE id = ${id}`);
}

/** A document as audited: without its body (which the versions keep). */
const audited = (d: Doc) => ({
  titleZh: d.titleZh,
  titleEn: d.titleEn,
  category: d.category,
  state: d.state,
  version: d.version,
  bodyChars: d.body.length,
});

export async function create(ctx: AppContext, actor: RequestActor, b: DocBody): Promise<Doc> {
  const body = sanitizeHtml(b.body);
  return ctx.db.transaction(async (tx) => {
    const [row] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO backmgr_docs (title_zh, title_en, category, state, body, version, created_by, updated_by)
        VALUES (${b.titleZh}, ${b.titleEn}, ${b.category}, ${b.state}, ${body}, 1, ${actor.userId}, ${actor.userId})
        RETURNING id`)
    ).rows;
    const id = Number(row?.id);
    await recordVersion(tx, actor, id, 1, null);
    const after = await full(tx, id);
    await audit(tx, actor, { action: 'create', entity: 'backmgr_doc', entityId: id, after: audited(after) });
    return after;
  });
}

export async function update(ctx: AppContext, actor: RequestActor, id: number, b: DocUpdateBody): Promise<Doc> {
  const body = sanitizeHtml(b.body);
  return ctx.db.transaction(async (tx) => {
    const old = await findRow(tx, id, true);
    if (Number(old.version) !== b.version) throw staleVersion();
    const no = b.version + 1;
    await tx.execute(sql`
      UPDATE backmgr_docs SET title_zh = ${b.titleZh}, title_en = ${b.titleEn}, category = ${b.category}, state = ${b.state},
             body = ${body}, version = ${no}, updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${id}`);
    await recordVersion(tx, actor, id, no, null);
    const after = await full(tx, id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'backmgr_doc',
      entityId: id,
      before: { ...audited({ ...toRow(old), body: old.body, attachmentList: [], versions: [] }) },
      after: audited(after),
    });
    return after;
  });
}

export async function restore(ctx: AppContext, actor: RequestActor, id: number, from: number, version: number): Promise<Doc> {
  return ctx.db.transaction(async (tx) => {
    const old = await findRow(tx, id, true);
    if (Number(old.version) !== version) throw staleVersion();
    const [v] = (
      await tx.execute<{ title_zh: string; title_en: string; category: string; body: string }>(
        sql`SELECT title_zh, title_en, category, body FROM backmgr_doc_versions WHERE doc_id = ${id} AND no = ${from}`,
      )
    ).rows;
    if (!v) throw notFound(`no version ${from} of document ${id}`);
    const no = version + 1;
    await tx.execute(sql`
      UPDATE backmgr_docs SET title_zh = ${v.title_zh}, title_en = ${v.title_en}, category = ${v.category},
             body = ${sanitizeHtml(v.body)}, version = ${no}, updated_by = ${actor.userId}, updated_at = now()
       WHERE id = ${id}`);
    await recordVersion(tx, actor, id, no, from);
    const after = await full(tx, id);
    await audit(tx, actor, {
      action: 'backMgr.docRestore',
      entity: 'backmgr_doc',
      entityId: id,
      before: { version },
      after: { version: no, restoredFrom: from },
    });
    return after;
  });
}

export async function remove(ctx: AppContext, actor: RequestActor, id: number): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const before = await full(tx, id);
    await tx.execute(sql`SELECT id FROM backmgr_docs WHERE id = ${id} FOR UPDATE`);
    for (const a of before.attachmentList) await removeFile(tx, actor.accountId, a.fileId);
    await tx.execute(sql`DELETE FROM backmgr_docs WHERE id = ${id}`);
    await audit(tx, actor, { action: 'delete', entity: 'backmgr_doc', entityId: id, before: audited(before) });
    return null;
  });
}

/** Attaches an upload to document `docId`: the file store judges it; then the link is written. */
export async function attach(
  ctx: AppContext,
  store: FileStore,
  actor: RequestActor,
  docId: number,
  upload: FileUpload,
): Promise<DocAttachment> {
  await findRow(ctx.db, docId);
  const file = await storeFile(ctx.db, store, actor, 'document', `backmgr-doc:${docId}`, upload);
  return ctx.db.transaction(async (tx) => {
    const [doc] = (await tx.execute(sql`SELECT id FROM backmgr_docs WHERE id = ${docId} FOR UPDATE`)).rows;
    if (!doc) {
      // Deleted while the file was being judged: the stored file goes too.
      await removeFile(tx, actor.accountId, file.id);
      throw notFound(`no document ${docId}`);
    }
    await tx.execute(sql`
      INSERT INTO backmgr_doc_attachments (doc_id, file_id, name, size, content_type, uploaded_by)
      VALUES (${docId}, ${file.id}, ${file.name}, ${file.size}, ${file.contentType}, ${actor.userId})`);
    await audit(tx, actor, {
      action: 'backMgr.docAttach',
      entity: 'backmgr_doc',
      entityId: docId,
      after: { fileId: file.id, name: file.name, size: file.size },
    });
    const [a] = (await attachmentsOf(tx, docId)).filter((x) => x.fileId === file.id);
    if (!a) throw notFound('attachment');
    return a;
  });
}

const linked = async (db: DbOrTx, docId: number, fileId: number) =>
  (await db.execute(sql`SELECT 1 AS x FROM backmgr_doc_attachments WHERE doc_id = ${docId} AND file_id = ${fileId}`)).rows
    .length > 0;

/** An attachment, streamed: the link to the document checked first, then the file store's own checks with this area's rule. */
export async function download(
  ctx: AppContext,
  store: FileStore,
  actor: RequestActor,
  docId: number,
  fileId: number,
  range: string | undefined,
): Promise<FileReply> {
  if (!(await linked(ctx.db, docId, fileId))) throw notFound('no such attachment');
  // The back-office guard has let the caller in; the file must still be this document's.
  return downloadFile(ctx.db, store, actor, fileId, { range, rule: async () => linked(ctx.db, docId, fileId) });
}

export async function detach(ctx: AppContext, actor: RequestActor, docId: number, fileId: number): Promise<null> {
  return ctx.db.transaction(async (tx) => {
    const res = await tx.execute<{ name: string }>(
      sql`DELETE FROM backmgr_doc_attachments WHERE doc_id = ${docId} AND file_id = ${fileId} RETURNING name`,
    );
    const gone = res.rows[0];
    if (!gone) throw notFound('no such attachment');
    await removeFile(tx, actor.accountId, fileId);
    await audit(tx, actor, {
      action: 'backMgr.docDetach',
      entity: 'backmgr_doc',
      entityId: docId,
      before: { fileId, name: gone.name },
    });
    return null;
  });
}
