/** The device pages a SKU of the add-device list may pair as (not archived), under the screen's permission. */
import { skuPresentationDevices } from '@bo/contract/appdevices/sku-presentation';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const skuPresentationKeys = { devices: () => ['appContent', 'skuPresentation', 'devices'] as const };

export const useDeviceChoices = () =>
  useQuery({
    queryKey: skuPresentationKeys.devices(),
    queryFn: ({ signal }) => call(skuPresentationDevices, {}, { signal }),
    staleTime: 60_000,
  });
