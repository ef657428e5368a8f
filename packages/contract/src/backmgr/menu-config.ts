/**
 * Menu configuration (/backMgr/menuConfig): an overlay on the route catalogue, never a second
 * route list. Per menu group and per menu route of the catalogue it may set an order, hide the
 * entry, and override its title in Chinese and/or English. The menu is still built from the
 * catalogue and the user's permissions (navigation.ts `buildMenu`); the overlay is applied to
 * that result (`applyMenuOverlay`), so it can hide, reorder and rename what a user may see,
 * never add to it. Only catalogue paths and groups are taken (400 otherwise).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { pageSchema, pagingQuery } from '../envelope';
import type { MenuEntry } from '../navigation';
import { ALL_ROUTES } from '../navigation';
import type { RouteDef, RouteGroup } from '../route-types';
import { ROUTE_GROUPS } from '../route-types';
import { fieldCode } from '../validation';

const tags = ['back office'];
const path = 'backmgr/rest/v1/menu-config';

export const MENU_ITEM_KINDS = ['group', 'route'] as const;
export type MenuItemKind = (typeof MENU_ITEM_KINDS)[number];

/** The groups a menu can show (the public routes have no menu). */
export const MENU_GROUPS = ROUTE_GROUPS.filter((g) => g !== 'public') as Exclude<RouteGroup, 'public'>[];

/** A catalogue route that can be a menu entry: not public, not a detail page, a redirect or a mirror. */
export const isMenuRoute = (r: RouteDef) =>
  r.permission !== 'public' && r.group !== 'public' && r.menu !== false && !r.redirect && !r.mirrorOf;

/** The catalogue's own order: groups and each group's routes at 10, 20, 30, … so an override can fall between. */
const GROUP_SORT = new Map<string, number>(MENU_GROUPS.map((g, i) => [g, (i + 1) * 10]));
const ROUTE_SORT = (() => {
  const m = new Map<string, number>();
  const counters = new Map<string, number>();
  for (const r of ALL_ROUTES) {
    if (!isMenuRoute(r)) continue;
    const n = (counters.get(r.group) ?? 0) + 1;
    counters.set(r.group, n);
    m.set(r.path, n * 10);
  }
  return m;
})();

/** The catalogue's order of a group (its menu code) or route (its path); undefined when it is no menu entry. */
export const catalogueSort = (kind: MenuItemKind, key: string): number | undefined =>
  kind === 'group' ? GROUP_SORT.get(key) : ROUTE_SORT.get(key);

export const menuOverlaySchema = z.object({
  kind: z.enum(MENU_ITEM_KINDS),
  /** A group's menu code, or a route's path. */
  key: z.string(),
  /** Null: the catalogue's order. */
  sort: z.number().int().nullable(),
  hidden: z.boolean(),
  /** Null: the catalogue's title. */
  titleZh: z.string().nullable(),
  titleEn: z.string().nullable(),
});
export type MenuOverlay = z.infer<typeof menuOverlaySchema>;

/**
 * The menu a user sees: the catalogue's menu for their permissions (`buildMenu`) with the
 * overlay applied. It only drops, sorts and renames the entries it is given: a path or group
 * the user may not open stays out whatever the overlay says.
 */
export function applyMenuOverlay(menu: readonly MenuEntry[], overlay: readonly MenuOverlay[]): MenuEntry[] {
  if (overlay.length === 0) return [...menu];
  const of = new Map(overlay.map((o) => [`${o.kind}:${o.key}`, o]));
  const apply = (kind: MenuItemKind, e: MenuEntry, key: string) => {
    const o = of.get(`${kind}:${key}`);
    return {
      entry:
        o && (o.titleZh || o.titleEn)
          ? { ...e, title: { 'zh-CN': o.titleZh || e.title['zh-CN'], 'en-US': o.titleEn || e.title['en-US'] } }
          : e,
      hidden: o?.hidden ?? false,
      sort: o?.sort ?? catalogueSort(kind, key) ?? Number.MAX_SAFE_INTEGER,
    };
  };
  const ordered = <T extends { hidden: boolean; sort: number; entry: MenuEntry }>(items: T[]) =>
    items
      .map((x, i) => ({ ...x, i }))
      .filter((x) => !x.hidden)
      .sort((a, b) => a.sort - b.sort || a.i - b.i)
      .map((x) => x.entry);
  return ordered(
    menu.map((g) => {
      const a = apply('group', g, g.menuCode);
      const children = ordered(g.children.map((c) => apply('route', c, c.url ?? c.menuCode)));
      return { ...a, entry: { ...a.entry, children } };
    }),
  ).filter((g) => g.children.length > 0);
}

/** One line of the configuration screen: a group or a route, what the catalogue says and what the overlay changes. */
export const menuConfigItemSchema = z.object({
  kind: z.enum(MENU_ITEM_KINDS),
  key: z.string(),
  group: z.string(),
  catalogueTitleZh: z.string(),
  catalogueTitleEn: z.string(),
  catalogueSort: z.number().int(),
  /** The order the menu uses (the override or the catalogue's). */
  sort: z.number().int(),
  hidden: z.boolean(),
  titleZh: z.string().nullable(),
  titleEn: z.string().nullable(),
  /** Whether the overlay changes anything here. */
  overridden: z.boolean(),
  /** For a route: whether its screen exists yet (an unbuilt route is in nobody's menu). For a group: its routes. */
  built: z.boolean(),
  routes: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MenuConfigItem = z.infer<typeof menuConfigItemSchema>;

export const list = defineEndpoint({
  method: 'GET',
  path,
  access: 'login',
  summary:
    'The menu as configured: without `group`, the groups; with it, that group’s routes; in menu order (back-office user only)',
  tags,
  query: z.object({
    group: z.enum(MENU_GROUPS as [string, ...string[]]).optional(),
    /** Part of a title or a path. */
    keyword: z.string().trim().max(200).optional(),
    pageNum: pagingQuery.pageNum,
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
  }),
  data: pageSchema(menuConfigItemSchema),
});

export const menuOverlayBody = z
  .object({
    kind: z.enum(MENU_ITEM_KINDS),
    key: z.string().trim().min(1).max(300),
    sort: z.number().int().min(0).max(100_000).nullable().default(null),
    hidden: z.boolean().default(false),
    titleZh: z.string().trim().max(60).nullable().default(null),
    titleEn: z.string().trim().max(60).nullable().default(null),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (catalogueSort(v.kind, v.key) === undefined)
      ctx.addIssue({ code: 'custom', path: ['key'], message: fieldCode('backMgr.notInCatalogue') });
  });
export type MenuOverlayBody = z.infer<typeof menuOverlayBody>;

export const save = defineEndpoint({
  method: 'PUT',
  path,
  access: 'login',
  summary:
    'Set the order, visibility and title override of one catalogue group or route (400 for a key outside the catalogue; back-office user only)',
  tags,
  write: true,
  body: menuOverlayBody,
  data: menuConfigItemSchema,
});

export const reset = defineEndpoint({
  method: 'DELETE',
  path,
  access: 'login',
  summary: 'Put one group or route back to the catalogue’s order, visibility and title (back-office user only)',
  tags,
  write: true,
  query: z.object({ kind: z.enum(MENU_ITEM_KINDS), key: z.string().trim().min(1).max(300) }),
  data: z.null(),
});

/** Every signed-in user's menu reads it (the side menu applies it to what their permissions give). */
export const overlay = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/menu-overlay',
  access: 'login',
  summary: 'The menu overlay (order, hidden entries, titles) every user’s menu applies to the catalogue’s menu for them',
  tags: ['session'],
  data: z.array(menuOverlaySchema),
});
