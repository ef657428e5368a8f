/**
 * Demo SKUs of the add-device list (apply-once, `seed.appdevices.skuPresentation`): the
 * catalogue's first SKU shown and paired as the first published device page, the second hidden
 * (recognised, not listed), the third a draft; each with its square picture in the file store.
 */
import type { SkuPresentationPayload } from '@bo/contract/appdevices/sku-presentation';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contentRecords } from '../../appcontent/appcontent.reads';
import { type DemoRecord, seedContext, storeImage } from '../../appcontent/appcontent.seed';
import { applyOnce } from '../../appcontent/kinds.seed';
import { catalogSkus } from '../../catalog/catalog.reads';
import { squarePng } from '../device-image';

export const SKU_PRESENTATION_SEED_KEY = 'seed.appdevices.skuPresentation';
const SIDE = 400;
const LOOKS: [from: string, to: string, state: DemoRecord['state'], visible: boolean][] = [
  ['#11998e', '#38ef7d', 'published', true],
  ['#fc4a1a', '#f7b733', 'published', false],
  ['#4568dc', '#b06ab3', 'draft', true],
];

export async function applySkuPresentationDemoOnce(db: Db): Promise<void> {
  const pngs = await Promise.all(LOOKS.map(([from, to]) => squarePng(SIDE, from, to)));
  await applyOnce(db, SKU_PRESENTATION_SEED_KEY, async (tx) => {
    const { ownerId } = await seedContext(tx);
    const skus = (
      await tx.execute<{ sku: string; name: string; name_en: string }>(
        sql`SELECT s.sku, s.name, s.name_en FROM ${catalogSkus} s ORDER BY s.id LIMIT 3`,
      )
    ).rows;
    const devices = (
      await tx.execute<{ id: number }>(
        sql`SELECT c.id FROM ${contentRecords} c WHERE c.kind = 'deviceProduct' AND c.state = 'published' ORDER BY c.id`,
      )
    ).rows.map((r) => Number(r.id));
    if (!devices.length) return [];
    const records: DemoRecord[] = [];
    for (const [i, s] of skus.entries()) {
      const [, , state, visible] = LOOKS[i] as (typeof LOOKS)[number];
      const image = await storeImage(
        tx,
        db,
        ownerId,
        `sku-${i + 1}.png`,
        pngs[i] as Buffer,
        [SIDE, SIDE],
        'app-sku-presentation',
      );
      const payload: SkuPresentationPayload = {
        sku: s.sku,
        deviceProductId: devices[i % devices.length] as number,
        nameZh: s.name,
        nameEn: s.name_en || s.name,
        imageFileId: image.imageFileId,
        width: image.width,
        height: image.height,
        visible,
      };
      records.push({
        kind: 'skuPresentation',
        slot: 'main',
        name: `${s.sku} in the add-device list${visible ? '' : ' (hidden)'}`,
        payload,
        state,
        position: i,
      });
    }
    return records;
  });
}
