import { describe, expect, it } from 'vitest';
import { productLineTree } from './product-line-tree';

const lines = [
  { id: 1, name: '灯带', nameEn: 'Light strips', parentId: null },
  { id: 2, name: '霓虹灯带', nameEn: 'Neon strips', parentId: 1 },
  { id: 3, name: '电视灯带', nameEn: 'TV strips', parentId: 1 },
  { id: 4, name: '车灯', nameEn: 'Car lights', parentId: 99 },
];

describe('product line tree', () => {
  it('nests lines under their parent, in the UI language', () => {
    expect(productLineTree(lines, 'en-US')).toEqual([
      { value: 4, title: 'Car lights' },
      {
        value: 1,
        title: 'Light strips',
        children: [
          { value: 2, title: 'Neon strips' },
          { value: 3, title: 'TV strips' },
        ],
      },
    ]);
  });

  it('makes a line whose parent is not visible a root', () => {
    expect(productLineTree(lines, 'zh-CN').map((n) => n.value)).toContain(4);
  });
});
