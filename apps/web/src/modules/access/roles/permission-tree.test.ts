import type { PermissionTreeNode } from '@bo/contract/access/roles';
import { describe, expect, it } from 'vitest';
import { alsoOpens, builtOnly, checkState, filterTree, indexTree, toggle } from './permission-tree';

const node = (
  key: string,
  id: number | null,
  type: number | null,
  children: PermissionTreeNode[] = [],
  extra: Partial<PermissionTreeNode> = {},
): PermissionTreeNode => ({
  key,
  id,
  authPattern: id === null ? null : key,
  type,
  title: { 'zh-CN': `${key}-zh`, 'en-US': `${key} en` },
  screens: [],
  built: true,
  children,
  ...extra,
});

const tree = [
  node('group:settings', null, null, [
    node('user:role:perms', 1, 2, [node('user:role:perms:create', 2, 3), node('user:role:perms:delete', 3, 3)]),
    node('user:child', 4, 2, [node('user:child:create', 5, 3)]),
    node('user:godView', 6, 3),
  ]),
];
const index = indexTree(tree);
const find = (key: string) => index.byKey.get(key) as PermissionTreeNode;
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('permission tree', () => {
  it('checks the page when a button is checked', () => {
    expect(sorted(toggle(new Set(), find('user:role:perms:delete'), true, index))).toEqual([1, 3]);
  });

  it('checks a page alone: its buttons are chosen one by one', () => {
    expect(sorted(toggle(new Set(), find('user:role:perms'), true, index))).toEqual([1]);
  });

  it('checks a whole group, and unchecks a page with its buttons', () => {
    const all = toggle(new Set(), find('group:settings'), true, index);
    expect(sorted(all)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sorted(toggle(all, find('user:role:perms'), false, index))).toEqual([4, 5, 6]);
  });

  it('checks only what a search shows, but unchecks the hidden buttons of a page too', () => {
    const shown = filterTree(tree, 'delete');
    const group = shown[0] as PermissionTreeNode;
    expect(sorted(toggle(new Set(), group, true, index))).toEqual([1, 3]);
    const page = group.children[0] as PermissionTreeNode;
    expect(sorted(toggle(new Set([1, 2, 3]), page, false, index))).toEqual([]);
  });

  it('filters by either language or by pattern, keeping ancestors', () => {
    expect(filterTree(tree, 'user:child:create-ZH')).toHaveLength(1);
    const kept = filterTree(tree, 'godview');
    expect(kept[0]?.children.map((c) => c.key)).toEqual(['user:godView']);
    expect(filterTree(tree, 'nothing like it')).toEqual([]);
  });

  it('shows a group checked only when everything beneath is checked', () => {
    expect(checkState(index, new Set([1, 2, 3, 4, 5, 6])).checked).toContain('group:settings');
    const some = checkState(index, new Set([2]));
    expect(some.checked).toEqual(['user:role:perms:create']);
    expect(some.halfChecked.sort()).toEqual(['group:settings', 'user:role:perms']);
  });

  it('hides what opens no built screen, and names the other screens a page opens', () => {
    const screen = (path: string, en: string, built = true) => ({ path, title: { 'zh-CN': `${en}-zh`, 'en-US': en }, built });
    const board = node('ppc:report', 10, 2, [node('ppc:report:export', 11, 3)], {
      title: { 'zh-CN': '广告看板', 'en-US': 'PPC board' },
      screens: [
        screen('/ppc/index', 'PPC board'),
        screen('/ppc/dashboard', 'PPC dashboard'),
        screen('/outBudget', 'Out of budget'),
      ],
    });
    const unbuilt = node('tools:report', 12, 2, [node('tools:report:export', 13, 3, [], { built: false })], {
      built: false,
      screens: [screen('/report', 'Reports', false)],
    });
    const later = node('group:okr', null, null, [node('okr:x', 14, 2, [], { built: false })], { built: false });
    const roots = [node('group:ppc', null, null, [board, unbuilt]), later];
    const kept = builtOnly(roots);
    expect(kept.map((g) => g.key)).toEqual(['group:ppc']);
    expect(kept[0]?.children.map((c) => c.key)).toEqual(['ppc:report']);
    expect(alsoOpens(board, 'en-US')).toEqual(['PPC dashboard', 'Out of budget']);
    expect(filterTree(roots, 'out of budget')[0]?.children.map((c) => c.key)).toEqual(['ppc:report']);
    expect(indexTree(roots).builtIds.has(13)).toBe(false);
  });
});
