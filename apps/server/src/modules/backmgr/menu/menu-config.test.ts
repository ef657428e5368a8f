/**
 * The menu overlay: only catalogue groups and menu routes are taken; it reorders, hides and
 * renames; every user's menu applies it to what their permissions give, so it never grants;
 * "reset" puts the catalogue back; only the back-office user writes it.
 */
import { buildMenu, type MenuEntry } from '@bo/contract';
import { applyMenuOverlay, type MenuOverlay } from '@bo/contract/backmgr/menu-config';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const API = '/api/backmgr/rest/v1/menu-config';
const OVERLAY = '/api/user/rest/v1/menu-overlay';
const t = testAppPerFile({ admin: true, signIn: { manager: 'sales.manager' } });

const put = (body: Record<string, unknown>, token = t.admin) => t.call('PUT', API, { token, body });
const overlay = async (token: string) => {
  const res = await t.call('GET', OVERLAY, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MenuOverlay[];
};
const paths = (menu: MenuEntry[]) => menu.flatMap((g) => g.children.map((c) => c.url));

describe('menu configuration', () => {
  it('is written by the back-office user alone', async () => {
    expect((await put({ kind: 'route', key: '/backMgr/fbacode', hidden: true }, t.as.manager)).statusCode).toBe(403);
    expect((await t.call('GET', API, { token: t.as.manager })).statusCode).toBe(403);
    expect((await t.call('DELETE', API, { token: t.as.manager, query: { kind: 'group', key: 'mail' } })).statusCode).toBe(403);
  });

  it('refuses a path or group outside the catalogue, and routes that are no menu entries', async () => {
    for (const body of [
      { kind: 'route', key: '/nowhere' },
      { kind: 'route', key: '/backMgr/editDoc' },
      { kind: 'route', key: '/login' },
      { kind: 'route', key: '/backMgr' },
      { kind: 'group', key: 'nope' },
      { kind: 'group', key: 'public' },
      { kind: 'group', key: '/backMgr/notice' },
    ]) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.fields[0]).toMatchObject({ path: 'key', code: 'backMgr.notInCatalogue' });
    }
    const [{ n }] = (await t.database.pool.query('SELECT count(*)::int AS n FROM menu_overlay')).rows;
    expect(n).toBe(0);
  });

  it('reorders, hides and renames; the list shows the effect; reset puts the catalogue back', async () => {
    const first = await t.call('GET', API, { token: t.admin, query: { group: 'backMgr' } });
    expect(first.statusCode, first.body).toBe(200);
    const keys = (first.json().data.list as { key: string }[]).map((i) => i.key);
    expect(keys.slice(0, 2)).toEqual(['/backMgr/docList', '/backMgr/menuConfig']);

    const moved = await put({ kind: 'route', key: '/backMgr/fbacode', sort: 1, titleZh: 'FBA 仓库编码', titleEn: 'FBA centres' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ sort: 1, overridden: true, titleEn: 'FBA centres', catalogueTitleEn: 'FBA codes' });
    expect((await put({ kind: 'route', key: '/backMgr/backendAdmin', hidden: true })).statusCode).toBe(200);
    expect((await put({ kind: 'group', key: 'backMgr', sort: 1 })).statusCode).toBe(200);

    const listed = (await t.call('GET', API, { token: t.admin, query: { group: 'backMgr' } })).json().data.list as {
      key: string;
      hidden: boolean;
    }[];
    expect(listed[0]?.key).toBe('/backMgr/fbacode');
    expect(listed.find((i) => i.key === '/backMgr/backendAdmin')?.hidden).toBe(true);
    const groups = (await t.call('GET', API, { token: t.admin })).json().data.list as { key: string }[];
    expect(groups[0]?.key).toBe('backMgr');

    // The back-office user's menu, as the web builds it: the overlay applied.
    const menu = applyMenuOverlay(buildMenu({ permissions: new Set(), backMgr: true }), await overlay(t.admin));
    expect(menu[0]?.menuCode).toBe('backMgr');
    expect(menu[0]?.children[0]).toMatchObject({
      url: '/backMgr/fbacode',
      title: { 'zh-CN': 'FBA 仓库编码', 'en-US': 'FBA centres' },
    });
    expect(paths(menu)).not.toContain('/backMgr/backendAdmin');

    expect(
      (await t.call('DELETE', API, { token: t.admin, query: { kind: 'route', key: '/backMgr/backendAdmin' } })).statusCode,
    ).toBe(200);
    const back = applyMenuOverlay(buildMenu({ permissions: new Set(), backMgr: true }), await overlay(t.admin));
    expect(paths(back)).toContain('/backMgr/backendAdmin');
    // Resetting what is not overridden is fine (nothing to do).
    expect(
      (await t.call('DELETE', API, { token: t.admin, query: { kind: 'route', key: '/backMgr/backendAdmin' } })).statusCode,
    ).toBe(200);
    const audits = (
      await t.database.pool.query(`SELECT action FROM audit_log WHERE entity = 'menu_overlay' ORDER BY id`)
    ).rows.map((r) => r.action);
    expect(audits).toEqual(['backMgr.menuSave', 'backMgr.menuSave', 'backMgr.menuSave', 'backMgr.menuReset']);
  });

  it('never grants: an entry the user may not open stays out of their menu whatever the overlay says', async () => {
    expect((await put({ kind: 'route', key: '/backMgr/notice', sort: 0, hidden: false, titleEn: 'Notices' })).statusCode).toBe(
      200,
    );
    expect((await put({ kind: 'group', key: 'backMgr', sort: 0, hidden: false })).statusCode).toBe(200);
    // Every signed-in user reads the overlay ...
    const seen = await overlay(t.as.manager);
    expect(seen.some((o) => o.key === '/backMgr/notice')).toBe(true);
    // ... and applies it to the menu their permissions give: the back office is not in it.
    const perms = (await t.call('GET', '/api/user/rest/v2/users/permissions', { token: t.as.manager })).json().data as {
      authPattern: string;
      type: number;
    }[];
    const pages = new Set(perms.filter((p) => p.type === 2).map((p) => p.authPattern));
    const menu = applyMenuOverlay(buildMenu({ permissions: pages, backMgr: false }), seen);
    expect(menu.some((g) => g.menuCode === 'backMgr')).toBe(false);
    expect(paths(menu).some((p) => p?.startsWith('/backMgr'))).toBe(false);
    // Hiding a whole group hides it; its routes are not shown elsewhere.
    const someGroup = menu[0]?.menuCode as string;
    expect((await put({ kind: 'group', key: someGroup, hidden: true })).statusCode).toBe(200);
    const hidden = applyMenuOverlay(buildMenu({ permissions: pages, backMgr: false }), await overlay(t.as.manager));
    expect(hidden.some((g) => g.menuCode === someGroup)).toBe(false);
    expect(hidden.length).toBe(menu.length - 1);
  });
});
