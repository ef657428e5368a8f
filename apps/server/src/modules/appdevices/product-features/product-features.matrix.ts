/**
 * Permission-matrix rows of the app's product settings (/user-platform/productSetting): the
 * declared kind's rows. Each valid body targets a catalogue model no live record of the kind
 * sets yet, so every cell that may write can (a model is set by one record at a time).
 */
import { one } from '../../../../test/matrix/cells';
import type { CellContext, Row } from '../../../../test/matrix/rows';
import { kindRows } from '../../appcontent/appcontent.matrix';

const FLAGS = {
  musicMode: true,
  dreamView: false,
  scenes: true,
  diy: false,
  timer: true,
  schedule: false,
  voiceAssistants: false,
  segmentControl: true,
};
const PAYLOAD = { features: FLAGS, maxSegments: 10, maxScenes: 20 };

/** A catalogue model no record of the kind that is not archived sets. */
const freeModel = async (c: CellContext) =>
  String(
    (
      await one(
        c.pool,
        `SELECT upper(p.model) AS model FROM products p WHERE NOT EXISTS (
           SELECT 1 FROM app_content c WHERE c.kind = 'productFeatures' AND c.state <> 'archived' AND upper(p.model) = ANY (c.models))
         ORDER BY p.id LIMIT 1`,
      )
    ).model,
  );

export const productFeaturesRows = (): Record<string, Row> =>
  kindRows('productFeatures', 'product-features', PAYLOAD, async (c) => ({ ...PAYLOAD, models: [await freeModel(c)] }));
