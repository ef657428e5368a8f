/**
 * Banners (issue #24) as a declared kind: the image is a file of the caller's account, an image,
 * within the slot's rule (ratio, width, bytes), checked at upload and again at save (a file from
 * elsewhere is not trusted); the item the app gets carries the image's public URLs and the alt
 * text in its language. Everything else is the model's (content.service.ts).
 */
import {
  BANNER_SLOT_DEFS,
  type BannerBody,
  type BannerPayload,
  type BannerSlot,
  type SlotRule,
  slotRefusal,
  slotRuleParams,
} from '@bo/contract/appcontent/banners';
import { textIn } from '@bo/contract/appcontent/kinds';
import type { StoredFile } from '@bo/contract/files/files';
import { IMAGE_TYPES } from '@bo/contract/files/files';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestActor } from '../../platform/auth/actor';
import { codedFieldError } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { type FileUpload, judge, storeFile, uploadRules } from '../../platform/files/files.service';
import { parseOffThread } from '../../platform/upload/parse-pool';
import type { ContentKind } from './content.service';

export const mediaUrl = (fileId: number, thumb = false) => `/api/app/v1/media/${fileId}${thumb ? '?thumb=1' : ''}`;

/** The image's facts, once it is the caller's account's live image that fits the rule; a coded 400 on imageFileId otherwise. */
export async function imageFor(tx: DbOrTx, actor: RequestActor, rule: SlotRule, fileId: number) {
  const res = await tx.execute<{ size: number; type: string; width: number | null; height: number | null; blob_sha: string }>(sql`
    SELECT b.size, b.type, b.width, b.height, f.blob_sha
      FROM files f JOIN file_blobs b ON b.sha256 = f.blob_sha
     WHERE f.id = ${fileId} AND f.account_id = ${actor.accountId} AND f.deleted_at IS NULL`);
  const f = res.rows[0];
  if (!f || !(IMAGE_TYPES as readonly string[]).includes(f.type)) throw codedFieldError('imageFileId', 'appContent.imageMissing');
  const refusal = slotRefusal(rule, { width: f.width, height: f.height, size: Number(f.size) });
  if (refusal) throw codedFieldError('imageFileId', refusal, slotRuleParams(rule));
  return { width: Number(f.width), height: Number(f.height), sha256: f.blob_sha };
}

export const bannerKind: ContentKind<BannerPayload, BannerBody> = {
  kind: 'banner',
  search: ['altZh', 'altEn'],
  payloadOf: async (tx, actor, slot, b) => ({
    imageFileId: b.imageFileId,
    ...(await imageFor(tx, actor, BANNER_SLOT_DEFS[slot as BannerSlot].rule, b.imageFileId)),
    altZh: b.altZh,
    altEn: b.altEn,
    link: b.link,
  }),
  recordOf: ({ sha256: _, ...shown }) => shown,
  itemOf: (p, lang) => ({
    image: { url: mediaUrl(p.imageFileId), thumbUrl: mediaUrl(p.imageFileId, true), width: p.width, height: p.height },
    alt: textIn(p.altZh, p.altEn, lang),
    altZh: p.altZh,
    altEn: p.altEn,
    link: p.link,
  }),
};

/**
 * Stores an image for a slot: an image the file store takes (by content), then decoded off the
 * event loop and held to the slot's rule before anything is written; refused, nothing is stored.
 */
export async function uploadImage(
  db: Db,
  store: FileStore,
  actor: RequestActor,
  slot: BannerSlot,
  upload: FileUpload,
): Promise<StoredFile> {
  return uploadRuledImage(db, store, actor, BANNER_SLOT_DEFS[slot].rule, `app-banner:${slot}`, upload);
}

/** Stores an image held to a rule (ratio, width, bytes), decoded off the event loop first; refused, nothing is stored. */
export async function uploadRuledImage(
  db: Db,
  store: FileStore,
  actor: RequestActor,
  rule: SlotRule,
  tag: string,
  upload: FileUpload,
): Promise<StoredFile> {
  const def = uploadRules(actor, 'image');
  if (upload.bytes.length > rule.maxBytes) throw codedFieldError('file', 'appContent.imageTooLarge', slotRuleParams(rule));
  const type = judge(def, upload);
  const image = await parseOffThread('image', upload.bytes, type.toUpperCase());
  const refusal = slotRefusal(rule, { width: image.width, height: image.height, size: upload.bytes.length });
  if (refusal) throw codedFieldError('file', refusal, slotRuleParams(rule));
  return storeFile(db, store, actor, 'image', tag, upload);
}
