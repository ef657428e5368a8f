/**
 * The root route's loader runs the guard on every navigation (shouldRevalidate: always)
 * and carries out its decision: redirect, save the sign-in target, keep the two-code
 * flag, or load the session first. Its data (the navigation flags) is read by useAppFlags (shared/app-flags).
 */
import { isRoutePermitted, isStaffAccount } from '@bo/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { AppFlags } from '../shared/app-flags';
import { isApiError } from '../shared/http/api-error';
import { LOGIN_PATH } from '../shared/paths';
import {
  readItem,
  readToken,
  readTwoCodeLogin,
  STORAGE_KEYS,
  saveLoginRedirect,
  writeItem,
  writeTwoCodeLogin,
} from '../shared/session/session-storage';
import { loadedSession, loadSession } from './bootstrap';
import { decideNavigation, type GuardSession } from './guard';
import { loadFrame, loadLayout } from './layout-loader';
import { queryClient } from './query-client';
import { SCREENS } from './screens';

/**
 * The matched screen's code starts downloading at once, beside the session calls, rather
 * than when React first renders it (the browser fetches each chunk only once).
 */
function preloadCode(path: string): void {
  const screen = SCREENS.get(path);
  if (!screen) return;
  void loadFrame().catch(() => undefined);
  if (screen.route.permission !== 'public') void loadLayout().catch(() => undefined);
  void screen.load().catch(() => undefined);
}

/**
 * Which screens with early data calls the user of the stored `userId` could open when their
 * session was last loaded. A screen's calls go out beside the session calls only when this
 * says the same user may open it: a user who may not never sends a call the server refuses
 * (issue 19, item 8), and a fresh sign-in (no user id until the profile arrives) waits for
 * the session, one round trip.
 */
const SPECULATION_KEY = 'prefetchScreens';

function maySpeculate(path: string): boolean {
  const userId = readItem('local', STORAGE_KEYS.userId);
  if (!userId) return false;
  try {
    const hint = JSON.parse(readItem('local', SPECULATION_KEY) ?? 'null') as { userId?: unknown; paths?: unknown } | null;
    return hint?.userId === userId && Array.isArray(hint.paths) && hint.paths.includes(path);
  } catch {
    return false;
  }
}

function rememberSpeculation(session: GuardSession): void {
  const userId = readItem('local', STORAGE_KEYS.userId);
  if (!userId) return;
  const ctx = {
    permissions: session.pagePermissions,
    backMgr: session.user.backMgr,
    staff: isStaffAccount(session.user.accountId),
  };
  const paths = [...SCREENS.values()].filter((s) => s.prefetch && isRoutePermitted(s.route, ctx)).map((s) => s.path);
  writeItem('local', SPECULATION_KEY, JSON.stringify({ userId, paths }));
}

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<AppFlags | Response> {
  const url = new URL(request.url);
  const decide = () => {
    const token = readToken();
    return decideNavigation({
      path: url.pathname,
      search: url.search,
      token,
      session: loadedSession(token),
      twoCodeLoginStored: readTwoCodeLogin(),
    });
  };
  let decision = decide();
  if (decision.action === 'load') {
    preloadCode(url.pathname);
    // Starting the session load first matters: it clears the last identity's cache, and
    // the screen's quiet first calls must land in the fresh one.
    const session = loadSession(queryClient, readToken() ?? '');
    if (maySpeculate(url.pathname)) SCREENS.get(url.pathname)?.prefetch?.(queryClient, url, 'speculative');
    try {
      rememberSpeculation(await session);
    } catch (err) {
      // The http client has already dropped the session and saved the target.
      if (isApiError(err) && err.status === 401) return redirect(LOGIN_PATH);
      throw err;
    }
    decision = decide();
  }
  if (decision.flags.rememberTwoCodeLogin) writeTwoCodeLogin();
  if (decision.action === 'redirect') {
    if (decision.saveTarget) saveLoginRedirect(decision.saveTarget);
    return redirect(decision.to);
  }
  // The screen is allowed: its code (and antd's frame, which it renders in) and its first
  // data calls start now, not when React first renders it (no-ops for what is loading).
  if (decision.action === 'pass') {
    preloadCode(decision.route.path);
    SCREENS.get(decision.route.path)?.prefetch?.(queryClient, url, 'allowed');
  }
  const { externalUser, twoCodeLogin } = decision.flags;
  return { externalUser, twoCodeLogin };
}
