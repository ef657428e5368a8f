/**
 * The screens registry: catalogue path → lazily loaded page, gathered from every
 * `*.screens.ts` under modules/ (found by Vite's import.meta.glob, so a new module's
 * screens file is all it takes). Only
 * routes the catalogue marks `built: true` may appear, and every built route must
 * (screens.test.ts), so catalogue and app never drift apart. A mirror of the catalogue
 * (`mirrorOf`) is registered here from its target, never in a screens file.
 */
import { ALL_ROUTES, type RouteDef } from '@bo/contract';
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
    if (route.mirrorOf) throw new Error(`screen ${screen.path} mirrors ${route.mirrorOf}: it is registered from the catalogue`);
    if (!route.built) throw new Error(`screen ${screen.path} is registered but the catalogue marks it built: false`);
    if (registry.has(screen.path)) throw new Error(`screen ${screen.path} is registered twice`);
    registry.set(screen.path, { ...screen, route });
  }
  // A mirror (the project tool's prefix) opens its target's screen under its own path and route.
  for (const route of routes) {
    const target = route.mirrorOf ? registry.get(route.mirrorOf) : undefined;
    if (target) registry.set(route.path, { ...target, path: route.path as ScreenDef['path'], route });
  }
  return registry;
}

/** The screen lists a set of `*.screens.ts` modules export (each exports its list; nothing else is an array). */
export function screenLists(modules: Readonly<Record<string, Readonly<Record<string, unknown>>>>): (readonly ScreenDef[])[] {
  return Object.entries(modules).map(([file, exports]) => {
    const lists = Object.values(exports).filter((v): v is readonly ScreenDef[] => Array.isArray(v));
    if (lists.length !== 1) throw new Error(`${file} must export one list of screens (it exports ${lists.length})`);
    return lists[0] as readonly ScreenDef[];
  });
}

// Eager: a screens file holds only paths and dynamic imports, so the pages stay in their own chunks.
export const SCREENS = buildRegistry(
  screenLists(import.meta.glob<Readonly<Record<string, unknown>>>('../modules/**/*.screens.ts', { eager: true })),
);
