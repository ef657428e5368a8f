/**
 * The signed-in session: query keys, the queries the app loads at start (spec §2.1, in
 * this order: permissions, profile, subsystems, product lines, product positions,
 * menus) and the sign-in / sign-out / password-reset mutations.
 */
import {
  type EndpointBodyInput,
  type EndpointDef,
  type EndpointQueryInput,
  session as ep,
  MENU_VERSION,
  PERMISSION_TYPE,
} from '@bo/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call, callWithHeaders } from '../../../shared/http/http-client';
import {
  clearSession,
  clockOffsetMs,
  readGodViewOrigin,
  readToken,
  rememberUser,
  writeToken,
} from '../../../shared/session/session-storage';

type Body<E extends EndpointDef> = EndpointBodyInput<E>;
type Query<E extends EndpointDef> = EndpointQueryInput<E>;

export const sessionKeys = {
  all: ['session'] as const,
  permissions: () => [...sessionKeys.all, 'permissions'] as const,
  currentUser: () => [...sessionKeys.all, 'currentUser'] as const,
  subsystems: () => [...sessionKeys.all, 'subsystems'] as const,
  productLines: () => [...sessionKeys.all, 'productLines'] as const,
  productPositions: () => [...sessionKeys.all, 'productPositions'] as const,
  menu: () => [...sessionKeys.all, 'menu', MENU_VERSION] as const,
};

/** Session data changes only through the app's own actions, which refetch it. */
const sessionCache = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export const permissionsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.permissions(),
    queryFn: ({ signal }) => call(ep.permissions, {}, { signal }),
    ...sessionCache,
  });
export const currentUserQuery = () =>
  queryOptions({
    queryKey: sessionKeys.currentUser(),
    queryFn: ({ signal }) => call(ep.currentUser, {}, { signal }),
    ...sessionCache,
  });
export const subsystemsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.subsystems(),
    queryFn: ({ signal }) => call(ep.subsystems, {}, { signal }),
    ...sessionCache,
  });
export const productLinesQuery = () =>
  queryOptions({
    queryKey: sessionKeys.productLines(),
    queryFn: ({ signal }) => call(ep.productLines, {}, { signal }),
    ...sessionCache,
  });
export const productPositionsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.productPositions(),
    queryFn: ({ signal }) => call(ep.productPositions, {}, { signal }),
    ...sessionCache,
  });
/** The server's menu (the PPC area reads its `ppc` node); the side menu is built locally from the same catalogue. */
export const userMenuQuery = () =>
  queryOptions({
    queryKey: sessionKeys.menu(),
    queryFn: ({ signal }) => call(ep.userMenu, { query: { version: MENU_VERSION } }, { signal }),
    ...sessionCache,
  });

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
