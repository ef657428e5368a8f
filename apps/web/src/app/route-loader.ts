/**
 * The root route's loader runs the guard on every navigation (shouldRevalidate: always)
 * and carries out its decision: redirect, save the sign-in target, keep the two-code
 * flag, or load the session first. Its data (the navigation flags) is read by useAppFlags (shared/app-flags).
 */
import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { AppFlags } from '../shared/app-flags';
import { isApiError } from '../shared/http/api-error';
import { LOGIN_PATH } from '../shared/paths';
import { readToken, readTwoCodeLogin, saveLoginRedirect, writeTwoCodeLogin } from '../shared/session/session-storage';
import { loadedSession, loadSession } from './bootstrap';
import { decideNavigation } from './guard';
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
    SCREENS.get(url.pathname)?.prefetch?.(queryClient, url, 'speculative');
    try {
      await session;
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
