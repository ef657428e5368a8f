/**
 * Loads the session on the first navigation after sign-in (spec §2.1), in this order:
 * permissions, profile (current user), subsystems, product lines, product positions,
 * menus. The guard then knows the permitted routes and opens the saved target.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  currentUserQuery,
  permissionsQuery,
  productLinesQuery,
  productPositionsQuery,
  splitPermissions,
  subsystemsQuery,
  userMenuQuery,
} from '../modules/access/session/session.queries';
import { switchLang } from '../shared/i18n/lang';
import { readItem, STORAGE_KEYS } from '../shared/session/session-storage';
import type { GuardSession } from './guard';

/** The session the guard works with, tied to the token it was loaded for. */
let loaded: { token: string; session: GuardSession } | null = null;
let inFlight: { token: string; promise: Promise<GuardSession> } | null = null;

/** The loaded session for this token, or null when it still has to be loaded. */
export const loadedSession = (token: string | null): GuardSession | null =>
  token && loaded?.token === token ? loaded.session : null;

/** Forgets the session (sign-out, 401, a switch of identity); the next navigation loads anew. */
export function forgetSession(client: QueryClient): void {
  loaded = null;
  inFlight = null;
  client.clear();
}

async function load(client: QueryClient, token: string): Promise<GuardSession> {
  // A new identity (sign-in, god view, its end): nothing cached for the last one may show.
  client.removeQueries();
  const items = await client.fetchQuery(permissionsQuery());
  const user = await client.fetchQuery(currentUserQuery());
  if (!readItem('local', STORAGE_KEYS.lang) && user.language) await switchLang(user.language, { persist: false });
  await client.fetchQuery(subsystemsQuery());
  await client.fetchQuery(productLinesQuery());
  await client.fetchQuery(productPositionsQuery());
  await client.fetchQuery(userMenuQuery());
  const session: GuardSession = {
    pagePermissions: splitPermissions(items).pages,
    user: { accountId: user.accountId, userType: user.userType, shopIds: user.shopIds, backMgr: user.backMgr },
  };
  loaded = { token, session };
  return session;
}

/** Loads once per token even when several navigations ask at the same time. */
export function loadSession(client: QueryClient, token: string): Promise<GuardSession> {
  if (inFlight?.token !== token) {
    const promise = load(client, token).finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
    inFlight = { token, promise };
  }
  return inFlight.promise;
}
