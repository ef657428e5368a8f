import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_ROUTES, type RouteDef } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { buildRegistry, SCREENS, screenLists } from './screens';

const load = () => Promise.resolve({ default: () => null });

/** Every `*.screens.ts` under modules/ (the app's first chunk reads them all). */
function screensFiles(dir = path.join(__dirname, '..', 'modules')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? screensFiles(path.join(dir, e.name)) : e.name.endsWith('.screens.ts') ? [path.join(dir, e.name)] : [],
  );
}

describe('screens registry', () => {
  it('keeps the screens files light: their values come only from the screens helper, path tables and prefetches', () => {
    // A value imported here lands in the app's first chunk with everything its module imports
    // (a contract module of schemas weighs tens of kB): types, lazy screens and these only.
    const allowed = [/shared\/screens$/, /contract\/projects\/project-screens$/, /\.prefetch$/];
    const heavy = screensFiles().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*? from '([^']+)';/gm)]
        .map((m) => m[1] ?? '')
        .filter((from) => !allowed.some((a) => a.test(from)))
        .map((from) => `${path.basename(file)}: ${from}`),
    );
    expect(heavy).toEqual([]);
  });

  it('registers exactly the routes the catalogue marks built', () => {
    const built = ALL_ROUTES.filter((r) => r.built).map((r) => r.path);
    expect([...SCREENS.keys()].sort()).toEqual([...built].sort());
  });

  it('refuses a screen for an unbuilt route', () => {
    const unbuilt = ALL_ROUTES.find((r) => !r.built) as RouteDef;
    expect(() => buildRegistry([[{ path: unbuilt.path as '/login', load }]])).toThrow(/built: false/);
  });

  it('refuses a screen registered twice', () => {
    expect(() => buildRegistry([[{ path: '/login', load }], [{ path: '/login', load }]])).toThrow(/twice/);
  });

  it('refuses a path the catalogue does not know', () => {
    expect(() => buildRegistry([[{ path: '/nowhere' as '/login', load }]])).toThrow(/not in the route catalogue/);
  });

  it("registers a mirror from its target's screen, and refuses a screens file that names one", () => {
    const target: RouteDef = {
      path: '/platform',
      permission: 'p',
      group: 'project',
      title: { 'zh-CN': 'x', 'en-US': 'x' },
      built: true,
    };
    const mirror: RouteDef = { ...target, path: '/teambition/platform', mirrorOf: '/platform', menu: false };
    const other: RouteDef = { ...target, path: '/teambition/viewPlatform', mirrorOf: '/viewPlatform', built: false };
    const registry = buildRegistry([[{ path: '/platform' as '/login', load }]], [target, mirror, other]);
    expect(registry.get('/teambition/platform')).toMatchObject({ path: '/teambition/platform', load, route: mirror });
    expect(registry.has('/teambition/viewPlatform')).toBe(false);
    expect(() => buildRegistry([[{ path: '/teambition/platform' as '/login', load }]], [target, mirror])).toThrow(
      /registered from the catalogue/,
    );
  });

  it('takes the one list each screens file exports, and refuses a file with none or two', () => {
    const a = [{ path: '/login' as const, load }];
    expect(screenLists({ './a.screens.ts': { aScreens: a } })).toEqual([a]);
    expect(() => screenLists({ './b.screens.ts': { helper: 1 } })).toThrow(/b\.screens\.ts must export one list/);
    expect(() => screenLists({ './c.screens.ts': { one: a, two: a } })).toThrow(/exports 2/);
  });
});
