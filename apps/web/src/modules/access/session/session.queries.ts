/**
 * The signed-in session: the sign-in / sign-out / password-reset mutations; its query keys
 * and start-up reads live in shared/session/session-queries.ts (re-exported here).
 */
import { type EndpointBodyInput, type EndpointDef, type EndpointQueryInput, session as ep, PERMISSION_TYPE } from '@bo/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, callWithHeaders } from '../../../shared/http/http-client';
import { currentUserQuery, permissionsQuery } from '../../../shared/session/session-queries';
import {
  clearSession,
  clockOffsetMs,
  readGodViewOrigin,
  readToken,
  rememberUser,
  writeToken,
} from '../../../shared/session/session-storage';

export {
  currentUserQuery,
  permissionsQuery,
  productLinesQuery,
  productPositionsQuery,
  sessionKeys,
  subsystemsQuery,
  userMenuQuery,
} from '../../../shared/session/session-queries';

type Body<E extends EndpointDef> = EndpointBodyInput<E>;
type Query<E extends EndpointDef> = EndpointQueryInput<E>;

export const useCurrentUser = () => useQuery(currentUserQuery());
export const usePermissionItems = () => useQuery(permissionsQuery());

/** Type-2 patterns (pages) and type-3 patterns (buttons) of a permission list (spec §6). */
export function splitPermissions(items: readonly { authPattern: string; type: number }[]) {
  const pages = new Set<string>();
  const buttons = new Set<string>();
  for (const item of items) {
    if (item.type === PERMISSION_TYPE.PAGE) pages.add(item.authPattern);
    else if (item.type === PERMISSION_TYPE.BUTTON) buttons.add(item.authPattern);
  }
  return { pages, buttons };
}

/**
 * Signs in with a login name and password and keeps the local storage keys of spec §3.
 * The server's Date header of the sign-in reply gives timeZoneOffset.
 */
export async function signIn(credentials: Body<typeof ep.login>): Promise<void> {
  const previous = [readToken(), readGodViewOrigin()].filter((t): t is string => t !== null);
  const { data, headers } = await callWithHeaders(ep.login, { body: credentials }, { silent: true });
  const offset = clockOffsetMs(headers.get('date'));
  // Signing in over an open session (the login page passes with a token) ends that one.
  clearSession();
  writeToken(data.token);
  for (const token of previous) void revokeSession(token);
  const user = await call(ep.currentUser, {}, { silent: true });
  rememberUser(user, offset);
}

export const useSignIn = () => useMutation({ mutationFn: signIn });

export const useRegister = () =>
  useMutation({ mutationFn: (body: Body<typeof ep.register>) => call(ep.register, { body }, { silent: true }) });
export const useGenerateCaptcha = () =>
  useMutation({
    mutationFn: (query: Query<typeof ep.generateCaptcha>) => call(ep.generateCaptcha, { query }, { silent: true }),
  });
export const useCheckCaptcha = () =>
  useMutation({
    mutationFn: (query: Query<typeof ep.checkUserCaptcha>) => call(ep.checkUserCaptcha, { query }, { silent: true }),
  });
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: Body<typeof ep.resetPassword>) => call(ep.resetPassword, { body }, { silent: true }),
  });

/** Starts a god-view session with the current token; answers the new token (refusals reject with the msg). */
/** A refusal arrives as a non-zero code, which the client rejects with the server's message. */
export async function requestGodView(name: string): Promise<{ token: string }> {
  const data = await call(ep.godView, { query: { name } }, { silent: true, ignoreUnauthorized: true });
  if (!data) throw new Error('god view was refused');
  return data;
}

/** Revokes a session: the stored one, or the given token. Failures do not matter here. */
export async function revokeSession(token?: string): Promise<void> {
  await call(ep.logout, {}, { silent: true, ignoreUnauthorized: true, ...(token ? { token } : {}) }).catch(() => undefined);
}
