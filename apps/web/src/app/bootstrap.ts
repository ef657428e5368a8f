/**
 * Loads the session on the first navigation after sign-in (spec §2.1): permissions,
 * profile (current user), subsystems, product lines, product positions, menus, all at
 * once. The guard then knows the permitted routes and opens the saved target.
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
import { menuOverlayQuery } from '../shared/session/menu-overlay';
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
  // The calls go out together (one round trip instead of one after another); they are
  // awaited in the spec's order of concern, so a failure is reported as before.
  const items = client.fetchQuery(permissionsQuery());
  const user = client.fetchQuery(currentUserQuery());
  const rest = [
    client.fetchQuery(subsystemsQuery()),
    client.fetchQuery(productLinesQuery()),
    client.fetchQuery(productPositionsQuery()),
    client.fetchQuery(userMenuQuery()),
    // The menu overlay (/backMgr/menuConfig), so the first menu drawn is already the configured one.
    // Optional: when it fails, the menu is the catalogue's (prefetchQuery never throws).
    client.prefetchQuery(menuOverlayQuery()),
  ];
  for (const p of [items, user, ...rest]) p.catch(() => undefined); // awaited below, in order
  const permissionItems = await items;
  const profile = await user;
  for (const p of rest) await p;
  if (!readItem('local', STORAGE_KEYS.lang) && profile.language) await switchLang(profile.language, { persist: false });
  const session: GuardSession = {
    pagePermissions: splitPermissions(permissionItems).pages,
    user: { accountId: profile.accountId, userType: profile.userType, shopIds: profile.shopIds, backMgr: profile.backMgr },
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
