import { ALL_ROUTES, type RouteDef } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { buildRegistry, SCREENS, screenLists } from './screens';

const load = () => Promise.resolve({ default: () => null });

describe('screens registry', () => {
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
