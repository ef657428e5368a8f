/**
 * The SKUs' hardware (docs/appcontent.md "Product settings, SKU hardware and presentation, …") as
 * a declared kind: the SKU is the catalogue's (spelled as it spells it) and held by one record
 * that is not archived (a 400 on `sku` naming the record that holds it).
 */
import type { SkuHardwareBody, SkuHardwarePayload } from '@bo/contract/appdevices/sku-hardware';
import { sql } from 'drizzle-orm';
import { codedFieldError } from '../../../platform/errors';
import type { ContentKind } from '../../appcontent/content.service';
import { catalogueSku } from '../devices.kinds';
import { holderOf } from '../holder';

export const skuHardwareKind: ContentKind<SkuHardwarePayload, SkuHardwareBody> = {
  kind: 'skuHardware',
  search: ['sku', 'chip'],
  payloadOf: async (tx, _actor, _slot, b) => ({
    sku: await catalogueSku(tx, b.sku),
    ledCount: b.ledCount,
    segments: b.segments,
    chip: b.chip,
    colorOrder: b.colorOrder,
    whiteChannel: b.whiteChannel,
    protocolVersion: b.protocolVersion,
  }),
  itemOf: (p) => ({ ...p }),
  unique: async (tx, p, _models, exceptId) => {
    const held = await holderOf(tx, 'skuHardware', sql`lower(c.payload->>'sku') = ${p.sku.toLowerCase()}`, exceptId);
    if (held) throw codedFieldError('sku', 'appDevices.skuTaken', { sku: p.sku, name: held.name, id: held.id });
  },
};
