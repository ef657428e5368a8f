/**
 * Drafts: one per dialogue and user, saved as the agent types (autosave), with
 * attachments stored beside it. A draft lives until its reply is sent, so an unreachable
 * SMTP server never loses the text. Attachments are fetched by an opaque uri
 * (`<id>.<random token>`) and only through a dialogue the caller may see.
 */
import { fieldText } from '@bo/contract';
import { saveDraftBody } from '@bo/contract/mail/sending';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { codedFieldError, notFound } from '../../../platform/errors';
import { nulRefusal, schemaRefusal } from '../../../platform/http/errors.plugin';
import { fileOfBytes } from '../../../platform/http/file-reply';
import { type AttachmentRaw, attachmentsWhere, attachmentUri, loadDialogue, toAttachment } from '../dialogues/dialogues.service';
import { sanitizeMailHtml } from '../dialogues/sanitize';
import { attachmentRefusal, attachmentToken } from '../dialogues/store';

const rows = async <T>(db: DbOrTx, q: SQL) => (await db.execute(q)).rows as T[];

type DraftRaw = { id: number; subject: string; content: string; updated_at: Date };

async function draftOf(db: DbOrTx, dialogueId: number, userId: number) {
  const [d] = await rows<DraftRaw>(
    db,
    sql`SELECT id, subject, content, updated_at FROM mail_drafts WHERE dialogue_id = ${dialogueId} AND user_id = ${userId}`,
  );
  return d ?? null;
}

async function draftView(db: DbOrTx, dialogueId: number, d: DraftRaw | null) {
  const atts = d ? await attachmentsWhere(db, sql`draft_id = ${d.id}`) : [];
  return {
    dialogueId,
    subject: d?.subject ?? '',
    content: d?.content ?? '',
    attachments: atts.map(toAttachment),
    updatedAt: d ? new Date(d.updated_at).toISOString() : null,
  };
}

export async function getDraft(ctx: AppContext, actor: RequestActor, dialogueId: number) {
  await loadDialogue(ctx.db, actor, dialogueId);
  return draftView(ctx.db, dialogueId, await draftOf(ctx.db, dialogueId, actor.userId));
}

export interface Upload {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

function parseFields(input: unknown) {
  const nul = nulRefusal(input);
  if (nul) throw nul;
  const parsed = saveDraftBody.safeParse(input ?? {});
  if (!parsed.success) throw schemaRefusal(parsed.error.issues, input ?? {});
  return parsed.data;
}

/** Saves a draft from its form: the fields of saveDraftBody (JSON or multipart) and its new files. */
export async function saveDraft(ctx: AppContext, actor: RequestActor, form: { fields: unknown; files: readonly Upload[] }) {
  const { fields, files } = form;
  const body = parseFields(fields);
  return ctx.db.transaction(async (tx) => {
    await loadDialogue(tx, actor, body.dialogueId);
    const content = sanitizeMailHtml(body.content);
    const [d] = await rows<DraftRaw>(
      tx,
      sql`INSERT INTO mail_drafts (dialogue_id, user_id, subject, content) VALUES (${body.dialogueId}, ${actor.userId}, ${body.subject ?? ''}, ${content})
          ON CONFLICT (dialogue_id, user_id) DO UPDATE SET content = EXCLUDED.content,
             subject = CASE WHEN ${body.subject === undefined} THEN mail_drafts.subject ELSE EXCLUDED.subject END, updated_at = now()
          RETURNING id, subject, content, updated_at`,
    );
    const draft = d as DraftRaw;
    if (files.length) {
      const [have] = await rows<{ n: number; total: number }>(
        tx,
        sql`SELECT count(*)::int AS n, coalesce(sum(size), 0)::int AS total FROM mail_attachments WHERE draft_id = ${draft.id}`,
      );
      let n = have?.n ?? 0;
      let total = have?.total ?? 0;
      for (const f of files) {
        const refusal = attachmentRefusal(f.fileName, f.bytes.length, total, n);
        if (refusal)
          throw codedFieldError('files', refusal.code, refusal.params, {
            message: `files: ${f.fileName}: ${fieldText(refusal.code, 'en-US', refusal.params)}`,
          });
        n++;
        total += f.bytes.length;
        await tx.execute(sql`
          INSERT INTO mail_attachments (token, draft_id, file_name, content_type, size, content)
          VALUES (${attachmentToken()}, ${draft.id}, ${f.fileName}, ${f.contentType.slice(0, 200)}, ${f.bytes.length}, ${f.bytes})`);
      }
      await audit(tx, actor, {
        action: 'attach',
        entity: 'mail_draft',
        entityId: draft.id,
        after: { files: files.map((f) => ({ fileName: f.fileName, size: f.bytes.length })) },
      });
    }
    return draftView(tx, body.dialogueId, draft);
  });
}

const parseUri = (uri: string) => {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{8,64})$/.exec(uri);
  const id = m ? Number(m[1]) : 0;
  if (!m || id < 1 || id > 2_147_483_647) throw notFound('attachment not found');
  return { id, token: m[2] as string };
};

type AttFull = AttachmentRaw & { draft_id: number | null; dialogue_id: number; draft_user: number | null };

/** An attachment the actor may reach: of a mail in a visible dialogue, or of their own draft. */
async function loadAttachment(db: DbOrTx, actor: RequestActor, uri: string): Promise<AttFull> {
  const { id, token } = parseUri(uri);
  const [a] = await rows<AttFull>(
    db,
    sql`SELECT a.id, a.token, a.message_id, a.draft_id, a.file_name, a.content_type, a.size, a.blocked,
               coalesce(msg.dialogue_id, dr.dialogue_id) AS dialogue_id, dr.user_id AS draft_user
          FROM mail_attachments a
          LEFT JOIN mail_messages msg ON msg.id = a.message_id
          LEFT JOIN mail_drafts dr ON dr.id = a.draft_id
         WHERE a.id = ${id} AND a.token = ${token}`,
  );
  if (!a || (a.draft_id !== null && a.draft_user !== actor.userId)) throw notFound('attachment not found');
  await loadDialogue(db, actor, a.dialogue_id).catch(() => {
    throw notFound('attachment not found');
  });
  return a;
}

export async function getAttachment(ctx: AppContext, actor: RequestActor, uri: string) {
  return toAttachment(await loadAttachment(ctx.db, actor, uri));
}

export async function downloadAttachment(ctx: AppContext, actor: RequestActor, uri: string) {
  const a = await loadAttachment(ctx.db, actor, uri);
  if (a.blocked) throw notFound(`attachment not kept: ${a.blocked}`);
  const [c] = await rows<{ content: Buffer }>(ctx.db, sql`SELECT content FROM mail_attachments WHERE id = ${a.id}`);
  // Always a download (octet-stream, attachment), never rendered by the browser in our origin.
  return fileOfBytes(a.file_name, 'application/octet-stream', c?.content ?? Buffer.alloc(0));
}

export async function deleteDraftAttachment(ctx: AppContext, actor: RequestActor, uri: string) {
  return ctx.db.transaction(async (tx) => {
    const a = await loadAttachment(tx, actor, uri);
    if (a.draft_id === null) throw notFound('not an attachment of your draft');
    await tx.execute(sql`DELETE FROM mail_attachments WHERE id = ${a.id}`);
    await audit(tx, actor, {
      action: 'detach',
      entity: 'mail_draft',
      entityId: a.draft_id,
      before: { fileName: a.file_name, uri: attachmentUri(a) },
    });
    return draftView(tx, a.dialogue_id, await draftOf(tx, a.dialogue_id, actor.userId));
  });
}
