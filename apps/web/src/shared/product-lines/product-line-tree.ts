/** Product lines (a two-level tree by parentId) as TreeSelect nodes, named in the UI language. */
import type { Lang } from '@bo/contract';

export interface ProductLineLike {
  id: number;
  name: string;
  nameEn: string;
  parentId: number | null;
}

export interface LineNode {
  value: number;
  title: string;
  children?: LineNode[];
}

export const lineName = (line: Pick<ProductLineLike, 'name' | 'nameEn'>, lang: Lang): string =>
  lang === 'en-US' && line.nameEn ? line.nameEn : line.name;

/** Roots are lines without a parent or whose parent the user does not see; siblings sorted by name. */
export function productLineTree(lines: readonly ProductLineLike[], lang: Lang): LineNode[] {
  const ids = new Set(lines.map((l) => l.id));
  const byParent = new Map<number | null, ProductLineLike[]>();
  for (const line of lines) {
    const parent = line.parentId !== null && ids.has(line.parentId) && line.parentId !== line.id ? line.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), line]);
  }
  const seen = new Set<number>();
  const build = (parent: number | null): LineNode[] =>
    (byParent.get(parent) ?? [])
      .filter((l) => !seen.has(l.id))
      .sort((a, b) => lineName(a, lang).localeCompare(lineName(b, lang)))
      .map((l) => {
        seen.add(l.id);
        const children = build(l.id);
        return children.length ? { value: l.id, title: lineName(l, lang), children } : { value: l.id, title: lineName(l, lang) };
      });
  return build(null);
}
