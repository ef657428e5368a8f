/** The signed-in user's own mail settings (/user/email). */
import { type EndpointBodyInput, mailSettings as ep } from '@bo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export type MailSettingsBody = EndpointBodyInput<typeof ep.updateMailSettings>;

export const mailSettingsKeys = { own: () => ['access', 'mailSettings', 'own'] as const };

export const mailSettingsQuery = () =>
  queryOptions({ queryKey: mailSettingsKeys.own(), queryFn: () => call(ep.getMailSettings, {}) });

/** Saves; on 409 (stale) the caller reloads the settings. */
export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailSettingsBody) => call(ep.updateMailSettings, { body }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailSettingsKeys.own() }),
  });
}
