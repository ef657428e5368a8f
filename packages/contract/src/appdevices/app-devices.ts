/**
 * The app's read of one device model (issue #24): its page, its Bluetooth and Wi-Fi set-up flows
 * and its white-balance table, as one app (country, language, version, platform) sees them now,
 * each through the publishing model's one resolver (the same records, targeting and windows as
 * `GET app/v1/content/{kind}` with `model=` this model). Public, rate-limited like the content API.
 */
import { z } from 'zod';
import { appContextFields, modelCode } from '../appcontent/publishing';
import { defineEndpoint } from '../endpoint';
import { resolvedDeviceProductSchema } from './devices';
import { resolvedPairingFlowSchema } from './pairing-flows';
import { resolvedWhiteBalanceSchema } from './white-balance';

const { model: _model, ...contextFields } = appContextFields;

export const readDevice = defineEndpoint({
  method: 'GET',
  path: 'app/v1/devices/{model}',
  access: 'public',
  summary:
    "One model's device page as this app sees it now (the first live page of the model its targeting takes), with the first Bluetooth and Wi-Fi set-up flows and white-balance table for the model; 404 when no page is live for it. ETag, 304 on If-None-Match",
  tags: ['app'],
  params: z.object({ model: modelCode }),
  query: z.object(contextFields),
  data: z.object({
    product: resolvedDeviceProductSchema,
    flows: z.object({ ble: resolvedPairingFlowSchema.nullable(), wifi: resolvedPairingFlowSchema.nullable() }),
    whiteBalance: resolvedWhiteBalanceSchema.nullable(),
  }),
});
