import { describe, expect, it } from 'vitest';
import { blockSchema, isH5Link, markupOf, runsFromMarkup } from './blocks';
import { h5PageBody, publishRefusal } from './h5-pages';

describe('H5 blocks', () => {
  it('reads the editor markup into runs and writes it back', () => {
    const runs = runsFromMarkup('Hi **bold** and *it* with [a link](https://example.com/x) end * star');
    expect(runs).toEqual([
      { text: 'Hi ', bold: false, italic: false, link: null },
      { text: 'bold', bold: true, italic: false, link: null },
      { text: ' and ', bold: false, italic: false, link: null },
      { text: 'it', bold: false, italic: true, link: null },
      { text: ' with ', bold: false, italic: false, link: null },
      { text: 'a link', bold: false, italic: false, link: 'https://example.com/x' },
      { text: ' end * star', bold: false, italic: false, link: null },
    ]);
    expect(runsFromMarkup(markupOf(runs))).toEqual(runs);
  });

  it('takes https and the app scheme as links, nothing else', () => {
    expect(isH5Link('https://example.com/a?b=1')).toBe(true);
    expect(isH5Link('lumio://device/H6199')).toBe(true);
    for (const bad of [
      'http://example.com',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://',
      'vbscript:x',
      '//example.com',
    ])
      expect(isH5Link(bad), bad).toBe(false);
  });

  it('refuses a font outside spec §9 and a colour that is not #RRGGBB, and upper-cases a colour', () => {
    expect(blockSchema.safeParse({ kind: 'heading', textEn: 'x', font: 'Comic Sans' }).success).toBe(false);
    expect(blockSchema.safeParse({ kind: 'heading', textEn: 'x', color: 'red' }).success).toBe(false);
    const ok = blockSchema.parse({ kind: 'heading', textEn: 'x', font: 'Tahoma', color: '#a0b0c0' });
    expect(ok).toMatchObject({ font: 'Tahoma', color: '#A0B0C0' });
  });

  it('publishes only with a block in each language the title has', () => {
    const page = (titleZh: string, blocks: unknown[]) =>
      h5PageBody.parse({ type: 'page', slug: 'abc', titleZh, titleEn: 'T', blocks });
    expect(publishRefusal(page('', []))).toBe('h5.noBlocks');
    expect(publishRefusal(page('标题', [{ kind: 'heading', textEn: 'x' }]))).toBe('h5.langMissing');
    expect(publishRefusal(page('标题', [{ kind: 'heading', textEn: 'x', textZh: '甲' }]))).toBeNull();
    expect(publishRefusal(page('', [{ kind: 'divider' }]))).toBe('h5.langMissing');
  });
});
