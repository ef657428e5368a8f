// @vitest-environment happy-dom
/**
 * The light effects' swatches and inputs: an effect's colours over its segments (a gradient
 * blended, a moving mode animated at its speed, still for reduced motion), a palette, a pixel
 * graphic; in a form, the swatch follows the colours being typed, a removed colour moves its
 * segments to one still there, and the pixel grid paints with its brush and keeps its cells on a
 * new size.
 */
import { readFileSync } from 'node:fs';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../../../shared/kit/test/dom-harness';
import { ColorsInput } from '../light-effects/ColorsInput';
import { PixelGridInput, resizeCells } from '../light-effects/PixelGridInput';
import { SegmentsInput } from '../light-effects/SegmentsInput';
import { cycleSeconds, EffectSwatch, PaletteSwatch, PixelSwatch } from './Swatch';

domTestSetup([], { keepGlobals: true });

/** The background colours of the elements, as the DOM serialises them (#RRGGBB or rgb()). */
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};
const backgrounds = (els: HTMLElement[]) =>
  els.map((e) => {
    const b = e.style.background || e.style.backgroundColor;
    return b.startsWith('#') ? rgb(b) : b;
  });

describe('EffectSwatch', () => {
  it('draws each segment in its colour, still for a static effect', () => {
    render(<EffectSwatch effect={{ mode: 'static', colors: ['#FF0000', '#0000ff'], segments: [0, 1, 1, 0], speed: null }} />);
    expect(backgrounds(screen.getAllByTestId('swatch-seg'))).toEqual(['#FF0000', '#0000FF', '#0000FF', '#FF0000'].map(rgb));
    expect(screen.getByTestId('swatch-track').style.animationDuration).toBe('');
    expect(screen.getByTestId('swatch').getAttribute('data-mode')).toBe('static');
  });

  it('runs a flowing pattern at its speed, the strip drawn twice to loop', () => {
    render(<EffectSwatch effect={{ mode: 'flow', colors: ['#FF0000', '#00FF00'], segments: [0, 1, 0], speed: 100 }} />);
    expect(screen.getByTestId('swatch').className).toContain('bo-swatch-flow');
    expect(screen.getByTestId('swatch-track').style.animationDuration).toBe('0.4s');
    expect(screen.getByTestId('swatch-track').children).toHaveLength(6);
    expect(cycleSeconds(1)).toBeCloseTo(5.94);
    expect(cycleSeconds(100)).toBe(0.4);
  });

  it('blends a gradient, and greys what is still being typed', () => {
    const { unmount } = render(
      <EffectSwatch effect={{ mode: 'gradient', colors: ['#FF0000', '#00FF00'], segments: [0, 1], speed: null }} />,
    );
    expect(screen.getByTestId('swatch-gradient').style.background).toContain('linear-gradient');
    unmount();
    render(<EffectSwatch effect={{ mode: 'static', colors: ['#FF0000', '#12'], segments: [0, 1, 5] }} />);
    expect(backgrounds(screen.getAllByTestId('swatch-seg'))).toEqual(['#FF0000', '#8C8C8C', '#8C8C8C'].map(rgb));
  });

  it('stands still for someone who asked for reduced motion', () => {
    const css = readFileSync(`${import.meta.dirname}/swatch.css`, 'utf8');
    const reduced = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));
    expect(reduced).toMatch(/\.bo-swatch \.bo-swatch-track,\s*\.bo-swatch \.bo-swatch-seg \{\s*animation: none !important;/);
  });
});

describe('PaletteSwatch and PixelSwatch', () => {
  it('draws a palette colour by colour', () => {
    render(<PaletteSwatch colors={['#112233', '#445566']} />);
    expect(backgrounds(screen.getAllByTestId('palette-color'))).toEqual(['#112233', '#445566'].map(rgb));
  });
  it('draws a graphic cell by cell, row by row', () => {
    render(<PixelSwatch width={2} height={2} palette={['#000000', '#FF0000']} cells={[0, 1, 1, 9]} />);
    const cells = Array.from(screen.getByTestId('pixels').children) as HTMLElement[];
    expect(backgrounds(cells)).toEqual(['#000000', '#FF0000', '#FF0000', '#8C8C8C'].map(rgb));
  });
});

function EffectForm({ seen }: { seen: (v: Record<string, unknown>) => void }) {
  const [form] = Form.useForm();
  const colors = Form.useWatch('colors', form) ?? [];
  const segments = Form.useWatch('segments', form) ?? [];
  return (
    <Form
      form={form}
      initialValues={{ colors: ['#FF0000', '#00FF00', '#0000FF'], segments: [0, 1, 2, 2] }}
      onValuesChange={() => seen(form.getFieldsValue())}
    >
      <ColorsInput name="colors" label="Colours" min={1} max={16} testId="colors" addText="Add" removeText="Remove" />
      <Form.Item name="segments">
        <SegmentsInput colors={colors} countLabel="Segments" segmentLabel="Segment" hint="" />
      </Form.Item>
      <EffectSwatch effect={{ mode: 'static', colors, segments }} />
    </Form>
  );
}

describe('the effect inputs', () => {
  it('redraws the swatch while a colour is typed and moves the segments of a removed colour', async () => {
    const seen = vi.fn();
    render(withProviders(<EffectForm seen={seen} />).tree);
    await waitFor(() => expect(screen.getAllByTestId('swatch-seg')).toHaveLength(4));
    fireEvent.change(screen.getByTestId('colors-1'), { target: { value: '#ffff00' } });
    await waitFor(() => expect(backgrounds(screen.getAllByTestId('swatch-seg'))[1]).toBe(rgb('#FFFF00')));
    fireEvent.click(screen.getByTestId('colors-2-remove'));
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ segments: [0, 1, 0, 0] })));
    // A click gives a segment the next colour; a new count cycles the colours over the new segments.
    fireEvent.click(screen.getByTestId('light-effect-segment-0'));
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ segments: [1, 1, 0, 0] })));
    fireEvent.change(
      screen.getByTestId('light-effect-segment-count').querySelector('input') ?? screen.getByTestId('light-effect-segment-count'),
      {
        target: { value: '6' },
      },
    );
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ segments: [1, 1, 0, 0, 0, 1] })));
  });

  it('paints the pixel grid with the brush and keeps the cells that still fit on a new size', async () => {
    const changes: number[][] = [];
    const { rerender } = render(
      <PixelGridInput
        value={[0, 0, 0, 0]}
        onChange={(v) => changes.push(v)}
        width={2}
        height={2}
        palette={['#000000', '#FFFFFF']}
        brushLabel="Brush"
      />,
    );
    fireEvent.mouseDown(screen.getByTestId('recommend-graph-cell-3'));
    expect(changes.at(-1)).toEqual([0, 0, 0, 1]);
    rerender(
      <PixelGridInput
        value={[1, 0, 0, 1]}
        onChange={(v) => changes.push(v)}
        width={3}
        height={2}
        palette={['#000000', '#FFFFFF']}
        brushLabel="Brush"
      />,
    );
    await waitFor(() => expect(changes.at(-1)).toEqual([1, 0, 0, 0, 1, 0]));
    expect(resizeCells([1, 2, 3, 4], 2, 1, 3)).toEqual([1, 3, 0]);
  });
});
