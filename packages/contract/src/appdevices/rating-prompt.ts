/**
 * When the app asks for a store rating (/user-platform/assessSetting, issue #24): a kind on the
 * publishing model. A record is the rule (days since install, successful device connections, the
 * least days between two asks, the most asks a year) and the prompt's title and text in Chinese
 * and English; per platform through the model's targeting (iOS and Android may differ). The app
 * reads `GET app/v1/content/ratingPrompt?platform=…` and applies the first item's rule.
 */
import { z } from 'zod';
import {
  bilingualText,
  contentBody,
  contentEndpoints,
  contentRecord,
  oneOfPair,
  pairsFollow,
  resolvedItem,
} from '../appcontent/kinds';

export const RATING_PROMPT_SLOTS = ['main'] as const;
export const RATING_PROMPT_SLOT_DEFS = {
  main: { page: '/user-platform/assessSetting', permission: 'user:platform:assessSetting:config' },
} as const;

export const RATING_LIMITS = {
  daysSinceInstall: { min: 0, max: 365 },
  successfulConnections: { min: 0, max: 1000 },
  minDaysBetween: { min: 1, max: 365 },
  maxPerYear: { min: 1, max: 12 },
} as const;
export type RatingRuleKey = keyof typeof RATING_LIMITS;
export const RATING_RULE_KEYS = Object.keys(RATING_LIMITS) as RatingRuleKey[];

const ruleFields = {
  daysSinceInstall: z.number().int(),
  successfulConnections: z.number().int(),
  minDaysBetween: z.number().int(),
  maxPerYear: z.number().int(),
};
const ratingPromptFields = {
  ...ruleFields,
  titleZh: z.string(),
  titleEn: z.string(),
  textZh: z.string(),
  textEn: z.string(),
};
export const ratingPromptPayloadSchema = z.object(ratingPromptFields);
export type RatingPromptPayload = z.infer<typeof ratingPromptPayloadSchema>;
export const ratingPromptSchema = contentRecord(RATING_PROMPT_SLOTS, ratingPromptFields);
export type RatingPrompt = z.infer<typeof ratingPromptSchema>;

const bounded = (k: RatingRuleKey) => z.number().int().min(RATING_LIMITS[k].min).max(RATING_LIMITS[k].max);

export const ratingPromptBody = contentBody(
  {
    daysSinceInstall: bounded('daysSinceInstall'),
    successfulConnections: bounded('successfulConnections'),
    minDaysBetween: bounded('minDaysBetween'),
    maxPerYear: bounded('maxPerYear'),
    titleZh: bilingualText(60),
    titleEn: bilingualText(60),
    textZh: bilingualText(300),
    textEn: bilingualText(300),
  },
  (v, ctx) => {
    oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired')(v, ctx);
    pairsFollow(
      [
        ['titleZh', 'textZh'],
        ['titleEn', 'textEn'],
      ],
      'appDevices.textRequired',
    )(v, ctx);
  },
);
export type RatingPromptBody = z.infer<typeof ratingPromptBody>;

/** The item the app gets: the rule, the title and text in its language, and both languages. */
export const resolvedRatingPromptSchema = resolvedItem(RATING_PROMPT_SLOTS, {
  rule: z.object(ruleFields),
  title: z.string(),
  text: z.string(),
  ...ratingPromptFields,
});
export type ResolvedRatingPrompt = z.infer<typeof resolvedRatingPromptSchema>;

export const ratingPromptEndpoints = contentEndpoints({
  segment: 'rating-prompts',
  slot: 'main',
  noun: 'rating prompt',
  permission: RATING_PROMPT_SLOT_DEFS.main.permission,
  record: ratingPromptSchema,
  body: ratingPromptBody,
  item: resolvedRatingPromptSchema,
});
