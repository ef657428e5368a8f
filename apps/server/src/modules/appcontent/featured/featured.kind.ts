/**
 * Featured cards (docs/appcontent.md "New products…") as a declared kind: the cover is a file of
 * the caller's account held to the card's rule; a card that opens a record names one of the kinds
 * a card makes sense for, and its id is checked on every save to be a record of that kind that is
 * not archived (as related effects check theirs). A card that opens a URL keeps no kind or id.
 */
import {
  FEATURED_IMAGE_RULE,
  type FeaturedBody,
  type FeaturedPayload,
  featuredImage,
  featuredTargets,
} from '@bo/contract/appcontent/featured';
import { textIn } from '@bo/contract/appcontent/kinds';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { codedFieldError } from '../../../platform/errors';
import type { FileStore } from '../../../platform/files/file-store';
import { bind } from '../../../platform/http/binder';
import { appContent } from '../appcontent.table';
import { imageFor } from '../banners.service';
import type { ContentKind } from '../content.service';
import { bindRuledUpload } from '../covers/ruled-upload';
import { imageItem, notArchived } from '../kind-refs';

export const featuredKind: ContentKind<FeaturedPayload, FeaturedBody> = {
  kind: 'featured',
  search: ['titleZh', 'titleEn', 'subtitleZh', 'subtitleEn'],
  payloadOf: async (tx, actor, _slot, b) => {
    const { width, height } = await imageFor(tx, actor, FEATURED_IMAGE_RULE, b.imageFileId);
    const content = b.targetType === 'content';
    if (content && b.targetKind && b.targetId) {
      const found = await notArchived(tx, b.targetKind, [b.targetId]);
      if (!found.has(b.targetId))
        throw codedFieldError('targetId', 'appContent.targetMissing', { kind: b.targetKind, id: b.targetId });
    }
    return {
      titleZh: b.titleZh,
      titleEn: b.titleEn,
      subtitleZh: b.subtitleZh,
      subtitleEn: b.subtitleEn,
      imageFileId: b.imageFileId,
      width,
      height,
      targetType: b.targetType,
      targetKind: content ? b.targetKind : null,
      targetId: content ? b.targetId : null,
      url: content ? '' : b.url,
    };
  },
  itemOf: (p, lang) => ({
    title: textIn(p.titleZh, p.titleEn, lang),
    subtitle: textIn(p.subtitleZh, p.subtitleEn, lang),
    titleZh: p.titleZh,
    titleEn: p.titleEn,
    subtitleZh: p.subtitleZh,
    subtitleEn: p.subtitleEn,
    image: imageItem(p),
    target:
      p.targetType === 'content'
        ? { type: 'content' as const, kind: p.targetKind, id: p.targetId }
        : { type: 'url' as const, url: p.url },
  }),
};

/** The card cover's upload, and the records of a kind a card may open (not archived, last changed first, 200 at most). */
export function featuredRoutes(app: FastifyInstance, db: Db, store: FileStore): void {
  bindRuledUpload(app, db, store, featuredImage, FEATURED_IMAGE_RULE, 'app-featured');
  bind(app, featuredTargets, async ({ query }) => {
    const res = await db.execute<{ id: number; slot: string; name: string; state: string }>(sql`
      SELECT c.id, c.slot, c.name, c.state FROM ${appContent} c
       WHERE c.kind = ${query.kind} AND c.state <> 'archived'
       ORDER BY c.updated_at DESC, c.id DESC LIMIT 200`);
    return res.rows.map((r) => ({
      id: Number(r.id),
      kind: query.kind,
      slot: r.slot,
      name: r.name,
      state: r.state as 'draft',
    }));
  });
}
