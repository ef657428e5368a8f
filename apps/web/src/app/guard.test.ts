import { ALL_ROUTES, type RouteDef } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardInput, type GuardSession, type GuardUser, matchRoute } from './guard';

const title = { 'zh-CN': 't', 'en-US': 't' };
/** A small catalogue with built screens of every kind the rules care about. */
const ROUTES: readonly RouteDef[] = [
  { path: '/login', permission: 'public', group: 'public', title, built: true, menu: false },
  { path: '/register', permission: 'public', group: 'public', title, built: true, menu: false },
  { path: '/godView', permission: 'public', group: 'public', title, built: true, menu: false },
  { path: '/chatTask', permission: 'public', group: 'public', title, built: false, menu: false },
  { path: '/404', permission: 'public', group: 'public', title, built: true, menu: false },
  { path: '/user/info', permission: 'user:info', group: 'settings', title, built: true },
  { path: '/shop/auth/message', permission: 'user:shop:auth', group: 'settings', title, built: true, menu: false },
  { path: '/dashboard/index', permission: 'sales:dashboard', group: 'dashboard', title, built: true },
  { path: '/salesProfit', permission: 'sales:profit', group: 'dashboard', title, built: true },
  { path: '/ppc/rules', permission: 'ppc:rules', group: 'ppc', title, built: true },
  { path: '/ppc/rules/:id', permission: 'ppc:rules', group: 'ppc', title, built: true, menu: false },
  { path: '/okr', permission: 'okr:view', group: 'okr', title, built: false },
  {
    path: '/performance',
    permission: 'user:info',
    group: 'growth',
    title,
    built: true,
    menu: false,
    redirect: '/performance/index',
  },
  { path: '/performance/index', permission: 'user:info', group: 'growth', title, built: true },
  {
    path: '/backMgr',
    permission: 'backMgr:manage',
    group: 'backMgr',
    title,
    built: true,
    menu: false,
    redirect: '/backMgr/docList',
  },
  { path: '/backMgr/docList', permission: 'backMgr:manage', group: 'backMgr', title, built: true },
];

const staff: GuardUser = { accountId: 1, userType: 1, shopIds: [], backMgr: false };
const session = (pages: string[], user: Partial<GuardUser> = {}): GuardSession => ({
  pagePermissions: new Set(pages),
  user: { ...staff, ...user },
});
const decide = (over: Partial<GuardInput>) =>
  decideNavigation({ path: '/', search: '', token: 'tok', session: null, twoCodeLoginStored: false, routes: ROUTES, ...over });
const target = (over: Partial<GuardInput>) => {
  const d = decide(over);
  return d.action === 'redirect' ? d.to : d.action;
};

describe('public routes', () => {
  it.each(['/login', '/register', '/godView', '/404'])('%s passes without a token', (path) => {
    expect(decide({ path, token: null }).action).toBe('pass');
  });
  it('/login passes through with a token, before any session is loaded', () => {
    expect(decide({ path: '/login', token: 'tok', session: null }).action).toBe('pass');
  });
  it('a public route without a screen goes to /404', () => {
    expect(target({ path: '/chatTask', token: null })).toBe('/404');
  });
  it('in the real catalogue, every listed public route is public', () => {
    for (const path of ['/login', '/register', '/godView', '/chatTask', '/teambition/project', '/teambition/dataView', '/404']) {
      expect(ALL_ROUTES.find((r) => r.path === path)?.permission).toBe('public');
    }
  });
});

describe('without a token', () => {
  it('goes to /login and saves the target with its query', () => {
    const d = decide({ path: '/salesProfit', search: '?shop=3&market=0&market=1', token: null });
    expect(d).toMatchObject({ action: 'redirect', to: '/login', saveTarget: '/salesProfit?shop=3&market=0&market=1' });
  });
  it('accepts a search without its leading "?"', () => {
    expect(decide({ path: '/ppc/rules/7', search: 'tab=log', token: null })).toMatchObject({
      saveTarget: '/ppc/rules/7?tab=log',
    });
  });
  it('does not save "/" as a target', () => {
    expect(decide({ path: '/', token: null })).toMatchObject({ to: '/login', saveTarget: null });
  });
  it('an unknown path goes to /404, not to /login', () => {
    expect(target({ path: '/nope', token: null })).toBe('/404');
  });
});

describe('first navigation with a token', () => {
  it('asks for the session to be loaded while the permission list is empty', () => {
    expect(decide({ path: '/salesProfit', session: null }).action).toBe('load');
  });
  it('decides once the session is known', () => {
    expect(decide({ path: '/salesProfit', session: session(['sales:profit']) }).action).toBe('pass');
  });
});

describe('routing rules with a session', () => {
  it('an unknown path goes to /404', () => {
    expect(target({ path: '/does/not/exist', session: session(['sales:profit']) })).toBe('/404');
  });
  it('"/" goes to the dashboard, keeping the query', () => {
    expect(target({ path: '/', search: '?a=1', session: session(['sales:dashboard']) })).toBe('/dashboard/index?a=1');
  });
  it('the dashboard opens when permitted', () => {
    expect(decide({ path: '/dashboard/index', session: session(['sales:dashboard']) }).action).toBe('pass');
  });
  it('the dashboard goes to /user/info when not permitted', () => {
    expect(target({ path: '/dashboard/index', session: session(['sales:profit']) })).toBe('/user/info');
  });
  it('the real catalogue opens the built dashboard, and sends an unbuilt route to /404', () => {
    const at = (path: string) =>
      decideNavigation({
        path,
        search: '',
        token: 't',
        session: session(['sales:dashboard', 'scm:pmc']),
        twoCodeLoginStored: false,
      });
    expect(at('/dashboard/index')).toMatchObject({ action: 'pass' });
    expect(at('/pmc')).toMatchObject({ action: 'redirect', to: '/404' });
  });
  it('/backMgr/** is refused to everyone but the back-office manager', () => {
    expect(target({ path: '/backMgr/docList', session: session(['backMgr:manage']) })).toBe('/404');
    expect(decide({ path: '/backMgr/docList', session: session([], { backMgr: true }) }).action).toBe('pass');
  });
  it('a redirect entry goes to its target with the query', () => {
    expect(target({ path: '/backMgr', search: '?x=1', session: session([], { backMgr: true }) })).toBe('/backMgr/docList?x=1');
    expect(target({ path: '/performance', session: session(['user:info']) })).toBe('/performance/index');
  });
  it('an unbuilt route goes to /404 even when permitted', () => {
    expect(target({ path: '/okr', session: session(['okr:view', 'sales:profit']) })).toBe('/404');
  });
  it('a route that is not permitted goes to /404 when other pages are granted', () => {
    expect(target({ path: '/ppc/rules', session: session(['sales:profit']) })).toBe('/404');
  });
  it('a route that is not permitted goes to /user/info when no other page is granted', () => {
    expect(target({ path: '/ppc/rules', session: session([]) })).toBe('/user/info');
  });
  it('the own-info page is always allowed', () => {
    expect(decide({ path: '/user/info', session: session([]) }).action).toBe('pass');
  });
  it('matches routes with params', () => {
    expect(decide({ path: '/ppc/rules/42', session: session(['ppc:rules']) }).action).toBe('pass');
    expect(matchRoute('/ppc/rules/42/x', ROUTES)).toBeNull();
  });
  it('ignores a trailing slash', () => {
    expect(decide({ path: '/salesProfit/', session: session(['sales:profit']) }).action).toBe('pass');
  });
});

describe('shop accounts', () => {
  const shopUser = { userType: 0, accountId: 7 };
  it('a type-0 user without shops is sent to the shop authorisation message on a shop-only pattern', () => {
    expect(target({ path: '/salesProfit', session: session(['sales:profit'], { ...shopUser, shopIds: [] }) })).toBe(
      '/shop/auth/message',
    );
  });
  it('a type-0 user with shops opens the screen', () => {
    expect(decide({ path: '/salesProfit', session: session(['sales:profit'], { ...shopUser, shopIds: [3] }) }).action).toBe(
      'pass',
    );
  });
  it('a type-0 user without shops still opens screens outside the shop-only patterns', () => {
    expect(decide({ path: '/ppc/rules', session: session(['ppc:rules'], { ...shopUser, shopIds: [] }) }).action).toBe('pass');
  });
  it('staff (type 1) without shops are not sent there', () => {
    expect(decide({ path: '/salesProfit', session: session(['sales:profit']) }).action).toBe('pass');
  });
});

describe('flags', () => {
  it('marks users with shops outside the internal account as external', () => {
    expect(decide({ path: '/user/info', session: session([], { accountId: 7, shopIds: [1] }) }).flags.externalUser).toBe(true);
    expect(decide({ path: '/user/info', session: session([], { accountId: 1, shopIds: [1] }) }).flags.externalUser).toBe(false);
    expect(decide({ path: '/user/info', session: session([], { accountId: 7, shopIds: [] }) }).flags.externalUser).toBe(false);
  });
  it('sets the two-code-login flag once from the query', () => {
    const first = decide({ path: '/login', search: '?twoCodeLogin=1', token: null });
    expect(first.flags).toMatchObject({ twoCodeLogin: true, rememberTwoCodeLogin: true });
    const later = decide({ path: '/user/info', twoCodeLoginStored: true, session: session([]) });
    expect(later.flags).toMatchObject({ twoCodeLogin: true, rememberTwoCodeLogin: false });
  });
  it('does not set the two-code-login flag for twoCodeLogin=0', () => {
    expect(decide({ path: '/login', search: '?twoCodeLogin=0', token: null }).flags.twoCodeLogin).toBe(false);
  });
});
