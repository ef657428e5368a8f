/** Own profile and password: the mutations of the /user/info screen. */
import { type EndpointBodyInput, session as ep } from '@bo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { sessionKeys } from '../session/session.queries';

export type ProfileBody = EndpointBodyInput<typeof ep.updateOwnProfile>;
export type PasswordBody = EndpointBodyInput<typeof ep.changeOwnPassword>;

/** Saves the profile and refetches the current user (the header shows the name). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => call(ep.updateOwnProfile, { body }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.currentUser() }),
  });
}

/** Changes the own password; the server ends every other session of the user. */
export const useChangePassword = () =>
  useMutation({ mutationFn: (body: PasswordBody) => call(ep.changeOwnPassword, { body }, { silent: true }) });
