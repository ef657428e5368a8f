/**
 * Permission-matrix rows of the light-effect icons (/user-platform/lightEffectIconMgr): the
 * declared kind's rows on a seeded icon's image (the screen permission reads, its buttons write)
 * and the icon upload under the screen's permission.
 */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';
import { kindRows } from '../appcontent.matrix';
import { iconPng } from './icon-image';

const READ = '401 401 403 200 200 403 403 200 403';
const B = '/api/appcontent/rest/v1/light-effect-icons/main';
const PAYLOAD = { nameZh: '', nameEn: 'matrix', group: 'other', imageFileId: 0, width: 256, height: 256 };
const body = async (c: CellContext) => ({
  nameEn: 'matrix',
  group: 'mood',
  imageFileId: Number(
    (
      await one(
        c.pool,
        `SELECT (payload->>'imageFileId')::int AS id FROM app_content WHERE kind = 'lightEffectIcon' AND state <> 'draft' ORDER BY id LIMIT 1`,
      )
    ).id,
  ),
});

export const iconRows = (): Record<string, Row> => ({
  ...kindRows('lightEffectIcon', 'light-effect-icons', PAYLOAD, body),
  [`POST ${B}/image`]: {
    request: async (c) => ({
      url: `${B}/image`,
      multipart: { fields: {}, file: { name: `m${c.n}.png`, bytes: await iconPng('M', '#000000') } },
    }),
    expect: READ,
  },
});
