/**
 * Which routes a user may open, and the menu built from them. Shared by the server (the
 * menu endpoint) and the web app (router and guard), so both agree by construction.
 */

import { INTERNAL_ACCOUNT_ID } from './constants';
import type { RouteDef, RouteGroup, Title } from './route-types';
import { ROUTE_GROUPS } from './route-types';
import { GROUP_TITLES, ROUTES } from './routes';

export interface AccessContext {
  /** Permission patterns the user holds. */
  permissions: ReadonlySet<string>;
  /** The configured back-office manager (and not under god view). */
  backMgr: boolean;
  /** A user of the company's own account (not an external shop account); unset counts as not staff. */
  staff?: boolean;
}

/** Whether a user of this account is the company's staff (the `staffOnly` routes). */
export const isStaffAccount = (accountId: number | undefined) => accountId === INTERNAL_ACCOUNT_ID;

/** The catalogue with each mirror's `built` taken from its target: a mirror is built exactly when its target is. */
export const ALL_ROUTES: readonly RouteDef[] = ROUTES.map((r): RouteDef => {
  if (!('mirrorOf' in r)) return r;
  const target = ROUTES.find((t) => t.path === r.mirrorOf && !('mirrorOf' in t));
  return { ...r, built: target !== undefined && 'built' in target && target.built };
});

export function isRoutePermitted(route: RouteDef, ctx: AccessContext): boolean {
  if (route.permission === 'public') return true;
  if (route.staffOnly && ctx.staff !== true) return false;
  if (route.path === '/backMgr' || route.path.startsWith('/backMgr/')) return ctx.backMgr;
  if (route.permission === 'login' || route.path === '/user/info') return true;
  return ctx.permissions.has(route.permission);
}

/** Built, permitted screens the user can navigate to (redirect entries included). */
export function permittedRoutes(ctx: AccessContext): RouteDef[] {
  return ALL_ROUTES.filter((r) => r.built && r.permission !== 'public' && isRoutePermitted(r, ctx));
}

export interface MenuEntry {
  menuCode: string;
  title: Title;
  url: string | null;
  children: MenuEntry[];
}

/** Menu code of a group; the advertising group answers to 'ppc' (spec §6). */
export const menuCodeOfGroup = (g: RouteGroup) => g;

export function buildMenu(ctx: AccessContext): MenuEntry[] {
  const byGroup = new Map<RouteGroup, MenuEntry[]>();
  for (const r of permittedRoutes(ctx)) {
    if (r.menu === false || r.redirect || r.mirrorOf) continue;
    const list = byGroup.get(r.group) ?? [];
    list.push({ menuCode: r.path, title: r.title, url: r.path, children: [] });
    byGroup.set(r.group, list);
  }
  const out: MenuEntry[] = [];
  for (const g of ROUTE_GROUPS) {
    const children = byGroup.get(g);
    if (!children?.length) continue;
    out.push({ menuCode: menuCodeOfGroup(g), title: GROUP_TITLES[g], url: null, children });
  }
  return out;
}

/** Changes whenever the catalogue changes, so a client can cache the menu by it. */
export const MENU_VERSION = (() => {
  let h = 2166136261;
  for (const r of ALL_ROUTES) {
    const s = `${r.path}|${r.permission}|${r.built}|${r.group}|${r.menu ?? ''}`;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  }
  return (h >>> 0).toString(36);
})();
