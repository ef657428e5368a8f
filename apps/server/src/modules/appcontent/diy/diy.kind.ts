/**
 * DIY categories (docs/appcontent.md "New products…") as a declared kind: the icon is a square file
 * of the caller's account; the key is unique among the records that are not archived, checked on
 * every save and when an archived record is published or scheduled again (a 409 `appContent.keyTaken`
 * on `key`): the kind's `unique` rule, which content.service runs under a lock per kind, so two saves
 * of one key at once cannot both pass.
 */
import { DIY_ICON_RULE, type DiyCategoryBody, type DiyCategoryPayload, diyCategoryImage } from '@bo/contract/appcontent/diy';
import { textIn } from '@bo/contract/appcontent/kinds';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../../db/client';
import { fieldConflict } from '../../../platform/errors';
import type { FileStore } from '../../../platform/files/file-store';
import { appContent } from '../appcontent.table';
import { imageFor } from '../banners.service';
import type { ContentKind } from '../content.service';
import { bindRuledUpload } from '../covers/ruled-upload';
import { imageItem } from '../kind-refs';

/** A 409 on `key` when another DIY category that is not archived has it (the caller's record aside). */
async function keyFree(tx: DbOrTx, key: string, id: number | null): Promise<void> {
  const res = await tx.execute<{ id: number }>(sql`
    SELECT c.id FROM ${appContent} c
     WHERE c.kind = 'diyCategory' AND c.state <> 'archived' AND c.payload->>'key' = ${key}
       AND c.id <> ${id ?? 0} LIMIT 1`);
  const other = res.rows[0];
  if (other)
    throw fieldConflict(
      `key ${key} is used by DIY category ${other.id}`,
      'key',
      'appContent.keyTaken',
      {},
      { id: Number(other.id) },
    );
}

export const diyCategoryKind: ContentKind<DiyCategoryPayload, DiyCategoryBody> = {
  kind: 'diyCategory',
  search: ['key', 'nameZh', 'nameEn'],
  payloadOf: async (tx, actor, _slot, b) => {
    const { width, height } = await imageFor(tx, actor, DIY_ICON_RULE, b.imageFileId);
    return { key: b.key, nameZh: b.nameZh, nameEn: b.nameEn, imageFileId: b.imageFileId, width, height };
  },
  // The key held alone among the categories not archived (content.service's `unique`, under its lock per kind).
  unique: (tx, p, _models, exceptId) => keyFree(tx, p.key, exceptId),
  itemOf: (p, lang) => ({
    key: p.key,
    name: textIn(p.nameZh, p.nameEn, lang),
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    icon: imageItem(p),
  }),
};

export const diyRoutes = (app: FastifyInstance, db: Db, store: FileStore) =>
  bindRuledUpload(app, db, store, diyCategoryImage, DIY_ICON_RULE, 'app-diy-category');
