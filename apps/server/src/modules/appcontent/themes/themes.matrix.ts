/**
 * Permission-matrix rows of the activity themes (/user-platform/activityThemes): the declared
 * kind's rows on a seeded theme's banner (the screen permission reads, its buttons write) and the
 * banner upload under the screen's permission.
 */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';
import { kindRows } from '../appcontent.matrix';
import { gradientPng } from '../covers/cover-image';
import { THEME_SIZE } from './themes.seed';

const READ = '401 401 403 200 200 403 403 200 403';
const B = '/api/appcontent/rest/v1/activity-themes/main';

const COLORS = { primaryColor: '#FF0000', secondaryColor: '#00FF00', backgroundColor: '#FFFFFF', textColor: '#000000' };
const PAYLOAD = { nameZh: '', nameEn: 'matrix', ...COLORS, imageFileId: 0, width: 1200, height: 600 };
const seededImage = async (c: CellContext) =>
  Number(
    (
      await one(
        c.pool,
        `SELECT (payload->>'imageFileId')::int AS id FROM app_content WHERE kind = 'activityTheme' AND state <> 'draft' ORDER BY id LIMIT 1`,
      )
    ).id,
  );
const body = async (c: CellContext) => ({
  nameEn: 'matrix',
  ...COLORS,
  imageFileId: await seededImage(c),
  windowStart: '2030-01-01T00:00:00Z',
  windowEnd: '2030-01-08T00:00:00Z',
});

export const themeRows = (): Record<string, Row> => ({
  ...kindRows('activityTheme', 'activity-themes', PAYLOAD, body),
  [`POST ${B}/image`]: {
    request: async (c) => ({
      url: `${B}/image`,
      multipart: {
        fields: {},
        file: { name: `m${c.n}.png`, bytes: await gradientPng(THEME_SIZE, `m${c.n}`, '#000000', '#ffffff') },
      },
    }),
    expect: READ,
  },
});
