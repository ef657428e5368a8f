/** Permission-matrix rows of the AI activities (/user-platform/aiActivity): the kind's rows on a seeded banner, and the banner upload. */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';
import { kindRows } from '../../appcontent/appcontent.matrix';
import { gradientPng } from '../../appcontent/covers/cover-image';
import { AI_BANNER_SIZE } from './ai-activity.seed';

const READ = '401 401 403 200 200 403 403 200 403';
const B = '/api/appcontent/rest/v1/ai-activities/main';
const TEXTS = { titleZh: '', titleEn: 'matrix', rulesZh: '', rulesEn: 'rules', prompts: [{ zh: '', en: 'a sunset' }] };
const PAYLOAD = { ...TEXTS, imageFileId: 0, width: 1200, height: 600 };
const body = async (c: CellContext) => {
  const seeded = await one(
    c.pool,
    `SELECT (payload->>'imageFileId')::int AS image, models[1] AS model FROM app_content WHERE kind = 'aiActivity' ORDER BY id LIMIT 1`,
  );
  return {
    ...TEXTS,
    imageFileId: Number(seeded.image),
    models: [seeded.model],
    windowStart: '2030-01-01T00:00:00Z',
    windowEnd: '2030-01-08T00:00:00Z',
  };
};

export const aiActivityRows = (): Record<string, Row> => kindRows('aiActivity', 'ai-activities', PAYLOAD, body);

export const aiActivityOwnRows = (): Record<string, Row> => ({
  [`POST ${B}/image`]: {
    request: async (c) => ({
      url: `${B}/image`,
      multipart: {
        fields: {},
        file: { name: `m${c.n}.png`, bytes: await gradientPng(AI_BANNER_SIZE, `m${c.n}`, '#000000', '#ffffff') },
      },
    }),
    expect: READ,
  },
});
