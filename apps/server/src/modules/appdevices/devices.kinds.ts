/**
 * The device catalogue's kinds on the publishing model (docs/appcontent.md "Device catalogue"):
 * device pages, Bluetooth and Wi-Fi set-up flows, white-balance tables. Each is a `ContentKind`
 * (content.service.ts does list, writes, moves and delete); here only what a payload checks
 * against other rows: a page's model is the catalogue's (read through catalog.reads.ts), its
 * image a file of the caller's account that fits the rule, its set-up flow a flow of its
 * connectivity.
 */

import { textIn } from '@bo/contract/appcontent/kinds';
import type { Connectivity, DeviceProductBody, DeviceProductPayload } from '@bo/contract/appdevices/devices';
import { DEVICE_IMAGE_RULE } from '@bo/contract/appdevices/devices';
import { type PairingFlowPayload, pairingFlowPayloadSchema } from '@bo/contract/appdevices/pairing-flows';
import type { SkuConfigBody, SkuConfigPayload } from '@bo/contract/appdevices/sku-config';
import { type WhiteBalancePayload, whiteBalancePayloadSchema } from '@bo/contract/appdevices/white-balance';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { codedFieldError } from '../../platform/errors';
import { pairingFlows } from '../appcontent/appcontent.reads';
import { imageFor, mediaUrl } from '../appcontent/banners.service';
import type { ContentKind } from '../appcontent/content.service';
import { catalogModels, catalogSkus } from '../catalog/catalog.reads';

/** The catalogue's spelling of a model; a 400 on `model` when the catalogue has none. */
export async function catalogueModel(tx: DbOrTx, model: string): Promise<string> {
  const res = await tx.execute<{ model: string }>(
    sql`SELECT m.model FROM ${catalogModels} m WHERE upper(m.model) = ${model.toUpperCase()} ORDER BY m.id LIMIT 1`,
  );
  const found = res.rows[0]?.model;
  if (!found) throw codedFieldError('model', 'appDevices.unknownModel', { model });
  return found;
}

/** The flow slots a page of this connectivity may start with. */
const FLOW_SLOTS_OF: Record<Connectivity, string[]> = { ble: ['ble'], wifi: ['wifi'], both: ['ble', 'wifi'] };

/** A set-up flow the page may name: a pairing flow, not archived, of a slot its connectivity has; a 400 on setupFlowId otherwise. */
async function checkFlow(tx: DbOrTx, id: number, connectivity: Connectivity): Promise<void> {
  const slots = FLOW_SLOTS_OF[connectivity];
  const res = await tx.execute(sql`
    SELECT 1 FROM ${pairingFlows} f WHERE f.id = ${id} AND f.state <> 'archived'
       AND f.slot IN (SELECT jsonb_array_elements_text(${JSON.stringify(slots)}::jsonb))`);
  if (!res.rows.length) throw codedFieldError('setupFlowId', 'appDevices.flowMissing', { id });
}

export const deviceProductKind: ContentKind<DeviceProductPayload, DeviceProductBody> = {
  kind: 'deviceProduct',
  search: ['model', 'nameZh', 'nameEn'],
  payloadOf: async (tx, actor, _slot, b) => {
    const model = await catalogueModel(tx, b.model);
    if (b.imageFileId !== null) await imageFor(tx, actor, DEVICE_IMAGE_RULE, b.imageFileId);
    if (b.setupFlowId !== null) await checkFlow(tx, b.setupFlowId, b.connectivity);
    return {
      model,
      nameZh: b.nameZh,
      nameEn: b.nameEn,
      descriptionZh: b.descriptionZh,
      descriptionEn: b.descriptionEn,
      category: b.category,
      connectivity: b.connectivity,
      imageFileId: b.imageFileId,
      minFirmware: b.minFirmware,
      minAppVersion: b.minAppVersion,
      setupFlowId: b.setupFlowId,
    };
  },
  itemOf: (p, lang) => ({
    name: textIn(p.nameZh, p.nameEn, lang),
    description: textIn(p.descriptionZh, p.descriptionEn, lang),
    image: p.imageFileId ? { url: mediaUrl(p.imageFileId), thumbUrl: mediaUrl(p.imageFileId, true) } : null,
    ...p,
  }),
};

export const pairingFlowKind: ContentKind<PairingFlowPayload> = {
  kind: 'pairingFlow',
  search: ['titleZh', 'titleEn'],
  // Stored by order, so the list, the drawer and the app see the steps as the app shows them.
  payloadOf: async (_tx, _actor, _slot, b) => {
    const p = pairingFlowPayloadSchema.parse(b);
    return { ...p, steps: [...p.steps].sort((x, y) => x.order - y.order) };
  },
  itemOf: (p, lang) => ({
    title: textIn(p.titleZh, p.titleEn, lang),
    stepTexts: p.steps.map((s) => ({
      order: s.order,
      title: textIn(s.titleZh, s.titleEn, lang),
      text: textIn(s.textZh, s.textEn, lang),
    })),
    ...p,
  }),
};

export const whiteBalanceKind: ContentKind<WhiteBalancePayload> = {
  kind: 'whiteBalance',
  search: ['noteZh', 'noteEn'],
  payloadOf: async (_tx, _actor, _slot, b) => whiteBalancePayloadSchema.parse(b),
  itemOf: (p, lang) => ({ note: textIn(p.noteZh, p.noteEn, lang), ...p }),
};

/** The catalogue's spelling of a SKU (any case taken); a 400 on `sku` when the catalogue has none. */
export async function catalogueSku(tx: DbOrTx, sku: string): Promise<string> {
  const res = await tx.execute<{ sku: string }>(
    sql`SELECT s.sku FROM ${catalogSkus} s WHERE lower(s.sku) = ${sku.toLowerCase()} ORDER BY s.id LIMIT 1`,
  );
  const found = res.rows[0]?.sku;
  if (!found) throw codedFieldError('sku', 'appContent.unknownSku', { skus: sku });
  return found;
}

export const skuConfigKind: ContentKind<SkuConfigPayload, SkuConfigBody> = {
  kind: 'skuConfig',
  search: ['sku'],
  payloadOf: async (tx, _actor, _slot, b) => ({ sku: await catalogueSku(tx, b.sku), settings: b.settings }),
  itemOf: (p) => ({ values: Object.fromEntries(p.settings.map((s) => [s.key, s.value])), ...p }),
};
