/**
 * The navigation rules of spec §2.1 as one pure function: every input is passed in (no
 * React, no storage), so each rule is unit-tested (guard.test.ts). The router's root
 * loader feeds it and carries out its decision.
 *
 * Order of the rules, first match wins:
 *  1. unknown path → /404 (with or without a session);
 *  2. public route → passes when built (so /login passes with a token too), else /404;
 *  3. no token → /login, saving the target with its query;
 *  4. session not loaded yet (empty permission list) → "load", then decide again;
 *  5. "/" → the home target /dashboard/index;
 *  6. /backMgr/** → /404 unless the user is the back-office manager;
 *  7. /dashboard/index that cannot be opened (not permitted or not built) → /user/info;
 *  8. unbuilt route → /404;
 *  9. user type 0 without shops on a shop-only pattern → /shop/auth/message;
 * 10. not permitted → /404, or /user/info when the user holds no other page (spec §6);
 * 11. a redirect entry → its target; otherwise the route opens.
 */
import {
  type AccessContext,
  ALL_ROUTES,
  INTERNAL_ACCOUNT_ID,
  isRoutePermitted,
  isStaffAccount,
  type RouteDef,
  SHOP_REQUIRED_PATTERNS,
  USER_TYPE,
} from '@bo/contract';
import type { AppFlags } from '../shared/app-flags';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, PROFILE_PATH, SHOP_AUTH_MESSAGE_PATH } from '../shared/paths';

/** Query parameter that marks a two-code sign-in link (`?twoCodeLogin=1`). */
export const TWO_CODE_LOGIN_PARAM = 'twoCodeLogin';

export interface GuardUser {
  accountId: number;
  userType: number;
  shopIds: readonly number[];
  /** May open /backMgr (the configured back-office manager, not under god view). */
  backMgr: boolean;
}

/** What the app knows once the session has loaded. */
export interface GuardSession {
  /** Type-2 permission patterns (pages) the user holds. */
  pagePermissions: ReadonlySet<string>;
  user: GuardUser;
}

export interface GuardInput {
  /** location.pathname */
  path: string;
  /** location.search, with or without the leading "?" */
  search: string;
  token: string | null;
  /** null until the permissions and profile have been loaded. */
  session: GuardSession | null;
  /** The two-code-login flag already stored for this tab. */
  twoCodeLoginStored: boolean;
  /** The route catalogue; tests pass their own. */
  routes?: readonly RouteDef[];
}

export interface NavigationFlags extends AppFlags {
  /** The two-code flag was set by this navigation: the caller stores it. */
  rememberTwoCodeLogin: boolean;
}

export type GuardDecision =
  | { action: 'pass'; route: RouteDef; flags: NavigationFlags }
  | { action: 'redirect'; to: string; saveTarget: string | null; flags: NavigationFlags }
  | { action: 'load'; flags: NavigationFlags };

const SHOP_PATTERNS: ReadonlySet<string> = new Set(SHOP_REQUIRED_PATTERNS);

const normalizePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path || '/');
const normalizeSearch = (search: string): string =>
  search && !search.startsWith('?') ? `?${search}` : search === '?' ? '' : search;

/** `/a/:id` matches `/a/42`; exact paths win over patterns. */
export function matchRoute(path: string, routes: readonly RouteDef[]): RouteDef | null {
  const exact = routes.find((r) => r.path === path);
  if (exact) return exact;
  return (
    routes.find((r) => {
      if (!r.path.includes(':')) return false;
      const pattern = r.path
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      return new RegExp(`^${pattern}$`).test(path);
    }) ?? null
  );
}

const isExternalUser = (user: GuardUser): boolean => user.shopIds.length > 0 && user.accountId !== INTERNAL_ACCOUNT_ID;

function twoCodeLoginParam(search: string): boolean {
  const params = new URLSearchParams(search);
  if (!params.has(TWO_CODE_LOGIN_PARAM)) return false;
  const value = params.get(TWO_CODE_LOGIN_PARAM)?.toLowerCase() ?? '';
  return value !== '0' && value !== 'false';
}

function flagsOf(input: GuardInput, search: string): NavigationFlags {
  const fromQuery = twoCodeLoginParam(search);
  return {
    externalUser: input.session ? isExternalUser(input.session.user) : false,
    twoCodeLogin: input.twoCodeLoginStored || fromQuery,
    rememberTwoCodeLogin: fromQuery && !input.twoCodeLoginStored,
  };
}

/** True when the user may open no page but the always-allowed ones (own profile). */
function holdsNoOtherPage(ctx: AccessContext, routes: readonly RouteDef[]): boolean {
  const pages = new Set(
    routes
      .filter((r) => r.permission !== 'public' && r.permission !== 'login' && r.path !== PROFILE_PATH)
      .map((r) => r.permission),
  );
  for (const p of ctx.permissions) if (pages.has(p)) return false;
  return !ctx.backMgr;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const routes = input.routes ?? ALL_ROUTES;
  const path = normalizePath(input.path);
  const search = normalizeSearch(input.search);
  const flags = flagsOf(input, search);
  const redirect = (to: string, saveTarget: string | null = null): GuardDecision => ({
    action: 'redirect',
    to,
    saveTarget,
    flags,
  });

  const route = path === '/' ? null : matchRoute(path, routes);
  if (path !== '/' && !route) return redirect(NOT_FOUND_PATH);
  if (route?.permission === 'public') return route.built ? { action: 'pass', route, flags } : redirect(NOT_FOUND_PATH);
  if (!input.token) return redirect(LOGIN_PATH, path === '/' ? null : `${path}${search}`);
  if (!input.session) return { action: 'load', flags };
  if (!route) return redirect(`${HOME_PATH}${search}`);

  const { user, pagePermissions } = input.session;
  const ctx: AccessContext = { permissions: pagePermissions, backMgr: user.backMgr, staff: isStaffAccount(user.accountId) };
  const isBackMgr = route.path === '/backMgr' || route.path.startsWith('/backMgr/');
  if (isBackMgr && !user.backMgr) return redirect(NOT_FOUND_PATH);
  const permitted = isRoutePermitted(route, ctx);
  if (route.path === HOME_PATH && !(route.built && permitted)) return redirect(PROFILE_PATH);
  if (!route.built) return redirect(NOT_FOUND_PATH);
  if (user.userType === USER_TYPE.SHOP && user.shopIds.length === 0 && SHOP_PATTERNS.has(route.permission)) {
    return redirect(SHOP_AUTH_MESSAGE_PATH);
  }
  if (!permitted) return redirect(holdsNoOtherPage(ctx, routes) ? PROFILE_PATH : NOT_FOUND_PATH);
  if (route.redirect) return redirect(`${route.redirect}${search}`);
  return { action: 'pass', route, flags };
}
