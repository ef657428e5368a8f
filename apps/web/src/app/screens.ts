/**
 * The screens registry: catalogue path → lazily loaded page, gathered from each
 * module's `*.screens.ts`. Only routes the catalogue marks `built: true` may appear, and
 * every built route must (screens.test.ts), so catalogue and app never drift apart.
 */
import { ALL_ROUTES, type RouteDef } from '@bo/contract';
import { auditScreens } from '../modules/access/audit/audit.screens';
import { mailSettingsScreens } from '../modules/access/mail-settings/mail-settings.screens';
import { profileScreens } from '../modules/access/profile/profile.screens';
import { rolesScreens } from '../modules/access/roles/roles.screens';
import { sessionScreens } from '../modules/access/session/session.screens';
import { usersScreens } from '../modules/access/users/users.screens';
import { catalogScreens } from '../modules/catalog/catalog.screens';
import { costsScreens } from '../modules/costs/costs.screens';
import { importsScreens } from '../modules/imports/imports.screens';
import { listingsScreens } from '../modules/listings/listings.screens';
import { automationScreens } from '../modules/mail/automation/automation.screens';
import { csTreesScreens } from '../modules/mail/cs-trees/cs-trees.screens';
import { blacklistScreens } from '../modules/mail/blacklist/blacklist.screens';
import { keywordsScreens } from '../modules/mail/keywords/keywords.screens';
import { mailScreens } from '../modules/mail/mail.screens';
import { mailTemplatesScreens } from '../modules/mail/templates/mail-templates.screens';
import { ppcScreens } from '../modules/ppc/ppc.screens';
import { salesScreens } from '../modules/sales/sales.screens';
import { shopAuthScreens } from '../modules/shops/shop-auth/shop-auth.screens';
import { shopsAuthScreens } from '../modules/shops/shops-auth/shops-auth.screens';
import { notFoundScreens } from '../modules/system/not-found/not-found.screens';
import type { ScreenDef } from '../shared/screens';

export interface RegisteredScreen extends ScreenDef {
  readonly route: RouteDef;
}

export function buildRegistry(
  lists: readonly (readonly ScreenDef[])[],
  routes: readonly RouteDef[] = ALL_ROUTES,
): ReadonlyMap<string, RegisteredScreen> {
  const registry = new Map<string, RegisteredScreen>();
  for (const screen of lists.flat()) {
    const route = routes.find((r) => r.path === screen.path);
    if (!route) throw new Error(`screen ${screen.path} is not in the route catalogue`);
    if (!route.built) throw new Error(`screen ${screen.path} is registered but the catalogue marks it built: false`);
    if (registry.has(screen.path)) throw new Error(`screen ${screen.path} is registered twice`);
    registry.set(screen.path, { ...screen, route });
  }
  return registry;
}

export const SCREENS = buildRegistry([
  sessionScreens,
  profileScreens,
  mailSettingsScreens,
  rolesScreens,
  usersScreens,
  auditScreens,
  shopAuthScreens,
  shopsAuthScreens,
  salesScreens,
  importsScreens,
  catalogScreens,
  costsScreens,
  listingsScreens,
  mailTemplatesScreens,
  csTreesScreens,
  keywordsScreens,
  blacklistScreens,
  automationScreens,
  mailScreens,
  ppcScreens,
  notFoundScreens,
]);
