/** The device catalogue's own reads: the set-up flows a device page may name (the kinds' reads are content.queries'). */
import { deviceProductFlows } from '@bo/contract/appdevices/devices';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const appDevicesKeys = { flows: () => ['appContent', 'pairingFlow', 'choices'] as const };

export const useFlowChoices = () =>
  useQuery({
    queryKey: appDevicesKeys.flows(),
    queryFn: ({ signal }) => call(deviceProductFlows, {}, { signal }),
    staleTime: 60_000,
  });
