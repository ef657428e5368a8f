import type { Department } from '@bo/contract/organization/organization';
import { describe, expect, it } from 'vitest';
import { buildDeptTree, deptOptions, deptSubtree } from './dept-tree';

const dept = (id: number, parentId: number | null, name: string, enabled = true): Department => ({
  id,
  parentId,
  name,
  nameEn: `${name} en`,
  leaderUserId: null,
  leaderName: null,
  sort: 0,
  enabled,
  version: 1,
  memberCount: 0,
});
const LIST = [dept(1, null, 'A'), dept(2, 1, 'A1'), dept(3, 2, 'A1x'), dept(4, null, 'B', false)];

describe('the department tree of /organization', () => {
  it('nests the flat list and finds a subtree', () => {
    const tree = buildDeptTree(LIST);
    expect(tree.map((v) => v.key)).toEqual([1, 4]);
    expect(tree[0]?.children[0]?.children[0]?.dept.name).toBe('A1x');
    expect([...deptSubtree(LIST, 2)]).toEqual([2, 3]);
  });

  it('offers departments indented, in the reader’s language, without the excluded subtree', () => {
    expect(deptOptions(LIST, 'en-US', deptSubtree(LIST, 2))).toEqual([
      { value: 1, label: 'A en', disabled: false },
      { value: 4, label: 'B en', disabled: true },
    ]);
    expect(deptOptions(LIST, 'zh-CN').map((o) => o.label)).toEqual(['A', '\u3000A1', '\u3000\u3000A1x', 'B']);
  });
});
