/**
 * Documents of a project (research, spec §7 project/upload, project/download) in the file store:
 * purpose `research` (type judged by content, 100 MB, upload needs `digitize:projectborard:edit`),
 * entity `project:{id}`. Uploading: whoever may `work` on the project. Reading: everyone with the
 * page, and only a file that belongs to that project.
 */
import type { Lang } from '@bo/contract';
import type { ProjectFile } from '@bo/contract/projects/projects';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit/audit.service';
import type { RequestActor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { downloadFile, type FileUpload, removeFile, storeFile, uploadRules } from '../../platform/files/files.service';
import type { FileReply } from '../../platform/http/file-reply';
import { userDirectory } from '../access/access.reads';
import { coreOf, findProject, writeLog } from './projects.repository';
import { enforce } from './projects.rules';

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

async function filesOf(db: DbOrTx, projectId: number): Promise<ProjectFile[]> {
  const r = await db.execute<{
    file_id: number;
    name: string;
    size: number;
    content_type: string;
    uploaded_by: number;
    user_name: string | null;
    at: string;
  }>(sql`
    SELECT f.file_id, f.name, f.size, f.content_type, f.uploaded_by, u.user_name, ${ts('f.at')} AS at
      FROM project_files f LEFT JOIN ${userDirectory} u ON u.id = f.uploaded_by
     WHERE f.project_id = ${projectId} ORDER BY f.id DESC`);
  return r.rows.map((x) => ({
    id: Number(x.file_id),
    name: x.name,
    size: Number(x.size),
    contentType: x.content_type,
    uploadedBy: { id: Number(x.uploaded_by), name: x.user_name ?? `#${x.uploaded_by}` },
    at: x.at,
  }));
}

export async function list(ctx: AppContext, actor: RequestActor, projectId: number) {
  if (!(await findProject(ctx.db, actor.accountId, projectId))) throw notFound(`no project ${projectId}`);
  return filesOf(ctx.db, projectId);
}

/** Asked before a byte of the body is read: the purpose's permission (403). */
export const checkUpload = (actor: RequestActor) => uploadRules(actor, 'research');

export async function upload(
  ctx: AppContext,
  store: FileStore,
  actor: RequestActor,
  projectId: number,
  file: FileUpload,
  lang: Lang,
): Promise<ProjectFile> {
  // The rules first (nothing is stored for a caller who may not), then again under the lock.
  const p = await findProject(ctx.db, actor.accountId, projectId);
  if (!p) throw notFound(`no project ${projectId}`);
  await enforce(ctx.db, coreOf(p), 'work', actor, lang);
  const stored = await storeFile(ctx.db, store, actor, 'research', `project:${projectId}`, file);
  try {
    return await ctx.db.transaction(async (tx) => {
      const locked = await findProject(tx, actor.accountId, projectId, true);
      if (!locked) throw notFound(`no project ${projectId}`);
      await enforce(tx, coreOf(locked), 'work', actor, lang);
      await tx.execute(sql`
        INSERT INTO project_files (project_id, file_id, name, size, content_type, uploaded_by)
        VALUES (${projectId}, ${stored.id}, ${stored.name}, ${stored.size}, ${stored.contentType}, ${actor.userId})`);
      const after = { file: stored.id, name: stored.name, size: stored.size };
      await writeLog(tx, projectId, actor, 'file.upload', null, after);
      await audit(tx, actor, { action: 'update', entity: 'project', entityId: projectId, after });
      const [f] = (await filesOf(tx, projectId)).filter((x) => x.id === stored.id);
      if (!f) throw notFound('file');
      return f;
    });
  } catch (err) {
    // Refused or deleted meanwhile: the stored file goes too.
    await removeFile(ctx.db, actor.accountId, stored.id);
    throw err;
  }
}

const linked = async (db: DbOrTx, projectId: number, fileId: number) =>
  (await db.execute(sql`SELECT 1 AS x FROM project_files WHERE project_id = ${projectId} AND file_id = ${fileId}`)).rows.length >
  0;

export async function download(
  ctx: AppContext,
  store: FileStore,
  actor: RequestActor,
  projectId: number,
  fileId: number,
  range: string | undefined,
): Promise<FileReply> {
  if (!(await findProject(ctx.db, actor.accountId, projectId)) || !(await linked(ctx.db, projectId, fileId)))
    throw notFound('no such document');
  return downloadFile(ctx.db, store, actor, fileId, { range, rule: async () => linked(ctx.db, projectId, fileId) });
}
