/**
 * Permission-matrix rows of the covers (/user-platform/coverMgr): both slots through the declared
 * kinds' rows (the screen permission reads, its buttons write), on a seeded cover's image, and
 * each slot's image upload under the screen's permission.
 */
import { COVER_SLOTS, type CoverSlot } from '@bo/contract/appcontent/covers';
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';
import { kindRows } from '../appcontent.matrix';
import { coverPng } from './cover-image';

const READ = '401 401 403 200 200 403 403 200 403';
const API = '/api/appcontent/rest/v1/covers';

/** The image of the slot's seeded published cover (the demo seed stores one each). */
const seededImage = async (c: CellContext, slot: CoverSlot) =>
  Number(
    (
      await one(
        c.pool,
        `SELECT (payload->>'imageFileId')::int AS id FROM app_content WHERE kind = 'cover' AND slot = $1 AND state = 'published' ORDER BY id LIMIT 1`,
        [slot],
      )
    ).id,
  );
const PAYLOAD = { imageFileId: 0, width: 1200, height: 800, sha256: '', altZh: '', altEn: 'matrix', link: '' };

const slotRows = (slot: CoverSlot): Record<string, Row> => ({
  ...kindRows('cover', 'covers', PAYLOAD, async (c) => ({ imageFileId: await seededImage(c, slot), altEn: 'matrix' }), slot),
  [`POST ${API}/${slot}/image`]: {
    request: async (c) => ({
      url: `${API}/${slot}/image`,
      multipart: { fields: {}, file: { name: `m${c.n}.png`, bytes: await coverPng(slot, `m${c.n}`, '#000000', '#ffffff') } },
    }),
    expect: READ,
  },
});

export const coverRows = (): Record<string, Row> => Object.assign({}, ...COVER_SLOTS.map(slotRows));
