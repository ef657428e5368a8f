/** Permission-matrix rows of the related light effects (/user-platform/lightEffectRelated): the declared kind's rows on three seeded effects, and the effects to choose from. */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';
import { kindRows } from '../appcontent.matrix';

const READ = '401 401 403 200 200 403 403 200 403';
const B = '/api/appcontent/rest/v1/related-effects/main';
const PAYLOAD = { effectId: 1, relatedIds: [2] };
const body = async (c: CellContext) => {
  const r = await one(
    c.pool,
    `SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM app_content WHERE kind = 'lightEffect' AND state <> 'archived' ORDER BY id LIMIT 3) e`,
  );
  const [effectId, ...relatedIds] = (r.ids as number[]).map(Number);
  return { effectId, relatedIds };
};

export const relatedRows = (): Record<string, Row> => ({
  ...kindRows('relatedEffect', 'related-effects', PAYLOAD, body),
  [`GET ${B}/effects`]: { request: () => ({ url: `${B}/effects` }), expect: READ },
});
