/**
 * Activity themes (docs/appcontent.md "Activity themes") as a declared kind: the banner image is
 * a file of the caller's account held to the theme's rule (at upload and again at save); the
 * item carries the name in the app's language, the colours and the image's public URLs.
 */
import { textIn } from '@bo/contract/appcontent/kinds';
import {
  type ActivityThemeBody,
  type ActivityThemePayload,
  activityThemeImage,
  THEME_IMAGE_RULE,
} from '@bo/contract/appcontent/themes';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { FileStore } from '../../../platform/files/file-store';
import { imageFor, mediaUrl } from '../banners.service';
import type { ContentKind } from '../content.service';
import { bindRuledUpload } from '../covers/ruled-upload';

export const activityThemeKind: ContentKind<ActivityThemePayload, ActivityThemeBody> = {
  kind: 'activityTheme',
  search: ['nameZh', 'nameEn'],
  payloadOf: async (tx, actor, _slot, b) => {
    const { width, height } = await imageFor(tx, actor, THEME_IMAGE_RULE, b.imageFileId);
    return {
      nameZh: b.nameZh,
      nameEn: b.nameEn,
      primaryColor: b.primaryColor,
      secondaryColor: b.secondaryColor,
      backgroundColor: b.backgroundColor,
      textColor: b.textColor,
      imageFileId: b.imageFileId,
      width,
      height,
    };
  },
  itemOf: (p, lang) => ({
    name: textIn(p.nameZh, p.nameEn, lang),
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    colors: { primary: p.primaryColor, secondary: p.secondaryColor, background: p.backgroundColor, text: p.textColor },
    image: { url: mediaUrl(p.imageFileId), thumbUrl: mediaUrl(p.imageFileId, true), width: p.width, height: p.height },
  }),
};

/** The theme's banner upload: refused (nothing stored) unless it fits the rule. */
export function themeUploads(app: FastifyInstance, db: Db, store: FileStore): void {
  bindRuledUpload(app, db, store, activityThemeImage, THEME_IMAGE_RULE, 'app-activity-theme');
}
