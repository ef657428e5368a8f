/**
 * Shapes of the route catalogue (routes.ts). The catalogue is the one list of screens:
 * the web router, the menu, the navigation guard and the seeded permission items are
 * all derived from it.
 */

/** Menu groups, in menu order. Titles live in GROUP_TITLES. */
export const ROUTE_GROUPS = [
  'dashboard',
  'adBoards',
  'inventoryBoards',
  'userCentreBoards',
  'information',
  'okr',
  'process',
  'project',
  'customerService',
  'mail',
  'supplyChain',
  'logisticsSales',
  'orders',
  'appMall',
  'ppc',
  'analysis',
  'appCommunity',
  'userPlatform',
  'coCreation',
  'salesTargets',
  'growth',
  'tools',
  'settings',
  'backMgr',
  'public',
] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

/** Actions a screen can guard with a type-3 (button) permission item. */
export const BUTTON_ACTIONS = ['create', 'edit', 'delete', 'export', 'import', 'approve', 'send'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

export interface Title {
  'zh-CN': string;
  'en-US': string;
}

export interface RouteDef {
  /** Path as the browser shows it; `:id` style params allowed. */
  readonly path: string;
  /**
   * Permission pattern (authPattern) a user needs to open the screen.
   * 'public': no sign-in needed. 'login': any signed-in user (only /user/info and friends).
   */
  readonly permission: string;
  readonly group: RouteGroup;
  readonly title: Title;
  /** true when the web app has a screen for it; unbuilt routes are left out of menu and router. */
  readonly built: boolean;
  /** false for detail/edit/create pages that are reached from another screen, not the menu. */
  readonly menu?: boolean;
  /**
   * The company's own staff only (the growth group: its permission `user:info` is also every
   * external shop account's, for its profile). Such a route is never in an external account's
   * menu or router; its server calls refuse them as well.
   */
  readonly staffOnly?: boolean;
  /** Type-3 button permissions the screen guards, named `${permission}:${action}`. */
  readonly buttons?: readonly ButtonAction[];
  /** A route that only redirects to another path. */
  readonly redirect?: string;
  /**
   * A mirror under the project-tool prefix of another route: the same screen at a second
   * path. Its `built` is its target's (`ALL_ROUTES`), and the web registers its screen from
   * the target's, so a mirror is never built or registered by hand.
   */
  readonly mirrorOf?: string;
}

/** A catalogue line as written: a mirror leaves out `built`, which follows its target. */
export type CatalogueLine = RouteDef | (Omit<RouteDef, 'built' | 'mirrorOf'> & { readonly mirrorOf: string });
