// @vitest-environment happy-dom
/**
 * The palette kinds' shared pieces: a row's swatch under its kind's test id, the preview item's
 * swatch over what the kind says, and the drawer's colours followed by their live swatch.
 */
import { cleanup, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContentRow } from '../kinds/ContentKindPage';
import { PalettePreview, paletteColumn, paletteFields } from './palette-fields';

afterEach(() => cleanup());

// The keys stand for their texts: what is checked is which of the kind's texts each piece shows.
const t = ((key: string) => key) as unknown as TFunction;

describe('palette pieces', () => {
  it("draws a row's palette under the kind's test id", () => {
    const column = paletteColumn<ContentRow & { colors: string[] }>(t, 'appContent.colorStore', 'color-store');
    expect(column).toMatchObject({ key: 'swatch', priority: 'key', width: 120 });
    expect(column.title).toBe('appContent.colorStore.column.swatch');
    const row = { id: 4, colors: ['#FF0000', '#00FF00'] } as ContentRow & { colors: string[] };
    render(<div>{column.render?.(undefined, row, 0) as ReactNode}</div>);
    expect(screen.getAllByTestId('color-store-swatch-4-color')).toHaveLength(2);
  });

  it('shows the palette over the preview item, and none for an item without colours', () => {
    render(
      <>
        <PalettePreview colors={['#000000']}>
          <span>Night</span>
        </PalettePreview>
        <PalettePreview colors={undefined}>
          <span>Blank</span>
        </PalettePreview>
      </>,
    );
    expect(screen.getByText('Night')).toBeTruthy();
    expect(screen.getAllByTestId('palette-color')).toHaveLength(1);
  });

  it('lists the colours, then their swatch drawn from the values being typed', () => {
    const fields = paletteFields(t, 'appContent.recommendColor', 'recommend-color', { min: 1, max: 3 });
    expect(fields.map((f) => [f.name, Boolean(f.bare), Boolean(f.display)])).toEqual([
      ['colors', true, false],
      ['swatch', false, true],
    ]);
  });
});
