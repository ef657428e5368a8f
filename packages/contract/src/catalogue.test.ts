import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, buildMenu, isRoutePermitted, permittedRoutes } from './navigation';
import { CAPABILITIES, PERMISSION_CATALOGUE } from './permissions';
import type { RouteDef } from './route-types';
import { ROUTES, SHOP_REQUIRED_PATTERNS } from './routes';

const all: readonly RouteDef[] = ALL_ROUTES;

describe('the route catalogue', () => {
  it('has every path once', () => {
    const paths = all.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.length).toBeGreaterThan(300);
  });

  it('names the public routes of spec §2.1', () => {
    const pub = all
      .filter((r) => r.permission === 'public')
      .map((r) => r.path)
      .sort();
    expect(pub).toEqual(
      ['/404', '/chatTask', '/godView', '/login', '/register', '/teambition/dataView', '/teambition/project'].sort(),
    );
  });

  it('points every redirect at a route that exists', () => {
    const paths = new Set(all.map((r) => r.path));
    for (const r of all.filter((x) => x.redirect)) expect(paths.has(r.redirect as string)).toBe(true);
  });

  it("takes a mirror's built from its target, and no mirror says built itself", () => {
    const mirrors = all.filter((r) => r.mirrorOf);
    expect(mirrors.length).toBeGreaterThan(0);
    for (const m of mirrors) {
      expect(m.built).toBe(all.find((t) => t.path === m.mirrorOf)?.built);
      expect('built' in (ROUTES.find((r) => r.path === m.path) ?? {})).toBe(false);
    }
  });

  it('mirrors every project-group route under the project-tool prefix', () => {
    const project = all.filter((r) => r.group === 'project' && !r.mirrorOf);
    for (const r of project) {
      expect(all.some((m) => m.mirrorOf === r.path && m.permission === r.permission)).toBe(true);
    }
    expect(project.every((r) => r.permission === 'digitize:projectborard')).toBe(true);
  });

  it('lists 22 distinct shop-required patterns, each used by a route', () => {
    expect(new Set(SHOP_REQUIRED_PATTERNS).size).toBe(22);
    for (const p of SHOP_REQUIRED_PATTERNS) expect(all.some((r) => r.permission === p)).toBe(true);
  });

  it('uses the permission patterns the spec names', () => {
    const byPath = new Map(all.map((r) => [r.path, r.permission]));
    expect(byPath.get('/dashboard/index')).toBe('sales:dashboard');
    expect(byPath.get('/user/info')).toBe('user:info');
    expect(byPath.get('/study')).toBe('digitize:grow:study');
    expect(byPath.get('/role/perms')).toBe('user:role:perms');
    expect(byPath.get('/user/child')).toBe('user:child');
    expect(byPath.get('/shop/auth')).toBe('user:shop:auth');
    expect(byPath.get('/mail/csBoard')).toBe('email:csBoard');
  });
});

describe('the permission catalogue', () => {
  it('has one type-2 item per route pattern and type-3 items named after their page', () => {
    const pages = new Set(all.filter((r) => r.permission !== 'public' && r.permission !== 'login').map((r) => r.permission));
    const type2 = PERMISSION_CATALOGUE.filter((p) => p.type === 2).map((p) => p.authPattern);
    expect(new Set(type2)).toEqual(pages);
    for (const b of PERMISSION_CATALOGUE.filter((p) => p.type === 3 && !(p.authPattern in CAPABILITIES))) {
      expect(b.parent).toBeDefined();
      expect(pages.has(b.parent as string)).toBe(true);
      expect(b.authPattern.startsWith(`${b.parent}:`)).toBe(true);
    }
  });

  it('has unique patterns', () => {
    const patterns = PERMISSION_CATALOGUE.map((p) => p.authPattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe('navigation', () => {
  const ctx = (perms: string[], backMgr = false, staff = true) => ({ permissions: new Set(perms), backMgr, staff });

  it('always permits the own-info page and nothing unbuilt', () => {
    const routes = permittedRoutes(ctx([]));
    expect(routes.map((r) => r.path)).toContain('/user/info');
    expect(routes.every((r) => r.built)).toBe(true);
  });

  it('keeps /backMgr for the back-office manager only', () => {
    const bm = all.find((r) => r.path === '/backMgr/docList') as RouteDef;
    expect(isRoutePermitted(bm, ctx(['backMgr:manage']))).toBe(false);
    expect(isRoutePermitted(bm, ctx(['backMgr:manage'], true))).toBe(true);
  });

  it('keeps the staff-only routes (the growth group) from an external shop account that holds their permission', () => {
    const growth = all.filter((r) => r.staffOnly);
    expect(growth.map((r) => r.path)).toContain('/performance/index');
    for (const r of growth) {
      expect(isRoutePermitted(r, ctx([r.permission], false, false)), r.path).toBe(false);
      expect(isRoutePermitted(r, { permissions: new Set([r.permission]), backMgr: false }), r.path).toBe(false);
      expect(isRoutePermitted(r, ctx([r.permission])), r.path).toBe(true);
    }
    const external = buildMenu(ctx(['user:info'], false, false)).flatMap((g) => g.children.map((c) => c.url));
    expect(external.filter((u) => growth.some((r) => r.path === u))).toEqual([]);
  });

  it('builds a menu of groups holding only permitted, built, menu routes', () => {
    const menu = buildMenu(
      ctx(
        PERMISSION_CATALOGUE.map((p) => p.authPattern),
        true,
      ),
    );
    const urls = menu.flatMap((g) => g.children.map((c) => c.url));
    const built = all.filter((r) => r.built && r.menu !== false && r.permission !== 'public' && !r.redirect && !r.mirrorOf);
    expect(new Set(urls)).toEqual(new Set(built.map((r) => r.path)));
    for (const g of menu) expect(g.children.length).toBeGreaterThan(0);
  });
});
