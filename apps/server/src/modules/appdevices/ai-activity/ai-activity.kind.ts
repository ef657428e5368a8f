/**
 * AI lighting activities (docs/appcontent.md) as a declared kind: the banner is a file of the
 * caller's account held to the home banner's rule (at upload and again here); the item gives the
 * texts and suggestions in the app's language.
 */
import { textIn } from '@bo/contract/appcontent/kinds';
import { AI_ACTIVITY_IMAGE_RULE, type AiActivityBody, type AiActivityPayload } from '@bo/contract/appdevices/ai-activity';
import { imageFor, mediaUrl } from '../../appcontent/banners.service';
import type { ContentKind } from '../../appcontent/content.service';

export const aiActivityKind: ContentKind<AiActivityPayload, AiActivityBody> = {
  kind: 'aiActivity',
  search: ['titleZh', 'titleEn'],
  payloadOf: async (tx, actor, _slot, b) => {
    const { width, height } = await imageFor(tx, actor, AI_ACTIVITY_IMAGE_RULE, b.imageFileId);
    return {
      titleZh: b.titleZh,
      titleEn: b.titleEn,
      rulesZh: b.rulesZh,
      rulesEn: b.rulesEn,
      prompts: b.prompts.map((p) => ({ zh: p.zh, en: p.en })),
      imageFileId: b.imageFileId,
      width,
      height,
    };
  },
  itemOf: (p, lang) => ({
    title: textIn(p.titleZh, p.titleEn, lang),
    rules: textIn(p.rulesZh, p.rulesEn, lang),
    suggestions: p.prompts.map((s) => textIn(s.zh, s.en, lang)),
    titleZh: p.titleZh,
    titleEn: p.titleEn,
    rulesZh: p.rulesZh,
    rulesEn: p.rulesEn,
    prompts: p.prompts,
    image: { url: mediaUrl(p.imageFileId), thumbUrl: mediaUrl(p.imageFileId, true), width: p.width, height: p.height },
  }),
};
