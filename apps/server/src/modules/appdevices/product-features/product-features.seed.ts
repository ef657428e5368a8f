/**
 * Demo product settings (apply-once, `seed.appdevices.productFeatures`): the catalogue's first two
 * models share a published record (strips: every feature but voice), the third a draft, and an
 * archived older record of the first model (archived, it holds no model).
 */
import type { ProductFeaturesPayload } from '@bo/contract/appdevices/product-features';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { DemoRecord } from '../../appcontent/appcontent.seed';
import { applyOnce } from '../../appcontent/kinds.seed';
import { catalogModels } from '../../catalog/catalog.reads';

export const PRODUCT_FEATURES_SEED_KEY = 'seed.appdevices.productFeatures';

const flags = (on: readonly (keyof ProductFeaturesPayload['features'])[]): ProductFeaturesPayload['features'] => ({
  musicMode: on.includes('musicMode'),
  dreamView: on.includes('dreamView'),
  scenes: on.includes('scenes'),
  diy: on.includes('diy'),
  timer: on.includes('timer'),
  schedule: on.includes('schedule'),
  voiceAssistants: on.includes('voiceAssistants'),
  segmentControl: on.includes('segmentControl'),
});

export const applyProductFeaturesDemoOnce = (db: Db) =>
  applyOnce(db, PRODUCT_FEATURES_SEED_KEY, async (tx) => {
    const models = (
      await tx.execute<{ model: string }>(sql`SELECT upper(m.model) AS model FROM ${catalogModels} m ORDER BY m.id LIMIT 3`)
    ).rows.map((r) => r.model);
    const [a, b, c] = models;
    if (!a) return [];
    const records: DemoRecord[] = [
      {
        kind: 'productFeatures',
        slot: 'main',
        name: `${[a, b].filter(Boolean).join(' + ')} features`,
        payload: {
          features: flags(['musicMode', 'dreamView', 'scenes', 'diy', 'timer', 'schedule', 'segmentControl']),
          maxSegments: 15,
          maxScenes: 60,
        } satisfies ProductFeaturesPayload,
        models: [a, b].filter((m): m is string => !!m),
        state: 'published',
      },
      {
        kind: 'productFeatures',
        slot: 'main',
        name: `${a} features (2023)`,
        payload: { features: flags(['scenes', 'timer']), maxSegments: 1, maxScenes: 20 } satisfies ProductFeaturesPayload,
        models: [a],
        state: 'archived',
      },
    ];
    if (c)
      records.push({
        kind: 'productFeatures',
        slot: 'main',
        name: `${c} features (draft)`,
        payload: {
          features: flags(['scenes', 'timer', 'schedule', 'voiceAssistants']),
          maxSegments: 1,
          maxScenes: 30,
        } satisfies ProductFeaturesPayload,
        models: [c],
        state: 'draft',
      });
    return records;
  });
