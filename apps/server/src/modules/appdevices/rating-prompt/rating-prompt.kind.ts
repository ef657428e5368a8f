/** When the app asks for a store rating (docs/appcontent.md): the rule and the prompt as they are; the item gives the rule apart. */
import { textIn } from '@bo/contract/appcontent/kinds';
import { type RatingPromptPayload, ratingPromptPayloadSchema } from '@bo/contract/appdevices/rating-prompt';
import type { ContentKind } from '../../appcontent/content.service';

export const ratingPromptKind: ContentKind<RatingPromptPayload> = {
  kind: 'ratingPrompt',
  search: ['titleZh', 'titleEn', 'textZh', 'textEn'],
  payloadOf: async (_tx, _actor, _slot, b) => ratingPromptPayloadSchema.parse(b),
  itemOf: (p, lang) => ({
    rule: {
      daysSinceInstall: p.daysSinceInstall,
      successfulConnections: p.successfulConnections,
      minDaysBetween: p.minDaysBetween,
      maxPerYear: p.maxPerYear,
    },
    title: textIn(p.titleZh, p.titleEn, lang),
    text: textIn(p.textZh, p.textEn, lang),
    ...p,
  }),
};
