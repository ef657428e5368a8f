/** Permission-matrix rows of the DreamView scenes (/user-platform/lightEffectDreamViewScene): the declared kind's rows on the catalogue's first model. */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';
import { kindRows } from '../appcontent.matrix';

const SCENE = {
  titleZh: '场景',
  titleEn: 'Scene',
  category: 'game',
  mode: 'flow',
  colors: ['#FF0000', '#0000FF'],
  segments: [0, 1, 0, 1],
  speed: 50,
  brightness: 80,
};
const body = async (c: CellContext) => ({
  ...SCENE,
  models: [String((await one(c.pool, `SELECT upper(model) AS model FROM products ORDER BY id LIMIT 1`)).model)],
});

export const dreamViewRows = (): Record<string, Row> => kindRows('dreamViewScene', 'dreamview-scenes', SCENE, body);
