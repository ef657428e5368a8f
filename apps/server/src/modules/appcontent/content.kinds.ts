/**
 * The declared kinds of the app's content (docs/appcontent.md "Declaring a kind"): each is its
 * contract module (payload, body, item, endpoints per slot) and one `ContentKind` here; the
 * table, the state machine, the resolver, the read API and the preview take them as they are.
 */
import type { AppContentKind, KIND_SLOTS } from '@bo/contract/appcontent/app-api';
import { BANNER_ENDPOINTS_OF } from '@bo/contract/appcontent/banners';
import { type FaqBody, type FaqPayload, faqEndpoints, faqPayloadSchema } from '@bo/contract/appcontent/faq';
import { type ContentEndpoints, textIn } from '@bo/contract/appcontent/kinds';
import { type RoadmapBody, type RoadmapPayload, roadmapEndpoints, roadmapPayloadSchema } from '@bo/contract/appcontent/roadmap';
import { bannerKind } from './banners.service';
import type { ContentKind } from './content.service';

export const faqKind: ContentKind<FaqPayload, FaqBody> = {
  kind: 'faq',
  search: ['questionZh', 'questionEn', 'answerZh', 'answerEn'],
  payloadOf: async (_tx, _actor, _slot, b) => faqPayloadSchema.parse(b),
  itemOf: (p, lang) => ({
    question: textIn(p.questionZh, p.questionEn, lang),
    answer: textIn(p.answerZh, p.answerEn, lang),
    ...p,
  }),
};

export const roadmapKind: ContentKind<RoadmapPayload, RoadmapBody> = {
  kind: 'roadmap',
  search: ['titleZh', 'titleEn', 'descriptionZh', 'descriptionEn'],
  payloadOf: async (_tx, _actor, _slot, b) => roadmapPayloadSchema.parse(b),
  itemOf: (p, lang) => ({
    title: textIn(p.titleZh, p.titleEn, lang),
    description: textIn(p.descriptionZh, p.descriptionEn, lang),
    ...p,
  }),
};

/** Every kind, by name. */
export const KINDS = { banner: bannerKind, faq: faqKind, roadmap: roadmapKind } as unknown as Record<AppContentKind, ContentKind>;

/** Each kind's slots with their endpoints (the generic ones; banners' image upload is bound on its own). */
export const KIND_ENDPOINTS: { [K in AppContentKind]: Record<(typeof KIND_SLOTS)[K][number], ContentEndpoints> } = {
  banner: BANNER_ENDPOINTS_OF as unknown as Record<(typeof KIND_SLOTS)['banner'][number], ContentEndpoints>,
  faq: { main: faqEndpoints as unknown as ContentEndpoints },
  roadmap: { main: roadmapEndpoints as unknown as ContentEndpoints },
};
