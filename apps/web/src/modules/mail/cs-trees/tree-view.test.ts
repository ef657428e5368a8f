import type { TreeNode } from '@bo/contract/mail/cs-trees';
import { describe, expect, it } from 'vitest';
import { buildTree, dropTarget, subtreeIds } from './tree-view';

const n = (id: number, parentId: number | null, sort: number): TreeNode => ({
  id,
  parentId,
  name: `n${id}`,
  nameEn: '',
  sort,
  enabled: true,
  version: 1,
  childCount: 0,
});
const nodes = [n(1, null, 0), n(2, 1, 0), n(3, 1, 1), n(4, null, 1), n(5, 3, 0)];

describe('tree view', () => {
  it('builds the tree with siblings in order', () => {
    const t = buildTree([nodes[3], nodes[2], nodes[1], nodes[0], nodes[4]] as TreeNode[]);
    expect(t.map((v) => v.key)).toEqual([1, 4]);
    expect(t[0]?.children.map((v) => v.key)).toEqual([2, 3]);
    expect(t[0]?.children[1]?.children.map((v) => v.key)).toEqual([5]);
  });

  it('knows a subtree', () => {
    expect([...subtreeIds(nodes, 1)].sort()).toEqual([1, 2, 3, 5]);
  });

  it('turns drops into moves', () => {
    expect(dropTarget(nodes, 4, 2, false, 1)).toEqual({ parentId: 2, index: 0 });
    expect(dropTarget(nodes, 4, 3, true, -1)).toEqual({ parentId: 1, index: 1 });
    expect(dropTarget(nodes, 2, 3, true, 1)).toEqual({ parentId: 1, index: 1 });
    expect(dropTarget(nodes, 4, 1, true, -1)).toEqual({ parentId: null, index: 0 });
  });
});
