/** Permission-matrix rows of the rating prompts (/user-platform/assessSetting): the declared kind's rows. */
import type { Row } from '../../../../test/matrix/rows';
import { kindRows } from '../../appcontent/appcontent.matrix';

const PROMPT = {
  daysSinceInstall: 7,
  successfulConnections: 3,
  minDaysBetween: 90,
  maxPerYear: 3,
  titleZh: '喜欢吗？',
  titleEn: 'Enjoying it?',
  textZh: '给我们评个分吧',
  textEn: 'Rate us in the store',
};

export const ratingPromptRows = (): Record<string, Row> => kindRows('ratingPrompt', 'rating-prompts', PROMPT, PROMPT);
