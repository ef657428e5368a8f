/**
 * Demo SKU hardware (apply-once, `seed.appdevices.skuHardware`): the catalogue's first SKU a
 * published 60-LED RGB strip, the second a published RGBW one, the third a draft.
 */
import type { SkuHardwarePayload } from '@bo/contract/appdevices/sku-hardware';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { DemoRecord } from '../../appcontent/appcontent.seed';
import { applyOnce } from '../../appcontent/kinds.seed';
import { catalogSkus } from '../../catalog/catalog.reads';

export const SKU_HARDWARE_SEED_KEY = 'seed.appdevices.skuHardware';

const HARDWARE: [Omit<SkuHardwarePayload, 'sku'>, DemoRecord['state']][] = [
  [
    { ledCount: 60, segments: 15, chip: 'WS2812B', colorOrder: 'GRB', whiteChannel: false, protocolVersion: '2.1.0' },
    'published',
  ],
  [
    { ledCount: 144, segments: 24, chip: 'SK6812-RGBW', colorOrder: 'GRB', whiteChannel: true, protocolVersion: '2.1.0' },
    'published',
  ],
  [{ ledCount: 300, segments: 30, chip: 'WS2815', colorOrder: 'RGB', whiteChannel: false, protocolVersion: '3.0.0' }, 'draft'],
];

export const applySkuHardwareDemoOnce = (db: Db) =>
  applyOnce(db, SKU_HARDWARE_SEED_KEY, async (tx) => {
    const skus = (await tx.execute<{ sku: string }>(sql`SELECT s.sku FROM ${catalogSkus} s ORDER BY s.id LIMIT 3`)).rows;
    return skus.map((s, i): DemoRecord => {
      const [hw, state] = HARDWARE[i] as (typeof HARDWARE)[number];
      return {
        kind: 'skuHardware',
        slot: 'main',
        name: `${s.sku} hardware${state === 'draft' ? ' (draft)' : ''}`,
        payload: { sku: s.sku, ...hw } satisfies SkuHardwarePayload,
        state,
      };
    });
  });
