/**
 * Demo rating prompts (apply-once, `seed.appdevices.ratingPrompt`): iOS asks after a week and three
 * connections, at most three times a year (the store's own cap); Android after five days, four
 * times a year; a stricter draft for both.
 */
import type { RatingPromptPayload } from '@bo/contract/appdevices/rating-prompt';
import type { Db } from '../../../db/client';
import { applyOnce } from '../../appcontent/kinds.seed';

export const RATING_PROMPT_SEED_KEY = 'seed.appdevices.ratingPrompt';

const TEXTS = {
  titleZh: '喜欢我们的灯吗？',
  titleEn: 'Enjoying your lights?',
  textZh: '花几秒钟在应用商店给我们评分，帮助更多人找到我们。',
  textEn: 'Take a few seconds to rate us in the store: it helps others find us.',
};
const prompt = (rule: Omit<RatingPromptPayload, keyof typeof TEXTS>): RatingPromptPayload => ({ ...rule, ...TEXTS });

export const applyRatingPromptDemoOnce = (db: Db) =>
  applyOnce(db, RATING_PROMPT_SEED_KEY, async () => [
    {
      kind: 'ratingPrompt',
      slot: 'main',
      name: 'iOS: after a week',
      payload: prompt({ daysSinceInstall: 7, successfulConnections: 3, minDaysBetween: 120, maxPerYear: 3 }),
      platforms: ['ios'],
      state: 'published',
    },
    {
      kind: 'ratingPrompt',
      slot: 'main',
      name: 'Android: after five days',
      payload: prompt({ daysSinceInstall: 5, successfulConnections: 3, minDaysBetween: 60, maxPerYear: 4 }),
      platforms: ['android'],
      state: 'published',
    },
    {
      kind: 'ratingPrompt',
      slot: 'main',
      name: 'Stricter rule (draft)',
      payload: prompt({ daysSinceInstall: 30, successfulConnections: 20, minDaysBetween: 180, maxPerYear: 2 }),
      state: 'draft',
    },
  ]);
