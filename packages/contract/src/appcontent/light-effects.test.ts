/**
 * The light effects' schemas on their edges: colours, segments, speed by mode, brightness,
 * names, palettes, recommendations and pixel graphics; each refusal is a field code on its path.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueCode } from '../validation';
import {
  colorStoreBody,
  cycleSegments,
  effectBody,
  effectIssues,
  graphIssues,
  lightEffectBody,
  recommendColorBody,
  recommendGraphBody,
} from './light-effects';

/** The `path:code` of each issue, or [] when the value passes. */
const codes = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${issueCode(i).code}`);
};

const EFFECT = { titleEn: 'Sunset', mode: 'static', colors: ['#ff8800', '#112233'], segments: [0, 1, 0] };

describe('an effect', () => {
  it('takes a valid still effect, colours upper case, brightness 100 and no speed by default', () => {
    const e = effectBody.parse(EFFECT);
    expect(e.colors).toEqual(['#FF8800', '#112233']);
    expect(e).toMatchObject({ speed: null, brightness: 100, category: 'other', titleZh: '' });
  });

  it('names each bad colour by its index', () => {
    expect(codes(effectBody, { ...EFFECT, colors: ['#ff8800', 'red', '#12345', '#1234567'] })).toEqual([
      'colors.1:appContent.color',
      'colors.2:appContent.color',
      'colors.3:appContent.color',
    ]);
  });

  it('takes 1 to 16 colours', () => {
    expect(codes(effectBody, { ...EFFECT, colors: [], segments: [0] })).toEqual(['colors:tooFewItems']);
    expect(codes(effectBody, { ...EFFECT, colors: ['#000000'], segments: [0] })).toEqual([]);
    const many = (n: number) => Array.from({ length: n }, (_, i) => `#0000${i.toString(16).padStart(2, '0')}`);
    expect(codes(effectBody, { ...EFFECT, colors: many(16) })).toEqual([]);
    expect(codes(effectBody, { ...EFFECT, colors: many(17) })).toEqual(['colors:tooManyItems']);
  });

  it('takes 1 to 100 segments, each naming one of its colours', () => {
    expect(codes(effectBody, { ...EFFECT, segments: [] })).toEqual(['segments:tooFewItems']);
    expect(codes(effectBody, { ...EFFECT, segments: cycleSegments(100, 2) })).toEqual([]);
    expect(codes(effectBody, { ...EFFECT, segments: cycleSegments(101, 2) })).toEqual(['segments:tooManyItems']);
    expect(codes(effectBody, { ...EFFECT, segments: [0, 2, 1, 5] })).toEqual([
      'segments.1:appContent.segmentColor',
      'segments.3:appContent.segmentColor',
    ]);
    expect(codes(effectBody, { ...EFFECT, segments: [0, -1] })).toEqual(['segments.1:notNegative']);
  });

  it('needs a speed of 1 to 100 for a moving mode and none for a still one', () => {
    expect(codes(effectBody, { ...EFFECT, speed: 50 })).toEqual(['speed:appContent.speedNotMoving']);
    expect(codes(effectBody, { ...EFFECT, mode: 'gradient', speed: 1 })).toEqual(['speed:appContent.speedNotMoving']);
    for (const mode of ['breathe', 'flow', 'music']) {
      expect(codes(effectBody, { ...EFFECT, mode })).toEqual(['speed:appContent.speedRequired']);
      expect(codes(effectBody, { ...EFFECT, mode, speed: 1 })).toEqual([]);
      expect(codes(effectBody, { ...EFFECT, mode, speed: 100 })).toEqual([]);
    }
    expect(codes(effectBody, { ...EFFECT, mode: 'flow', speed: 0 })).toEqual(['speed:atLeast']);
    expect(codes(effectBody, { ...EFFECT, mode: 'flow', speed: 101 })).toEqual(['speed:atMost']);
    expect(codes(effectBody, { ...EFFECT, mode: 'flow', speed: 2.5 })).toEqual(['speed:notANumber']);
  });

  it('needs two colours for a blending mode', () => {
    const one = { ...EFFECT, colors: ['#FFFFFF'], segments: [0] };
    expect(codes(effectBody, { ...one, mode: 'gradient' })).toEqual(['colors:appContent.twoColors']);
    expect(codes(effectBody, { ...one, mode: 'flow', speed: 10 })).toEqual(['colors:appContent.twoColors']);
    expect(codes(effectBody, { ...one, mode: 'breathe', speed: 10 })).toEqual([]);
  });

  it('takes a brightness of 1 to 100 and a name in one language at least', () => {
    expect(codes(effectBody, { ...EFFECT, brightness: 0 })).toEqual(['brightness:atLeast']);
    expect(codes(effectBody, { ...EFFECT, brightness: 1 })).toEqual([]);
    expect(codes(effectBody, { ...EFFECT, brightness: 101 })).toEqual(['brightness:atMost']);
    expect(codes(effectBody, { ...EFFECT, titleEn: '' })).toEqual(['titleZh:appContent.titleRequired']);
    expect(codes(effectBody, { ...EFFECT, titleEn: '', titleZh: '日落' })).toEqual([]);
    expect(codes(effectBody, { ...EFFECT, mode: 'rainbow' })).toEqual(['mode:invalidOption']);
  });

  it('is the same effect in the library body, beside the model fields', () => {
    expect(codes(lightEffectBody, { name: 'n', ...EFFECT, speed: 3 })).toEqual(['speed:appContent.speedNotMoving']);
    expect(codes(lightEffectBody, { name: 'n', ...EFFECT, models: ['h6199'] })).toEqual([]);
  });

  it('reads its rules alone too (the screen checks while typing)', () => {
    expect(effectIssues({ mode: 'music', colors: ['#000000'], segments: [0, 1], speed: null })).toEqual([
      { path: ['speed'], code: 'appContent.speedRequired' },
      { path: ['segments', 1], code: 'appContent.segmentColor', params: { max: 1 } },
    ]);
    expect(cycleSegments(5, 2)).toEqual([0, 1, 0, 1, 0]);
  });
});

describe('palettes and recommendations', () => {
  it('keeps a palette of 2 to 8 colours with a name', () => {
    const p = { name: 'p', titleEn: 'Ocean', colors: ['#001122', '#334455'] };
    expect(codes(colorStoreBody, p)).toEqual([]);
    expect(codes(colorStoreBody, { ...p, colors: ['#001122'] })).toEqual(['colors:tooFewItems']);
    expect(codes(colorStoreBody, { ...p, colors: Array(9).fill('#001122') })).toEqual(['colors:tooManyItems']);
    expect(codes(colorStoreBody, { ...p, colors: ['#001122', 'blue'] })).toEqual(['colors.1:appContent.color']);
    expect(codes(colorStoreBody, { ...p, titleEn: '' })).toEqual(['titleZh:appContent.titleRequired']);
  });

  it('recommends 1 to 8 colours for a category, with a reason', () => {
    const r = { name: 'r', category: 'festival', colors: ['#FF0000'], reasonZh: '喜庆' };
    expect(codes(recommendColorBody, r)).toEqual([]);
    expect(codes(recommendColorBody, { ...r, colors: [] })).toEqual(['colors:tooFewItems']);
    expect(codes(recommendColorBody, { ...r, reasonZh: ' ' })).toEqual(['reasonZh:appContent.reasonRequired']);
    expect(codes(recommendColorBody, { ...r, category: 'x' })).toEqual(['category:invalidOption']);
  });
});

describe('a pixel graphic', () => {
  const G = { name: 'g', titleEn: 'Heart', width: 2, height: 2, palette: ['#000000', '#FF0000'], cells: [0, 1, 1, 0] };
  it('has width × height cells, each a colour of its palette', () => {
    expect(codes(recommendGraphBody, G)).toEqual([]);
    expect(codes(recommendGraphBody, { ...G, cells: [0, 1, 1] })).toEqual(['cells:appContent.cellCount']);
    expect(codes(recommendGraphBody, { ...G, cells: [0, 1, 2, 3] })).toEqual(['cells.2:appContent.cellColor']);
    expect(graphIssues({ ...G, cells: [0, 1, 1] })).toEqual([
      { path: ['cells'], code: 'appContent.cellCount', params: { count: 4 } },
    ]);
  });
  it('is 1 to 32 cells a side', () => {
    const side = (n: number) => ({ ...G, width: n, height: n, cells: Array(Math.max(n * n, 1)).fill(0) });
    expect(codes(recommendGraphBody, side(32))).toEqual([]);
    expect(codes(recommendGraphBody, side(33))).toContain('width:atMost');
    expect(codes(recommendGraphBody, { ...G, width: 0 })).toContain('width:atLeast');
    expect(codes(recommendGraphBody, { ...G, palette: [] })).toContain('palette:tooFewItems');
  });
});
