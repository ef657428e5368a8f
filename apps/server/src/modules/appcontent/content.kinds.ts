/**
 * The declared kinds of the app's content (docs/appcontent.md "Declaring a kind"): each is its
 * contract module (payload, body, item, endpoints per slot) and one `ContentKind` here; the
 * table, the state machine, the resolver, the read API and the preview take them as they are.
 */
import type { AppContentKind, KIND_SLOTS } from '@bo/contract/appcontent/app-api';
import { BANNER_ENDPOINTS_OF } from '@bo/contract/appcontent/banners';
import { type FaqPayload, faqEndpoints, faqPayloadSchema } from '@bo/contract/appcontent/faq';
import { type ContentBase, type ContentEndpoints, textIn } from '@bo/contract/appcontent/kinds';
import { type RoadmapBody, type RoadmapPayload, roadmapEndpoints, roadmapPayloadSchema } from '@bo/contract/appcontent/roadmap';
import { bannerKind } from './banners.service';
import type { ContentKind } from './content.service';

/**
 * A kind whose payload is its body's fields as they are (no other rows to check): the payload
 * schema picks them; the item adds the texts in the app's language.
 */
function plainKind<P extends object>(
  kind: AppContentKind,
  schema: { parse(v: unknown): P },
  search: readonly (keyof P & string)[],
  texts: (p: P, lang: string | undefined) => object,
): ContentKind<P, ContentBase> {
  return {
    kind,
    search,
    payloadOf: async (_tx, _actor, _slot, b) => schema.parse(b),
    itemOf: (p, lang) => ({ ...texts(p, lang), ...p }),
  };
}

export const faqKind = plainKind<FaqPayload>(
  'faq',
  faqPayloadSchema,
  ['questionZh', 'questionEn', 'answerZh', 'answerEn'],
  (p, lang) => ({
    question: textIn(p.questionZh, p.questionEn, lang),
    answer: textIn(p.answerZh, p.answerEn, lang),
  }),
);

export const roadmapKind = plainKind<RoadmapPayload>(
  'roadmap',
  roadmapPayloadSchema,
  ['titleZh', 'titleEn', 'descriptionZh', 'descriptionEn'],
  (p, lang) => ({ title: textIn(p.titleZh, p.titleEn, lang), description: textIn(p.descriptionZh, p.descriptionEn, lang) }),
);

/** Every kind, by name. */
export const KINDS = { banner: bannerKind, faq: faqKind, roadmap: roadmapKind } as unknown as Record<AppContentKind, ContentKind>;

/** Each kind's slots with their endpoints (the generic ones; banners' image upload is bound on its own). */
export const KIND_ENDPOINTS: { [K in AppContentKind]: Record<(typeof KIND_SLOTS)[K][number], ContentEndpoints> } = {
  banner: BANNER_ENDPOINTS_OF as unknown as Record<(typeof KIND_SLOTS)['banner'][number], ContentEndpoints>,
  faq: { main: faqEndpoints as unknown as ContentEndpoints },
  roadmap: { main: roadmapEndpoints as unknown as ContentEndpoints },
};
